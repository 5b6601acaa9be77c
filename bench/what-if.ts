/**
 * What-if runs for the cache target: the same scenarios with bench-side
 * changes that the engine could adopt, measured the same way. Nothing here
 * changes the engine; it shows what a change would buy before anyone makes it.
 *
 * - one model: every role on the judgement model, so all roles share one
 *   cache (the cache is per model).
 * - handbook: every role's instructions in one cached block shared by all
 *   roles (the role named in the uncached task text), so no call pays a
 *   role-specific cache write.
 * - judgement roles on the research model: what meeting the cost target
 *   would take when the layout alone cannot (a cheaper model for the roles
 *   whose answers are most of the cost; the review quality it would cost is
 *   not measured here).
 */
import { costOf, DEFAULT_MODELS, DEFAULT_PRICES } from '../src/core/config';
import type { AgentRole } from '../src/core/protocol';
import { cacheFigures, measureRun, totalTokens, type MeasureOptions, type RunMeasurement } from './measure-run';
import type { Scenario } from './scenarios';
import { COST_TARGETS_USD } from './before-after';
import { fmtInt, fmtPct, mdTable, verdict } from './table';

const ONE_MODEL = Object.fromEntries(Object.keys(DEFAULT_MODELS).map((role) => [role, DEFAULT_MODELS.challenger])) as Record<AgentRole, string>;

/** The judgement roles (challenger, synthesizer, devil's advocate, auditor) on the research model; the others keep theirs. */
const JUDGEMENT_ON_RESEARCH_MODEL = Object.fromEntries(
  (['challenger', 'synthesizer', 'devils-advocate', 'auditor'] as const).map((role) => [role, DEFAULT_MODELS.researcher]),
) as Partial<Record<AgentRole, string>>;

const VARIANTS: { name: string; options: Omit<MeasureOptions, 'latencyMs'> }[] = [
  { name: 'engine as it is', options: { orchestration: 'parallel' } },
  { name: 'one model for every role', options: { orchestration: 'parallel', models: ONE_MODEL } },
  { name: 'handbook', options: { orchestration: 'parallel', layout: 'handbook' } },
  { name: `judgement roles on ${DEFAULT_MODELS.researcher}`, options: { orchestration: 'parallel', models: JUDGEMENT_ON_RESEARCH_MODEL } },
];

/** One scenario's figures under one variant, cell by cell. */
function cells(scenario: Scenario, m: RunMeasurement, cacheTarget: number): string[] {
  const c = cacheFigures(m.calls, cacheTarget).afterFirstOfModel;
  const cost = m.calls.reduce((n, call) => n + costOf(call.usage, call.model, DEFAULT_PRICES), 0);
  const target = COST_TARGETS_USD[scenario.id];
  return [
    m.result.verdict,
    fmtInt(totalTokens(m.totals)),
    `$${cost.toFixed(3)}`,
    target === undefined ? '—' : `${verdict(cost <= target)} (≤ $${target.toFixed(2)})`,
    `${c.atTarget} of ${c.calls}`,
    fmtPct(c.aggregate),
    fmtPct(c.worst),
  ];
}

/** A model's input and output price per million tokens, as the bench prices it. */
function priceText(model: string): string {
  const p = DEFAULT_PRICES[model];
  return p ? `${model} $${p.input} / $${p.output} per million input / output tokens` : `${model}: no price in the table`;
}

export async function whatIfSection(scenarios: Scenario[], latencyMs: number, cacheTarget: number, log: (s: string) => void): Promise<string[]> {
  // One row per variant; each cell gives the scenarios in order, " / " between them.
  const rows: string[][] = [];
  for (const variant of VARIANTS) {
    const perScenario: string[][] = [];
    for (const scenario of scenarios) {
      log(`bench: what-if ${scenario.id}, ${variant.name}`);
      perScenario.push(cells(scenario, await measureRun(scenario, { latencyMs, ...variant.options }), cacheTarget));
    }
    rows.push([variant.name, ...perScenario[0]!.map((_, k) => perScenario.map((c) => c[k]).join(' / '))]);
  }
  return [
    '### What-if: changes that would lift the cache share or meet the cost target (measured, not in the engine)',
    '',
    `Bench-side variants of the same runs: all roles on ${DEFAULT_MODELS.challenger} (the cache is per model, so roles on the other model cannot read this one's prefix); one that puts every role's instructions in one cached "handbook" block shared by all roles (the role is named in the uncached task text), so a role's first call pays no role-specific write; and the judgement roles (challenger, synthesizer, devil's advocate, auditor) on ${DEFAULT_MODELS.researcher} instead of ${DEFAULT_MODELS.challenger}, at the table's prices (${priceText(DEFAULT_MODELS.challenger)}; ${priceText(DEFAULT_MODELS.researcher)}): what a cheaper judgement model buys toward the cost target, paid in review quality (same scripted answers here, so the verdicts cannot show it). Each cell gives ${scenarios.map((s) => s.label).join(' / ')}. Cache columns are over calls after the first of each model. Run at L = ${latencyMs} ms. The engine itself now holds a model's later calls until that model's first response has started (src/core/llm/warm-first.ts), so every variant includes it.`,
    '',
    mdTable(['Variant', 'Verdict', 'Total tokens', 'Cost (USD)', 'Cost target', 'Calls ≥ target', 'Cache read (aggregate)', 'Worst call'], rows),
  ];
}
