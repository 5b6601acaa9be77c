/**
 * Hostile workspace: the run state cannot be written, or a
 * stored run is corrupt. Real CLI against the fake Messages API. A save that
 * fails is reported with its cause and exits 5 (the report is still printed:
 * nothing of the run is lost); a corrupt run file is named with the reason,
 * and `check` says so instead of "no run is stored".
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RunResult } from '../../src/core/run-types';
import { createFileRunStore } from '../../src/core/store';
import { proceedScript, SESSIONS_PLAN as PLAN, useCliAgainstFake } from '../cli/run-cli';

describe('hostile workspace: run state that cannot be kept, stored runs that are corrupt', function () {
  this.timeout(30_000);
  let planFile: string;
  const h = useCliAgainstFake({ prepare: ({ ws }) => void (planFile = ws.plan('sessions.md', PLAN)) });
  let outside: string | undefined;
  afterEach(() => {
    if (outside) rmSync(outside, { recursive: true, force: true });
    outside = undefined;
  });

  for (const [name, prepare, args, cause] of [
    ['.verify-plan is a file', (dir: string) => writeFileSync(path.join(dir, '.verify-plan'), 'not a folder\n'), [], /E(EXIST|NOTDIR)/],
    ['--state-dir where nothing can be created', () => undefined, ['--state-dir', '/proc/verify-plan-state'], /ENOENT|EACCES|EROFS/],
    [
      '.verify-plan shipped as a link out of the workspace',
      (dir: string) => {
        outside = mkdtempSync(path.join(tmpdir(), 'vp-outside-state-'));
        symlinkSync(outside, path.join(dir, '.verify-plan'));
      },
      [],
      /symbolic link/,
    ],
  ] as const) {
    it(`${name}: the report is printed, the cause is on stderr (even with --quiet), exit 5`, async () => {
      prepare(h.ws.dir);
      h.server.setScript(proceedScript());
      for (const extra of [[], ['--quiet'], ['--json']]) {
        const run = await h.cli(['--team', 'base', ...args, ...extra]);
        assert.equal(run.code, 5, `${extra.join(' ')}: ${run.stderr}`);
        if (extra.includes('--json')) assert.equal(RunResult.parse(JSON.parse(run.stdout)).verdict, 'PROCEED');
        else assert.match(run.stdout, /\*\*PROCEED\*\*/, 'nothing of the run is lost');
        assert.match(run.stderr, new RegExp(`Run state could not be saved in .*: .*(${cause.source})`));
        assert.match(run.stderr, /This run's result was not kept in .*"verify-plan check" and the next run will not see it/);
        assert.equal(run.stderr.match(/Run state could not be saved/g)?.length, 1, 'one line per cause, not one per save');
      }
      if (outside) assert.deepEqual(readdirSync(outside), [], 'nothing was written through the link');
    });
  }

  it('check with a corrupt latest run names the file and why; with an older usable run it says which one it checks', async () => {
    h.server.setScript(proceedScript([{ type: 'file_exists', description: 'the Redis store module exists', path: 'src/session/store.ts' }]));
    assert.equal((await h.cli(['--team', 'base'])).code, 0);
    const folder = createFileRunStore(path.join(h.ws.dir, '.verify-plan')).folderFor(planFile);
    const [runFile] = readdirSync(folder).filter((n) => /^\d{4}-.*\.json$/.test(n));
    assert.ok(runFile);

    // A newer run file that is not JSON: reported, and the older run is checked.
    const corruptNewer = path.join(folder, '2999-01-01T00-00-00.000Z-corrupt.json');
    writeFileSync(corruptNewer, '{"runId": "truncated');
    const older = await h.cli(['check']);
    assert.equal(older.code, 1, older.stderr); // the file does not exist yet: the assertion fails
    assert.match(older.stderr, new RegExp(`Skipped a stored run that cannot be used: .*2999-01-01T00-00-00\\.000Z-corrupt\\.json: not valid JSON`));
    assert.match(older.stderr, /Checking the newest usable run instead: /);

    // Every stored copy unusable: check says so (not "no run is stored").
    writeFileSync(path.join(folder, runFile), JSON.stringify({ runId: 'x', verdict: 'PROCEED' }));
    writeFileSync(path.join(folder, 'latest.json'), '\u0000\u0001 garbage');
    const none = await h.cli(['check']);
    assert.equal(none.code, 4, none.stderr);
    // A JSON file the product did not write (no valid tag) is not read as a run.
    assert.match(none.stderr, /Skipped a stored run that cannot be used: .*: no valid authentication tag/);
    assert.match(none.stderr, /latest\.json: not valid JSON/);
    assert.match(none.stderr, /No stored assertions for .*sessions\.md: its stored run .* cannot be used \(see above\)/);
    assert.doesNotMatch(none.stderr, /no run of it is stored/);
  });
});
