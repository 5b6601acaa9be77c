/**
 * Runs the real loop through the real Anthropic SDK against the fake
 * Messages API server. Used by loop, reliability and bench code.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runVerification } from '../../src/core/loop';
import { createAnthropicProvider } from '../../src/core/llm/anthropic';
import { defaultConfig, type EngineConfig } from '../../src/core/config';
import type { RunOptions } from '../../src/core/run-options';
import type { CheckpointAnswer, CheckpointRequest, RunEvent, RunResult } from '../../src/core/run-types';
import { FakeAnthropicServer, type Script } from './fake-anthropic';
import { enveloped } from './fake-anthropic-script';

export const REPO_ROOT = path.resolve(__dirname, '../..');

export function examplePlan(name: 'trivial-typo-fix' | 'base-team-rate-limiter' | 'scaled-team-payments-migration'): { planPath: string; planText: string } {
  const planPath = path.join(REPO_ROOT, 'examples', `${name}.md`);
  return { planPath, planText: readFileSync(planPath, 'utf8') };
}

export interface HarnessRun {
  result: RunResult;
  events: RunEvent[];
  server: FakeAnthropicServer;
  checkpoints: CheckpointRequest[];
}

export async function runAgainstFake(input: {
  script: Script;
  plan?: { planPath: string; planText: string };
  config?: Partial<EngineConfig>;
  answer?: (request: CheckpointRequest) => CheckpointAnswer | Promise<CheckpointAnswer>;
  signal?: AbortSignal;
  onEvent?: (event: RunEvent, server: FakeAnthropicServer) => void;
  options?: Partial<RunOptions>;
  latencyMs?: number;
  server?: FakeAnthropicServer;
  /**
   * Each reply goes into the request's answer envelope as a model following
   * its task writes it (`enveloped`, default); false sends the replies exactly
   * as scripted (a test of what a wrong envelope does).
   */
  envelope?: boolean;
}): Promise<HarnessRun> {
  const script = input.envelope === false ? input.script : enveloped(input.script);
  const server = input.server ?? (await FakeAnthropicServer.start({ script, latencyMs: input.latencyMs ?? 0 }));
  if (input.server) input.server.setScript(script);
  const events: RunEvent[] = [];
  const checkpoints: CheckpointRequest[] = [];
  const plan = input.plan ?? examplePlan('base-team-rate-limiter');
  try {
    const result = await runVerification({
      ...plan,
      workspaceRoot: null,
      provider: createAnthropicProvider({ apiKey: 'test-key', baseURL: server.baseURL, maxRetries: 0 }),
      config: defaultConfig(input.config ?? {}),
      signal: input.signal,
      onEvent: (e) => {
        events.push(e);
        input.onEvent?.(e, server);
      },
      onCheckpoint: input.answer
        ? async (request) => {
            checkpoints.push(request);
            return input.answer!(request);
          }
        : undefined,
      ...input.options,
    });
    return { result, events, server, checkpoints };
  } finally {
    if (!input.server) await server.stop();
  }
}
