/**
 * Section 6 of BENCHMARKS.md: the static checks' precision and recall on the
 * real-plan corpus (test/fixtures/plan-corpus). The shipped subset (the plans
 * whose licence lets the repository carry their text) is scored on every
 * run; the whole corpus is the record written with every text restored
 * (`npx tsx scripts/plan-corpus.ts --record`), printed with the commit whose
 * rules it measured; then the rules that read the code on their held-out set (recorded by
 * `npm run eval:typecheck -- --record`, whose trees are not in the repository). Counts, not timings: the same on any machine.
 * test/unit/bench-static-section.test.ts holds BENCHMARKS.md to this output.
 */
import { corpusEntries, loadCorpus, totalScore, precisionOf, type RuleScore } from '../test/support/plan-corpus';
import { computeFigures, readFullCorpusRecord, renderFigures, type CorpusFigures } from '../test/support/plan-corpus-figures';
import { heldoutSets, readHeldoutFigures, readHeldoutPlans, renderHeldoutFigures } from '../test/support/typecheck-heldout';

export const STATIC_SECTION_HEADING = '## 6. Static checks on real plans';
const TARGET = { overall: 0.9, perRule: 0.8, minFindings: 10 };

export function staticChecksSection(): string[] {
  const entries = corpusEntries();
  const plans = entries.reduce((n, e) => n + e.provenance.plans.length, 0);
  const repositories = new Set(entries.map((e) => e.provenance.repo)).size;
  const shipped = loadCorpus().filter((p) => p.shipped);
  const shippedFigures = computeFigures(shipped);
  const full = readFullCorpusRecord();
  return [
    STATIC_SECTION_HEADING,
    '',
    `Corpus: test/fixtures/plan-corpus — ${plans.toLocaleString('en-US')} public plans from ${repositories.toLocaleString('en-US')} repositories (GSD, spec-kit, Kiro, superpowers, Claude Code and free-form plans), each pinned to a commit with that commit's file list and a hand label for every finding; how plans are collected, labelled blind and held out is in its README. Precision = true findings / findings (an unlabelled finding counts against it); recall counts only the problems the labels name. The thresholds (test/unit/plan-corpus.test.ts, at the default levels): ≥ 90 % overall, ≥ 80 % for each rule with 10+ findings, no error-level finding on a plan that is not broken. Figures are counts, the same on any machine.`,
    '',
    `### Shipped subset: the ${shipped.length} plans whose texts the repository carries`,
    '',
    'Their repositories’ licences allow redistribution (NOTICES.md); a fresh clone scores these. Measured on this run; reproduce with `npx mocha test/unit/plan-corpus.test.ts` or `npx tsx scripts/plan-corpus.ts` (which prints the tables for whatever texts are present).',
    '',
    ...verdicts(shippedFigures),
    '',
    ...renderFigures(shippedFigures, { record: false }),
    ...(full
      ? [
          `### Whole corpus: all ${full.figures.plans.toLocaleString('en-US')} plans`,
          '',
          `Measured on ${full.measuredOn} with every text present, rules at commit ${full.rulesCommit} (test/fixtures/plan-corpus/full-corpus-figures.json). Reproduce: \`npm run corpus:restore\` (fetches the ${(full.figures.plans - shipped.length).toLocaleString('en-US')} texts the repository does not carry from their public repositories), then \`npx tsx scripts/plan-corpus.ts --record\`.`,
          '',
          ...verdicts(full.figures),
          '',
          ...renderFigures(full.figures),
        ]
      : ['The whole-corpus record (test/fixtures/plan-corpus/full-corpus-figures.json) is missing.', '']),
    ...heldoutLines(),
  ];
}

/** The rules that read the code on their held-out sets (test/fixtures/plan-corpus-typecheck), as recorded. */
function heldoutLines(): string[] {
  const figures = readHeldoutFigures();
  if (!figures) return ['The held-out record of the rules that read the code (test/fixtures/plan-corpus-typecheck/figures.json) is missing.'];
  const reposBySet = new Map(heldoutSets(readHeldoutPlans()).map((set) => [set.firstScored, [...new Set(set.plans.map((p) => p.repo))]]));
  return renderHeldoutFigures(figures, reposBySet);
}

/** One line on the thresholds: met or not overall, per rule with enough findings, and the rules with too few to judge. */
function verdicts(f: CorpusFigures): string[] {
  const perRule = f.defaultLevels as Record<string, RuleScore>;
  const findings = (s: RuleScore) => s.tp + s.fp + s.unlabelled;
  const pct = (s: RuleScore) => `${(100 * (precisionOf(s) ?? 0)).toFixed(1)} % (${s.tp}/${findings(s)})`;
  const total = totalScore(perRule);
  const judged = Object.entries(perRule).filter(([, s]) => findings(s) >= TARGET.minFindings);
  const tooFew = Object.entries(perRule).filter(([, s]) => findings(s) > 0 && findings(s) < TARGET.minFindings);
  const overallMet = (precisionOf(total) ?? 0) >= TARGET.overall;
  return [
    `Thresholds: overall ${pct(total)}, ${overallMet ? 'met' : '**below 90 %**'}; ${judged.map(([r, s]) => `\`${r}\` ${pct(s)}, ${(precisionOf(s) ?? 0) >= TARGET.perRule ? 'met' : '**below 80 %**'}`).join('; ')}${tooFew.length ? `; too few findings to judge (under ${TARGET.minFindings}): ${tooFew.map(([r, s]) => `\`${r}\` (${findings(s)})`).join(', ')}` : ''}. Error-level findings on plans not labelled broken: ${f.errorsOnUnbrokenPlans === 0 ? 'none' : f.errorsOnUnbrokenPlans}.`,
  ];
}
