/**
 * Printing the key-less mode's outcome: the assessment line, findings like
 * compiler diagnostics (`file:line:col: level code: message`, which terminals
 * and CI annotate), and the note that the agent loop was skipped.
 */
import type { StaticFinding } from '../core/rules';
import type { Assessment } from '../core/run-types';
import { assessmentLine } from './progress';

export const NO_KEY_MESSAGE = 'Agent loop skipped: set ANTHROPIC_API_KEY to run the verification team (static checks only).';
export const STATIC_FLAG_MESSAGE = 'Agent loop skipped (--static): static checks only.';

export interface StaticOutcome {
  assessment: Assessment;
  findings: StaticFinding[];
  hasErrors: boolean;
}

/** `plan.md:12:5: warning unknown-signal: …` with 1-based line and column. */
export function formatFinding(displayPath: string, f: StaticFinding): string {
  return `${displayPath}:${f.range.startLine + 1}:${f.range.startChar + 1}: ${f.level} ${f.code}: ${f.message.replace(/\s+/g, ' ')}`;
}

export function staticText(displayPath: string, outcome: StaticOutcome, skipMessage: string): string {
  const a = outcome.assessment;
  const lines = [`Plan: ${displayPath}`, `${assessmentLine(a)} Plan quality: ${a.quality} (${a.qualityReason.replace(/^[A-Z]+:\s*/, '').replace(/\.$/, '')}).`];
  if (a.team === null) lines.push('Verdict: PROCEED (trivial): the plan is too small to need a verification team.');
  lines.push(...outcome.findings.map((f) => formatFinding(displayPath, f)));
  const counts = (level: StaticFinding['level']) => outcome.findings.filter((f) => f.level === level).length;
  lines.push(`${counts('error')} error(s), ${counts('warning')} warning(s), ${counts('info')} info.`);
  lines.push(skipMessage);
  return `${lines.join('\n')}\n`;
}

export function staticJson(planPath: string, outcome: StaticOutcome, skipMessage: string): string {
  return `${JSON.stringify({ mode: 'static', planPath, assessment: outcome.assessment, findings: outcome.findings, note: skipMessage }, null, 2)}\n`;
}
