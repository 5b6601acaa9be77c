/**
 * Hostile workspace: a result that cannot be kept
 * is never an exit 0, and nothing passes for verified when nothing was.
 * Real CLI against the fake Messages API.
 *   - `-o <folder>` / an unwritable `-o`: refused before any request (exit 4);
 *   - the `-o` folder vanishing mid-run: report still on stdout, cause on stderr, exit 5;
 *   - `check` when every stored assertion is SKIPPED: exit 3, and it says so;
 *   - `--spending-cap 0x10`: refused (exit 4), no request.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { proceedScript, SESSIONS_PLAN as PLAN, useCliAgainstFake } from '../cli/run-cli';

describe('hostile workspace: exit codes when a result cannot be kept or nothing was verified', function () {
  this.timeout(30_000);
  const h = useCliAgainstFake({ prepare: ({ ws }) => void ws.plan('sessions.md', PLAN) });

  it('-o naming a folder: exit 4 with a clear message, before any request', async () => {
    mkdirSync(path.join(h.ws.dir, 'reports'));
    h.server.setScript(proceedScript());
    for (const args of [
      ['--team', 'base', '-o', 'reports'],
      ['--static', '--out', 'reports'],
      ['--team', 'base', '-o', '.'],
    ]) {
      const run = await h.cli(args);
      assert.equal(run.code, 4, `${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stderr, /--out: .* is a folder; give a file path/);
      assert.equal(run.stdout, '');
    }
    assert.equal(h.server.received.length, 0, 'no money spent');
  });

  it('-o where no file can be created: exit 4 before any request', async () => {
    h.server.setScript(proceedScript());
    const run = await h.cli(['--team', 'base', '-o', '/proc/verify-plan-report.md']);
    assert.equal(run.code, 4, run.stderr);
    assert.match(run.stderr, /--out: cannot write a file in \/proc \(E[A-Z]+\)/);
    assert.equal(h.server.received.length, 0);
  });

  it('-o folder removed during the run: the report is still printed, the cause is on stderr, exit 5', async () => {
    const reports = path.join(h.ws.dir, 'reports');
    mkdirSync(reports);
    h.server.setScript(proceedScript([], () => rmSync(reports, { recursive: true, force: true })));
    const run = await h.cli(['--team', 'base', '-o', 'reports/verify.md']);
    assert.equal(run.code, 5, run.stderr);
    assert.match(run.stdout, /\*\*PROCEED\*\*/, 'nothing lost: the report is on stdout');
    assert.match(run.stderr, /Could not write the report to .*reports\/verify\.md \(ENOENT\)/);
    assert.ok(!existsSync(reports));
  });

  it('check when every stored assertion is SKIPPED: exit 3, "nothing could be evaluated"', async () => {
    h.server.setScript(proceedScript([{ type: 'shell_exit_zero', description: 'the session tests pass', command: 'npm test -- sessions' }]));
    const first = await h.cli(['--team', 'base']);
    assert.equal(first.code, 0, first.stderr);
    for (const args of [['check'], ['check', '--json']]) {
      const check = await h.cli(args);
      assert.equal(check.code, 3, check.stderr);
      assert.match(check.stderr, /Nothing was verified: all 1 stored assertion\(s\) were SKIPPED/);
      if (args.includes('--json')) assert.equal(JSON.parse(check.stdout).confidence, null);
      else assert.match(check.stdout, /^SKIPPED\s+A-001\s+the session tests pass/m);
    }
  });

  it('--spending-cap 0x10 is refused, not read as $16', async () => {
    h.server.setScript(proceedScript());
    const run = await h.cli(['--team', 'base', '--spending-cap', '0x10']);
    assert.equal(run.code, 4, run.stderr);
    assert.match(run.stderr, /--spending-cap must be an amount in USD written as decimal digits, such as 5 or 0\.50 .*got "0x10"/);
    assert.equal(h.server.received.length, 0);
  });
});
