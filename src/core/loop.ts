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
import { QUOTED_TEXT_REMOVED, carryOver, type CarriedOver } from './continuity';

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
  const { memory, excluded, carried } = recall(options);
  const quality = assessment.quality === 'TRIVIAL' ? 'THIN' : assessment.quality;
  const initial = emptyIterationState(options.planPath, quality, assessment.team);
  const start = { ...initial, challenges: carried.challenges, deferred_surfaced: carried.deferred };
  let loop: LoopState = { state: start, previous: null, quality: null, degradedBefore: false, directedBy: [] };
  let ending: Ending | null = null;
  for (let iteration = 1; iteration <= config.maxIterations; iteration++) {
    const step = await runIteration(ctx, loop, iteration, { memory: iteration === 1 ? memory : null, excluded });
    loop = step.loop;
    ending = step.ending;
    if (step.stop) break;
  }

  // Seed 001 checkpoint 3 also after a DEGRADATION stop: the loop ended with a BLOCKING open all the same.
  if ((!ending || ending.cause === 'degradation') && countOpen(loop.state.challenges).blocking_open > 0 && options.onCheckpoint) {
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
 * Memory of the last run: the challenger sees a summary and the plan diff;
 * the state starts from the last run's unsettled challenges (continuity.ts).
 * The challenger is told not to re-raise the SETTLED ones only: the
 * unsettled ones are already in the state and must be settled on grounds.
 * A challenge the user acknowledged or overrode is suppressed as a duplicate
 * only when the last run settled it; an acknowledged risk that stayed open
 * is still a risk, so a user answer alone never clears it from the next
 * verdict.
 */
function recall(options: RunOptions): { memory: MemoryContext | null; excluded: Challenge[]; carried: CarriedOver } {
  const none: CarriedOver = { challenges: [], deferred: [] };
  if (!options.previous) return { memory: null, excluded: [], carried: none };
  try {
    const memory = carryForward(options.previous, options.planText);
    const carried = carryOver(options.previous, options.planText);
    const settled = memory.priorChallenges.filter((c) => !isOpenOrUnresolved(c) && c.status !== 'DEFERRED');
    const excluded = settled.filter((c) => c.user_decision === 'acknowledged' || c.user_decision === 'overridden');
    const line = (c: Challenge) => `- ${c.id} [${c.severity}, ${c.status}${c.user_decision ? `, user ${c.user_decision}` : ''}]: ${c.claim.slice(0, 200)}`;
    const parts = [memory.summary];
    if (settled.length)
      parts.push(`Settled in the last run (do not raise these again unless the changed plan text undoes their settlement):\n${settled.slice(0, 12).map(line).join('\n')}`);
    const open = carried.challenges.filter((c) => c.status !== 'DEFERRED');
    if (open.length) {
      const tag = (c: Challenge) => (c.carried?.quoteRemoved ? `, ${QUOTED_TEXT_REMOVED}` : '');
      parts.push(
        `Unsettled in the last run and carried into this run under the same ids (already tracked; the synthesizer judges them again, so raise only what they do not cover):\n${open
          .map((c) => `- ${c.id} [${c.severity}, ${c.status}${tag(c)}]: ${c.claim.slice(0, 200)}`)
          .join('\n')}`,
      );
    }
    return { memory: { diff: memory.diff, summary: parts.join('\n') }, excluded, carried };
  } catch {
    return { memory: null, excluded: [], carried: none };
  }
}
