/**
 * Issue #17, twenty-second round: conventions found on fresh batch 19 (the
 * end check of round 21, tuned on here). Each case is a small made-up plan in
 * the pattern's style, not a corpus excerpt, and each pairs what is no longer
 * flagged with what still is.
 */
import assert from 'node:assert/strict';
import { findingLines, missingPaths, runRules } from '../support/static-rules-harness';

const FILES = ['types/user.ts', 'supabase/migrations/20260101000000_init.sql', 'src/app.ts'];
const run = (...lines: string[]) => runRules(['# Plan', '', ...lines].join('\n'), FILES);

describe('round 22', () => {
  it('"`@types/jsonwebtoken`" and "`@aws-sdk/lib-dynamodb`" to install are npm packages; "`@types/user.md`" is looked up', () => {
    assert.deepEqual(missingPaths(run('- Install required npm packages: `@aws-sdk/lib-dynamodb`, `jsonwebtoken`, `@types/jsonwebtoken`')), []);
    assert.deepEqual(missingPaths(run('- Read `@types/user.md`')), ['@types/user.md']);
  });

  it('"`YYYYMMDDHHMMSS_add_shares.sql`" is a naming pattern; "`20260101_add_shares.sql`" is a file', () => {
    assert.deepEqual(missingPaths(run('- Single migration `YYYYMMDDHHMMSS_add_shares.sql` per phase')), []);
    assert.deepEqual(missingPaths(run('- Edit `supabase/migrations/20260101_add_shares.sql`')), ['supabase/migrations/20260101_add_shares.sql']);
  });

  it('a generator\'s "output into `x.ts`" writes it; "the types live in `x.ts`" must exist', () => {
    assert.deepEqual(missingPaths(run('- Run `supabase gen types typescript` output into `packages/shared/src/types/database.ts`')), []);
    assert.deepEqual(missingPaths(run('- The types live in `packages/shared/src/types/database.ts`')), ['packages/shared/src/types/database.ts']);
  });

  it('"将来 `specs/001/balance.csv`" (in future) is still to be written; "正本は `specs/001/balance.csv`" must exist', () => {
    assert.deepEqual(missingPaths(run('数値の正本は将来 `specs/001/balance.csv`。')), []);
    assert.deepEqual(missingPaths(run('数値の正本は `specs/001/balance.csv`。')), ['specs/001/balance.csv']);
  });

  it('"TBD — pending Phase 4A provider evaluation" says when it is decided; "AI provider: TBD" does not', () => {
    const signals = (line: string): number[] =>
      findingLines(runRules(['# Plan', '', '## Step 1: Docs', line, 'Success criteria: the table is updated.'].join('\n')), 'unknown-signal');
    assert.deepEqual(signals('- change the "AI" row to "TBD — pending Phase 4A provider evaluation"'), []);
    assert.deepEqual(signals('- AI provider: TBD'), [4]);
  });
});
