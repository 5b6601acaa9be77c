/**
 * Prints the static checks' findings on the real-plan corpus and the
 * per-rule precision/recall from the hand labels (test/support/plan-corpus.ts).
 *   npx tsx scripts/plan-corpus.ts            the tables, on the plans whose text is present
 *   npx tsx scripts/plan-corpus.ts --findings  every finding (the advice checks too) in labels.tsv form, "?" when unlabelled
 *   npx tsx scripts/plan-corpus.ts --notices   rewrite test/fixtures/plan-corpus/NOTICES.md from the provenance files
 *   npx tsx scripts/plan-corpus.ts --record    measure the whole corpus (every text restored: `npm run corpus:restore`)
 *                                              and write test/fixtures/plan-corpus/full-corpus-figures.json with
 *                                              the commit whose rules it measured
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { computeFigures, FULL_CORPUS_RECORD, renderFigures, type FullCorpusRecord } from '../test/support/plan-corpus-figures';
import { ADVICE_ON, corpusEntries, findingsFor, readCorpus, readLabels, REPOSITORY_CORPUS_DIR } from '../test/support/plan-corpus';
import { NOTICES_FILE, renderNotices } from '../test/support/corpus-notices';

if (process.argv.includes('--notices')) {
  writeFileSync(NOTICES_FILE, renderNotices(corpusEntries(REPOSITORY_CORPUS_DIR)));
  console.log(`wrote ${NOTICES_FILE}`);
  process.exit(0);
}
const { present, absent } = readCorpus();
if (process.argv.includes('--findings')) {
  for (const plan of present) {
    const labels = readLabels(plan);
    console.log(`## ${plan.id} (${plan.format}${plan.heldOut ? ', held out' : ''})`);
    for (const f of findingsFor(plan, ADVICE_ON)) {
      const line = f.range.startLine + 1;
      const l = labels.find((x) => x.verdict !== 'MISS' && x.rule === f.code && x.line === line);
      console.log(`${f.code}\t${line}\t${l ? l.verdict : '?'}\t${f.level} ${f.message.slice(0, 140)}`);
    }
  }
} else if (process.argv.includes('--record')) {
  if (absent.length > 0) {
    console.error(`${absent.length} plan texts are absent (first: ${absent[0]}); run \`npm run corpus:restore\` first.`);
    process.exit(1);
  }
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
  if (git('status', '--porcelain', '--', 'src') !== '') {
    console.error('src/ has uncommitted changes: the record names the commit whose rules it measured.');
    process.exit(1);
  }
  const record: FullCorpusRecord = { rulesCommit: git('rev-parse', 'HEAD'), measuredOn: new Date().toISOString().slice(0, 10), figures: computeFigures(present) };
  writeFileSync(FULL_CORPUS_RECORD, `${JSON.stringify(record, null, 2)}\n`);
  console.log(`wrote ${FULL_CORPUS_RECORD}: ${present.length} plans, rules at ${record.rulesCommit}`);
} else {
  console.log(`${present.length} plans scored, ${absent.length} absent (not restored).\n`);
  console.log(renderFigures(computeFigures(present)).join('\n'));
}
