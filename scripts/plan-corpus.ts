/**
 * Prints the static checks' findings on the real-plan corpus and the
 * per-rule precision/recall from the hand labels.
 *   npx tsx scripts/plan-corpus.ts            table (tuning and held-out plans apart)
 *   npx tsx scripts/plan-corpus.ts --findings  every finding, in labels.tsv form, marked "?" when unlabelled
 */
import { findingsFor, loadCorpus, readLabels, score, type RuleScore } from '../test/support/plan-corpus';

const plans = loadCorpus();
if (process.argv.includes('--findings')) {
  for (const plan of plans) {
    const labels = readLabels(plan);
    console.log(`## ${plan.id} (${plan.format}${plan.heldOut ? ', held out' : ''})`);
    for (const f of findingsFor(plan)) {
      const line = f.range.startLine + 1;
      const l = labels.find((x) => x.verdict !== 'MISS' && x.rule === f.code && x.line === line);
      console.log(`${f.code}\t${line}\t${l ? l.verdict : '?'}\t${f.level} ${f.message.slice(0, 140)}`);
    }
  }
} else {
  for (const [name, subset] of [
    ['tuning plans', plans.filter((p) => !p.heldOut)],
    ['held-out plans', plans.filter((p) => p.heldOut)],
  ] as const) {
    const { perRule, unlabelled, errorsOnUnbrokenPlans } = score(subset);
    console.log(`\n${name} (${subset.length} plans, ${new Set(subset.map((p) => p.repo)).size} repositories)`);
    console.log('| rule | findings | TP | FP | misses | precision | recall |\n|---|---|---|---|---|---|---|');
    const total: RuleScore = { tp: 0, fp: 0, miss: 0, unlabelled: 0 };
    for (const [rule, s] of Object.entries(perRule)) {
      console.log(row(rule, s));
      total.tp += s.tp;
      total.fp += s.fp;
      total.miss += s.miss;
      total.unlabelled += s.unlabelled;
    }
    console.log(row('**all**', total));
    if (unlabelled.length) console.log(`unlabelled: ${unlabelled.length}`);
    if (errorsOnUnbrokenPlans.length) console.log(`error-level findings on plans not labelled broken: ${errorsOnUnbrokenPlans.join(', ')}`);
  }
}

function row(rule: string, s: RuleScore): string {
  const n = s.tp + s.fp + s.unlabelled;
  const pct = (a: number, b: number): string => (b === 0 ? '–' : `${Math.round((100 * a) / b)} %`);
  return `| ${rule} | ${n} | ${s.tp} | ${s.fp} | ${s.miss} | ${pct(s.tp, s.tp + s.fp)} | ${pct(s.tp, s.tp + s.miss)} |`;
}
