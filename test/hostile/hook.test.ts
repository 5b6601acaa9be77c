/**
 * The Claude Code hook on a hostile repository and a hostile payload: every
 * file it reads (the plan, the transcript, Claude Code settings) goes through
 * the confined reader, it writes nothing into the project, and `hook install`
 * neither replaces a linked settings file nor reads a device through it.
 * Through the REAL CLI with a temp HOME; with a key, against the fake API, so
 * a secret that were read would show in a request body.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { emptyToolInput, planFileOnly, transcriptNamingPlan } from '../fixtures/claude-code-hook/payloads';
import { proceedScript, SESSIONS_PLAN, useCliAgainstFake } from '../cli/run-cli';

const SECRET = 'AKIA-HOOK-SECRET-7731';

describe('hostile: the Claude Code hook reads only confined plan files and writes nothing', function () {
  this.timeout(30000);
  const h = useCliAgainstFake();
  let home: string;
  let outside: string;
  let plans: string;
  let transcript: string;
  beforeEach(() => {
    home = mkdtempSync(path.join(tmpdir(), 'vp-home-'));
    outside = mkdtempSync(path.join(tmpdir(), 'vp-outside-'));
    writeFileSync(path.join(outside, 'credentials.md'), `aws_secret_access_key = ${SECRET}\n`);
    plans = path.join(home, '.claude', 'plans');
    mkdirSync(plans, { recursive: true });
    transcript = path.join(home, '.claude', 'projects', 'p', 's.jsonl');
    mkdirSync(path.dirname(transcript), { recursive: true });
  });
  afterEach(() => {
    rmSync(home, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });
  const ctx = () => ({ cwd: h.ws.dir, transcriptPath: transcript, event: 'PermissionRequest' as const });
  const hook = (payload: object) => {
    h.server.setScript(proceedScript());
    return h.cli(['hook', 'claude-code', '--team', 'base'], { env: { ...h.keyedEnv(), HOME: home }, input: JSON.stringify(payload), timeoutMs: 15000 });
  };
  const noSecretSent = () =>
    assert.ok(
      h.server.received.every((r) => !JSON.stringify(r.body).includes(SECRET)),
      'no secret byte in any request',
    );

  it('a plan file that is a link to a secret, a file outside the plans folder and project, or below a linked folder is not read', async () => {
    symlinkSync(path.join(outside, 'credentials.md'), path.join(plans, 'linked.md'));
    symlinkSync(outside, path.join(plans, 'sub'));
    for (const [file, why] of [
      [path.join(plans, 'linked.md'), /symbolic link/],
      [path.join(outside, 'credentials.md'), /is outside/],
      [path.join(plans, 'sub', 'credentials.md'), /symbolic link on its path/],
      [path.join(plans, '..', '..', '..', path.basename(outside), 'credentials.md'), /is outside/],
    ] as const) {
      const run = await hook(planFileOnly(ctx(), file));
      assert.equal(run.code, 0, run.stderr);
      const out = JSON.parse(run.stdout);
      assert.equal(out.hookSpecificOutput, undefined);
      assert.match(out.systemMessage, why);
      assert.match(out.systemMessage, /NOT checked/);
      assert.ok(!run.stdout.includes(SECRET) && !run.stderr.includes(SECRET));
    }
    noSecretSent();
  });

  it('a transcript naming a FIFO, a device link or a huge file does not hang or fill memory; it is refused with a reason', async () => {
    const fifo = path.join(plans, 'fifo.md');
    assert.equal(spawnSync('mkfifo', [fifo]).status, 0);
    symlinkSync('/dev/zero', path.join(plans, 'zero.md'));
    writeFileSync(path.join(plans, 'huge.md'), Buffer.alloc(5 * 1024 * 1024, 0x61));
    for (const name of ['fifo.md', 'zero.md', 'huge.md']) {
      writeFileSync(transcript, transcriptNamingPlan(path.join(plans, name)));
      const started = Date.now();
      const run = await hook(emptyToolInput(ctx()));
      assert.ok(Date.now() - started < 10_000, `${name}: answered in ${Date.now() - started} ms`);
      const out = JSON.parse(run.stdout);
      assert.equal(out.hookSpecificOutput, undefined, name);
      assert.match(out.systemMessage, /not a regular file|symbolic link|over the .*-byte limit/, name);
    }
  });

  it('a transcript_path outside Claude Code folder, or a link to a secret, is not read', async () => {
    const fake = path.join(outside, 'evil.jsonl');
    writeFileSync(fake, transcriptNamingPlan(path.join(outside, 'credentials.md')));
    const run = await hook({ ...emptyToolInput(ctx()), transcript_path: fake });
    assert.match(JSON.parse(run.stdout).systemMessage, /transcript could not be read: .*is outside/);
    symlinkSync(fake, transcript);
    const linked = await hook(emptyToolInput(ctx()));
    assert.match(JSON.parse(linked.stdout).systemMessage, /transcript could not be read: .*symbolic link/);
    noSecretSent();
  });

  it('the hook writes nothing into the project: a linked .claude/plans pointing out of it stays untouched', async () => {
    mkdirSync(path.join(h.ws.dir, '.claude'));
    symlinkSync(outside, path.join(h.ws.dir, '.claude', 'plans'));
    const run = await hook({ ...emptyToolInput(ctx()), tool_input: { plan: SESSIONS_PLAN } });
    assert.match(JSON.parse(run.stdout).systemMessage, /Verify Plan: PROCEED/);
    assert.deepEqual(readdirSync(outside), ['credentials.md']);
  });
});

describe('hostile: hook install and a linked settings.json (real CLI)', function () {
  this.timeout(30000);
  const h = useCliAgainstFake();
  let home: string;
  beforeEach(() => (home = mkdtempSync(path.join(tmpdir(), 'vp-home-'))));
  afterEach(() => rmSync(home, { recursive: true, force: true }));
  const cli = (args: string[]) => h.cli(args, { env: { HOME: home } });

  it('a dotfiles link is written through (the link stays); a link to /dev/zero is refused at once, nothing read past the cap', async () => {
    const settings = path.join(home, '.claude', 'settings.json');
    const dotfiles = path.join(home, 'dotfiles', 'claude.json');
    mkdirSync(path.dirname(settings), { recursive: true });
    mkdirSync(path.dirname(dotfiles), { recursive: true });
    writeFileSync(dotfiles, '{"model": "opus"}');
    symlinkSync(dotfiles, settings);
    const ok = await cli(['hook', 'install', '--user']);
    assert.equal(ok.code, 0, ok.stderr);
    assert.ok(lstatSync(settings).isSymbolicLink());
    assert.equal(JSON.parse(readFileSync(dotfiles, 'utf8')).hooks.PermissionRequest[0].matcher, 'ExitPlanMode');

    rmSync(settings);
    symlinkSync('/dev/zero', settings);
    const started = Date.now();
    const zero = await cli(['hook', 'install', '--user']);
    assert.equal(zero.code, 4);
    assert.ok(Date.now() - started < 10_000);
    assert.match(zero.stderr, /not a regular file.*nothing was changed/);
    assert.ok(lstatSync(settings).isSymbolicLink());
    assert.ok(!existsSync(path.join(h.ws.dir, '.claude')));
  });
});
