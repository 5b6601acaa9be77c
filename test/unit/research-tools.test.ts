import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { createResearchToolbox, NO_BUDGET_MESSAGE, type ResearchToolbox } from '../../src/core/research';
import { checkRelativePath } from '../../src/core/research/paths';
import { assertNoSecret, makeWorkspace, type TempWorkspace } from './research-fixture';

describe('research tools: confinement and secrets', () => {
  let ws: TempWorkspace;
  let iteration = 0;

  before(async () => {
    ws = await makeWorkspace();
  });
  after(async () => {
    await ws.cleanup();
  });

  /** A fresh iteration per call keeps the budget out of these tests (budgets have their own file). */
  function call(toolbox: ResearchToolbox, tool: string, input: unknown) {
    iteration++;
    return tool === 'git_log'
      ? toolbox.executorFor('researcher', iteration, ['surface']).execute(tool, input)
      : toolbox.executorFor('resolver', iteration, ['resolve']).execute(tool, input);
  }
  const read = (input: unknown, box = createResearchToolbox({ root: ws.root })) => call(box, 'read_file', input);

  it('reads a file with numbered lines and a line range', async () => {
    const result = await read({ path: 'src/db/pool.ts', start_line: 3, end_line: 4 });
    assert.equal(result.isError, false);
    assert.match(result.content, /^src\/db\/pool\.ts \(lines 3-4 of 8\)$/m);
    assert.match(result.content, /^src\/db\/pool\.ts:3: export const POOL_SIZE = 10;$/m);
    assert.doesNotMatch(result.content, /:5: /);
  });

  const traversals: [string, string][] = [
    ['../x', 'parent-segment'],
    ['a/../../x', 'parent-segment'],
    ['src/../../outside/secret.txt', 'parent-segment'],
    ['/etc/passwd', 'absolute'],
    ['%2e%2e/x', 'percent-encoding'],
    ['..%2fx', 'percent-encoding'],
    ['%252e%252e/x', 'percent-encoding'],
    ['C:\\x', 'backslash'],
    ['C:/Windows/win.ini', 'drive-letter'],
    ['a\\..\\..\\x', 'backslash'],
    ['src/db/pool.ts\0.md', 'nul-byte'],
    ['~/.ssh/id_rsa', 'home'],
  ];
  for (const [input, rule] of traversals) {
    it(`refuses the path trick ${JSON.stringify(input)} (${rule})`, async () => {
      const check = checkRelativePath(input);
      assert.equal(check.ok, false);
      assert.equal(check.ok === false && check.rule, rule);
      const result = await read({ path: input });
      assert.equal(result.isError, true);
      assert.match(result.content, /^refused: /);
      assertNoSecret(result.content);
    });
  }

  it('accepts harmless spellings of inside paths', () => {
    assert.deepEqual(checkRelativePath('./src//db/pool.ts'), { ok: true, rel: 'src/db/pool.ts' });
    assert.deepEqual(checkRelativePath('src/./auth/session.ts'), { ok: true, rel: 'src/auth/session.ts' });
    assert.deepEqual(checkRelativePath('.'), { ok: true, rel: '' });
    assert.deepEqual(checkRelativePath('docs/100%25.md').ok, false);
  });

  const refused: [string, RegExp][] = [
    ['.env', /deny rule "\.env"/],
    ['.env.production', /deny rule "\.env\.\*"/],
    ['id_rsa', /deny rule "id_rsa\*"/],
    ['config/app.pem', /deny rule "\*\.pem"/],
    ['.git/config', /deny rule "\.git\/"/],
    ['secrets/token.txt', /deny rule "secrets\/"/],
    ['config/settings.local.json', /ignored by \.gitignore \("\*\.local\.json"\)/],
    ['src/generated/api.gen.ts', /ignored by src\/generated\/\.gitignore \("\*\.gen\.ts"\)/],
    ['assets/logo.png', /binary file/],
    ['big.txt', /over the 262144-byte limit/],
    ['link-out.txt', /outside the workspace/],
    ['linked-dir-out/secret.txt', /outside the workspace/],
    ['docs/relative-out.txt', /outside the workspace/],
    ['env-link.txt', /deny rule "\.env"/],
    ['vault/token.txt', /deny rule "secrets\/"/],
    ['vault', /deny rule "secrets\/"/],
    ['missing/file.ts', /^not found/],
  ];
  for (const [input, reason] of refused) {
    it(`refuses ${input} and returns none of its content`, async () => {
      const result = await read({ path: input });
      assert.equal(result.isError, true, result.content);
      assert.match(result.content, reason);
      assertNoSecret(result.content);
    });
  }

  it('follows symlinks that stay inside the workspace', async () => {
    const viaFile = await read({ path: 'readme-link.md', end_line: 1 });
    assert.equal(viaFile.isError, false);
    assert.match(viaFile.content, /# Orders service/);
    const viaDir = await read({ path: 'docs-link/decisions.md' });
    assert.equal(viaDir.isError, false);
    assert.match(viaDir.content, /outbox table/);
  });

  it('honours user deny globs and the size limit setting', async () => {
    const box = createResearchToolbox({ root: ws.root, denyGlobs: ['docs/**', 'CLAUDE.md'], maxFileBytes: 200 });
    assert.match((await read({ path: 'docs/decisions.md' }, box)).content, /deny rule "docs\/\*\*"/);
    assert.match((await read({ path: 'CLAUDE.md' }, box)).content, /deny rule "CLAUDE\.md"/);
    assert.match((await read({ path: 'src/server.ts' }, box)).content, /over the 200-byte limit/);
    const grep = await call(box, 'grep', { pattern: 'outbox|ORM' });
    assert.doesNotMatch(grep.content, /docs\/decisions\.md|CLAUDE\.md/);
  });

  it('grep finds matches and skips secrets, ignored, binary, oversized, outside and node_modules files', async () => {
    const box = createResearchToolbox({ root: ws.root });
    const result = await call(box, 'grep', { pattern: 'SECRET|FAKE|BIG-FILE|generated-file|pool' });
    assert.equal(result.isError, false);
    assert.match(result.content, /^src\/db\/pool\.ts:\d+: export const pool = new Pool\(\{$/m);
    assert.match(result.content, /^src\/orders\.ts:2: import \{ pool \} from '\.\/db\/pool';$/m);
    assert.doesNotMatch(result.content, /node_modules/);
    assertNoSecret(result.content);
  });

  it('grep honours a glob and reports a bad regex clearly', async () => {
    const box = createResearchToolbox({ root: ws.root });
    const globbed = await call(box, 'grep', { pattern: 'POOL_SIZE', glob: 'src/db/*.ts' });
    assert.match(globbed.content, /^src\/db\/pool\.ts:3:/m);
    assert.match(globbed.content, /1 file\(s\) scanned/);
    const byName = await call(box, 'grep', { pattern: 'POOL', glob: '*.md', ignore_case: true });
    assert.match(byName.content, /^CLAUDE\.md:\d+:/m);
    assert.doesNotMatch(byName.content, /^src\//m);
    const bad = await call(box, 'grep', { pattern: '(unclosed' });
    assert.equal(bad.isError, true);
    assert.match(bad.content, /invalid regular expression/);
  });

  it('grep stops a catastrophic regex at its deadline instead of hanging', async () => {
    await fs.writeFile(path.join(ws.root, 'redos.txt'), `${'a'.repeat(40)}!\n`);
    const box = createResearchToolbox({ root: ws.root, grepTimeoutMs: 300 });
    const started = Date.now();
    const result = await call(box, 'grep', { pattern: '^(a+)+$', glob: 'redos.txt' });
    assert.equal(result.isError, true);
    assert.match(result.content, /ran longer than 300 ms \(likely catastrophic backtracking\)/);
    // Without the deadline this regex runs for hours; 20 s only tells "stopped" from "hung", whatever the machine's load.
    assert.ok(Date.now() - started < 20_000, `took ${Date.now() - started} ms`);
    await fs.rm(path.join(ws.root, 'redos.txt'));
  });

  it('list_files lists allowed files only and never follows a symlinked directory', async () => {
    const box = createResearchToolbox({ root: ws.root });
    const result = await call(box, 'list_files', {});
    assert.equal(result.isError, false);
    const files = result.content.split('\n').filter((l) => !l.startsWith('['));
    for (const expected of ['README.md', 'CLAUDE.md', 'src/db/pool.ts', 'src/generated/index.ts', 'readme-link.md', 'config/settings.json']) {
      assert.ok(files.includes(expected), `missing ${expected}`);
    }
    for (const hidden of [
      '.env',
      '.env.production',
      'id_rsa',
      'config/app.pem',
      '.git/config',
      'secrets/token.txt',
      'config/settings.local.json',
      'src/generated/api.gen.ts',
      'link-out.txt',
      'env-link.txt',
      'docs/relative-out.txt',
    ]) {
      assert.ok(!files.includes(hidden), `listed ${hidden}`);
    }
    assert.ok(!files.some((f) => f.startsWith('linked-dir-out/') || f.startsWith('docs-link/') || f.startsWith('node_modules/')));
    const globbed = await call(box, 'list_files', { dir: 'src', glob: '**/*.ts' });
    assert.deepEqual(globbed.content.split('\n').slice(0, -1), ['src/orders.ts', 'src/server.ts', 'src/auth/session.ts', 'src/db/pool.ts', 'src/generated/index.ts']);
    const outsideDir = await call(box, 'list_files', { dir: 'linked-dir-out' });
    assert.equal(outsideDir.isError, true);
    assert.match(outsideDir.content, /outside the workspace/);
    assert.match((await call(box, 'list_files', { dir: 'secrets' })).content, /deny rule "secrets\/"/);
  });

  it('git_log reports a workspace that is not a repository, then shows history for a path', async function () {
    const box = createResearchToolbox({ root: ws.root });
    await fs.rename(path.join(ws.root, '.git'), path.join(ws.root, '.git-fake'));
    try {
      const none = await call(box, 'git_log', { path: 'src/db/pool.ts' });
      // The temp dir may sit inside another repository on some machines; only check when it does not.
      if (none.isError) assert.match(none.content, /not a git repository/);
      const env = { ...process.env, GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@example.invalid', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@example.invalid' };
      const git = (...args: string[]) => execFileSync('git', args, { cwd: ws.root, env, stdio: 'pipe' });
      git('init', '-q');
      git('add', 'src/db/pool.ts');
      git('commit', '-q', '-m', 'db: fix the pool size at 10');
      git('add', 'README.md');
      git('commit', '-q', '-m', 'docs: readme');
      const log = await call(box, 'git_log', { path: 'src/db/pool.ts' });
      assert.equal(log.isError, false, log.content);
      assert.match(log.content, /^[0-9a-f]{7,} \d{4}-\d{2}-\d{2} T: db: fix the pool size at 10$/m);
      assert.doesNotMatch(log.content, /docs: readme/);
      const refusedPath = await call(box, 'git_log', { path: '../outside' });
      assert.equal(refusedPath.isError, true);
      assert.match(refusedPath.content, /^refused: /);
    } finally {
      await fs.rm(path.join(ws.root, '.git'), { recursive: true, force: true });
      await fs.rename(path.join(ws.root, '.git-fake'), path.join(ws.root, '.git'));
    }
  });

  it('answers bad input, unknown tools and roles without a budget with a clear error, never a throw', async () => {
    const box = createResearchToolbox({ root: ws.root });
    assert.match((await read({ path: 42 }, box)).content, /invalid read_file input: path/);
    assert.match((await read(null, box)).content, /invalid read_file input/);
    assert.match((await call(box, 'rm_rf', {})).content, /unknown tool "rm_rf"/);
    assert.match((await call(box, 'memory_search', { query: 'x' })).content, /not available/);
    const challenger = box.executorFor('challenger', 99, ['resolve', 'surface', 'probe']);
    const answer = await challenger.execute('read_file', { path: 'README.md' });
    assert.deepEqual(answer, { content: NO_BUDGET_MESSAGE, isError: true });
    const missingRoot = createResearchToolbox({ root: path.join(ws.root, 'no-such-dir') });
    assert.match((await call(missingRoot, 'read_file', { path: 'README.md' })).content, /workspace folder is not available/);
  });

  it('truncates long results with a note', async () => {
    const box = createResearchToolbox({ root: ws.root, maxResultChars: 200 });
    const result = await call(box, 'read_file', { path: 'src/server.ts' });
    assert.ok(result.content.length < 320);
    assert.match(result.content, /\[truncated: \d+ more characters not shown; narrow the request\]$/);
  });

  it('exposes the same specs for every role, with web tools only when enabled', () => {
    const plain = createResearchToolbox({ root: ws.root });
    assert.deepEqual(
      plain.specs.map((s) => s.name),
      ['read_file', 'grep', 'list_files', 'git_log'],
    );
    const full = createResearchToolbox({ root: ws.root, webSearch: true, memory: { search: () => Promise.resolve([]) } });
    assert.deepEqual(
      full.specs.map((s) => s.name),
      ['read_file', 'grep', 'list_files', 'git_log', 'memory_search', 'web_search', 'web_fetch'],
    );
    const read = full.specs[0];
    assert.equal(read?.input_schema.type, 'object');
    assert.deepEqual(read?.input_schema.required, ['path']);
    assert.match(full.specs.find((s) => s.name === 'web_search')?.description ?? '', /API_BEHAVIOR, STALE_KNOWLEDGE or INTEGRATION_UNKNOWN/);
  });
});
