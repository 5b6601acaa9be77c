/**
 * Section 6 of BENCHMARKS.md: the static checks' precision and recall on the
 * real-plan corpus (test/fixtures/plan-corpus, issue #17). "After" is computed
 * from the hand labels on every run; "before" is the record of the rules as
 * they were when the corpus was built (commit c93c440), scored with the same labels.
 */
import { corpusTables } from '../test/support/plan-corpus';

const BEFORE = [
  'Before (rules at c93c440, same labels):',
  '',
  '| rule | tuning findings | tuning precision | held-out findings | held-out precision |',
  '|---|---|---|---|---|',
  '| `unknown-signal` | 8 | 0 % (0/8) | 3 | 0 % (0/3) |',
  '| `missing-file` | 122 | 1 % (1/122) | 15 | 7 % (1/15) |',
  '| `no-success-criterion` | 164 | 7 % (12/164) | 6 | 0 % (0/6) |',
  '| `duplicate-step-id` (error) | 14 | 0 % (0/14) | 0 | – |',
  '| `missing-risks-section` | 14 | 21 % (3/14) | 4 | 25 % (1/4) |',
  '| **all** | 322 | 5 % (16/322) | 28 | 7 % (2/28) |',
  '',
  'Before, 14 error-level findings (all `duplicate-step-id`) fell on plans that are not broken. Held-out "before" covers the first 5 held-out plans; 3 more were added after tuning (fresh batch).',
  '',
];

export function staticChecksSection(): string[] {
  return [
    '## 6. Static checks on real plans',
    '',
    'Corpus: test/fixtures/plan-corpus — public plans (GSD PLAN.md, spec-kit plan/tasks, Kiro tasks/design, superpowers and free-form docs/plans, a Claude Code plan), each with the file list of the commit it was written against and a hand label per finding (labels.tsv). Recall counts only problems the labels name (TP labels a rule stopped finding, and MISS lines); it is not a systematic search for every problem. Print it with `npx tsx scripts/plan-corpus.ts`.',
    '',
    ...BEFORE,
    'After:',
    '',
    ...corpusTables(),
  ];
}
