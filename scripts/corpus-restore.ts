/**
 * `npm run corpus:restore [-- <entry id>…]`: brings back the plan corpus texts the repository does not carry,
 * from their public repositories at the pinned commits, each checked against its recorded sha256
 * (test/support/corpus-restore.ts; test/fixtures/plan-corpus/README.md).
 *   PLAN_CORPUS_REMOTE   git remote per repository, default https://github.com/{repo}.git ({repo}, {owner}, {name})
 * Exit code 0 when every text is present and unchanged afterwards, 1 otherwise.
 */
import { DEFAULT_REMOTE, restoreCorpus } from '../test/support/corpus-restore';

const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const result = restoreCorpus({
  remoteTemplate: process.env.PLAN_CORPUS_REMOTE || DEFAULT_REMOTE,
  only,
  corpusDir: process.env.PLAN_CORPUS_DIR || undefined,
  log: (line) => console.log(line),
});
console.log(`corpus:restore: ${result.restored} restored, ${result.present} already present, ${result.failures.length} failed`);
process.exitCode = result.failures.length === 0 ? 0 : 1;
