/** Small range functions shared by the rules and their quick fixes. */
import type { Plan, Range } from '../plan';

/** The visible text of one line: first non-blank character to the end of the trimmed line. */
export function lineRange(plan: Plan, line: number): Range {
  const safeLine = Math.max(0, Math.min(line, plan.lines.length - 1));
  const text = plan.lines[safeLine] ?? '';
  const start = text.length - text.trimStart().length;
  const end = text.trimEnd().length;
  return { startLine: safeLine, startChar: end > start ? start : 0, endLine: safeLine, endChar: end > start ? end : text.length };
}

export function sameRange(a: Range, b: Range): boolean {
  return a.startLine === b.startLine && a.startChar === b.startChar && a.endLine === b.endLine && a.endChar === b.endChar;
}

/** Line of the plan's title heading (first H1, else first heading), else 0: where plan-wide findings go. */
export function titleLine(plan: Plan): number {
  const h1 = plan.sections.find((s) => s.level === 1);
  return (h1 ?? plan.sections[0])?.headingLine ?? 0;
}
