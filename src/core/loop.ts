/**
 * The orchestrator (seed 001 Steps 2–4): assessment, the convergence loop
 * (loop/iteration.ts: 3a challenge → 3b research → 3c synthesis → 3d
 * evaluation and checkpoints), the max-iterations checkpoint, and the final
 * verdict with score and audit (loop/final.ts).
 *
 * Contracts:
 * - `runVerification` never rejects because of agents, models, the network
 *   or storage; it always resolves with a (possibly partial) RunResult.
 * - Loop control uses binary resolution counts only (convergence.ts). The
 *   quality score is report-only and never steers.
 * - A snapshot is persisted after every phase, so a crash loses at most the
 *   phase in flight.
 * - No user answer changes a status; the synthesizer decides, on grounds the
 *   engine checks (convergence/grounds.ts).
 */
import type { Challenge } from './protocol';
import type { RunOptions } from './run-options';
import type { RunResult } from './run-types';
import type { MemoryContext } from './loop/messages';
import { parsePlan } from './plan';
import { assess } from './complexity';
import { RunContext, type FinalParts } from './loop/run-context';
import { emptyIterationState } from './loop/state';
import { runIteration, type LoopState } from './loop/iteration';
import { maxIterationsCheckpoint } from './loop/checkpoints';
import { finalParts } from './loop/final';
import { replaceLastSnapshot } from './loop/snapshots';
import type { Ending } from './loop/endings';
import { countOpen, isOpenOrUnresolved, nextStepFor } from './convergence';
import { carryForward } from './memory';
import { workspaceFacts, workspaceFactsBlock } from './agents/workspace-facts';

export async function runVerification(options: RunOptions): Promise<RunResult> {
  const plan = parsePlan(options.planText);
  const config = options.config;
  const assessment = assess(plan, { team: config.team, threshold: config.threshold });
  const ctx = new RunContext(options, plan, assessment);
  ctx.emit({ type: 'run-started', runId: ctx.runId, planPath: options.planPath, assessment, ...(options.provider.reportsUsage === false ? { usageReported: false } : {}) });

  if (assessment.team === null) {
    return finish(ctx, {
      verdict: 'PROCEED (trivial)',
      reason: assessment.qualityReason,
      nextStep: nextStepFor('PROCEED (trivial)'),
      quality: null,
      audit: null,
      partial: false,
      stopCause: 'trivial',
    });
  }

  ctx.setWorkspaceFacts(workspaceFactsBlock(await workspaceFacts(plan, options.workspaceRoot, options.planPath).catch(() => null)));
  const { memory, excluded } = recall(options);
  const quality = assessment.quality === 'TRIVIAL' ? 'THIN' : assessment.quality;
  let loop: LoopState = { state: emptyIterationState(options.planPath, quality, assessment.team), previous: null, quality: null, degradedBefore: false, directedBy: [] };
  let ending: Ending | null = null;
  for (let iteration = 1; iteration <= config.maxIterations; iteration++) {
    const step = await runIteration(ctx, loop, iteration, { memory: iteration === 1 ? memory : null, excluded });
    loop = step.loop;
    ending = step.ending;
    if (step.stop) break;
  }

  if (!ending && countOpen(loop.state.challenges).blocking_open > 0 && options.onCheckpoint) {
    loop = { ...loop, state: await maxIterationsCheckpoint(ctx, loop.state) };
    replaceLastSnapshot(ctx, loop.state);
  }
  return finish(ctx, await finalParts(ctx, loop, ending));
}

async function finish(ctx: RunContext, parts: FinalParts): Promise<RunResult> {
  ctx.emit({ type: 'phase-started', iteration: ctx.iterations.length, phase: 'report', roles: [] });
  const result = await ctx.save(parts, true);
  ctx.emit({ type: 'run-finished', result });
  return result;
}

/**
 * Memory of the last run: the challenger sees a summary and the plan diff.
 * A challenge the user acknowledged or overrode is not re-raised only when
 * the last run settled it; an acknowledged risk that stayed open is still a
 * risk, so a user answer alone never clears it from the next verdict.
 */
function recall(options: RunOptions): { memory: MemoryContext | null; excluded: Challenge[] } {
  if (!options.previous) return { memory: null, excluded: [] };
  try {
    const carried = carryForward(options.previous, options.planText);
    const excluded = carried.priorChallenges.filter((c) => (c.user_decision === 'acknowledged' || c.user_decision === 'overridden') && !isOpenOrUnresolved(c));
    const listed = carried.priorChallenges
      .slice(0, 12)
      .map((c) => `- last run's ${c.id} [${c.severity}, ${c.status}${c.user_decision ? `, user ${c.user_decision}` : ''}]: ${c.claim.slice(0, 200)}`);
    const summary = listed.length ? `${carried.summary}\nEarlier challenges (ids from the last run):\n${listed.join('\n')}` : carried.summary;
    return { memory: { diff: carried.diff, summary }, excluded };
  } catch {
    return { memory: null, excluded: [] };
  }
}
