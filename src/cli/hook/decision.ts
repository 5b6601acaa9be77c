/**
 * The answer of the Claude Code PreToolUse hook (hooks reference,
 * https://code.claude.com/docs/en/hooks#pretooluse): exit 0 with JSON on
 * stdout; `hookSpecificOutput.permissionDecision` "deny" blocks the tool call
 * and its `permissionDecisionReason` is shown to Claude. PROCEED sets no
 * decision, so ExitPlanMode still goes to the user's own approval.
 */
import { challengeFingerprint, isOpenChallenge, type ChallengeChange } from '../../core/fingerprint';
import type { Challenge } from '../../core/protocol';

export const REASON_LIMIT_CHARS = 8000;
const SEVERITY_ORDER: Record<Challenge['severity'], number> = { BLOCKING: 0, SIGNIFICANT: 1, MINOR: 2 };

export interface HookOutput {
  hookSpecificOutput?: { hookEventName: 'PreToolUse'; permissionDecision: 'deny'; permissionDecisionReason: string };
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

export function denyOutput(reason: string): HookOutput {
  return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } };
}
