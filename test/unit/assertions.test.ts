import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { confidenceOf, runAssertions } from '../../src/core/research';
import type { Assertion } from '../../src/core/protocol';
import { assertNoSecret, makeWorkspace, type TempWorkspace } from './research-fixture';

let counter = 0;
const assertion = (fields: Partial<Assertion> & Pick<Assertion, 'type'>): Assertion => ({
  id: `A-${String(++counter).padStart(3, '0')}`,
  description: `${fields.type} check`,
  challenge_id: null,
  status: null,
  failure_output: null,
  ...fields,
});

describe('assertions (seed 003)', () => {
  let ws: TempWorkspace;
  const safe = { allowShell: false, trusted: false };
  before(async () => {
    ws = await makeWorkspace();
  });
  after(async () => {
    await ws.cleanup();
  });

  const statuses = async (list: Assertion[], options = safe) => (await runAssertions(ws.root, list, options)).map((a) => a.status);

  it('file_exists passes and fails; confinement holds; existence needs no read permission', async () => {
    assert.deepEqual(
      await statuses([
        assertion({ type: 'file_exists', path: 'src/db/pool.ts' }),
        assertion({ type: 'file_exists', path: 'src/db/missing.ts' }),
        assertion({ type: 'file_exists', path: 'config/settings.local.json' }),
        assertion({ type: 'file_exists', path: '../outside/secret.txt' }),
        assertion({ type: 'file_exists', path: 'link-out.txt' }),
      ]),
      ['PASS', 'FAIL', 'PASS', 'SKIPPED', 'SKIPPED'],
    );
  });

  it('file_content passes and fails, and never reads a secret', async () => {
    const results = await runAssertions(
      ws.root,
      [
        assertion({ type: 'file_content', path: 'src/db/pool.ts', needle: 'max: POOL_SIZE' }),
        assertion({ type: 'file_content', path: 'src/db/pool.ts', needle: 'max: 50' }),
        assertion({ type: 'file_content', path: 'src/nope.ts', needle: 'x' }),
        assertion({ type: 'file_content', path: '.env', needle: 'FAKE-ENV-SECRET' }),
      ],
      safe,
    );
    assert.deepEqual(
      results.map((a) => a.status),
      ['PASS', 'FAIL', 'FAIL', 'SKIPPED'],
    );
    assert.match(results[1]?.failure_output ?? '', /"max: 50" not found in src\/db\/pool\.ts/);
    assert.match(results[3]?.failure_output ?? '', /deny rule "\.env"/);
  });

  it('grep_match and grep_not_match pass and fail', async () => {
    const results = await runAssertions(
      ws.root,
      [
        assertion({ type: 'grep_match', pattern: 'createServer\\(', glob: 'src/**/*.ts' }),
        assertion({ type: 'grep_match', pattern: 'express\\(\\)', glob: 'src/**/*.ts' }),
        assertion({ type: 'grep_not_match', pattern: 'eval\\(' }),
        assertion({ type: 'grep_not_match', pattern: 'pool\\.query', glob: 'src/**' }),
        assertion({ type: 'grep_not_match', pattern: 'FAKE-ENV-SECRET' }),
      ],
      safe,
    );
    assert.deepEqual(
      results.map((a) => a.status),
      ['PASS', 'FAIL', 'PASS', 'FAIL', 'PASS'],
    );
    assert.match(results[1]?.failure_output ?? '', /no line matches/);
    assert.match(results[3]?.failure_output ?? '', /^src\/orders\.ts:14: /m);
    for (const r of results) assertNoSecret(r.failure_output ?? '');
  });

  it('shell_exit_zero is skipped by default and untrusted, runs when allowed and trusted', async () => {
    const ok = assertion({ type: 'shell_exit_zero', command: 'test -f package.json' });
    const bad = assertion({ type: 'shell_exit_zero', command: 'echo failing-output; exit 3' });
    const off = await runAssertions(ws.root, [ok, bad], safe);
    assert.deepEqual(
      off.map((a) => a.status),
      ['SKIPPED', 'SKIPPED'],
    );
    assert.match(off[0]?.failure_output ?? '', /shell assertions are off/);
    const untrusted = await runAssertions(ws.root, [ok], { allowShell: true, trusted: false });
    assert.match(untrusted[0]?.failure_output ?? '', /trusted workspace/);
    const marker = path.join(ws.root, 'shell-ran.txt');
    const on = await runAssertions(ws.root, [ok, bad, assertion({ type: 'shell_exit_zero', command: 'touch shell-ran.txt' })], { allowShell: true, trusted: true });
    assert.deepEqual(
      on.map((a) => a.status),
      ['PASS', 'FAIL', 'PASS'],
    );
    assert.match(on[1]?.failure_output ?? '', /exit code 3\nfailing-output/);
    await fs.access(marker);
    const slow = await runAssertions(ws.root, [assertion({ type: 'shell_exit_zero', command: 'sleep 5' })], { allowShell: true, trusted: true, timeoutMs: 200 });
    assert.equal(slow[0]?.status, 'FAIL');
    assert.match(slow[0]?.failure_output ?? '', /timed out/);
  });

  it('skips assertions it cannot evaluate, with the reason', async () => {
    const results = await runAssertions(
      ws.root,
      [
        assertion({ type: 'file_exists' }),
        assertion({ type: 'file_content', path: 'README.md' }),
        assertion({ type: 'grep_match', pattern: '(' }),
        assertion({ type: 'shell_exit_zero' }),
      ],
      { allowShell: true, trusted: true },
    );
    assert.deepEqual(
      results.map((a) => a.status),
      ['SKIPPED', 'SKIPPED', 'SKIPPED', 'SKIPPED'],
    );
    assert.match(results[2]?.failure_output ?? '', /invalid regular expression/);
    const controller = new AbortController();
    controller.abort();
    const cancelled = await runAssertions(ws.root, [assertion({ type: 'file_exists', path: 'README.md' })], { ...safe, signal: controller.signal });
    assert.equal(cancelled[0]?.status, 'SKIPPED');
  });

  it('confidence = passed / total, skipped and never-run excluded, null when nothing ran', async () => {
    const results = await runAssertions(
      ws.root,
      [
        assertion({ type: 'file_exists', path: 'README.md' }),
        assertion({ type: 'file_exists', path: 'CLAUDE.md' }),
        assertion({ type: 'file_exists', path: 'NOPE.md' }),
        assertion({ type: 'shell_exit_zero', command: 'true' }),
      ],
      safe,
    );
    assert.deepEqual(confidenceOf(results), { passed: 2, total: 3 });
    assert.equal(confidenceOf([]), null);
    assert.equal(confidenceOf([assertion({ type: 'file_exists', path: 'x' })]), null);
    assert.equal(confidenceOf(results.filter((a) => a.status === 'SKIPPED')), null);
  });
});
