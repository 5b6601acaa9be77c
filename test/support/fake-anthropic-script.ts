/** Scripts for the fake Messages API: replies routed by the role marker in the request. */
import type { AgentRole } from '../../src/core/protocol';
import type { FakeReply, ReceivedRequest, Script } from './fake-anthropic';

/**
 * Routes requests by role; each role has a queue of replies (one shifted per
 * call of that role) or a function. An unscripted call fails the test loudly:
 * a non-retryable 500 naming the role.
 */
export function byRole(replies: Partial<Record<AgentRole, FakeReply[] | ((req: ReceivedRequest) => FakeReply | Promise<FakeReply>)>>): Script {
  const queues = new Map<AgentRole, FakeReply[]>();
  for (const [role, entry] of Object.entries(replies)) {
    if (Array.isArray(entry)) queues.set(role as AgentRole, [...entry]);
  }
  return (req) => {
    const role = req.role;
    const entry = role ? replies[role] : undefined;
    if (role && typeof entry === 'function') return entry(req);
    const next = role ? queues.get(role)?.shift() : undefined;
    if (next) return next;
    const message = role ? `fake server: no scripted reply left for role "${role}"` : 'fake server: request has no role marker in its system prompt';
    return { kind: 'error', status: 500, message, shouldRetry: false };
  };
}

/** Replies in order for one role (a `byRole` entry); once used up, `then` answers every further call. */
export function sequence(replies: FakeReply[], then: FakeReply): (req: ReceivedRequest) => FakeReply {
  let i = 0;
  return () => replies[i++] ?? then;
}
