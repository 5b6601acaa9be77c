/**
 * BENCHMARKS.md section 5: what `verify-plan eval` has measured so far, and
 * what awaits an API key. The offline figures come from the scripted fake
 * provider (they check the eval's mechanics, not the product's quality);
 * the cost of a first real run is estimated from this bench's own
 * per-scenario costs (default models, current price table), per plan by the
 * team its complexity score picks.
 */
import path from 'node:path';
import { assess } from '../src/core/complexity';
import { defaultConfig, DEFAULT_MODELS } from '../src/core/config';
import { createFakeProvider, loadCorpus, loadFakeScript, runEval } from '../src/core/eval';
import { figuresFor } from '../src/core/eval/metrics';
import { pct } from '../src/core/eval/report';
import { parsePlan } from '../src/core/plan';
import { REPO_ROOT } from '../test/support/run-harness';
import { mdTable } from './table';

export interface ScenarioCosts {
  /** Measured cost of one base-team, 3-iteration run at the default models. */
  base3: number;
  /** Measured cost of one scaled-team, 3-iteration run. */
  scaled3: number;
  /** Critical-path model calls of the base-team, 3-iteration run (section 2). */
  criticalPathCalls: number;
}

export const REAL_RUN_COMMAND = 'ANTHROPIC_API_KEY=… npx verify-plan eval --runs 3 --baseline single-pass --out eval-results';

export async function evalSection(costs: ScenarioCosts): Promise<string[]> {
  const evalDir = path.join(REPO_ROOT, 'eval');
  const cases = await loadCorpus(path.join(evalDir, 'corpus'));
  const script = await loadFakeScript(path.join(evalDir, 'fake-script.json'));
  const runs = 3;
  const { records } = await runEval({
    cases,
    runs,
    baseline: 'single-pass',
    config: defaultConfig({}),
    providerFor: (caseId, run, mode) => createFakeProvider({ challenges: script.cases[caseId]?.challenges ?? [], run, mode }),
  });
  const figures = (['static', 'single-pass', 'loop'] as const).map((c) => figuresFor(c, records, cases));
  const flaws = cases.reduce((n, c) => n + c.truth.flaws.length, 0);
  const teams = cases.map((c) => assess(parsePlan(c.planText), { team: 'auto', threshold: 7 }).team ?? 'base');
  const scaled = teams.filter((t) => t === 'scaled').length;
  const base = teams.length - scaled;
  const perPass = base * costs.base3 + scaled * costs.scaled3;
  const models = [...new Set(Object.values(DEFAULT_MODELS))].join(', ');
  return [
    '## 5. Review quality (`verify-plan eval`)',
    '',
    `Corpus: eval/corpus — ${cases.length} plans (Claude Code, spec-kit, Kiro), ${flaws} seeded flaws in 10 categories, ${cases.filter((c) => c.truth.flaws.length === 0).length} sound plans; matching rules and definitions in eval/README.md.`,
    '',
    '**What exists: offline mechanics only.** The table below is `npm run eval -- --provider fake --baseline single-pass`: the real loop, agent calls, admission, synthesis and verdict code driven by scripted answers (eval/fake-script.json) that hit some flaws, miss others and over-report. Its figures are worked out by hand in test/unit/eval-fake.test.ts and say that the matching and the arithmetic are right. **They say nothing about how good Verify Plan is.** Fake-mode tokens are ⌈bytes/4⌉ estimates.',
    '',
    mdTable(
      ['Configuration (fake answers)', 'Recall', 'Precision', 'Verdict accuracy', 'Stability'],
      figures.map((f) => [
        f.config,
        pct(f.recall, f.detections, f.flawRuns),
        `${f.precisionIsLowerBound ? '≥ ' : ''}${pct(f.precision, f.matched + f.reviewedTrue, f.predictions)}`,
        f.verdictAccuracy === null ? '—' : pct(f.verdictAccuracy, f.verdictCorrect, f.verdictRuns),
        pct(f.stability),
      ]),
    ),
    '',
    `**What awaits a key: every real figure** — recall, precision, verdict accuracy and stability of the loop with real models, the single-pass baseline at the same token budget, per-category recall, tokens, cost and wall time per plan. Command: \`${REAL_RUN_COMMAND}\` (then mark \`eval-results/hand-review.json\` and run \`npx verify-plan eval --rescore eval-results\` for exact precision).`,
    '',
    `**Estimated cost of that first real run** (default models: ${models}; prices from src/core/config.ts). The team each corpus plan gets from its complexity score: ${base} base, ${scaled} scaled. Flawed plans are expected to use all 3 iterations, so each plan run is priced at this bench's measured 3-iteration scenario cost (section 1): base $${costs.base3.toFixed(3)}, scaled $${costs.scaled3.toFixed(3)}.`,
    '',
    `- Loop, one pass over the corpus: ${base} × $${costs.base3.toFixed(3)} + ${scaled} × $${costs.scaled3.toFixed(3)} = **$${perPass.toFixed(2)}**; × ${runs} runs = **$${(perPass * runs).toFixed(2)}**.`,
    `- Single-pass baseline: capped at the loop's median tokens per plan (paid at the challenger's price); one challenger call plus a few tool turns is estimated at half a loop run → ≈ $${((perPass / 2) * runs).toFixed(2)} for ${runs} runs.`,
    `- Total for the command above: ≈ **$${(perPass * runs * 1.5).toFixed(2)}**. \`--judge\` adds about 1,000 tokens (≈ $0.01) per distinct unmatched challenge.`,
    `- Wall time: the base-team 3-iteration scenario has ${costs.criticalPathCalls} critical-path calls (section 2); at 5–30 s per real call that is ${Math.round((costs.criticalPathCalls * 5) / 60)}–${Math.round((costs.criticalPathCalls * 30) / 60)} min per plan run, ${cases.length * runs * 2} plan runs in sequence.`,
    '',
    'Caveat: the scenario replies are scripted at the lengths real models write; real runs with more tool turns or longer answers cost more. The eval prints the measured cost per plan run, which replaces this estimate.',
  ];
}
