/**
 * The rule suites' shared harness over a made-up plan with no workspace lookups (rules.test.ts, rules-sections.test.ts):
 * run the checks, pick one rule's findings, apply a quick fix's edits.
 */
import { parsePlan, type Plan } from '../../src/core/plan';
import { ADVICE_ON, runStaticChecks, type RuleCode, type RuleEnvironment, type RuleScope, type StaticFinding, type TextEdit } from '../../src/core/rules';

export const noFiles: RuleEnvironment = { fileExists: () => undefined };

/** Every rule on, the advice checks too (off by default: see rules.test.ts, 'rules: default levels'). */
export function check(text: string, env: RuleEnvironment = noFiles, levels: Partial<Record<RuleCode, 'off' | 'info' | 'warning' | 'error'>> = ADVICE_ON, scope?: RuleScope) {
  const plan = parsePlan(text);
  return { plan, findings: runStaticChecks(plan, env, levels, scope ? { scope } : {}) };
}

export function only(findings: StaticFinding[], code: RuleCode): StaticFinding[] {
  return findings.filter((f) => f.code === code);
}

/** Applies edits (non-overlapping) to the plan's LF text, last first. */
export function applyEdits(plan: Plan, edits: TextEdit[]): string {
  const offsetOf = (line: number, char: number) => plan.lines.slice(0, line).reduce((n, l) => n + l.length + 1, 0) + char;
  const sorted = [...edits].sort((a, b) => offsetOf(b.range.startLine, b.range.startChar) - offsetOf(a.range.startLine, a.range.startChar));
  let text = plan.text;
  for (const e of sorted) {
    text = text.slice(0, offsetOf(e.range.startLine, e.range.startChar)) + e.newText + text.slice(offsetOf(e.range.endLine, e.range.endChar));
  }
  return text;
}
