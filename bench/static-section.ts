/**
 * Section 6 of BENCHMARKS.md: the static checks' precision and recall on the
 * real-plan corpus (test/fixtures/plan-corpus). The shipped subset (the plans
 * whose licence lets the repository carry their text) is measured on every
 * run; the whole corpus is the record written with every text restored
 * (`npx tsx scripts/plan-corpus.ts --record`), printed with its commit.
 */
import { computeFigures, readFullCorpusRecord, renderFigures } from '../test/support/plan-corpus-figures';
import { loadCorpus } from '../test/support/plan-corpus';

export function staticChecksSection(): string[] {
  const shipped = loadCorpus().filter((p) => p.shipped);
  const full = readFullCorpusRecord();
  return ['## 6. Static checks on real plans', '', ...renderFigures(computeFigures(shipped)), ...(full ? renderFigures(full.figures) : [])];
}
