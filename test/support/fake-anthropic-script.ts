/** Scripts for the fake Messages API: replies routed by the role marker in the request. */
import type { AgentRole } from '../../src/core/protocol';
import { ANSWER_KEYS, isAnswerEnvelope } from '../../src/core/agents/answer-format';
import type { FakeReply, ReceivedRequest, Script } from './fake-anthropic';

/**
 * A role's answer as the model writes it into the request's answer envelope
 * (src/core/agents/answer-format.ts): the same answer, byte for byte, as the
 * value of the role's property. Replies to requests without an envelope, and
 * replies that are not a whole JSON answer (tool calls, cut streams, prose),
 * pass unchanged — the fake still refuses what a decoder could not write.
 * A reply already in the role's property passes unchanged too, so scripts
 * can be wrapped more than once.
 */
export function inEnvelope(req: ReceivedRequest, role: AgentRole, reply: FakeReply): FakeReply {
  const format = (req.body as { output_config?: { format?: { schema?: unknown } | null } }).output_config?.format;
  if (!isAnswerEnvelope(format?.schema)) return reply;
  const key = ANSWER_KEYS[role];
  if (reply.kind === 'json' && isEnveloped(reply.value, key)) return reply;
  if ((reply.kind === 'text' || reply.kind === 'server_tools') && reply.text !== undefined && isJsonObject(reply.text) && isEnveloped(JSON.parse(reply.text), key)) return reply;
  const wrapText = (text: string): string | null => (isJsonObject(text) ? `{${JSON.stringify(key)}:${text}}` : null);
  switch (reply.kind) {
    case 'json':
      return { ...reply, value: { [key]: reply.value } };
    case 'text': {
      const text = reply.stopReason === undefined || reply.stopReason === 'end_turn' ? wrapText(reply.text) : null;
      return text === null ? reply : { ...reply, text };
    }
    case 'server_tools': {
      const text = reply.text !== undefined && !reply.pause && !(reply.calls?.length ?? 0) ? wrapText(reply.text) : null;
      return text === null ? reply : { ...reply, text };
    }
    default:
      return reply;
  }
}

/** `{ [key]: { … } }` and nothing else: no role's own answer has that shape (none is one object under its envelope key). */
function isEnveloped(value: unknown, key: string): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  const inner = (value as Record<string, unknown>)[key];
  return keys.length === 1 && keys[0] === key && !!inner && typeof inner === 'object' && !Array.isArray(inner);
}

/** A script whose replies are put in the request's answer envelope (`inEnvelope`); requests without a role pass as scripted. */
export function enveloped(script: Script): Script {
  return async (req, index) => {
    const reply = await script(req, index);
    return req.role ? inEnvelope(req, req.role, reply) : reply;
  };
}

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return !!value && typeof value === 'object' && !Array.isArray(value);
  } catch {
    return false;
  }
}

/**
 * Routes requests by role; each role has a queue of replies (one shifted per
 * call of that role) or a function, each put in the request's answer envelope
 * (`inEnvelope`). An unscripted call fails the test loudly: a non-retryable
 * 500 naming the role.
 */
export function byRole(replies: Partial<Record<AgentRole, FakeReply[] | ((req: ReceivedRequest) => FakeReply | Promise<FakeReply>)>>): Script {
  const queues = new Map<AgentRole, FakeReply[]>();
  for (const [role, entry] of Object.entries(replies)) {
    if (Array.isArray(entry)) queues.set(role as AgentRole, [...entry]);
  }
  return async (req) => {
    const role = req.role;
    const entry = role ? replies[role] : undefined;
    if (role && typeof entry === 'function') return inEnvelope(req, role, await entry(req));
    const next = role ? queues.get(role)?.shift() : undefined;
    if (role && next) return inEnvelope(req, role, next);
    const message = role ? `fake server: no scripted reply left for role "${role}"` : 'fake server: request has no role marker in its system prompt';
    return { kind: 'error', status: 500, message, shouldRetry: false };
  };
}

/** Replies in order for one role (a `byRole` entry); once used up, `then` answers every further call. */
export function sequence(replies: FakeReply[], then: FakeReply): (req: ReceivedRequest) => FakeReply {
  let i = 0;
  return () => replies[i++] ?? then;
}
