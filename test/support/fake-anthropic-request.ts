/**
 * Reading a `POST /v1/messages` request for the fake server: the body (with
 * the API's size limit), the agent role it is for (the `[verify-plan role: …]`
 * marker in the system text or the first message), and the 400 the real API
 * would give a malformed one (the checks themselves live in the rules,
 * thinking and schema modules beside this one).
 */
import type http from 'node:http';
import { AgentRole } from '../../src/core/protocol';
import { countCacheBreakpoints } from './fake-anthropic-cache';
import { checkServerToolPairing, checkToolPairing } from './fake-anthropic-rules';
import { structuredOutputProblem } from './fake-anthropic-schema';
import { thinkingConfigProblem } from './fake-anthropic-thinking';

const ROLE_MARKER = /\[verify-plan role: ([a-z-]+)\]/;
/** The Messages API's request size limit. */
const MAX_BODY_BYTES = 32 * 1024 * 1024;

function roleOf(system: unknown): AgentRole | null {
  const texts = typeof system === 'string' ? [system] : Array.isArray(system) ? system.map((b: { text?: unknown }) => b?.text) : [];
  for (const text of texts) {
    const match = typeof text === 'string' ? ROLE_MARKER.exec(text) : null;
    const parsed = match ? AgentRole.safeParse(match[1]) : null;
    if (parsed?.success) return parsed.data;
  }
  return null;
}

/** Content of the first message, where the role instructions (and marker) live. */
function firstMessageContent(body: Record<string, unknown> | null): unknown {
  const messages = body?.messages;
  return Array.isArray(messages) ? (messages[0] as { content?: unknown } | undefined)?.content : undefined;
}

/** The role a request is for, from the marker in its system text, else in its first message; null when neither has one. */
export function requestRole(body: Record<string, unknown> | null): AgentRole | null {
  return roleOf(body?.system) ?? roleOf(firstMessageContent(body));
}

/**
 * Request parameters API version 2026-10-21 removed: any value is a 400
 * (https://platform.claude.com/docs/en/api/versioning, "2026-10-21": "The
 * `temperature`, `top_p`, and `top_k` request parameters are removed").
 */
export const REMOVED_SAMPLING_PARAMETERS = ['temperature', 'top_p', 'top_k'] as const;
export const API_VERSION = '2026-10-21';

/** The message of the 400 the real API gives this body under `anthropic-version`; null when it is well-formed. */
export function requestProblem(body: unknown, version?: string): string | null {
  if (!body || typeof body !== 'object') return 'body must be a JSON object';
  const b = body as Record<string, unknown>;
  if (typeof b.model !== 'string' || !b.model) return 'model: Field required';
  if (typeof b.max_tokens !== 'number') return 'max_tokens: Field required';
  if (version === undefined || version >= API_VERSION) {
    const removed = REMOVED_SAMPLING_PARAMETERS.find((p) => p in b);
    if (removed) return `${removed}: Extra inputs are not permitted`;
  }
  if (!Array.isArray(b.messages) || b.messages.length === 0) return 'messages: at least one message is required';
  const breakpoints = countCacheBreakpoints(b);
  if (breakpoints > 4) return `A maximum of 4 blocks with cache_control may be provided. Found ${breakpoints}.`;
  return checkToolPairing(b.messages) ?? checkServerToolPairing(b.messages) ?? thinkingConfigProblem(b) ?? structuredOutputProblem(b);
}

/** The body as text; null when it exceeds the size limit or the stream fails. */
export function readBody(req: http.IncomingMessage): Promise<string | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(null));
  });
}

/** Resolves after `ms`, or early when `signal` aborts (a stopped server or a gone client). */
export function delay(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}
