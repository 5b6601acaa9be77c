/**
 * Prints the static checks' findings on the real-plan corpus and the
 * per-rule precision/recall from the hand labels (test/support/plan-corpus.ts).
 *   npx tsx scripts/plan-corpus.ts            the tables (tuning and held-out plans apart)
 *   npx tsx scripts/plan-corpus.ts --findings  every finding (the advice checks too) in labels.tsv form, "?" when unlabelled
 */
import { ADVICE_ON, corpusTables, findingsFor, loadCorpus, readLabels } from '../test/support/plan-corpus';

const plans = loadCorpus();
if (process.argv.includes('--findings')) {
  for (const plan of plans) {
    const labels = readLabels(plan);
    console.log(`## ${plan.id} (${plan.format}${plan.heldOut ? ', held out' : ''})`);
    for (const f of findingsFor(plan, ADVICE_ON)) {
      const line = f.range.startLine + 1;
      const l = labels.find((x) => x.verdict !== 'MISS' && x.rule === f.code && x.line === line);
      console.log(`${f.code}\t${line}\t${l ? l.verdict : '?'}\t${f.level} ${f.message.slice(0, 140)}`);
    }
  }
} else {
  console.log(corpusTables(plans).join('\n'));
}
