/** Words and numbers as the panel shows them. */
import type { QualityDimension } from '../src/core/protocol';
import type { VerdictLabel } from '../src/core/run-types';

/** One naming of roles for every front end (report, CLI, panel). */
export { ROLE_NAMES } from '../src/core/report/labels';

export const DIMENSION_NAMES: Record<QualityDimension, string> = {
  approach_soundness: 'Approach soundness',
  risk_coverage: 'Risk coverage',
  assumption_validity: 'Assumption validity',
  integration_feasibility: 'Integration feasibility',
  unknowns_coverage: 'Unknowns coverage',
  constraint_alignment: 'Constraint alignment',
};

export const PHASE_NAMES: Record<string, string> = {
  assess: 'Assessing the plan',
  challenge: 'Challenging the plan',
  research: 'Researching the workspace',
  synthesis: 'Weighing the findings',
  audit: 'Auditing the score',
  report: 'Writing the report',
};

/** The colour family a verdict is drawn in (a CSS class, never a style from data). */
export function verdictTone(v: VerdictLabel | null): 'good' | 'warn' | 'bad' | 'neutral' {
  if (v === 'PROCEED' || v === 'PROCEED (trivial)') return 'good';
  if (v === 'REVISE' || v === 'REVISE (strong)') return 'warn';
  if (v === 'RETHINK' || v === 'FAILED') return 'bad';
  return 'neutral';
}

export function formatTokens(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(2)}M`;
}

export function formatCost(usd: number): string {
  if (usd === 0) return '$0';
  if (usd < 0.01) return '<$0.01';
  return `$${usd.toFixed(2)}`;
}

/** Last two path segments: enough to recognise a plan without a long absolute path. */
export function shortPath(path: string): string {
  const parts = path.split(/[\\/]/).filter(Boolean);
  return parts.slice(-2).join('/') || path;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
