/**
 * Place claims (src/core/rules/symbols/place-claims.ts): the plan puts a code name it treats as existing in a file.
 * missing-file then takes the file as one the plan says is there, unknown-symbol reports a placed name defined and used
 * nowhere even without a close name, and symbol-elsewhere reads every place claim. Made-up plans and workspaces.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { WorkspaceFileIndex } from '../../src/core/file-index';
import { parsePlan } from '../../src/core/plan';
import { ruleEnvironment, type RuleEnvironment } from '../../src/core/rules';
import { placeClaims } from '../../src/core/rules/symbols/place-claims';
import { CODE_KIND, IN_FILE, PLACE, USES_EXISTING } from '../../src/core/rules/wording/place';
import type { Wording } from '../../src/core/rules/wording/words';
import { check, only } from '../support/rules-check';
import { missingPaths, runRules } from '../support/static-rules-harness';

const FILES = ['src/flags/index.ts', 'src/db.ts', 'src/http/context.ts', 'src/routes/orders.ts', 'package.json'];
const precise = (text: string): string[] => missingPaths(runRules(text, FILES, { scope: 'precise' }));

const rows = (table: Wording): readonly string[] => table.en ?? [];

describe('place claims: missing-file takes the file of an existing name as one the plan says is there', () => {
  it('flags the file of a name the plan wraps, reuses, extends or calls, written after or before it', () => {
    const cases: Array<[string, string]> = [
      ['1. Wrap `getFlag()` in `src/flags/client.ts` with a cache.', 'src/flags/client.ts'],
      ['1. Reuse `fetchOrders()` from `src/db/orders.ts`, adding a filter.', 'src/db/orders.ts'],
      ['1. Extend the `RequestContext` type in `src/context.ts` with `actorId`.', 'src/context.ts'],
      ['1. Call `isEnabled()` from `src/flags/client.ts` on every request.', 'src/flags/client.ts'],
      ['1. Change `findByEmail()` and `insertUser()` in `src/users/repo.ts` to the new column.', 'src/users/repo.ts'],
      ["1. Update `src/flags/client.ts`'s `getFlag()` to read the cache.", 'src/flags/client.ts'],
      ['1. In `src/flags/client.ts`, wrap `getFlag()` with a cache.', 'src/flags/client.ts'],
      ['**Step 1 — cache.** Wrap `getFlag()` in `src/flags/client.ts` with a map.', 'src/flags/client.ts'],
      ['Storage goes through the existing `uploadObject()` function in\n   `src/storage/s3Client.ts`, awaiting the upload.', 'src/storage/s3Client.ts'],
    ];
    for (const [line, file] of cases) assert.deepEqual(precise(`# Plan\n\n${line}\n`), [file], line);
  });

  it('gives the did-you-mean when a file of that name is elsewhere', () => {
    const findings = runRules('# Plan\n\n1. Reuse `listOrders()` from `src/db/orders.ts`.\n', FILES, { scope: 'precise' });
    assert.deepEqual(
      only(findings, 'missing-file').map((f) => f.data),
      [{ path: 'src/db/orders.ts', suggestion: 'src/routes/orders.ts' }],
    );
  });

  it('does not flag a name the plan creates, a file it creates, a name with no word that it exists, or one not placed', () => {
    const silent = [
      '1. Add `getFlag()` in `src/flags/client.ts`.',
      '1. Create `src/flags/client.ts`.\n2. Wrap `getFlag()` in `src/flags/client.ts` with a cache.',
      '1. Implement `getFlag()`.\n2. Wrap `getFlag()` in `src/flags/client.ts` with a cache.',
      '1. Keep `getFlag()` in `src/flags/client.ts` small.',
      '1. Wrap `getFlag()` with a cache kept in `src/flags/cache.ts`.',
      '1. Wrap `getFlag()`. Tests go in `src/flags/client.test.ts`.',
      '1. Remove `getFlag()` from `src/flags/client.ts`.',
      '1. Wrap the existing `getFlag()` in\n2. `src/flags/client.ts` gets a cache.',
    ];
    for (const text of silent) assert.deepEqual(precise(`# Plan\n\n${text}\n`), [], text);
  });

  it('every word of the tables reads as its part of the claim', () => {
    const claimed = (text: string): string[] => placeClaims(parsePlan(`# Plan\n\n${text}\n`)).map((c) => c.path);
    for (const word of rows(USES_EXISTING)) assert.deepEqual(claimed(`1. We ${word} \`getFlag()\` in \`src/flags/client.ts\`.`), ['src/flags/client.ts'], word);
    for (const word of rows(PLACE)) assert.deepEqual(claimed(`1. Wrap \`getFlag()\` ${word} \`src/flags/client.ts\`.`), ['src/flags/client.ts'], word);
    for (const word of rows(CODE_KIND)) assert.deepEqual(claimed(`1. Wrap the \`getFlag()\` ${word} in \`src/flags/client.ts\`.`), ['src/flags/client.ts'], word);
    for (const word of rows(IN_FILE)) assert.deepEqual(claimed(`1. ${word} \`src/flags/client.ts\`, wrap \`getFlag()\`.`), ['src/flags/client.ts'], word);
  });
});

/** A made-up workspace: flags evaluated by isEnabled, a db module, a config file. */
const WORKSPACE: Record<string, string> = {
  'src/flags/index.ts': "import { query } from '../db';\nexport async function isEnabled(flag: string, userId: string) {\n  return (await query(flag, userId)).length > 0;\n}\n",
  'src/db.ts': 'export async function query(flag: string, userId: string): Promise<string[]> {\n  return [flag, userId];\n}\n',
  'config/app.yaml': 'maxRetries: 3\n',
};

