/**
 * Complexity score, plan quality and team sizing — seed 001 Step 2.
 *
 *   factor            points                         max  counted from
 *   steps             +1 per step                     3   plan.steps
 *   domains           +1 per distinct domain          3   DOMAINS (complexity/lexicon.ts): a named technology,
 *                     or the domain's generic words on two lines (evidence, not one word)
 *   integrations      +2 per named external system    4   INTEGRATIONS (a generic "third-party
 *                                                         API" counts only when none is named)
 *   compliance        +2 when any term appears        2   COMPLIANCE (GDPR, HIPAA, SOC 2, PCI DSS, a regulation or auditor, WCAG…; not bare "compliant")
 *   unknown_signals   +1 per signal                   3   plan.unknownSignals
 *   referenced_files  +1 at 10+ distinct files        1   plan.referencedPaths
 *                                                    ──
 *                                                    16
 * Team: TRIVIAL → null (no team, "PROCEED (trivial)"); an explicit team option
 * wins otherwise; THIN → base; else score ≥ threshold (default 7) or more than
 * 3 unknown signals → scaled (5 agents), otherwise base (3 agents).
 * Quality rules: complexity/quality.ts.
 */
import type { Plan, UnknownSignal } from './plan';
import type { Assessment, ComplexityFactor } from './run-types';
import { judgeQuality } from './complexity/quality';
import { COMPLIANCE, DOMAINS, INTEGRATIONS, termsIn } from './complexity/lexicon';
import { TEAMS } from './teams';

export interface AssessOptions {
  team?: 'auto' | 'base' | 'scaled';
  /** Score at which the scaled team is used; default 7, clamped to 0–16. */
  threshold?: number;
}

export const DEFAULT_THRESHOLD = 7;
export const MAX_SCORE = 16;
export const TEAM_SIZE = { base: TEAMS.base.size, scaled: TEAMS.scaled.size } as const;

function listed(items: readonly string[]): string {
  return items.length === 0 ? 'none found' : items.join(', ');
}

function capNote(count: number, perItem: number, max: number): string {
  return count * perItem > max ? ` (capped at ${max})` : '';
}

function signalSummary(signals: readonly UnknownSignal[]): string {
  const counts = new Map<string, number>();
  for (const s of signals) {
    const key = s.signal.toUpperCase() === s.signal ? s.signal : s.signal.toLowerCase();
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([k, c]) => (c > 1 ? `${k} ×${c}` : k)).join(', ');
}

function resolveThreshold(value: number | undefined): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return DEFAULT_THRESHOLD;
  return Math.min(MAX_SCORE, Math.max(0, Math.round(value)));
}

export function computeFactors(plan: Plan): { factors: ComplexityFactor[]; domains: string[]; integrations: string[]; compliance: string[] } {
  const text = plan.text;
  const domains = termsIn(text, DOMAINS);
  const integrations = termsIn(text, INTEGRATIONS);
  const compliance = termsIn(text, COMPLIANCE);
  const steps = plan.steps.length;
  const signals = plan.unknownSignals.length;
  const files = plan.referencedPaths.length;
  const factors: ComplexityFactor[] = [
    {
      name: 'steps',
      label: 'Steps/phases',
      points: Math.min(3, steps),
      max: 3,
      detail: steps === 0 ? 'no steps recognised' : `${steps} step${steps === 1 ? '' : 's'}${capNote(steps, 1, 3)}`,
    },
    {
      name: 'domains',
      label: 'Distinct domains',
      points: Math.min(3, domains.length),
      max: 3,
      detail: `${domains.length} domain${domains.length === 1 ? '' : 's'}: ${listed(domains)}${capNote(domains.length, 1, 3)}`,
    },
    {
      name: 'integrations',
      label: 'External integrations',
      points: Math.min(4, 2 * integrations.length),
      max: 4,
      detail: `${integrations.length} system${integrations.length === 1 ? '' : 's'}: ${listed(integrations)}${capNote(integrations.length, 2, 4)}`,
    },
    {
      name: 'compliance',
      label: 'Compliance/regulatory',
      points: compliance.length > 0 ? 2 : 0,
      max: 2,
      detail: compliance.length > 0 ? listed(compliance) : 'no compliance or regulatory terms',
    },
    {
      name: 'unknown_signals',
      label: 'Unknown signals',
      points: Math.min(3, signals),
      max: 3,
      detail: signals === 0 ? 'no TBD/TODO/unclear markers' : `${signals} signal${signals === 1 ? '' : 's'}: ${signalSummary(plan.unknownSignals)}${capNote(signals, 1, 3)}`,
    },
    {
      name: 'referenced_files',
      label: 'Referenced files',
      points: files >= 10 ? 1 : 0,
      max: 1,
      detail: `${files} distinct file${files === 1 ? '' : 's'} referenced${files >= 10 ? '' : ' (10+ needed)'}`,
    },
  ];
  return { factors, domains, integrations, compliance };
}

export function assess(plan: Plan, options: AssessOptions = {}): Assessment {
  const threshold = resolveThreshold(options.threshold);
  const { factors, domains, integrations, compliance } = computeFactors(plan);
  const score = Math.min(
    MAX_SCORE,
    factors.reduce((sum, f) => sum + f.points, 0),
  );
  const unknownSignals = plan.unknownSignals.length;
  const { quality, reason: qualityReason } = judgeQuality(plan, {
    domains: domains.length,
    integrations: integrations.length,
    compliance: compliance.length,
  });
  const base = { score, factors, unknownSignals, quality, qualityReason, threshold };
  const scoreText = `complexity ${score}/${MAX_SCORE}`;
  const wantsScaled = score >= threshold || unknownSignals > 3;
  const why = score >= threshold ? `${scoreText} ≥ ${threshold}` : `${unknownSignals} unknown signals > 3`;

  if (quality === 'TRIVIAL') {
    return { ...base, team: null, teamReason: 'Trivial plan → no team: PROCEED (trivial) without agent calls.' };
  }
  if (options.team === 'base' || options.team === 'scaled') {
    const size = TEAM_SIZE[options.team];
    return { ...base, team: options.team, teamReason: `Team set to ${options.team} (${size} agents) by option; ${scoreText}, threshold ${threshold}.` };
  }
  if (quality === 'THIN') {
    const note = wantsScaled ? ` even though ${why} would call for the scaled team` : `; ${scoreText} < ${threshold}`;
    return { ...base, team: 'base', teamReason: `Plan is THIN → base team (${TEAM_SIZE.base} agents)${note}.` };
  }
  if (wantsScaled) {
    const capitalised = why.charAt(0).toUpperCase() + why.slice(1);
    return { ...base, team: 'scaled', teamReason: `${capitalised} → scaled team (${TEAM_SIZE.scaled} agents).` };
  }
  return {
    ...base,
    team: 'base',
    teamReason: `Complexity ${score}/${MAX_SCORE} < ${threshold} and ${unknownSignals} unknown signal${unknownSignals === 1 ? '' : 's'} ≤ 3 → base team (${TEAM_SIZE.base} agents).`,
  };
}
