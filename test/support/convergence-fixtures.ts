/** Builders for convergence tests: small, valid protocol objects with overrides. */
import { emptyIterationState } from '../../src/core/loop/state';
import type { Challenge, ChallengeDraft, ChallengeStatus, IterationState, QualityScores, Severity } from '../../src/core/protocol';
import { QualityDimension } from '../../src/core/protocol';

export function draft(ref: string, severity: Severity = 'SIGNIFICANT', overrides: Partial<ChallengeDraft> = {}): ChallengeDraft {
  return {
    ref,
    quote: `quote for ${ref}`,
    claim: `The plan assumes ${ref} holds`,
    concern: 'It may not',
    failure_scenario: 'Then it breaks',
    alternative: 'Do something else',
    severity,
    confidence: 'MED',
    evidence: [],
    assertions: [],
    ...overrides,
  };
}

export function challenge(id: string, severity: Severity = 'SIGNIFICANT', status: ChallengeStatus = 'OPEN', overrides: Partial<Challenge> = {}): Challenge {
  return {
    id,
    origin: 'challenger',
    quote: `quote for ${id}`,
    claim: `The plan assumes ${id} holds`,
    concern: 'It may not',
    failure_scenario: 'Then it breaks',
    alternative: 'Do something else',
    severity,
    confidence: 'MED',
    status,
    resolution: '',
    iteration_introduced: 1,
    evidence: [],
    history: [{ iteration: 1, status: 'OPEN' }],
    ...overrides,
  };
}

/** `spec` like "BO SU MD": severity letter (B/S/M) + status letter (O/R/U/D/W), ids C1.. in order. */
export function challenges(spec: string, overrides: Partial<Challenge> = {}): Challenge[] {
  const sev: Record<string, Severity> = { B: 'BLOCKING', S: 'SIGNIFICANT', M: 'MINOR' };
  const st: Record<string, ChallengeStatus> = { O: 'OPEN', R: 'RESOLVED', U: 'UNRESOLVED', D: 'DEFERRED', W: 'WITHDRAWN' };
  return spec
    .split(/\s+/)
    .filter(Boolean)
    .map((code, i) => {
      const severity = sev[code[0] ?? ''];
      const status = st[code[1] ?? ''];
      if (!severity || !status) throw new Error(`bad challenge code ${code}`);
      return challenge(`C${i + 1}`, severity, status, overrides);
    });
}

export function iterationState(overrides: Partial<IterationState> = {}): IterationState {
  return {
    ...emptyIterationState('/plans/p.md', 'ADEQUATE', 'base'),
    ...overrides,
  };
}

/** Scores in the order approach, risk, assumption, integration, unknowns, constraint. */
export function scores(values: [number, number, number, number, number, number]): QualityScores {
  return Object.fromEntries(QualityDimension.options.map((d, i) => [d, { score: values[i] ?? 1, evidence: `evidence for ${d}` }])) as QualityScores;
}
