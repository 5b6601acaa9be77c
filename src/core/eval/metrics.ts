/**
 * The figures of an eval, from run records and hand-review marks. Pure.
 *
 * Definitions (eval/README.md):
 *   recall            = Σ over runs of flaws found / (flaws × runs)
 *   precision         = (matched predictions + unmatched ones a reviewer marked
 *                       true) / all predictions; a lower bound while any
 *                       unmatched prediction is unreviewed (counted false)
 *   verdict accuracy  = runs whose verdict equals the expected one / runs
 *   stability         = mean, over flaws found in at least one run, of the
 *                       share of runs that found them
 *   tokens, cost, wall time: mean per plan run
 */
import type { Verdict } from '../protocol';
import { overlaps } from './match';
import type { CorpusCase, FlawCategory } from './truth';
import { FlawCategory as FlawCategorySchema } from './truth';
import { reviewKey, totalTokens, type Configuration, type RunRecord } from './records';

export type ReviewMarks = ReadonlyMap<string, boolean>;

export interface CategoryFigures {
  flaws: number;
  recall: number | null;
  predictions: number;
  precision: number | null;
  stability: number | null;
}

export interface CaseFigures {
  caseId: string;
  format: string;
  expected: Verdict;
  verdicts: Partial<Record<string, number>>;
  flaws: number;
  recall: number | null;
  predictionsPerRun: number;
  unmatchedPerRun: number;
  tokensPerRun: number;
  costPerRun: number;
  wallMsPerRun: number;
}

export interface ConfigFigures {
  config: Configuration;
  /** The most runs any plan got (the requested N unless the eval was cut short). */
  runsPerPlan: number;
  planRuns: number;
  /** Σ over plans of flaws × that plan's runs: the recall denominator. */
  flawRuns: number;
  flaws: number;
  detections: number;
  recall: number | null;
  /** Recall when a prediction on the flaw's lines counts whatever its category (how often the spot was found). */
  lineRecall: number | null;
  lineDetections: number;
  predictions: number;
  matched: number;
  reviewedTrue: number;
  reviewedFalse: number;
  unreviewed: number;
  precision: number | null;
  precisionIsLowerBound: boolean;
  /** Unmatched predictions on a flaw's lines whose category differed. */
  lineOnly: number;
  /** Flaws raised by a challenge the loop then dismissed, with no counted match in that run. */
  dismissedHits: number;
  verdictAccuracy: number | null;
  verdictCorrect: number;
  verdictRuns: number;
  stability: number | null;
  flawsFoundEver: number;
  flawsFoundEveryRun: number;
  tokensPerPlanRun: number;
  costPerPlanRun: number;
  totalCostUsd: number;
  wallMsPerPlanRun: number;
  failedRuns: number;
  perCategory: Record<FlawCategory, CategoryFigures>;
  perCase: CaseFigures[];
  /** Every seeded flaw: in how many of its plan's runs it was found (stability per flaw). */
  perFlaw: { caseId: string; flawId: string; category: FlawCategory; found: number; runs: number }[];
}

const ratio = (n: number, d: number): number | null => (d === 0 ? null : n / d);
const mean = (xs: number[]): number => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);

function isTrue(record: RunRecord, id: string, marks: ReviewMarks): boolean | null {
  if ((record.match.matchedFlaws[id] ?? []).length > 0) return true;
  const p = record.predictions.find((x) => x.id === id);
  if (!p) return null;
  const mark = marks.get(reviewKey(record.caseId, p));
  return mark === undefined ? null : mark;
}

