/**
 * "What to change" on every surface the engine renders: the Markdown report
 * (and so the CLI and the GitHub job summary), the hook's deny reason and
 * the status-bar hover. Each names exactly the BLOCKING/SIGNIFICANT
 * challenges OPEN or UNRESOLVED (seed 002 §7), most severe first, with plan
 * line, quote and one change; then deferred ones; then static errors.
 */
import assert from 'node:assert/strict';
import { renderMarkdownReport } from '../../src/core/report';
import { gateDenialReason, whatToChangeText } from '../../src/core/report/what-to-change-format';
import { whatToChange, whatToChangeLead } from '../../src/core/report/what-to-change';
import { presentStatus } from '../../src/extension/status-model';
import { challengeFixture, iterationFixture, runResultFixture, validRunResult } from '../support/run-result-fixture';

const LONG = 'Keep a read-only in-memory fallback that serves cached sessions while Redis is unreachable, and alert the on-call engineer when it is in use';

function rethink() {
  const challenges = [
    challengeFixture({ id: 'C1', severity: 'SIGNIFICANT', status: 'UNRESOLVED', quote: 'Document REDIS_URL', resolution: 'State the default value and fail fast' }),
    challengeFixture({ id: 'C2', severity: 'MINOR', status: 'OPEN', quote: 'Add a client' }),
    challengeFixture({ id: 'C3', severity: 'BLOCKING', status: 'OPEN', quote: 'Replace the in-memory map', alternative: LONG }),
    challengeFixture({ id: 'C4', severity: 'SIGNIFICANT', status: 'RESOLVED', quote: 'Use Redis' }),
    challengeFixture({
      id: 'C5',
      severity: 'SIGNIFICANT',
      status: 'OPEN',
      quote: 'Use the session TTL',
      reopened_by_audit: 'The TTL does not answer the outage',
      resolution: 'The TTL covers it',
    }),
  ];
  const deferred_surfaced = [
    { origin: 'probed' as const, severity: 'BLOCKING' as const, claim: 'Failover drops writes', quote: 'Replace the in-memory map', iteration: 1, reason: 'active-total cap' },
    { origin: 'surfaced' as const, severity: 'MINOR' as const, claim: 'Naming', quote: 'Add a client', iteration: 1, reason: 'per-iteration cap' },
  ];
  return validRunResult(runResultFixture({ verdict: 'RETHINK', iterations: [iterationFixture({ challenges, deferred_surfaced })], planLines: { C1: 9, C3: 8, C5: 4 } }));
}

