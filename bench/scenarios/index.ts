/**
 * The benchmark's scenarios: the example plans at the seed's budget rows
 * (seed 000 "Token Budget"), plus one research-heavy run whose citations
 * are checked against the fixture workspace.
 *
 * Every scenario (except the trivial plan, which runs no agent) has the
 * research toolbox on test/fixtures/workspace, as the extension and the CLI
 * always have one when a folder is open, so tool definitions and tool turns
 * are part of the counted tokens.
 */
import path from 'node:path';
import { readFileSync } from 'node:fs';
import type { EngineConfig } from '../../src/core/config';
import type { VerdictLabel } from '../../src/core/run-types';
import type { Script } from '../../test/support/fake-anthropic';
import { examplePlan, REPO_ROOT } from '../../test/support/run-harness';
import { rateLimiterScript } from './rate-limiter';
import { paymentsScript } from './payments';
import { ordersScript } from './orders';

export interface Scenario {
  id: string;
  label: string;
  /** Seed 000's token budget for this row (total tokens), or null when the seed has no row. */
  seed: { typical: number; worst: number } | null;
  plan: () => { planPath: string; planText: string };
  config: Partial<EngineConfig>;
  workspaceRoot: string | null;
  /** A fresh script per run (scripts keep per-run counters). */
  script: () => Script;
  /** The script of the same run without the workspace-facts block (bench/facts-toggle.ts), when the scenario has one. */
  scriptWithoutFacts?: () => Script;
  expect: { verdict: VerdictLabel; iterations: number };
}

export const FIXTURE_WORKSPACE = path.join(REPO_ROOT, 'test', 'fixtures', 'workspace');
const ORDERS_PLAN = path.join(REPO_ROOT, 'bench', 'plans', 'orders-outbox.md');

const noAgents: Script = () => ({ kind: 'error', status: 500, message: 'bench: the trivial plan must not call a model', shouldRetry: false });

export const SCENARIOS: Scenario[] = [
  {
    id: 'trivial',
    label: 'Trivial plan',
    seed: { typical: 2_000, worst: 2_000 },
    plan: () => examplePlan('trivial-typo-fix'),
    config: {},
    workspaceRoot: FIXTURE_WORKSPACE,
    script: () => noAgents,
    expect: { verdict: 'PROCEED (trivial)', iterations: 0 },
  },
  {
    id: 'base-1',
    label: 'Base team, 1 iteration',
    seed: { typical: 45_000, worst: 55_000 },
    plan: () => examplePlan('base-team-rate-limiter'),
    config: { team: 'base', maxIterations: 1 },
    workspaceRoot: FIXTURE_WORKSPACE,
    script: () => rateLimiterScript(1),
    expect: { verdict: 'REVISE (strong)', iterations: 1 },
  },
  {
    id: 'base-3',
    label: 'Base team, 3 iterations',
    seed: { typical: 95_000, worst: 150_000 },
    plan: () => examplePlan('base-team-rate-limiter'),
    config: { team: 'base', maxIterations: 3 },
    workspaceRoot: FIXTURE_WORKSPACE,
    script: () => rateLimiterScript(3),
    expect: { verdict: 'REVISE (strong)', iterations: 3 },
  },
  {
    id: 'scaled-1',
    label: 'Scaled team, 1 iteration',
    seed: { typical: 70_000, worst: 85_000 },
    plan: () => examplePlan('scaled-team-payments-migration'),
    config: { team: 'scaled', maxIterations: 1 },
    workspaceRoot: FIXTURE_WORKSPACE,
    script: () => paymentsScript(1),
    expect: { verdict: 'RETHINK', iterations: 1 },
  },
  {
    id: 'scaled-3',
    label: 'Scaled team, 3 iterations',
    seed: { typical: 150_000, worst: 215_000 },
    plan: () => examplePlan('scaled-team-payments-migration'),
    config: { team: 'scaled', maxIterations: 3 },
    workspaceRoot: FIXTURE_WORKSPACE,
    script: () => paymentsScript(3),
    expect: { verdict: 'RETHINK', iterations: 3 },
  },
  {
    id: 'research',
    label: 'Base team, 1 iteration, research-heavy (fixture workspace, checked citations)',
    seed: { typical: 45_000, worst: 55_000 },
    plan: () => ({ planPath: ORDERS_PLAN, planText: readFileSync(ORDERS_PLAN, 'utf8') }),
    config: { team: 'base', maxIterations: 1 },
    workspaceRoot: FIXTURE_WORKSPACE,
    script: () => ordersScript(),
    scriptWithoutFacts: () => ordersScript({ workspaceFacts: 'withheld' }),
    expect: { verdict: 'REVISE (strong)', iterations: 1 },
  },
];
