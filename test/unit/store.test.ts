import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createFileRunStore, planKey, RUNS_KEPT_PER_PLAN, runFileName } from '../../src/core/store';
import { runResultFixture } from '../support/run-result-fixture';

const PLAN = '/work/project/.claude/plans/rate-limiter.md';
const stamp = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString();

describe('file run store', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vp-store-'));
  });
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('the state folder ignores itself in git ("*"), and a user-edited .gitignore is kept', async () => {
    const store = createFileRunStore(dir);
    await store.save(runResultFixture({ planPath: PLAN, runId: 'r1', startedAt: stamp(1) }));
    assert.equal(await fs.readFile(path.join(dir, '.gitignore'), 'utf8'), '*\n');
    await fs.writeFile(path.join(dir, '.gitignore'), '*\n!keep.json\n');
    await store.save(runResultFixture({ planPath: PLAN, runId: 'r2', startedAt: stamp(2) }));
    assert.equal(await fs.readFile(path.join(dir, '.gitignore'), 'utf8'), '*\n!keep.json\n');
    assert.equal((await store.loadAllLatest()).length, 1);
  });

  it('never writes through a symbolic link a repository shipped (the state folder itself, or a plan folder inside it)', async () => {
    const elsewhere = path.join(dir, 'elsewhere');
    await fs.mkdir(elsewhere);
    const linkedRoot = path.join(dir, 'state-link');
    await fs.symlink(elsewhere, linkedRoot);
    await assert.rejects(createFileRunStore(linkedRoot).save(runResultFixture({ planPath: PLAN, runId: 'r1', startedAt: stamp(1) })), /symbolic link/);
    const realRoot = path.join(dir, 'state');
    await fs.mkdir(realRoot);
    await fs.symlink(elsewhere, path.join(realRoot, planKey(PLAN)));
    await assert.rejects(createFileRunStore(realRoot).save(runResultFixture({ planPath: PLAN, runId: 'r2', startedAt: stamp(2) })), /symbolic link/);
    assert.deepEqual(await fs.readdir(elsewhere), [], 'nothing, not even a .gitignore, was written at the link target');
    // A real folder is fine.
    await createFileRunStore(path.join(dir, 'plain')).save(runResultFixture({ planPath: PLAN, runId: 'r3', startedAt: stamp(3) }));
  });

  it('saves one folder per plan and loads the latest run', async () => {
    const store = createFileRunStore(dir);
    const first = runResultFixture({ planPath: PLAN, runId: 'r1', startedAt: stamp(1), verdict: 'REVISE' });
    const second = runResultFixture({ planPath: PLAN, runId: 'r2', startedAt: stamp(2), verdict: 'PROCEED', planText: '# Plan\n' });
    const saved = await store.save(first);
    await store.save(second);
    assert.equal(path.dirname(saved), path.join(dir, planKey(PLAN)));
    assert.match(planKey(PLAN), /^[0-9a-f]{16}$/);
    assert.equal(path.basename(saved), '2026-01-01T00-01-00.000Z-r1.json');
    const latest = await store.loadLatest(PLAN);
    assert.equal(latest?.runId, 'r2');
    assert.equal(latest?.planText, '# Plan\n');
    const latestJson = JSON.parse(await fs.readFile(path.join(dir, planKey(PLAN), 'latest.json'), 'utf8'));
    assert.equal(latestJson.runId, 'r2');
    assert.equal(await store.loadLatest('/work/project/other.md'), null);
    assert.equal(await createFileRunStore(path.join(dir, 'never-created')).loadLatest(PLAN), null);
  });

  it('re-saving a run (partial, then final) replaces its file', async () => {
    const store = createFileRunStore(dir);
    await store.save(runResultFixture({ planPath: PLAN, runId: 'r1', startedAt: stamp(1), partial: true, finishedAt: null }));
    await store.save(runResultFixture({ planPath: PLAN, runId: 'r1', startedAt: stamp(1), partial: false }));
    const files = (await fs.readdir(path.join(dir, planKey(PLAN)))).filter((f) => f !== 'latest.json');
    assert.deepEqual(files, [runFileName({ startedAt: stamp(1), runId: 'r1' })]);
    assert.equal((await store.loadLatest(PLAN))?.partial, false);
  });

  it('ignores a leftover temp file and skips corrupt or foreign JSON, falling back to the newest valid run', async () => {
    const store = createFileRunStore(dir);
    await store.save(runResultFixture({ planPath: PLAN, runId: 'good', startedAt: stamp(1) }));
    const folder = path.join(dir, planKey(PLAN));
    await fs.writeFile(path.join(folder, `.${runFileName({ startedAt: stamp(9), runId: 'crash' })}.123.abc.tmp`), '{"version":1,"runId":"cr');
    await fs.writeFile(path.join(folder, runFileName({ startedAt: stamp(5), runId: 'corrupt' })), '{"version":1,"runId":"cor');
    await fs.writeFile(path.join(folder, runFileName({ startedAt: stamp(6), runId: 'foreign' })), JSON.stringify({ version: 1, runId: 'foreign', hello: 'world' }));
    await fs.writeFile(path.join(folder, 'latest.json'), 'not json at all');
    assert.equal((await store.loadLatest(PLAN))?.runId, 'good');
    assert.deepEqual(
      (await store.loadHistory(PLAN)).map((r) => r.runId),
      ['good'],
    );
  });

  it('writes atomically: no temp files remain, and a failed write leaves the previous file intact', async () => {
    const store = createFileRunStore(dir);
    const target = await store.save(runResultFixture({ planPath: PLAN, runId: 'r1', startedAt: stamp(1), reason: 'first' }));
    const folder = path.dirname(target);
    assert.deepEqual(
      (await fs.readdir(folder)).filter((f) => f.endsWith('.tmp')),
      [],
    );
    // An invalid result is rejected before anything is written.
    await assert.rejects(store.save({ ...runResultFixture({ planPath: PLAN, runId: 'r1', startedAt: stamp(1) }), verdict: 'MAYBE' } as never));
    assert.equal((await store.loadLatest(PLAN))?.reason, 'first');
    assert.deepEqual(
      (await fs.readdir(folder)).filter((f) => f.endsWith('.tmp')),
      [],
    );
  });

  it(`keeps the newest ${RUNS_KEPT_PER_PLAN} runs per plan`, async () => {
    const store = createFileRunStore(dir);
    for (let i = 1; i <= RUNS_KEPT_PER_PLAN + 3; i++) {
      await store.save(runResultFixture({ planPath: PLAN, runId: `r${i}`, startedAt: stamp(i) }));
    }
    await store.save(runResultFixture({ planPath: '/work/project/other.md', runId: 'o1', startedAt: stamp(50) }));
    const history = await store.loadHistory(PLAN);
    assert.equal(history.length, RUNS_KEPT_PER_PLAN);
    assert.equal(history[0]?.runId, `r${RUNS_KEPT_PER_PLAN + 3}`);
    assert.equal(history.at(-1)?.runId, 'r4');
    assert.deepEqual(
      (await store.loadAllLatest()).map((r) => r.runId),
      ['o1', `r${RUNS_KEPT_PER_PLAN + 3}`],
    );
  });

  it('makes ids that are unsafe as file names safe', () => {
    assert.equal(runFileName({ startedAt: '2026-01-01T00:00:00Z', runId: '../../etc/passwd' }), '2026-01-01T00-00-00Z-.._.._etc_passwd.json');
  });
});
