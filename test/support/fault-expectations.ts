/**
 * What the seed's failure protocol (seed 001) expects of a fault-matrix cell,
 * as a list of problems (empty = the cell passes). Checks every cell shares:
 * the RunResult validates, the Markdown report renders, the store holds the
 * finished run, the fault really reached the role, at most 3 iterations.
 */
import { renderMarkdownReport } from '../../src/core/report';
import { RunResult } from '../../src/core/run-types';
import type { AgentRole } from '../../src/core/protocol';
import type { CellRun, Injection } from './fault-run';
import { CHALLENGER_ROLES, scenarioOutcome } from './fault-scenario';

/** The healthy scenario's outcome (fault-scenario.ts): the converging variant when the auditor is one of the injected roles. */
const baselineFor = (injections: readonly Injection[]) => scenarioOutcome(injections.some((i) => i.role === 'auditor'));

export function commonProblems(run: CellRun, injections: Injection[]): string[] {
  const problems: string[] = [];
  const { result } = run;
  const parsed = RunResult.safeParse(result);
  if (!parsed.success) problems.push(`RunResult does not validate: ${parsed.error.message.slice(0, 300)}`);
  try {
    const md = renderMarkdownReport(result);
    if (!md.includes(result.verdict)) problems.push('the Markdown report does not show the verdict');
  } catch (error) {
    problems.push(`renderMarkdownReport threw: ${String(error)}`);
  }
  if (!run.stored) problems.push('the store has no readable run for the plan');
  else {
    if (run.stored.runId !== result.runId) problems.push('the stored run is not this run');
    if (run.stored.finishedAt === null) problems.push('the stored run is not the finished one');
    if (run.stored.verdict !== result.verdict) problems.push(`stored verdict ${run.stored.verdict} != ${result.verdict}`);
  }
  if (result.iterations.length > 3) problems.push(`${result.iterations.length} iterations (max 3)`);
  for (const [k, inj] of injections.entries()) {
    if (run.injected[k] === 0) problems.push(`the ${inj.fault.name} fault never reached ${inj.role} in iteration ${inj.iteration}`);
  }
  return problems;
}

function failureOf(run: CellRun, role: AgentRole, iteration: number) {
  return run.result.failures.find((f) => f.role === role && f.iteration === iteration);
}

