import assert from 'node:assert/strict';
import * as path from 'node:path';
import { checkEvidence, parseVerifiedTag, readProjectNotes } from '../../src/core/research';
import type { Evidence } from '../../src/core/protocol';
import { makeWorkspace, type TempWorkspace } from './research-fixture';

const cite = (fields: Partial<Evidence>): Evidence => ({ source: fields.path ?? 'user', finding: 'f', impact: 'i', checked: 'unchecked', ...fields });

describe('evidence checking', () => {
  let ws: TempWorkspace;
  before(async () => {
    ws = await makeWorkspace();
  });
  after(async () => {
    await ws.cleanup();
  });

  it('verifies a real file:line citation and its quote; a citation without a quote verifies nothing', async () => {
    const [plain, quoted, fuzzySpace, nearby] = await checkEvidence(ws.root, [
      cite({ path: 'src/db/pool.ts', line: 3 }),
      cite({ path: 'src/db/pool.ts', line: 3, quote: 'export const POOL_SIZE = 10;' }),
      cite({ path: 'src/db/pool.ts', line: 6, quote: 'connectionString:   process.env.DATABASE_URL,\n  max: POOL_SIZE' }),
      cite({ path: 'src/db/pool.ts', line: 8, quote: 'export const POOL_SIZE = 10;' }),
    ]);
    assert.equal(plain?.checked, 'unchecked');
    assert.equal(quoted?.checked, 'verified');
    assert.equal(fuzzySpace?.checked, 'verified');
    // Line 8 is 5 lines from the quoted line 3: outside the ±3 window.
    assert.equal(nearby?.checked, 'not_found');
  });

  it('marks fabricated lines, quotes and files not_found', async () => {
    const results = await checkEvidence(ws.root, [
      cite({ path: 'src/db/pool.ts', line: 99 }),
      cite({ path: 'src/db/pool.ts', line: 0 }),
      cite({ path: 'src/db/pool.ts', line: 3, quote: 'export const POOL_SIZE = 50;' }),
      cite({ path: 'src/db/connection.ts', line: 1 }),
      cite({ path: '../outside/secret.txt', line: 1 }),
    ]);
    assert.deepEqual(
      results.map((r) => r.checked),
      ['not_found', 'not_found', 'not_found', 'not_found', 'not_found'],
    );
  });

  it('a denied or ignored file never verifies, even when it exists', async () => {
    const results = await checkEvidence(
      ws.root,
      [
        cite({ path: '.env', line: 1 }),
        cite({ path: 'config/settings.local.json', line: 1 }),
        cite({ path: 'link-out.txt', line: 1 }),
        cite({ path: 'docs/decisions.md', line: 1 }),
      ],
      { denyGlobs: ['docs/'] },
    );
    assert.deepEqual(
      results.map((r) => r.checked),
      ['not_found', 'not_found', 'not_found', 'not_found'],
    );
  });

  it('leaves evidence without a path, or without a quote, unchecked and keeps every other field', async () => {
    const input = [cite({ source: 'user said so' }), cite({ source: 'README', path: 'README.md', finding: 'keep me' })];
    const [noPath, fileOnly] = await checkEvidence(ws.root, input);
    assert.equal(noPath?.checked, 'unchecked');
    assert.equal(fileOnly?.checked, 'unchecked');
    assert.equal(fileOnly?.finding, 'keep me');
    assert.equal(input[1]?.checked, 'unchecked', 'input is not mutated');
    const missingRoot = await checkEvidence(path.join(ws.root, 'nope'), [cite({ path: 'README.md' })]);
    assert.equal(missingRoot[0]?.checked, 'not_found');
  });

  it('parses [VERIFIED: source | finding | impact] tags', () => {
    const text = [
      'The pool is fixed: [VERIFIED: src/db/pool.ts:3 | POOL_SIZE is 10 | raising it needs review].',
      'Range: [VERIFIED: src/server.ts:8-12 | handler checks the session | 401 before any write]',
      'Anchor: [VERIFIED: `docs/decisions.md#L4` | outbox pattern | events via outbox]',
      'No line: [VERIFIED: CLAUDE.md | no ORM | plain SQL]',
      'Prose: [VERIFIED: user answer in iteration 2 | accepted risk | none]',
      'URL: [VERIFIED: https://node-postgres.com/apis/pool | max option | ok]',
      'Commit: [VERIFIED: 3f9a2c1 | introduced the pool | old]',
      'Broken: [VERIFIED: only one part]',
    ].join('\n');
    const parsed = parseVerifiedTag(text);
    assert.deepEqual(
      parsed.map((e) => [e.source, e.path, e.line, e.finding, e.impact]),
      [
        ['src/db/pool.ts:3', 'src/db/pool.ts', 3, 'POOL_SIZE is 10', 'raising it needs review'],
        ['src/server.ts:8-12', 'src/server.ts', 8, 'handler checks the session', '401 before any write'],
        ['docs/decisions.md#L4', 'docs/decisions.md', 4, 'outbox pattern', 'events via outbox'],
        ['CLAUDE.md', 'CLAUDE.md', undefined, 'no ORM', 'plain SQL'],
        ['user answer in iteration 2', undefined, undefined, 'accepted risk', 'none'],
        ['https://node-postgres.com/apis/pool', undefined, undefined, 'max option', 'ok'],
        ['3f9a2c1', undefined, undefined, 'introduced the pool', 'old'],
      ],
    );
    assert.ok(parsed.every((e) => e.checked === 'unchecked'));
    assert.deepEqual(parseVerifiedTag(42 as unknown as string), []);
  });

  it('a parsed real citation (no quote) checks nothing, and a fabricated one is not found', async () => {
    const parsed = parseVerifiedTag('[VERIFIED: src/auth/session.ts:6 | cookie name | sid] [VERIFIED: src/auth/session.ts:60 | made up | none]');
    const checked = await checkEvidence(ws.root, parsed);
    assert.deepEqual(
      checked.map((e) => e.checked),
      ['unchecked', 'not_found'],
    );
  });
});

describe('project notes for Mode 2', () => {
  it('reads CLAUDE.md through the confinement rules and skips what is missing or denied', async () => {
    const ws = await makeWorkspace();
    try {
      const notes = await readProjectNotes(ws.root);
      assert.deepEqual(
        notes.map((n) => n.path),
        ['CLAUDE.md'],
      );
      assert.match(notes[0]?.text ?? '', /not to use an ORM/);
      assert.deepEqual(await readProjectNotes(ws.root, { denyGlobs: ['CLAUDE.md'] }), []);
      const short = await readProjectNotes(ws.root, { maxChars: 10 });
      assert.equal(short[0]?.truncated, true);
      assert.equal(short[0]?.text.length, 10);
    } finally {
      await ws.cleanup();
    }
  });
});