describe('what to change', () => {
  it('names exactly the deciding challenges, most severe first, with one change each (resolution for UNRESOLVED, else the alternative)', () => {
    const w = whatToChange(rethink().iterations[0], { lines: rethink().planLines! });
    assert.deepEqual(
      w.deciding.map((i) => [i.id, i.line, i.changeFrom]),
      [
        ['C3', 8, 'challenger'],
        ['C5', 4, 'challenger'],
        ['C1', 9, 'synthesizer'],
      ],
    );
    assert.deepEqual(
      w.deferred.map((d) => d.severity),
      ['BLOCKING'],
    );
  });

  it("an UNRESOLVED challenge whose resolution only says no mitigation was found shows the challenger's alternative, not that sentence", () => {
    for (const resolution of ['No mitigation found', 'None.', 'No viable mitigation identified.', 'no fix proposed', 'N/A']) {
      const c = challengeFixture({ id: 'C1', severity: 'BLOCKING', status: 'UNRESOLVED', resolution, alternative: LONG });
      const [item] = whatToChange(iterationFixture({ challenges: [c] })).deciding;
      assert.deepEqual([item?.change, item?.changeFrom], [LONG, 'challenger'], resolution);
    }
    const mitigation = challengeFixture({
      id: 'C1',
      severity: 'BLOCKING',
      status: 'UNRESOLVED',
      resolution: 'No mitigation is needed once the cache is keyed by tenant; key it by tenant',
    });
    assert.equal(whatToChange(iterationFixture({ challenges: [mitigation] })).deciding[0]?.changeFrom, 'synthesizer');
  });

  it('the Markdown report puts it right after the verdict, fits 80 columns, and ends with static errors', () => {
    const md = renderMarkdownReport(rethink(), { staticErrors: [{ line: 3, code: 'dangling-dependency', message: 'Step 3 depends on step 7, which does not exist' }] });
    const section = md.slice(md.indexOf('## What to change'), md.indexOf('## Assessment'));
    assert.ok(md.indexOf('## Verdict') < md.indexOf('## What to change') && md.indexOf('## What to change') < md.indexOf('## Resolution'));
    assert.ok(
      section.split('\n').every((l) => l.length <= 80),
      section,
    );
    assert.match(
      section,
      /1\. \*\*C3\*\* · BLOCKING · OPEN · plan line 8\n {3}> Replace the in-memory map\n\n {3}\*\*Change \(the challenger’s alternative\):\*\* Keep a read-only/,
    );
    assert.match(section, /2\. \*\*C5\*\* · SIGNIFICANT · OPEN · reopened by the final audit · plan line 4/);
    assert.match(section, /Deferred by the caps[\s\S]*BLOCKING: Failover drops writes/);
    assert.match(section, /Static checks \(errors\)[\s\S]*plan line 3: dangling-dependency/);
    assert.doesNotMatch(md, /changes listed/);
  });

  it("the hook's deny reason and the status-bar hover carry the same list", () => {
    const result = rethink();
    const reason = gateDenialReason(result);
    const hover = presentStatus({ kind: 'verdict', planName: 'plan.md', result, stale: false }).tooltip;
    for (const text of [reason, hover]) {
      const ids = [...text.matchAll(/^\d+\. \[[^\]]+\] (C\d+)/gm)].map((m) => m[1]);
      assert.deepEqual(ids, ['C3', 'C5', 'C1'], text);
      assert.match(text, /reopened by the final audit/);
    }
    assert.match(reason, /^Verify Plan verdict: RETHINK\. Revise the plan to address these 3 open challenge\(s\)/);
    assert.match(reason, /Concern: /);
  });

  it('plain text wraps at the width and is cut with a count of what is left', () => {
    const w = whatToChange(rethink().iterations[0]);
    const text = whatToChangeText('RETHINK', w, { width: 80 });
    assert.ok(text.split('\n').every((l) => l.length <= 80));
    const cut = whatToChangeText('RETHINK', w, { limit: 400, moreWhere: 'open the report' });
    assert.match(cut, /\(\d+ more not shown; open the report\.\)$/);
  });
});

describe('"What to change": the sentence that points at the list', () => {
  const lead = (n: number, verdict: Parameters<typeof whatToChangeLead>[0]) =>
    whatToChangeLead(
      verdict,
      whatToChange({
        challenges: Array.from({ length: n }, (_, i) => challengeFixture({ id: `C${i + 1}`, severity: 'BLOCKING', status: 'OPEN', quote: `Step ${i + 1}` })),
        deferred_surfaced: [],
      }),
    );

  it('agrees in number with the challenges it points at', () => {
    assert.equal(lead(1, 'RETHINK'), 'Change the plan for this challenge; it decides the RETHINK. Most severe first:');
    assert.equal(lead(2, 'RETHINK'), 'Change the plan for these 2 challenges; they decide the RETHINK. Most severe first:');
    assert.equal(lead(0, 'RETHINK'), null);
  });
});

describe('the hook deny reason', () => {
  it('stays within its limit however many challenges decide the verdict, and says how many it left out', () => {
    const many = Array.from({ length: 200 }, (_, i) => challengeFixture({ id: `C${i + 1}`, severity: 'SIGNIFICANT', status: 'OPEN', quote: `Step ${i + 1}` }));
    const result = validRunResult(runResultFixture({ verdict: 'REVISE (strong)', iterations: [iterationFixture({ challenges: many })] }));
    const short = gateDenialReason(result, 2000);
    assert.ok(short.length <= 2000, String(short.length));
    assert.match(short, /more not shown/);
  });
});
