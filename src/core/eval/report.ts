/**
 * The eval's outputs: a Markdown report (stdout, eval.md, the CI job
 * summary), eval.json (records + figures, enough to rescore), and an SVG
 * chart of recall against cost per configuration (chart.ts).
 *
 * Every percentage is printed with its fraction ("31.0 % (39/126)") so a
 * reader can check the arithmetic.
 */
import { cell, escapeInline, table as gfmTable } from '../report/escape';
import { CATEGORY_LABELS, FlawCategory, type CorpusCase } from './truth';
import type { ConfigFigures } from './metrics';
import type { RunRecord } from './records';
import { judgeFigures, type JudgeRecord } from './judge';
import { formatUsd } from '../money';

export interface EvalMeta {
  generatedAt: string;
  corpus: string;
  provider: string;
  runs: number;
  models: Record<string, string>;
  reviewFile: string;
  reviewedItems: number;
  reviewItems: number;
  /** Set when runs were skipped (Ctrl-C, --max-cost): the figures cover the runs done. */
  stoppedEarly?: string | null;
}

export function pct(n: number | null, num?: number, den?: number): string {
  if (n === null) return '—';
  const frac = num !== undefined && den !== undefined ? ` (${num}/${den})` : '';
  return `${(n * 100).toFixed(1)} %${frac}`;
}

const usd = formatUsd;
const seconds = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);
const int = (n: number) => Math.round(n).toLocaleString('en-US');

/** Every cell escaped: case ids, model names and labels come from files and flags. */
function table(head: string[], rows: string[][]): string {
  return gfmTable(
    head.map((h) => cell(h)),
    rows.map((r) => r.map((c) => cell(c))),
  );
}

const CONFIG_NAMES: Record<ConfigFigures['config'], string> = {
  static: 'Static checks (no model)',
  'single-pass': 'Single pass (one challenger call)',
  loop: 'Convergence loop',
};

