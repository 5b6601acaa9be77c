/**
 * `git_log` on a repository the attacker prepared.
 * (2) The repository's own `.git/config` names programs git would run
 * (`log.showSignature` + `gpg.program` with a signed commit, `core.fsmonitor`,
 * a pager, an external diff); none may ever run. (6) Git pathspec magic in
 * the path (`:/x` = from the repository top, `.en[v]` = a glob) must not show
 * history outside the workspace or of denied files.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuilt } from '../cli/run-cli';
import { assertNoSecret, assertWithinBudget, report, runAttack } from './harness';

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      HOME: cwd,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_AUTHOR_NAME: 'a',
      GIT_AUTHOR_EMAIL: 'a@example.com',
      GIT_COMMITTER_NAME: 'a',
      GIT_COMMITTER_EMAIL: 'a@example.com',
    },
  });
}

/** A program the repository names: writes `marker` when run; when asked to sign, reads the commit from stdin (exiting first makes git's write fail with EPIPE now and then) and prints a plausible signature. */
function hostileProgram(file: string, marker: string): void {
  writeFileSync(
    file,
    `#!/bin/sh
case "$*" in
  *-bsau*) cat >/dev/null; printf '%s\\n' '-----BEGIN PGP SIGNATURE-----' 'iQEzBAABCAAdFiEE' '-----END PGP SIGNATURE-----'; echo '[GNUPG:] SIG_CREATED D 1 8 00 1 X' >&2; exit 0;;
esac
echo "ran: $0 $*" >> '${marker}'
exit 0
`,
  );
  chmodSync(file, 0o755);
}

describe('hostile workspace: git_log', function () {
  this.timeout(60_000);
  let top: string;
  let markers: string;
  before(() => {
    ensureBuilt();
    markers = mkdtempSync(path.join(tmpdir(), 'vp-hostile-markers-'));
  });
  beforeEach(() => {
    top = mkdtempSync(path.join(tmpdir(), 'vp-hostile-git-'));
    git(top, 'init', '-q', '-b', 'main');
  });
  afterEach(() => rmSync(top, { recursive: true, force: true }));
  after(() => rmSync(markers, { recursive: true, force: true }));

  it('programs named in the repository config (gpg.program with showSignature, fsmonitor, pager, external diff) never run', async () => {
    const marker = path.join(markers, 'gpg-ran');
    hostileProgram(path.join(top, 'tool.sh'), marker);
    writeFileSync(path.join(top, 'README.md'), 'hello\n');
    git(top, 'add', '.');
    git(top, '-c', `gpg.program=${path.join(top, 'tool.sh')}`, 'commit', '-q', '-S', '-m', 'signed commit');
    assert.ok(!existsSync(marker), 'signing did not run the verify branch (test setup)');
    const settings: [string, string][] = [
      ['log.showSignature', 'true'],
      ['gpg.program', path.join(top, 'tool.sh')],
      ['core.fsmonitor', path.join(top, 'tool.sh')],
      ['core.pager', path.join(top, 'tool.sh')],
      ['pager.log', path.join(top, 'tool.sh')],
      ['diff.external', path.join(top, 'tool.sh')],
    ];
    for (const [key, value] of settings) git(top, 'config', key, value);
    // Positive control: git itself, run as usual in this repository, does run the repository's program.
    git(top, 'log', '-1', '--format=%s');
    assert.ok(existsSync(marker), 'plain `git log` runs gpg.program here (so the case can fail)');
    unlinkSync(marker);

    const outcome = await runAttack({ dir: top, calls: [{ name: 'git_log', input: {} }] });
    report('repository-configured programs', outcome);
    assert.equal(outcome.run.code, 0, outcome.run.stderr);
    assertWithinBudget(outcome);
    assert.ok(!existsSync(marker), 'a program named in .git/config ran');
    for (const c of outcome.calls) {
      assert.ok(!c.isError, c.content);
      assert.match(c.content, /^[0-9a-f]{7,} \d{4}-\d{2}-\d{2} a: signed commit$/m, 'history is still shown');
      assert.doesNotMatch(c.content, /gpg|signature|BEGIN PGP/i);
    }
  });

  it('pathspec magic cannot reach history outside the workspace or of denied files', async () => {
    const app = path.join(top, 'app');
    mkdirSync(app);
    writeFileSync(path.join(top, 'outside.txt'), 'outside\n');
    git(top, 'add', 'outside.txt');
    git(top, 'commit', '-q', '-m', 'OUTSIDE-HISTORY-7731');
    writeFileSync(path.join(app, '.env'), 'TOKEN=x\n');
    writeFileSync(path.join(app, 'main.ts'), 'export {};\n');
    git(top, 'add', '.');
    git(top, 'commit', '-q', '-m', 'ENV-HISTORY-5519 and main');
    unlinkSync(path.join(app, '.env'));
    git(top, 'add', '-A');
    git(top, 'commit', '-q', '-m', 'DELETED-ENV-HISTORY-4402');

    const calls = [':/outside.txt', ':(top)outside.txt', ':(glob)**/outside.txt', '.en[v]', '.env', '*env', ':!main.ts'].map((p) => ({ name: 'git_log', input: { path: p } }));
    // The researcher has one git_log per iteration (seed 002 §9); each attempt is its own run.
    for (const call of [...calls, { name: 'git_log', input: { path: 'main.ts' } }]) {
      const outcome = await runAttack({ dir: app, calls: [call] });
      report(`git_log ${JSON.stringify(call.input)}`, outcome);
      assert.equal(outcome.run.code, 0, outcome.run.stderr);
      assertWithinBudget(outcome);
      assertNoSecret(outcome, ['OUTSIDE-HISTORY-7731', 'DELETED-ENV-HISTORY-4402', ...(call.input.path === 'main.ts' ? [] : ['ENV-HISTORY-5519'])]);
      if (call.input.path === 'main.ts') assert.match(outcome.calls[0]?.content ?? '', /ENV-HISTORY-5519 and main/, 'positive control: allowed history is shown');
      if (call.input.path === '.env') assert.match(outcome.calls[0]?.content ?? '', /secret deny rule/);
    }
  });
});
