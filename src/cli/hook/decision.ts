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
import { challengeFingerprint, isOpenChallenge, type ChallengeChange } from '../../core/fingerprint';
import type { Challenge } from '../../core/protocol';

export const REASON_LIMIT_CHARS = 8000;
export const SYSTEM_MESSAGE_LIMIT = 9000;
const SEVERITY_ORDER: Record<Challenge['severity'], number> = { BLOCKING: 0, SIGNIFICANT: 1, MINOR: 2 };

import type { HookEvent } from '../../core/claude-code/hook-settings';

export type { HookEvent };

export interface HookOutput {
  hookSpecificOutput?:
    | { hookEventName: 'PreToolUse'; permissionDecision: 'deny'; permissionDecisionReason: string }
    | { hookEventName: 'PermissionRequest'; decision: { behavior: 'deny'; message: string } };
  systemMessage?: string;
}

const oneLine = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** Open challenges, most severe first, each with its quote, concern and alternative, within REASON_LIMIT_CHARS. */
export function denialReason(verdict: string, challenges: readonly Challenge[], changes: ReadonlyMap<string, ChallengeChange> = new Map(), limit = REASON_LIMIT_CHARS): string {
  const open = challenges.filter(isOpenChallenge).sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
  const fixed = [...changes.values()].filter((c) => c === 'fixed').length;
  const head = [
    `Verify Plan verdict: ${verdict}. Revise the plan to address these ${open.length} open challenge(s), then call ExitPlanMode again.`,
    ...(fixed > 0 ? [`${fixed} challenge(s) from the previous version are fixed.`] : []),
  ].join(' ');
  let text = head;
  let shown = 0;
  for (const c of open) {
    const change = changes.get(challengeFingerprint(c));
    const block = [
      `\n\n[${c.severity}${change ? `, ${change}` : ''}] ${c.id}`,
      `Plan says: "${oneLine(c.quote, 300)}"`,
      `Concern: ${oneLine(c.concern, 600)}`,
      `Alternative: ${oneLine(c.alternative, 600)}`,
    ].join('\n');
    if (text.length + block.length + 80 > limit) return text + `\n\n(${open.length - shown} more not shown; run "verify-plan" for the full report.)`;
    text += block;
    shown += 1;
  }
  return text;
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
