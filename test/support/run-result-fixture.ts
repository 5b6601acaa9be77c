/**
 * RunResult fixtures for tests of anything that renders a run (report, CLI,
 * webview). Every builder returns data that passes the RunResult schema; call
 * `validRunResult` to prove it in the test itself.
 */
import { emptyIterationState } from '../../src/core/loop/state';
import type { Challenge, IterationState, Unknown } from '../../src/core/protocol';
import { RunResult } from '../../src/core/run-types';

export function challengeFixture(overrides: Partial<Challenge> = {}): Challenge {
  return {
    id: 'C1',
    origin: 'challenger',
    quote: 'Store sessions in memory',
    claim: 'The plan assumes a single server process',
    concern: 'Sessions vanish on restart',
    failure_scenario: 'A deploy restarts the process and every user is logged out',
    alternative: 'Use the existing Redis session store',
    severity: 'SIGNIFICANT',
    confidence: 'HIGH',
    status: 'OPEN',
    resolution: '',
    iteration_introduced: 1,
    evidence: [],
    history: [{ iteration: 1, status: 'OPEN' }],
    ...overrides,
  };
}

export function unknownFixture(overrides: Partial<Unknown> = {}): Unknown {
  return {
    id: 'U1',
    description: 'Does the cache client support TTL per key?',
    type: 'API_BEHAVIOR',
    affects_challenge: 'C1',
    suggested_query: 'grep setex src/',
    resolution: 'CONFIRMED',
    finding: 'setex is used in src/cache.ts',
    evidence: [
      { source: 'codebase', path: 'src/cache.ts', line: 12, finding: 'setex with TTL', impact: 'TTL available', checked: 'verified' },
      { source: 'docs', finding: 'TTL documented upstream', impact: 'none', checked: 'unchecked' },
    ],
    iteration_introduced: 1,
    ...overrides,
  };
}

export function iterationFixture(overrides: Partial<IterationState> = {}): IterationState {
  return {
    ...emptyIterationState('/work/plan.md', 'ADEQUATE', 'base'),
    challenges: [challengeFixture()],
    convergence: { blocking_open: 0, significant_open: 1, status: 'CONVERGED', resolved_this_iteration: 0, created_this_iteration: 1, degradation: false },
    ...overrides,
  };
}

export function runResultFixture(overrides: Partial<RunResult> = {}): RunResult {
  return {
    version: 1,
    runId: 'run-1',
    planPath: '/work/plan.md',
    planHash: 'abc123',
    startedAt: '2026-01-01T00:00:00.000Z',
    finishedAt: '2026-01-01T00:02:00.000Z',
    assessment: {
      score: 8,
      factors: [
        { name: 'steps', label: 'Steps/phases', points: 3, max: 3, detail: '5 steps' },
        { name: 'integrations', label: 'External integrations', points: 2, max: 4, detail: 'Stripe' },
      ],
      unknownSignals: 1,
      quality: 'ADEQUATE',
      qualityReason: 'Steps with some detail',
      team: 'scaled',
      teamReason: 'score 8 ≥ threshold 7',
      threshold: 7,
    },
    verdict: 'REVISE',
    reason: '1 SIGNIFICANT challenge remains unresolved with a mitigation.',
    nextStep: '',
    iterations: [iterationFixture()],
    quality: null,
    audit: null,
    failures: [],
    calls: [],
    usage: { input_tokens: 0, output_tokens: 0, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 },
    costUsd: 0,
    technicalDebtWarning: false,
    confidence: null,
    partial: false,
    ...overrides,
  };
}

/** Parses with the schema (throws on a bad fixture) so tests render only valid results. */
export function validRunResult(result: RunResult): RunResult {
  return RunResult.parse(result);
}
