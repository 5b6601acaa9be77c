import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { CliIo } from '../../src/cli/io';
import { main } from '../../src/cli/main';
import { isInteractive } from '../../src/cli/run-command';

interface Captured {
  io: CliIo;
  out: () => string;
  err: () => string;
}

function capture(cwd: string, env: Record<string, string | undefined> = {}): Captured {
  let out = '';
  let err = '';
  const io: CliIo = {
    cwd,
    env,
    stdout: (t) => void (out += t),
    stderr: (t) => void (err += t),
    stdin: new PassThrough(),
    interactive: false,
    onInterrupt: () => () => undefined,
  };
  return { io, out: () => out, err: () => err };
}

const PLAN = `# Plan: cache prices

## Steps
1. Add a cache in src/cache.ts. Success: hits are logged.
2. TBD: decide the TTL.
`;

describe('cli: main (in-process)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'vp-main-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('prints help and version with exit 0', async () => {
    const help = capture(dir);
    assert.equal(await main(['--help'], help.io, '9.9.9'), 0);
    assert.match(help.out(), /Usage:\n {2}verify-plan \[plan\.md\]/);
    assert.match(help.out(), /verify-plan hook claude-code/, 'the Claude Code hook is in the help');
    assert.match(help.out(), /verify-plan hook install \[--user\]/);
    assert.match(help.out(), /--format markdown\|json\|sarif/);
    const version = capture(dir);
    assert.equal(await main(['--version'], version.io, '9.9.9'), 0);
    assert.equal(version.out(), '9.9.9\n');
  });

  it('reports usage errors in one line on stderr with exit 4, nothing on stdout', async () => {
    const c = capture(dir);
    assert.equal(await main(['--nope'], c.io, '1'), 4);
    assert.equal(c.out(), '');
    assert.equal(c.err(), 'verify-plan: Unknown option --nope. Run "verify-plan --help" for usage.\n');
  });

  it('never prints the API key, even when it appears in an error', async () => {
    const key = 'sk-ant-very-secret-0001';
    const c = capture(dir, { ANTHROPIC_API_KEY: key });
    assert.equal(await main([`${key}.md`], c.io, '1'), 4);
    assert.match(c.err(), /Plan file not found: \[redacted\]\.md/);
    assert.ok(!c.err().includes(key));
  });

  it('runs static checks without a key: assessment, findings, clear note, exit 0', async () => {
    mkdirSync(path.join(dir, '.claude', 'plans'), { recursive: true });
    writeFileSync(path.join(dir, '.claude', 'plans', 'p.md'), PLAN);
    const c = capture(dir);
    assert.equal(await main([], c.io, '1'), 0);
    assert.match(c.out(), /^Plan: \.claude\/plans\/p\.md\nComplexity: \d+\/16\. Team: (BASE|SCALED|none \(trivial plan\))\./);
    assert.match(c.out(), /\.claude\/plans\/p\.md:5:\d+: \w+ unknown-signal: /);
    assert.match(c.out(), /Agent loop skipped: set ANTHROPIC_API_KEY to run the verification team \(static checks only\)\.\n$/);
  });

  it('static mode exits 1 when a finding is error-level', async () => {
    writeFileSync(path.join(dir, 'p.md'), '# Plan\n\n## Steps\n\n1. A\n   - Done when: a\n2. B\n   - Depends on: Step 9\n   - Done when: b\n');
    const c = capture(dir);
    assert.equal(await main(['p.md'], c.io, '1'), 1);
    assert.match(c.out(), /p\.md:8:\d+: error dangling-dependency: /);
    assert.match(c.out(), /1 error\(s\)/);
  });

  it('static --json prints parseable JSON and the note on stderr', async () => {
    writeFileSync(path.join(dir, 'p.md'), PLAN);
    const c = capture(dir);
    assert.equal(await main(['p.md', '--json'], c.io, '1'), 0);
    const parsed = JSON.parse(c.out());
    assert.equal(parsed.mode, 'static');
    assert.ok(Array.isArray(parsed.findings) && parsed.findings.length > 0);
    assert.match(c.err(), /Agent loop skipped/);
  });

  it('refuses --out into a folder that does not exist before doing anything', async () => {
    writeFileSync(path.join(dir, 'p.md'), PLAN);
    const c = capture(dir);
    assert.equal(await main(['p.md', '--out', 'missing/dir/r.md'], c.io, '1'), 4);
    assert.match(c.err(), /--out: the folder .* does not exist/);
  });

  it('asks at checkpoints only with a terminal, without --non-interactive, outside CI', () => {
    const tty = { interactive: true, env: {} };
    assert.equal(isInteractive({ nonInteractive: false }, tty), true);
    assert.equal(isInteractive({ nonInteractive: true }, tty), false);
    assert.equal(isInteractive({ nonInteractive: false }, { interactive: true, env: { CI: 'true' } }), false);
    assert.equal(isInteractive({ nonInteractive: false }, { interactive: false, env: {} }), false);
  });
});
