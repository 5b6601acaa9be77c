/**
 * Files the tools or the ignore logic read.
 * (3) A committed `.gitignore` that is a FIFO, or a symlink to `/dev/stdin`
 * or `/dev/zero`, hung the run or ate memory. (4) Secrets reached the API
 * through hard links (to `.env`, to a file outside the workspace), through
 * files ignored only by `.git/info/exclude` or `core.excludesFile`, and
 * through common secret files missing from the deny list.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { linkSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuilt } from '../cli/run-cli';
import { assertNoSecret, assertWithinBudget, report, runAttack } from './harness';

/** Files the issue found missing from the deny list, each holding a distinct marker. */
const MISSING_FROM_DENY_LIST = ['.envrc', '.pgpass', '.kube/config', '.vault-token', 'deploy.ppk', 'AuthKey_ABC.p8', 'config/secrets.yaml', '.env_local'];

describe('hostile workspace: confinement of every read', function () {
  this.timeout(90_000);
  let base: string;
  let dir: string;
  before(() => ensureBuilt());
  beforeEach(() => {
    base = mkdtempSync(path.join(tmpdir(), 'vp-hostile-conf-'));
    dir = path.join(base, 'ws');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'README.md'), 'MARK-PUBLIC readme\n');
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  it('.gitignore as a FIFO or a link to /dev/stdin or /dev/zero: no hang, bounded memory, other files still searched', async () => {
    for (const sub of ['fifo', 'stdin', 'zero']) mkdirSync(path.join(dir, sub));
    execFileSync('mkfifo', [path.join(dir, 'fifo', '.gitignore')]);
    symlinkSync('/dev/stdin', path.join(dir, 'stdin', '.gitignore'));
    symlinkSync('/dev/zero', path.join(dir, 'zero', '.gitignore'));
    execFileSync('mkfifo', [path.join(dir, 'pipe.txt')]);
    for (const sub of ['fifo', 'stdin', 'zero']) writeFileSync(path.join(dir, sub, 'notes.md'), `MARK-PUBLIC in ${sub}\n`);
    const outcome = await runAttack({
      dir,
      calls: [
        { name: 'grep', input: { pattern: 'MARK-' } },
        { name: 'list_files', input: {} },
        { name: 'read_file', input: { path: 'pipe.txt' } },
        { name: 'read_file', input: { path: 'zero/.gitignore' } },
      ],
      timeoutMs: 60_000,
    });
    report('hostile .gitignore files', outcome);
    assert.equal(outcome.run.code, 0, outcome.run.stderr);
    assertWithinBudget(outcome);
    const [grep, list, pipe, zero] = outcome.calls;
    for (const sub of ['fifo', 'stdin', 'zero']) assert.match(grep?.content ?? '', new RegExp(`^${sub}/notes\\.md:1: MARK-PUBLIC in ${sub}$`, 'm'));
    assert.match(list?.content ?? '', /^fifo\/notes\.md$/m);
    assert.match(pipe?.content ?? '', /refused: "pipe\.txt" is not a regular file/);
    assert.match(zero?.content ?? '', /refused/);
  });

  it('hard links, info/exclude, core.excludesFile and catalogue secret files never reach the API', async () => {
    const outside = path.join(base, 'outside-secret.txt');
    writeFileSync(outside, 'MARK-SECRET-OUTSIDE\n');
    writeFileSync(path.join(dir, '.env'), 'MARK-SECRET-ENV\n');
    linkSync(path.join(dir, '.env'), path.join(dir, 'notes.txt'));
    mkdirSync(path.join(dir, 'docs'));
    linkSync(outside, path.join(dir, 'docs', 'handbook.md'));
    execFileSync('git', ['init', '-q'], { cwd: dir });
    writeFileSync(path.join(dir, '.git', 'info', 'exclude'), 'private-notes.md\n');
    writeFileSync(path.join(dir, 'private-notes.md'), 'MARK-SECRET-EXCLUDE\n');
    const globalIgnore = path.join(base, 'global-ignore');
    writeFileSync(globalIgnore, 'local-secrets.txt\n');
    execFileSync('git', ['config', 'core.excludesFile', globalIgnore], { cwd: dir });
    writeFileSync(path.join(dir, 'local-secrets.txt'), 'MARK-SECRET-EXCLUDESFILE\n');
    const markers = ['MARK-SECRET-OUTSIDE', 'MARK-SECRET-ENV', 'MARK-SECRET-EXCLUDE', 'MARK-SECRET-EXCLUDESFILE'];
    MISSING_FROM_DENY_LIST.forEach((rel, i) => {
      mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      writeFileSync(path.join(dir, rel), `MARK-SECRET-CATALOGUE-${i}\n`);
      markers.push(`MARK-SECRET-CATALOGUE-${i}`);
    });
    const outcome = await runAttack({
      dir,
      calls: [
        { name: 'grep', input: { pattern: 'MARK-' } },
        { name: 'grep', input: { pattern: 'MARK-', glob: '**/{.*,*.p8,*.ppk,*.yaml,config}' } },
        { name: 'read_file', input: { path: 'notes.txt' } },
        { name: 'read_file', input: { path: 'docs/handbook.md' } },
        { name: 'read_file', input: { path: 'private-notes.md' } },
        { name: 'read_file', input: { path: 'local-secrets.txt' } },
      ],
    });
    report('secret paths', outcome);
    assert.equal(outcome.run.code, 0, outcome.run.stderr);
    assertWithinBudget(outcome);
    assertNoSecret(outcome, markers);
    const [grep, , link, outsideLink, excluded, excludesFile] = outcome.calls;
    assert.match(grep?.content ?? '', /^README\.md:1: MARK-PUBLIC readme$/m, 'positive control: an ordinary file is searched');
    assert.match(link?.content ?? '', /hard links/);
    assert.match(outsideLink?.content ?? '', /hard links/);
    assert.match(excluded?.content ?? '', /ignored by \.git\/info\/exclude/);
    assert.match(excludesFile?.content ?? '', /ignored by core\.excludesFile/);
  });
});