/** One role fails persistently on one iteration. */
export function singleFaultProblems(run: CellRun, inj: Injection): string[] {
  const problems = commonProblems(run, [inj]);
  const { result } = run;
  const k = inj.iteration;
  const failure = failureOf(run, inj.role, k);
  if (!failure) problems.push(`no ${inj.role} failure recorded for iteration ${k}`);
  else if (failure.kind !== inj.fault.kind) problems.push(`failure kind ${failure.kind}, expected ${inj.fault.kind}`);
  if (result.failures.length !== 1) problems.push(`${result.failures.length} failures recorded, expected 1: ${JSON.stringify(result.failures)}`);
  const state = result.iterations[k - 1];
  const BASELINE = baselineFor([inj]);
  const continues = () => {
    if (result.verdict !== BASELINE.verdict) problems.push(`verdict ${result.verdict}, expected the loop to continue to ${BASELINE.verdict}`);
    if (result.iterations.length !== BASELINE.iterations) problems.push(`${result.iterations.length} iterations, expected ${BASELINE.iterations}`);
    if (result.partial) problems.push('partial, expected a complete run');
  };

  if (CHALLENGER_ROLES.includes(inj.role)) {
    if (inj.role === 'challenger' && result.assessment.team === 'base' && k === 1) {
      // Failure protocol 1 in iteration 1: nothing to carry forward.
      if (result.verdict !== 'FAILED' || !result.partial) problems.push(`verdict ${result.verdict} partial=${result.partial}, expected FAILED partial`);
      if (result.stopCause !== 'agent_failures') problems.push(`stopCause ${result.stopCause}`);
      if (result.iterations.length !== 1) problems.push(`${result.iterations.length} iterations, expected 1`);
    } else {
      // Failure protocol 1: carry forward the previous challenges.
      const before = k > 1 ? (result.iterations[k - 2]?.challenges ?? []) : [];
      const kept = new Set((state?.challenges ?? []).map((c) => c.id));
      for (const c of before) if (!kept.has(c.id)) problems.push(`${c.id} was not carried forward into iteration ${k}`);
      if (k === 1 && (state?.challenges.length ?? 0) === 0) problems.push("the other challengers' challenges were not kept");
      continues();
    }
  } else if (inj.role === 'resolver') {
    const mine = (state?.unknowns ?? []).filter((u) => u.iteration_introduced === k);
    if (mine.length === 0) problems.push(`no unknown introduced in iteration ${k}`);
    for (const u of mine) if (u.resolution !== 'UNRESOLVABLE') problems.push(`${u.id} is ${u.resolution}, expected UNRESOLVABLE`);
    continues();
  } else if (inj.role === 'researcher') {
    if (state?.research_unavailable !== true) problems.push(`research_unavailable not set in iteration ${k}`);
    continues();
  } else if (inj.role === 'synthesizer') {
    if (!result.partial) problems.push('not partial');
    if (result.stopCause !== 'agent_failures') problems.push(`stopCause ${result.stopCause}`);
    if (result.iterations.length !== k) problems.push(`${result.iterations.length} iterations, expected ${k}`);
    if (result.iterations.at(-1)?.convergence.status !== 'FORCED_EXIT') problems.push(`last status ${result.iterations.at(-1)?.convergence.status}`);
    if (!/synthesizer failed/.test(result.reason)) problems.push(`reason does not name the synthesizer: ${result.reason}`);
    if (run.received.some((r) => r.role === 'auditor')) problems.push('the auditor ran after a forced exit');
  } else if (inj.role === 'auditor') {
    if (result.audit !== null) problems.push('an audit was recorded although the auditor failed');
    if (result.quality === null) problems.push('the quality score was lost');
    continues();
  }
  return problems;
}

/** The first request fails, the SDK's retry (or the correction turn) succeeds: the run is the healthy one. */
export function transientFaultProblems(run: CellRun, inj: Injection): string[] {
  const problems = commonProblems(run, [inj]);
  const { result } = run;
  if (result.failures.length > 0) problems.push(`failures recorded for a fault that was retried: ${JSON.stringify(result.failures)}`);
  const BASELINE = baselineFor([inj]);
  if (result.verdict !== BASELINE.verdict || result.partial || result.stopCause !== BASELINE.stopCause) {
    problems.push(`outcome ${result.verdict}/${result.stopCause} partial=${result.partial}, expected the healthy ${BASELINE.verdict}`);
  }
  const calls = run.received.filter((r) => r.role === inj.role && r.iteration === inj.iteration).length;
  if (calls < 2) problems.push(`${calls} request(s) of ${inj.role} in iteration ${inj.iteration}: the retry never happened`);
  return problems;
}

/** Two roles fail in one iteration: failure protocol 4 (or 3 when one is the synthesizer) forces an exit. */
export function doubleFaultProblems(run: CellRun, pair: [Injection, Injection]): string[] {
  const problems = commonProblems(run, pair);
  const { result } = run;
  const k = pair[0].iteration;
  for (const inj of pair) if (!failureOf(run, inj.role, k)) problems.push(`no ${inj.role} failure recorded for iteration ${k}`);
  if (!result.partial) problems.push('not partial');
  if (result.stopCause !== 'agent_failures') problems.push(`stopCause ${result.stopCause}`);
  if (result.iterations.length !== k) problems.push(`${result.iterations.length} iterations, expected ${k}`);
  if (result.iterations.at(-1)?.convergence.status !== 'FORCED_EXIT') problems.push(`last status ${result.iterations.at(-1)?.convergence.status}`);
  const synthFaulted = pair.some((i) => i.role === 'synthesizer');
  const synthCalls = run.received.filter((r) => r.role === 'synthesizer' && r.iteration === k).length;
  if (!synthFaulted && synthCalls > 0) problems.push('the synthesizer ran although two agents had failed (rule 4 exits before synthesis)');
  if (run.received.some((r) => r.role === 'auditor')) problems.push('the auditor ran after a forced exit');
  return problems;
}
