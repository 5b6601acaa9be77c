/**
 * How an agent call ends when it fails: `CallFailure` is thrown inside `callAgent` with the kind already known;
 * `classify` turns whatever ended the call (that, a provider error, a cancel, a bug) into the failure the run records,
 * its message clipped to MAX_FAILURE_MESSAGE.
 */
import { AUTH_FAILURE } from '../labels';
import type { AgentFailure } from '../protocol';
import { ProviderError } from './provider';
import { clip } from './turns';

export type AgentFailureKind = AgentFailure['kind'];

const MAX_FAILURE_MESSAGE = 2000;

/** Ends the call early with a classified failure; caught inside `callAgent` only (classify). */
export class CallFailure extends Error {
  constructor(
    readonly kind: AgentFailureKind,
    message: string,
  ) {
    super(message);
  }
}

export function classify(error: unknown, signal: AbortSignal | undefined): { kind: AgentFailureKind; message: string } {
  if (signal?.aborted) return { kind: 'cancelled', message: 'agent call cancelled' };
  if (error instanceof CallFailure) return { kind: error.kind, message: clip(error.message, MAX_FAILURE_MESSAGE) };
  if (error instanceof ProviderError) {
    if (error.kind === 'auth') {
      return { kind: 'api_error', message: clip(`${AUTH_FAILURE} ${error.message}`, MAX_FAILURE_MESSAGE) };
    }
    return { kind: error.kind, message: clip(error.message, MAX_FAILURE_MESSAGE) };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'api_error', message: clip(`the model provider failed: ${message}`, MAX_FAILURE_MESSAGE) };
}
