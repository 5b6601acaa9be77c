/**
 * The hand-review file: every prediction that matched no seeded flaw, once
 * per distinct wording (reviewKey), for a person to mark `true_flaw`: true
 * (a real problem of the plan the corpus did not seed) or false (noise).
 * Precision counts true marks as hits and is a lower bound while any item
 * is unmarked. Re-writing the file keeps the marks already made.
 */
import { readFile } from 'node:fs/promises';
import * as z from 'zod';
import { EvalInputError, type CorpusCase } from './truth';
import { reviewKey, type RunRecord } from './records';

export const REVIEW_FILE = 'hand-review.json';

export const ReviewItem = z.object({
  key: z.string().regex(/^[0-9a-f]{16}$/),
  case: z.string(),
  source: z.enum(['challenge', 'static']),
  lines: z.tuple([z.number().int(), z.number().int()]).nullable(),
  category: z.string().nullable(),
  severity: z.string().nullable(),
  quote: z.string(),
  claim: z.string(),
  near_flaws: z.array(z.string()).default([]),
  seen_in: z.array(z.string()).default([]),
  true_flaw: z.boolean().nullable().default(null),
  note: z.string().max(4000).default(''),
});
export type ReviewItem = z.infer<typeof ReviewItem>;

export const ReviewFile = z.object({
  version: z.literal(1),
  instructions: z.string().optional(),
  items: z.array(ReviewItem),
});
export type ReviewFile = z.infer<typeof ReviewFile>;

const INSTRUCTIONS =
  'For each item set "true_flaw" to true when the prediction names a real problem of the plan (one the corpus did not seed), false when it does not; leave null to keep it unreviewed. Then run `verify-plan eval --rescore <this folder>` to recompute precision without calling a model.';

export interface ReviewMarksAndNotes {
  marks: Map<string, boolean>;
  notes: Map<string, string>;
}

/** Marks (and notes) of a review file; a missing file is none, a broken one an EvalInputError. */
export async function readReview(file: string): Promise<ReviewMarksAndNotes> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { marks: new Map(), notes: new Map() };
    throw new EvalInputError(`cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new EvalInputError(`${file} is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const parsed = ReviewFile.safeParse(raw);
  if (!parsed.success) throw new EvalInputError(`${file}: ${z.prettifyError(parsed.error)}`);
  return {
    marks: new Map(parsed.data.items.filter((i) => i.true_flaw !== null).map((i) => [i.key, i.true_flaw as boolean])),
    notes: new Map(parsed.data.items.filter((i) => i.note).map((i) => [i.key, i.note])),
  };
}

export function buildReviewFile(records: readonly RunRecord[], cases: readonly CorpusCase[], previous: ReviewMarksAndNotes): ReviewFile {
  const items = new Map<string, ReviewItem>();
  for (const r of records) {
    const c = cases.find((x) => x.id === r.caseId);
    for (const p of r.predictions) {
      if ((r.match.matchedFlaws[p.id] ?? []).length > 0) continue;
      const key = reviewKey(r.caseId, p);
      const where = `${r.config} run ${r.run}`;
      const existing = items.get(key);
      if (existing) {
        if (!existing.seen_in.includes(where)) existing.seen_in.push(where);
        continue;
      }
      const near = (r.match.lineOnly[p.id] ?? []).map((id) => {
        const flaw = c?.truth.flaws.find((f) => f.id === id);
        return flaw ? `${id} (${flaw.category}): ${flaw.description.slice(0, 160)}` : id;
      });
      items.set(key, {
        key,
        case: r.caseId,
        source: p.source,
        lines: p.lines,
        category: p.category,
        severity: p.severity,
        quote: p.quote,
        claim: p.claim,
        near_flaws: near,
        seen_in: [where],
        true_flaw: previous.marks.get(key) ?? null,
        note: previous.notes.get(key) ?? '',
      });
    }
  }
  return { version: 1, instructions: INSTRUCTIONS, items: [...items.values()] };
}
