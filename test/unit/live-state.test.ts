import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { LIVE_TOOL_LIMIT, emptyLive, reduceLive } from '../../src/core/live-state';
import type { RunEvent } from '../../src/core/run-types';
import { LiveRun, PanelState } from '../../src/shared/webview-protocol';

const fixtures = path.join(__dirname, '../webview/fixtures');
const { events } = JSON.parse(readFileSync(path.join(fixtures, 'live-run.json'), 'utf8')) as { events: RunEvent[] };
const fullRun = PanelState.parse(JSON.parse(readFileSync(path.join(fixtures, 'full-run.json'), 'utf8')));

const fold = (list: readonly RunEvent[], start: LiveRun | null = null): LiveRun => list.reduce<LiveRun | null>(reduceLive, start) ?? emptyLive('', '');

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

describe('reduceLive', () => {
  it('starts a run from run-started', () => {
    const live = fold(events.slice(0, 1));
    assert.equal(live.runId, 'run-live-0930');
    assert.equal(live.status, 'running');
    assert.equal(live.assessment?.score, 9);
    assert.equal(live.iteration, 0);
  });

  it('tracks the phase and which agents are working, with streamed characters', () => {
    const live = fold(events.slice(0, 8));
    assert.equal(live.phase, 'challenge');
    assert.equal(live.iteration, 1);
    assert.deepEqual(
      live.agents.map((a) => [a.role, a.outputChars]),
      [
        ['challenger', 147],
        ['domain-expert', 16],
        ['devils-advocate', 0],
      ],
    );
  });

  it('sums usage and cost of finished calls and records failures', () => {
    const live = fold(events.slice(0, 11));
    assert.deepEqual(live.agents, [], 'finished and failed agents are no longer working');
    assert.equal(live.calls.length, 2);
    assert.equal(live.usage.input_tokens, 9200 + 8900);
    assert.equal(live.usage.cache_read_input_tokens, 7600);
    assert.ok(Math.abs(live.costUsd - (0.1571 + 0.0515)) < 1e-9);
    assert.deepEqual(
      live.failures.map((f) => [f.role, f.kind]),
      [['devils-advocate', 'invalid_output']],
    );
  });

  it('keeps iteration snapshots, the progress message and where the state was saved', () => {
    const live = fold(events.slice(0, 24));
    assert.equal(live.iterations.length, 1);
    assert.equal(live.message, 'Iteration 1: 0 resolved, 5 remaining');
    assert.equal(live.savedTo, '/workspace/.vscode/verify-plan/runs/run-live-0930.json');
    const again = reduceLive(live, { type: 'iteration-finished', iteration: 1, state: live.iterations[0]!, resolved: 0, remaining: 5, message: 'again' });
    assert.equal(again.iterations.length, 1, 'a repeated snapshot replaces the earlier one');
  });

  it('waits at a checkpoint and resumes when it is answered', () => {
    const waiting = fold(events);
    assert.equal(waiting.status, 'waiting');
    assert.equal(waiting.checkpoint?.challengeId, 'C1');
    const request = waiting.checkpoint;
    const resumed = reduceLive(waiting, { type: 'checkpoint-answered', request, answer: { action: 'acknowledge_risk' } });
    assert.equal(resumed.status, 'running');
    assert.equal(resumed.checkpoint, null);
    assert.deepEqual(resumed.answeredCheckpoints, [{ request, answer: { action: 'acknowledge_risk' } }]);
  });

  it('keeps only the most recent tool calls', () => {
    const many: RunEvent[] = Array.from({ length: LIVE_TOOL_LIMIT + 5 }, (_, i) => ({
      type: 'tool-called',
      iteration: 1,
      role: 'researcher',
      tool: 'grep',
      summary: `call ${i}`,
      ok: true,
    }));
    const live = fold(many, emptyLive('r', '/p.md'));
    assert.equal(live.tools.length, LIVE_TOOL_LIMIT);
    assert.equal(live.tools.at(-1)?.summary, `call ${LIVE_TOOL_LIMIT + 4}`);
  });

  it('finishes with the result, also when no earlier event was seen', () => {
    const result = fullRun.result!;
    const fromNothing = reduceLive(null, { type: 'run-finished', result });
    assert.equal(fromNothing.status, 'finished');
    assert.equal(fromNothing.verdict, 'REVISE');
    assert.equal(fromNothing.iterations.length, 3);
    assert.equal(fromNothing.costUsd, result.costUsd);
    assert.equal(fromNothing.planPath, result.planPath);
    const afterLive = reduceLive(fold(events), { type: 'run-finished', result: { ...result, runId: 'run-live-0930' } });
    assert.equal(afterLive.checkpoint, null);
    assert.deepEqual(afterLive.agents, []);
    assert.equal(afterLive.tools.length, 3, 'tool calls seen live are kept');
  });

  it('never throws, never mutates its input, and always yields a valid LiveRun (any order of events)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...events), { maxLength: 40 }), (sequence) => {
        let live: LiveRun | null = null;
        for (const event of sequence) {
          const before: string = JSON.stringify(live);
          const next: LiveRun = reduceLive(live === null ? null : deepFreeze(live), deepFreeze(event));
          assert.equal(JSON.stringify(live), before);
          live = next;
        }
        if (live) LiveRun.parse(live);
      }),
      { numRuns: 150 },
    );
  });

  it('ignores an event type it does not know', () => {
    const live = fold(events.slice(0, 3));
    const unknown = { type: 'something-new' } as unknown as RunEvent;
    assert.deepEqual(reduceLive(live, unknown), live);
  });
});