export function figuresFor(config: Configuration, records: readonly RunRecord[], cases: readonly CorpusCase[], marks: ReviewMarks = new Map()): ConfigFigures {
  const mine = records.filter((r) => r.config === config);
  const runsOf = new Map(cases.map((c) => [c.id, mine.filter((r) => r.caseId === c.id).length]));
  const runsPerPlan = Math.max(0, ...runsOf.values());
  const flawsOf = (c: CorpusCase) => c.truth.flaws;
  const totalFlaws = cases.reduce((n, c) => n + flawsOf(c).length, 0);
  const flawRuns = cases.reduce((n, c) => n + flawsOf(c).length * (runsOf.get(c.id) ?? 0), 0);
  /** Share of a plan's runs that found one of its flaws ("case/F1" keys). */
  const share = (key: string) => (foundCount.get(key) ?? 0) / Math.max(1, runsOf.get(key.slice(0, key.lastIndexOf('/'))) ?? 0);

  let detections = 0;
  let lineDetections = 0;
  let predictions = 0;
  let matched = 0;
  let reviewedTrue = 0;
  let reviewedFalse = 0;
  let lineOnly = 0;
  let dismissedHits = 0;
  const foundCount = new Map<string, number>();
  const catPred = new Map<FlawCategory, { n: number; t: number }>();

  for (const r of mine) {
    const c = cases.find((x) => x.id === r.caseId);
    if (!c) continue;
    detections += r.match.found.length;
    lineDetections += new Set([...r.match.found, ...Object.values(r.match.lineOnly).flat()]).size;
    for (const id of r.match.found) foundCount.set(`${c.id}/${id}`, (foundCount.get(`${c.id}/${id}`) ?? 0) + 1);
    for (const p of r.predictions) {
      predictions++;
      const truth = isTrue(r, p.id, marks);
      if ((r.match.matchedFlaws[p.id] ?? []).length > 0) matched++;
      else if (truth === true) reviewedTrue++;
      else if (truth === false) reviewedFalse++;
      if ((r.match.matchedFlaws[p.id] ?? []).length === 0 && (r.match.lineOnly[p.id] ?? []).length > 0) lineOnly++;
      if (p.category) {
        const slot = catPred.get(p.category) ?? { n: 0, t: 0 };
        slot.n++;
        if (truth === true) slot.t++;
        catPred.set(p.category, slot);
      }
    }
    dismissedHits += dismissedOnly(r, c);
  }

  const perCategory = Object.fromEntries(
    FlawCategorySchema.options.map((cat) => {
      const inCat = cases.flatMap((c) =>
        flawsOf(c)
          .filter((f) => f.category === cat)
          .map((f) => ({ key: `${c.id}/${f.id}`, runs: runsOf.get(c.id) ?? 0 })),
      );
      const flaws = inCat.map((f) => f.key);
      const det = flaws.reduce((n, k) => n + (foundCount.get(k) ?? 0), 0);
      const ever = flaws.filter((k) => (foundCount.get(k) ?? 0) > 0);
      const slot = catPred.get(cat) ?? { n: 0, t: 0 };
      return [
        cat,
        {
          flaws: flaws.length,
          recall: ratio(
            det,
            inCat.reduce((n, f) => n + f.runs, 0),
          ),
          predictions: slot.n,
          precision: ratio(slot.t, slot.n),
          stability: ever.length === 0 ? null : mean(ever.map(share)),
        },
      ];
    }),
  ) as Record<FlawCategory, CategoryFigures>;

  const withVerdict = config === 'static' ? [] : mine;
  const correct = withVerdict.filter((r) => r.verdict !== null && r.verdict === cases.find((c) => c.id === r.caseId)?.truth.expected_verdict).length;
  const everFound = [...foundCount.keys()];
  return {
    config,
    runsPerPlan,
    planRuns: mine.length,
    flawRuns,
    flaws: totalFlaws,
    detections,
    recall: ratio(detections, flawRuns),
    lineRecall: ratio(lineDetections, flawRuns),
    lineDetections,
    predictions,
    matched,
    reviewedTrue,
    reviewedFalse,
    unreviewed: predictions - matched - reviewedTrue - reviewedFalse,
    precision: ratio(matched + reviewedTrue, predictions),
    precisionIsLowerBound: predictions - matched - reviewedTrue - reviewedFalse > 0,
    lineOnly,
    dismissedHits,
    verdictAccuracy: config === 'static' ? null : ratio(correct, withVerdict.length),
    verdictCorrect: correct,
    verdictRuns: withVerdict.length,
    stability: everFound.length === 0 ? null : mean(everFound.map(share)),
    flawsFoundEver: everFound.length,
    flawsFoundEveryRun: everFound.filter((k) => share(k) === 1).length,
    tokensPerPlanRun: mean(mine.map((r) => totalTokens(r.usage))),
    costPerPlanRun: mean(mine.map((r) => r.costUsd)),
    totalCostUsd: mine.reduce((n, r) => n + r.costUsd, 0),
    wallMsPerPlanRun: mean(mine.map((r) => r.wallMs)),
    failedRuns: mine.filter((r) => r.error !== null).length,
    perCategory,
    perCase: cases.map((c) =>
      caseFigures(
        c,
        mine.filter((r) => r.caseId === c.id),
      ),
    ),
    perFlaw: cases.flatMap((c) =>
      flawsOf(c).map((f) => ({ caseId: c.id, flawId: f.id, category: f.category, found: foundCount.get(`${c.id}/${f.id}`) ?? 0, runs: runsOf.get(c.id) ?? 0 })),
    ),
  };
}

/** Flaws that only a dismissed (RESOLVED / WITHDRAWN) challenge touched, by line and category, in this run. */
function dismissedOnly(r: RunRecord, c: CorpusCase): number {
  const found = new Set(r.match.found);
  let n = 0;
  for (const f of c.truth.flaws) {
    if (found.has(f.id)) continue;
    const hit = r.dismissed.some((p) => p.category === f.category && p.lines !== null && [f.lines, ...f.also].some((range) => overlaps(p.lines!, range)));
    if (hit) n++;
  }
  return n;
}

function caseFigures(c: CorpusCase, runs: RunRecord[]): CaseFigures {
  const verdicts: Partial<Record<string, number>> = {};
  for (const r of runs) {
    const key = r.verdictLabel ?? '—';
    verdicts[key] = (verdicts[key] ?? 0) + 1;
  }
  return {
    caseId: c.id,
    format: c.truth.format,
    expected: c.truth.expected_verdict,
    verdicts,
    flaws: c.truth.flaws.length,
    recall: ratio(
      runs.reduce((n, r) => n + r.match.found.length, 0),
      c.truth.flaws.length * runs.length,
    ),
    predictionsPerRun: mean(runs.map((r) => r.predictions.length)),
    unmatchedPerRun: mean(runs.map((r) => r.predictions.filter((p) => (r.match.matchedFlaws[p.id] ?? []).length === 0).length)),
    tokensPerRun: mean(runs.map((r) => totalTokens(r.usage))),
    costPerRun: mean(runs.map((r) => r.costUsd)),
    wallMsPerRun: mean(runs.map((r) => r.wallMs)),
  };
}
