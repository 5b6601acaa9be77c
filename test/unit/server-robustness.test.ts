import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Diagnostic } from 'vscode-languageserver/node';
import { fileUri, LspTestClient } from '../support/lsp-test-client';
import { ADVICE_ON } from '../../src/core/rules';

/**
 * What one hostile document may cost the server: CPU time of this process (the in-process server and its client),
 * which a busy machine does not stretch; wall time stretched past 5 s under the stress run's load. The wall-clock
 * deadline only catches a request that never answers.
 */
const CPU_BUDGET_MS = 5000;
const DEADLINE_MS = 30_000;

function nestedList(depth: number): string {
  const lines = ['# Deep plan', '', '## Steps', ''];
  for (let i = 0; i < depth; i++) lines.push(`${'  '.repeat(i)}- level ${i} TODO`);
  return `${lines.join('\n')}\n`;
}

function binary(size: number): string {
  let s = '';
  for (let i = 0; i < size; i++) s += String.fromCharCode((i * 7919) % 256);
  return s;
}

/** The corpus of hostile documents: each must get an answer (possibly empty), never a crash or a hang. */
const CORPUS: Record<string, () => string> = {
  empty: () => '',
  'only whitespace': () => ' \n\t\n\n',
  '5 MB': () => `# Huge\n\n${'- step with TBD and src/x.ts\n'.repeat(Math.ceil((5 * 1024 * 1024) / 29))}`,
  'binary bytes': () => binary(64 * 1024),
  CRLF: () => '# Plan\r\n\r\n## Steps\r\n\r\n1. Build TBD\r\n   - Depends on: Step 7\r\n2. Ship\r\n',
  'lone CR': () => '# Plan\r\r## Steps\r\r1. Build TBD\r2. Ship\r',
  BOM: () => '\uFEFF# Plan\n\nSize TBD.\n',
  '2,000-deep nested list': () => nestedList(2000),
  '2,000-deep blockquote': () => `${'>'.repeat(2000)} TBD\n`,
  'one 1 MB line': () => `# x\n${'a/b.ts TBD '.repeat(100_000)}`,
  'lone surrogates and NUL': () => '# \uD800 plan\n\n\u0000 TODO \uDFFF\n',
};

async function exercise(client: LspTestClient, uri: string): Promise<Diagnostic[]> {
  const diagnostics = await client.pull(uri);
  await client.codeLens(uri);
  await client.hover(uri, 0, 0);
  for (const d of diagnostics.slice(0, 5)) await client.codeActions(uri, d);
  return diagnostics;
}

function withDeadline<T>(what: string, promise: Promise<T>): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: no answer within ${DEADLINE_MS} ms`)), DEADLINE_MS).unref())]);
}

describe('server: robustness corpus (in-process)', () => {
  let root: string;
  let client: LspTestClient;
  before(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'vp-robust-'));
    client = await LspTestClient.start({ rootDir: root });
  });
  after(async () => {
    await client.dispose();
    await fs.rm(root, { recursive: true, force: true });
  });

  for (const [name, make] of Object.entries(CORPUS)) {
    it(`${name}: answers within ${CPU_BUDGET_MS} ms of CPU`, async () => {
      const uri = fileUri(root, `${name.replace(/\W+/g, '-')}.md`);
      const cpuBefore = process.cpuUsage();
      await client.open(uri, make());
      const diagnostics = await withDeadline(name, exercise(client, uri));
      const cpu = process.cpuUsage(cpuBefore);
      const cpuMs = Math.round((cpu.user + cpu.system) / 1000);
      assert.ok(cpuMs <= CPU_BUDGET_MS, `${name}: ${cpuMs} ms of CPU (budget ${CPU_BUDGET_MS} ms)`);
      assert.ok(Array.isArray(diagnostics));
      await client.close(uri);
    });
  }

  it('5 MB: no findings, and the lens says the plan can still be verified', async () => {
    const uri = fileUri(root, 'huge.md');
    const huge = CORPUS['5 MB'];
    assert.ok(huge);
    await client.open(uri, huge());
    assert.deepEqual(await client.pull(uri), []);
    assert.equal((await client.codeLens(uri))?.[0]?.command?.title, '▶ Verify Plan');
  });

  it('BOM: ranges match the text as the client holds it (BOM included)', async () => {
    const uri = fileUri(root, 'bom.md');
    await client.open(uri, '\uFEFFTBD first\n');
    const d = (await client.pull(uri)).find((x) => x.code === 'unknown-signal');
    assert.deepEqual(d?.range, { start: { line: 0, character: 1 }, end: { line: 0, character: 4 } });
  });

  it('CRLF: quick-fix edits use CRLF', async () => {
    const uri = fileUri(root, 'crlf.md');
    await client.setSettings({ rules: ADVICE_ON });
    await client.open(uri, '# Plan\r\n\r\n## Steps\r\n\r\n1. Step 1: Build\r\n2. Step 2: Ship\r\n   - to the store\r\n\r\n## Risks\r\n\r\n- none really\r\n');
    const d = await client.waitFor('the advice finding', async () => (await client.pull(uri)).find((x) => x.code === 'no-success-criterion'));
    const [fix] = (await client.codeActions(uri, d)) ?? [];
    assert.equal(fix?.edit?.changes?.[uri]?.[0]?.newText, '   - Success criteria: …\r\n');
  });

  it('requests for documents that are not open get empty answers', async () => {
    const uri = fileUri(root, 'never-opened.md');
    assert.deepEqual(await client.pull(uri), []);
    assert.deepEqual(await client.codeLens(uri), []);
    assert.equal(await client.hover(uri, 0, 0), null);
  });
});

describe('server: robustness over stdio (child process)', function () {
  this.timeout(60_000);
  let root: string;
  let client: LspTestClient;
  before(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'vp-stdio-'));
    await fs.writeFile(path.join(root, 'exists.ts'), '');
    client = await LspTestClient.start({ rootDir: root, childProcess: true });
  });
  after(async () => {
    await client.dispose();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('survives the whole corpus and still serves a normal plan afterwards', async () => {
    for (const [name, make] of Object.entries(CORPUS)) {
      const uri = fileUri(root, `${name.replace(/\W+/g, '-')}.md`);
      await client.open(uri, make());
      await withDeadline(name, exercise(client, uri));
      await client.close(uri);
    }
    assert.equal(client.child?.exitCode, null, `server exited; stderr: ${client.stderr.join('')}`);
    await client.waitForIndex();
    const uri = fileUri(root, 'plan.md');
    await client.open(uri, '# Plan\n\nEdit `exists.ts` and the existing `src/missing.ts`, size TBD.\n');
    const diagnostics = await client.pull(uri);
    const missing = diagnostics.filter((d) => d.code === 'missing-file');
    assert.deepEqual(
      missing.map((d) => d.range.start.character),
      [35],
    );
    assert.ok(diagnostics.some((d) => d.code === 'unknown-signal'));
  });

  it('malformed requests get an answer (empty or an error), not a dead server', async () => {
    assert.equal(await client.connection.sendRequest('textDocument/hover', { textDocument: 42 }), null);
    await assert.rejects(client.connection.sendRequest('verifyPlan/assessment', 'not an object'), /Invalid params/);
    assert.equal(client.child?.exitCode, null);
    assert.ok((await client.indexStatus()).ready);
  });
});