describe('place claims: the symbol rules', function () {
  this.timeout(20000);
  let dir: string;
  let index: WorkspaceFileIndex;
  let env: RuleEnvironment;
  const findings = (text: string, code: 'unknown-symbol' | 'symbol-elsewhere', scope: 'precise' | 'thorough' = 'precise') => only(check(text, env, {}, scope).findings, code);
  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'vp-place-'));
    for (const [rel, text] of Object.entries(WORKSPACE)) {
      mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      writeFileSync(path.join(dir, rel), text);
    }
    index = new WorkspaceFileIndex([dir]);
    await index.start();
    await index.symbols()?.start();
    env = ruleEnvironment(index, path.join(dir, 'PLAN.md'));
  });
  after(() => {
    index.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('unknown-symbol reports a name placed in a source file that is defined and used nowhere, with no close name', () => {
    const flagged = findings('# Plan\n\n1. Wrap `getFlag()` in `src/flags/client.ts` with a cache.\n', 'unknown-symbol');
    assert.deepEqual(
      flagged.map((f) => [f.range.startLine, f.range.startChar, f.data]),
      [[2, 9, { name: 'getFlag' }]],
    );
    assert.match(flagged[0]?.message ?? '', /"getFlag" is defined nowhere in the workspace/);
    // The same name with no place, and no defined name close to it: not a claim strong enough in `precise`.
    assert.deepEqual(findings('# Plan\n\n1. Wrap `getFlag()` with a cache.\n', 'unknown-symbol'), []);
  });

  it('keeps the did-you-mean when a defined name is close', () => {
    const flagged = findings('# Plan\n\n1. Reuse `isEnabld()` from `src/flags/client.ts`.\n', 'unknown-symbol');
    assert.deepEqual(
      flagged.map((f) => f.data),
      [{ name: 'isEnabld', suggestion: 'isEnabled' }],
    );
  });

  it('does not report a defined name, a name placed in a file that is not source, or one the plan creates', () => {
    const silent = [
      '1. Wrap `isEnabled()` in `src/flags/client.ts` with a cache.',
      '1. Update `maxRetries` in `config/app.yaml` to 5.',
      '1. Update `retryBudget` in `config/app.yaml` to 5.',
      '1. Add `getFlag()` to `src/flags/cache.ts`.\n2. Wrap `getFlag()` in `src/flags/index.ts` with a map.',
    ];
    for (const text of silent) assert.deepEqual(findings(`# Plan\n\n${text}\n`, 'unknown-symbol'), [], text);
  });

  it('symbol-elsewhere reads every place claim: "In `src/db.ts`, wrap `isEnabled()`" names the file that defines it', () => {
    const flagged = findings('# Plan\n\n1. In `src/db.ts`, wrap `isEnabled()` with a cache.\n', 'symbol-elsewhere');
    assert.deepEqual(
      flagged.map((f) => (f.data as { suggestion?: string }).suggestion),
      ['src/flags/index.ts'],
    );
    // A name defined in another file is symbol-elsewhere's when the placed file exists, never unknown-symbol's.
    assert.deepEqual(findings('# Plan\n\n1. Wrap `isEnabled()` in `src/db.ts`.\n', 'unknown-symbol'), []);
  });
});
