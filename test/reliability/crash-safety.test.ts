/**
 * Crash-safe persistence: run state is written atomically
 * after every phase, so killing the process (SIGKILL: no handler, no
 * cleanup) mid-run leaves the last completed phase on disk, readable, and
 * the next run carries it forward. A writer killed mid-save never leaves a
 * half-written run file behind.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { RunResult } from '../../src/core/run-types';
import { createFileRunStore } from '../../src/core/store';
import { TEST_STATE_KEY } from '../support/state-key';
import { byRole } from '../support/fake-anthropic';
import { audit, challenge, challengerOut, quality, reply, researcherOut, synth, update, planEvidence } from '../support/replies';
import { REPO_ROOT, TEST_KEY, TempWorkspace, useCliAgainstFake } from '../cli/run-cli';
import { examplePlan, runAgainstFake } from '../support/run-harness';
import { SCENARIO_QUOTE } from '../support/fault-scenario';
import { runFaultCell } from '../support/fault-run';
import type { RunStore } from '../../src/core/store';

const MARKER = 'Failing open on a Redis outage removes every limit (crash marker 9K)';

/** Every run file in the store's folders (sub-directories; plain files such as .gitignore are not runs) parses and validates. Temp files (a kill between write and rename) are allowed: readers never read them. */
async function assertNoTornFiles(stateDir: string): Promise<{ files: number; temps: number }> {
  let files = 0;
  let temps = 0;
  for (const entry of await fs.readdir(stateDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue; // the state dir's own .gitignore, not a run folder
    const folder = entry.name;
    for (const name of await fs.readdir(path.join(stateDir, folder))) {
      if (name.endsWith('.tmp')) {
        temps++;
        continue;
      }
      const text = await fs.readFile(path.join(stateDir, folder, name), 'utf8');
      const parsed = RunResult.safeParse(JSON.parse(text));
      assert.ok(parsed.success, `${folder}/${name} is not a valid run`);
      files++;
    }
  }
  return { files, temps };
}

describe('reliability: crash-safe persistence', function () {
  this.timeout(60_000);

  it('the state is saved after every phase of every iteration, and once more at the end', async () => {
    const { events, result } = await runFaultCell([]);
    assert.equal(result.iterations.length, 3);
    const phases = events.flatMap((e, i) => (e.type === 'phase-started' && e.phase !== 'report' ? [i] : []));
    // The scenario ends RETHINK: no audit phase (seed 001 Step 4, "If converged").
    assert.equal(phases.length, 4 * 3, 'challenge, research Mode 1, research Modes 2–3, synthesis ×3');
    for (const [k, start] of phases.entries()) {
      const end = phases[k + 1] ?? events.findIndex((e) => e.type === 'phase-started' && e.phase === 'report');
      const phase = events[start] as { phase: string; iteration: number };
      const saved = events.slice(start, end).filter((e) => e.type === 'state-saved');
      if (phase.phase === 'audit') continue; // the final save follows the audit
      assert.ok(!events.slice(start, end).some((e) => e.type === 'state-not-saved'), `a save failed in the ${phase.phase} phase`);
      assert.ok(saved.length >= 1, `no save after the ${phase.phase} phase of iteration ${phase.iteration}`);
    }
    const last = events.at(-2);
    assert.equal(last?.type, 'state-saved', 'the finished result is saved before run-finished');
  });

  it('a store that cannot write never breaks the run: the failure is reported as an event', async () => {
    const broken: RunStore = {
      save: () => Promise.reject(Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' })),
      loadLatest: () => Promise.resolve(null),
    };
    const { result, events } = await runAgainstFake({
      script: byRole({
        challenger: [reply(challengerOut([challenge()]))],
        researcher: [reply(researcherOut({}))],
        synthesizer: [reply(synth([update('C1', 'RESOLVED', 'The plan answers it', [planEvidence('the script uses the Redis server time')])], { quality: quality(7) }))],
        auditor: [reply(audit())],
      }),
      options: { store: broken },
    });
    assert.equal(result.verdict, 'PROCEED');
    const failures = events.filter((e) => e.type === 'state-not-saved');
    assert.equal(events.filter((e) => e.type === 'state-saved').length, 0);
    assert.ok(failures.length >= 3 && failures.every((e) => /EROFS/.test(e.error)), 'each failed save is reported with its cause');
    assert.deepEqual(failures.map((e) => e.final).slice(-1), [true], 'the last one says the finished result was not kept');
  });

  describe('the CLI killed with SIGKILL mid-run', () => {
    const h = useCliAgainstFake();

    it('leaves the last completed phase on disk, readable, and the next run carries it forward', async () => {
      const { server, ws } = h;
      const planFile = ws.plan('limiter.md', examplePlan('base-team-rate-limiter').planText);
      const stateDir = path.join(ws.dir, 'state');
      const store = createFileRunStore(stateDir, { key: TEST_STATE_KEY });
      server.setScript(
        byRole({
          challenger: [reply(challengerOut([challenge({ quote: SCENARIO_QUOTE, severity: 'BLOCKING', claim: MARKER })]))],
          // Research never answers: the process is killed while it waits, after the challenge phase was saved.
          researcher: () => ({ kind: 'hang' }),
        }),
      );
      const killed = await h.cli(['--team', 'base', '--state-dir', 'state', planFile], {
        timeoutMs: 30_000,
        onSpawn: (child) => {
          void server.waitFor(() => server.received.some((r) => r.role === 'researcher'), 20_000, 'the research phase').then(() => child.kill('SIGKILL'));
        },
      });
      assert.equal(killed.signal, 'SIGKILL', `the CLI exited by itself: ${killed.stderr}`);

      const saved = await store.loadLatest(planFile);
      assert.ok(saved, 'a run is on disk after the kill');
      assert.equal(saved.finishedAt, null, 'the saved run is the in-progress one');
      assert.equal(saved.partial, true);
      assert.equal(saved.iterations.length, 1);
      assert.deepEqual(
        saved.iterations[0]!.challenges.map((c) => c.claim),
        [MARKER],
        'the completed challenge phase was saved',
      );
      await assertNoTornFiles(stateDir);
      assert.ok(!JSON.stringify(saved).includes(TEST_KEY), 'the key is not in the saved state');

      const before = server.received.length;
      server.setScript(
        byRole({
          challenger: () => reply(challengerOut([])),
          researcher: () => reply(researcherOut({})),
          synthesizer: () => reply(synth([], { quality: quality(7) })),
          auditor: () => reply(audit()),
        }),
      );
      const next = await h.cli(['--team', 'base', '--state-dir', 'state', planFile], { timeoutMs: 30_000 });
      assert.equal(next.signal, null, next.stderr);
      assert.ok(next.code === 0 || next.code === 1 || next.code === 2, `a verdict exit code, got ${next.code}: ${next.stderr}`);
      const challengerBody = JSON.stringify(server.received.slice(before).find((r) => r.role === 'challenger')?.body);
      assert.ok(challengerBody.includes(saved.runId), 'the next run sees the killed run');
      assert.ok(challengerBody.includes('crash marker 9K'), 'and its challenge (memory carry-forward)');
      const history = await store.loadHistory(planFile);
      assert.equal(history.length, 2);
      assert.notEqual(history[0]!.finishedAt, null, 'the newest run finished');
    });
  });

  describe('a store writer killed mid-save', () => {
    let ws: TempWorkspace;
    beforeEach(() => {
      ws = new TempWorkspace();
    });
    afterEach(() => ws.dispose());

    it('never leaves a torn run file: after 5 kills every file is valid and the latest run loads', async () => {
      const stateDir = path.join(ws.dir, 'state');
      const planPath = path.join(ws.dir, 'plan.md');
      const writer = path.join(REPO_ROOT, 'test', 'support', 'fault-store-writer.ts');
      for (let round = 1; round <= 5; round++) {
        const child = spawn(process.execPath, ['--import', 'tsx', writer, stateDir, planPath], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        let err = '';
        child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
        const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('close', (_code, signal) => resolve(signal)));
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`the writer saved nothing within 20 s: ${err}`)), 20_000);
          child.stdout.setEncoding('utf8').on('data', (d: string) => {
            out += d;
            // Kill right after a save completes: the next save is in flight (a different point each round).
            if ((out.match(/saved \d+/g) ?? []).length >= round + 1) {
              clearTimeout(timer);
              child.kill('SIGKILL');
              resolve();
            }
          });
          child.on('close', () => {
            clearTimeout(timer);
            resolve();
          });
        });
        assert.equal(await exited, 'SIGKILL', `the writer ended by itself: ${err}`);
        const { files } = await assertNoTornFiles(stateDir);
        assert.ok(files >= 2, `round ${round}: the run file and latest.json exist`);
        const latest = await createFileRunStore(stateDir, { key: TEST_STATE_KEY }).loadLatest(planPath);
        assert.ok(latest, `round ${round}: the latest run loads`);
      }
    });
  });
});
