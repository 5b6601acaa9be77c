import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { WorkspaceFileIndex } from '../../src/core/file-index';
import { fixesFor, ruleEnvironment, type RuleEnvironment } from '../../src/core/rules';
import { applyEdits, check, only } from '../support/rules-check';
import { ruleWorkspace, type RuleWorkspace } from '../support/rules-workspace';

/** A made-up service: a users module in TypeScript and a billing module in Python. */
const WORKSPACE: Record<string, string> = {
  'src/users.ts': [
    'export interface User { id: string }',
    '',
    'export async function loadUser(id: string): Promise<User> {',
    '  return { id };',
    '}',
    '',
    'export class UserStore {',
    '  save(user: User) {}',
    '}',
    '',
  ].join('\n'),
  'src/http.ts': ["import { loadUser } from './users';", 'export function handleRequest() {', '  return loadUser("1");', '}', ''].join('\n'),
  'billing/invoice.py': [
    'import os',
    '',
    '',
    '',
    '',
    'def compute_total(items):',
    '    return sum(items)',
    '',
    'class InvoiceBuilder:',
    '    def build(self):',
    '        pass',
    '',
  ].join('\n'),
};

describe('rules: unknown-symbol, symbol-elsewhere and stale-anchor over a symbol index', function () {
  this.timeout(20000);
  let dir: string;
  let env: RuleEnvironment;
  let workspace: RuleWorkspace;
  before(async () => {
    workspace = await ruleWorkspace('vp-symbols-', WORKSPACE, { symbols: ['billing/invoice.py'] });
    ({ dir, env } = workspace);
  });
  after(() => workspace.dispose());

  it('unknown-symbol: a name the plan calls that nothing defines, with the close one as did-you-mean and quick fix', () => {
    const { plan, findings } = check('# Plan\n\n1. Wrap `loadUsr()` with a cache.\n2. Call `computeTotals()` from the handler.\n', env);
    const flagged = only(findings, 'unknown-symbol');
    assert.deepEqual(
      flagged.map((f) => [f.range.startLine, (f.data as { name: string }).name, (f.data as { suggestion?: string }).suggestion]),
      [
        [2, 'loadUsr', 'loadUser'],
        [3, 'computeTotals', 'compute_total'],
      ],
    );
    assert.match(applyEdits(plan, fixesFor(plan, flagged[0] as (typeof flagged)[0])[0]?.edits ?? []), /Wrap `loadUser\(\)` with a cache/);
  });

  it('unknown-symbol does not flag defined names, names the plan creates, library calls, or unclaimed mentions', () => {
    const plan = [
      '# Plan',
      '1. Call `loadUser()` and `UserStore.save()`.',
      '2. Add a `loadUsers()` function that calls `loadUser()` in a loop.',
      '3. Call `loadUsers()` from `handleRequest()`.',
      '4. Call `os.path.join()` and `json.dumps()`.',
      '5. The `loadUserz` name is a typo in the docs.',
      '```ts',
      'export function cacheUser(u: User) {}',
      '```',
      '6. Call `cacheUser()` after saving.',
    ].join('\n');
    assert.deepEqual(only(check(plan, env).findings, 'unknown-symbol'), []);
  });

  it("unknown-symbol: a name a numbered step or sub-plan creates is the plan's own, not a claim that it exists", () => {
    const flagged = (line: string) => only(check(`# Plan\n\n${line}\n`, env).findings, 'unknown-symbol').map((f) => (f.data as { name: string }).name);
    assert.deepEqual(flagged('Reuses `UserStores` and `loadUsr()` from the modules created in 2.1–3.'), []);
    assert.deepEqual(flagged('Calls `loadUsr()`, added by step 2.'), []);
    assert.deepEqual(flagged('Reuses `UserStores` and `loadUsr()` from the store module.'), ['UserStores', 'loadUsr']);
  });

  it('symbol-elsewhere: a name placed in a file that does not have it, with the defining file as quick fix', () => {
    const { plan, findings } = check('# Plan\n\n1. Modify `compute_total()` in `src/users.ts` to round.\n', env);
    const flagged = only(findings, 'symbol-elsewhere');
    assert.equal(flagged.length, 1);
    assert.match(flagged[0]?.message ?? '', /defined in billing\/invoice\.py/);
    assert.match(applyEdits(plan, fixesFor(plan, flagged[0] as (typeof flagged)[0])[0]?.edits ?? []), /in `billing\/invoice\.py` to round/);
    // The file that uses it (imports it) is a right place to name it; so is the one that defines it.
    assert.deepEqual(only(check('1. Update `loadUser()` in `src/http.ts`.\n2. Update `loadUser()` in `src/users.ts`.\n', env).findings, 'symbol-elsewhere'), []);
  });

  it('stale-anchor: a path:line that no longer holds the name, with the line where it is now as quick fix', () => {
    const { plan, findings } = check('# Plan\n\n1. Change `compute_total` (`billing/invoice.py:2`) to round.\n2. `InvoiceBuilder` at `billing/invoice.py#L9` stays.\n', env);
    const flagged = only(findings, 'stale-anchor');
    assert.deepEqual(
      flagged.map((f) => [f.range.startLine, (f.data as { newLine: number }).newLine]),
      [[2, 6]],
    );
    assert.match(applyEdits(plan, fixesFor(plan, flagged[0] as (typeof flagged)[0])[0]?.edits ?? []), /`billing\/invoice\.py:6`/);
  });

  it('stale-anchor leaves an anchor whose line holds another name the plan gives it (on its line, or the line it continues)', () => {
    const plan = [
      '# Plan',
      '1. `compute_total` classifies it as `InvoiceBuilder` (`billing/invoice.py:6`).',
      '2. For each item: `compute_total`',
      '   (`billing/invoice.py:6`), then `InvoiceBuilder` for the rest.',
      '3. Extend `InvoiceBuilder` (`billing/invoice.py:6`).',
    ].join('\n');
    const flagged = only(check(plan, env).findings, 'stale-anchor');
    // Only the third: line 6 defines compute_total, which that line of the plan does not name.
    assert.deepEqual(
      flagged.map((f) => [f.range.startLine, (f.data as { name: string }).name, (f.data as { newLine: number }).newLine]),
      [[4, 'InvoiceBuilder', 9]],
    );
  });

  it('all three stay silent while the index is not built, or when the workspace has code without a grammar', async () => {
    const fresh = new WorkspaceFileIndex([dir]);
    await fresh.start();
    const notYet = ruleEnvironment(fresh, path.join(dir, 'PLAN.md'));
    assert.deepEqual(
      check('1. Wrap `loadUsr()`.\n2. Modify `compute_total()` in `src/users.ts`.\n', notYet).findings.filter((f) =>
        ['unknown-symbol', 'symbol-elsewhere', 'stale-anchor'].includes(f.code),
      ),
      [],
    );
    fresh.dispose();
    writeFileSync(path.join(dir, 'src', 'App.vue'), '<script>export default {}</script>');
    const withVue = new WorkspaceFileIndex([dir]);
    await withVue.start();
    await withVue.symbols()?.start();
    assert.equal(withVue.symbols()?.complete, false);
    assert.deepEqual(only(check('1. Wrap `loadUsr()`.\n', ruleEnvironment(withVue, path.join(dir, 'PLAN.md'))).findings, 'unknown-symbol'), []);
    withVue.dispose();
    rmSync(path.join(dir, 'src', 'App.vue'));
  });
});
