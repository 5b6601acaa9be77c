/**
 * The hook's answer, in each event's documented shape (Claude Code hooks
 * reference, https://code.claude.com/docs/en/hooks, "JSON output",
 * "PreToolUse decision control", "PermissionRequest decision control"): exit 0
 * with one JSON object on stdout.
 *   - PreToolUse deny: `hookSpecificOutput.permissionDecision: "deny"`, the
 *     `permissionDecisionReason` is shown to Claude.
 *   - PermissionRequest deny: `hookSpecificOutput.decision: { behavior:
 *     "deny", message }`, the message tells Claude why; no `interrupt`, so
 *     Claude keeps planning and revises.
 *   - Anything else (PROCEED, a run that could not finish, no plan found):
 *     no decision at all, so the user's own approval still happens; never an
 *     automatic allow. `systemMessage` is what the user sees, capped at
 *     SYSTEM_MESSAGE_LIMIT (Claude Code moves longer text to a file).
 */

import type { HookEvent } from '../../core/claude-code/hook-settings';

export const SYSTEM_MESSAGE_LIMIT = 9000;

export type { HookEvent };

export interface HookOutput {
  hookSpecificOutput?:
    | { hookEventName: 'PreToolUse'; permissionDecision: 'deny'; permissionDecisionReason: string }
    | { hookEventName: 'PermissionRequest'; decision: { behavior: 'deny'; message: string } };
  systemMessage?: string;
}

export function denyOutput(event: HookEvent, reason: string, systemMessage?: string): HookOutput {
  const specific: HookOutput['hookSpecificOutput'] =
    event === 'PermissionRequest'
      ? { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: reason } }
      : { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason };
  return { hookSpecificOutput: specific, ...(systemMessage ? { systemMessage: capMessage(systemMessage) } : {}) };
}

/** No decision: the user's own approval decides; the message says what happened. */
export function noticeOutput(systemMessage: string): HookOutput {
  return { systemMessage: capMessage(systemMessage) };
}

function capMessage(text: string): string {
  return text.length > SYSTEM_MESSAGE_LIMIT ? `${text.slice(0, SYSTEM_MESSAGE_LIMIT - 1)}…` : text;
}