export function renderMarkdown(
  figures: readonly ConfigFigures[],
  cases: readonly CorpusCase[],
  meta: EvalMeta,
  records: readonly RunRecord[] = [],
  judge: readonly JudgeRecord[] | null = null,
): string {
  const flaws = cases.reduce((n, c) => n + c.truth.flaws.length, 0);
  const sound = cases.filter((c) => c.truth.flaws.length === 0).length;
  const out: string[] = [];
  out.push(`## Verify Plan eval: ${cases.length} plans, ${flaws} seeded flaws, ${sound} sound plans`, '');
  out.push(
    `Corpus ${escapeInline(meta.corpus)}, provider **${escapeInline(meta.provider)}**, ${meta.runs} run(s) per plan, generated ${meta.generatedAt}. Models: ${escapeInline(
      Object.entries(meta.models)
        .map(([role, model]) => `${role} ${model}`)
        .join(', '),
    )}.`,
    '',
  );
  out.push(
    table(
      [
        'Configuration',
        'Recall',
        'Recall (lines only)',
        'Precision',
        'Verdict accuracy',
        'Stability',
        'Flaws found (ever / every run)',
        'Line-only hits',
        'Dismissed true flaws',
        'Tokens / plan run',
        'Cost / plan run',
        'Total cost',
        'Wall / plan run',
      ],
      figures.map((f) => [
        CONFIG_NAMES[f.config],
        pct(f.recall, f.detections, f.flawRuns),
        pct(f.lineRecall, f.lineDetections, f.flawRuns),
        `${f.precisionIsLowerBound ? '≥ ' : ''}${pct(f.precision, f.matched + f.reviewedTrue, f.predictions)}`,
        f.verdictAccuracy === null ? '—' : pct(f.verdictAccuracy, f.verdictCorrect, f.verdictRuns),
        pct(f.stability),
        `${f.flawsFoundEver} / ${f.flawsFoundEveryRun}`,
        String(f.lineOnly),
        f.config === 'loop' ? String(f.dismissedHits) : '—',
        int(f.tokensPerPlanRun),
        usd(f.costPerPlanRun),
        usd(f.totalCostUsd),
        seconds(f.wallMsPerPlanRun),
      ]),
    ),
    '',
  );
  if (meta.stoppedEarly)
    out.push(`**Incomplete:** the eval stopped early (${escapeInline(meta.stoppedEarly)}); every figure covers only the runs that were done (see the per-plan table).`, '');
  const lowerBound = figures.some((f) => f.precisionIsLowerBound);
  out.push(
    lowerBound
      ? `Precision is a **lower bound**: ${meta.reviewItems - meta.reviewedItems} of ${meta.reviewItems} unmatched predictions in ${escapeInline(meta.reviewFile)} are not reviewed yet and count as false. Mark them and run \`verify-plan eval --rescore <out dir>\`.`
      : `Precision includes the hand review in ${escapeInline(meta.reviewFile)} (${meta.reviewedItems} of ${meta.reviewItems} items marked).`,
    '',
  );
  const failed = figures.filter((f) => f.failedRuns > 0);
  if (failed.length) out.push(`Failed runs (counted as finding nothing): ${failed.map((f) => `${f.config} ${f.failedRuns}`).join(', ')}.`, '');

  if (judge) out.push(...judgeSection(figures, cases, records, judge));

  out.push('### Per category', '');
  out.push(
    table(
      ['Category', 'Flaws', ...figures.flatMap((f) => [`Recall: ${f.config}`, `Precision: ${f.config}`])],
      FlawCategory.options.map((cat) => [
        CATEGORY_LABELS[cat],
        String(figures[0]?.perCategory[cat].flaws ?? 0),
        ...figures.flatMap((f) => {
          const c = f.perCategory[cat];
          return [pct(c.recall), c.predictions === 0 ? '—' : `${f.precisionIsLowerBound ? '≥ ' : ''}${pct(c.precision)} of ${c.predictions}`];
        }),
      ]),
    ),
    '',
  );

  out.push('### Per plan', '');
  const model = figures.filter((f) => f.config !== 'static');
  out.push(
    table(
      [
        'Plan',
        'Format',
        'Flaws',
        'Expected',
        ...model.flatMap((f) => [`Verdicts: ${f.config}`, `Recall: ${f.config}`]),
        'Tokens / run (loop)',
        'Cost / run (loop)',
        'Wall / run (loop)',
      ],
      cases.map((c) => {
        const loop = figures.find((f) => f.config === 'loop')?.perCase.find((p) => p.caseId === c.id);
        return [
          c.id,
          c.truth.format,
          String(c.truth.flaws.length),
          c.truth.expected_verdict,
          ...model.flatMap((f) => {
            const p = f.perCase.find((x) => x.caseId === c.id);
            const verdicts = Object.entries(p?.verdicts ?? {})
              .map(([label, n]) => `${label} ×${n}`)
              .join(', ');
            return [verdicts || '—', p?.flaws ? pct(p.recall) : '—'];
          }),
          loop ? int(loop.tokensPerRun) : '—',
          loop ? usd(loop.costPerRun) : '—',
          loop ? seconds(loop.wallMsPerRun) : '—',
        ];
      }),
    ),
    '',
  );
  out.push('### Per flaw (runs that found it)', '');
  out.push(
    table(
      ['Plan', 'Flaw', 'Category', 'Severity', ...figures.map((f) => f.config)],
      cases.flatMap((c) =>
        c.truth.flaws.map((flaw) => [
          c.id,
          flaw.id,
          CATEGORY_LABELS[flaw.category],
          flaw.severity,
          ...figures.map((f) => {
            const p = f.perFlaw.find((x) => x.caseId === c.id && x.flawId === flaw.id);
            return p ? `${p.found}/${p.runs}` : '—';
          }),
        ]),
      ),
    ),
    '',
  );
  out.push('Matching rules, definitions and the hand-review workflow: eval/README.md.', '');
  return `${out.join('\n')}\n`;
}

export function renderJson(records: readonly RunRecord[], figures: readonly ConfigFigures[], meta: EvalMeta, judge: readonly JudgeRecord[] | null = null): string {
  return `${JSON.stringify({ version: 1, meta, figures, records, judge }, null, 2)}\n`;
}

/** The judge's view, apart from the deterministic figures it never changes. */
function judgeSection(figures: readonly ConfigFigures[], cases: readonly CorpusCase[], records: readonly RunRecord[], judge: readonly JudgeRecord[]): string[] {
  const cost = judge.reduce((n, j) => n + j.costUsd, 0);
  const failed = judge.filter((j) => j.error !== null).length;
  return [
    '### With the LLM judge (recorded separately)',
    '',
    `The judge was asked about ${judge.length} distinct unmatched challenges (${judge.filter((j) => j.flawId).length} judged to describe a seeded flaw${failed ? `, ${failed} calls failed` : ''}), for ${usd(cost)}. These figures add its matches to the deterministic ones; the table above does not use them.`,
    '',
    table(
      ['Configuration', 'Recall with judge', 'Precision with judge', 'Extra matches'],
      figures
        .filter((f) => f.config !== 'static')
        .map((f) => {
          const j = judgeFigures(f.config, records, cases, judge);
          return [CONFIG_NAMES[f.config], pct(j.recall, j.detections, f.flawRuns), pct(j.precision, f.matched + j.judgedTrue, f.predictions), String(j.judgedTrue)];
        }),
    ),
    '',
  ];
}
