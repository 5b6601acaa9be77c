/**
 * `verify-plan eval` in the engine: score run records against the corpus and
 * write the outputs (eval.md, eval.json, recall-vs-cost.svg, hand-review.json)
 * into one folder. The CLI adds argument parsing, providers and printing.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { renderChart } from './chart';
import { figuresFor, type ConfigFigures } from './metrics';
import { CONFIGURATIONS, type RunRecord } from './records';
import { renderJson, renderMarkdown, type EvalMeta } from './report';
import { buildReviewFile, readReview, REVIEW_FILE } from './review';
import type { CorpusCase } from './truth';
import type { JudgeRecord } from './judge';

export { loadCorpus, EvalInputError, type CorpusCase } from './truth';
export { runEval } from './runner';
export { createFakeProvider, loadFakeScript } from './fake-provider';
export { readEvalJson } from './persisted';
export { judgeUnmatched, type JudgeRecord } from './judge';

export const OUTPUT_FILES = { markdown: 'eval.md', json: 'eval.json', chart: 'recall-vs-cost.svg', review: REVIEW_FILE } as const;

export interface EvalOutputs {
  markdown: string;
  figures: ConfigFigures[];
  files: string[];
}

/**
 * Scores `records`, re-reading hand-review marks from the out folder when a
 * review file is there, rewrites every output file and returns the report.
 */
export async function scoreAndWrite(input: {
  records: RunRecord[];
  cases: CorpusCase[];
  outDir: string;
  judge: JudgeRecord[] | null;
  meta: Omit<EvalMeta, 'reviewFile' | 'reviewedItems' | 'reviewItems'>;
}): Promise<EvalOutputs> {
  await mkdir(input.outDir, { recursive: true });
  const reviewPath = path.join(input.outDir, OUTPUT_FILES.review);
  const previous = await readReview(reviewPath);
  const review = buildReviewFile(input.records, input.cases, previous);
  const present = new Set(input.records.map((r) => r.config));
  const figures = CONFIGURATIONS.filter((c) => present.has(c)).map((c) => figuresFor(c, input.records, input.cases, previous.marks));
  const meta: EvalMeta = {
    ...input.meta,
    reviewFile: reviewPath,
    reviewItems: review.items.length,
    reviewedItems: review.items.filter((i) => i.true_flaw !== null).length,
  };
  const markdown = renderMarkdown(figures, input.cases, meta, input.records, input.judge);
  const files = {
    [OUTPUT_FILES.markdown]: markdown,
    [OUTPUT_FILES.json]: renderJson(input.records, figures, meta, input.judge),
    [OUTPUT_FILES.chart]: renderChart(figures, `Recall vs cost per plan run — ${input.meta.provider}`),
    [OUTPUT_FILES.review]: `${JSON.stringify(review, null, 2)}\n`,
  };
  const written: string[] = [];
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(input.outDir, name);
    await writeFile(file, content, 'utf8');
    written.push(file);
  }
  return { markdown, figures, files: written };
}
