/**
 * unknown-signal on wording that says an open point is settled or says when it will be: "unknowns resolved", "TBD —
 * pending …", "to be defined from …", "No TBD", a ticked TODO item. Each case is a small made-up plan written in the
 * convention's style (not an excerpt of a real plan) and pairs what the rule explains away with what it still
 * reports.
 */
import assert from 'node:assert/strict';
import { findingLines, runRules, signalLines } from '../support/static-rules-harness';

const precise = { scope: 'precise' as const };

describe('unknown-signal: settled words', () => {
  it('"all technical unknowns resolved through research" names them settled; "unknowns remain" does not', () => {
    assert.deepEqual(signalLines(['All technical unknowns resolved through research.']), []);
    assert.deepEqual(signalLines(['Two unknowns remain in the parser.']), [4]);
  });

  it('"- [x] TODO: rework the previews" is a finished item; "- [ ] TODO: pick a codec" is an open point', () => {
    const run = (item: string): number[] => findingLines(runRules(['# Next steps', '', '## Library', item, '- [ ] Order by name'].join('\n')), 'unknown-signal');
    assert.deepEqual(run('- [x] TODO: rework the previews'), []);
    assert.deepEqual(run('- [ ] TODO: pick a codec'), [4]);
  });

  it('"TBD — pending Phase 4A provider evaluation" says when it is decided; "AI provider: TBD" does not', () => {
    const signals = (line: string): number[] =>
      findingLines(runRules(['# Plan', '', '## Step 1: Docs', line, 'Success criteria: the table is updated.'].join('\n')), 'unknown-signal');
    assert.deepEqual(signals('- change the "AI" row to "TBD — pending Phase 4A provider evaluation"'), []);
    assert.deepEqual(signals('- AI provider: TBD'), [4]);
  });

  it('"無 TBD" (no TBD) names the marker as absent, as "No TBD" does; "快取大小 TBD" is a marker', () => {
    const plan = (line: string) => ['# 計畫', '', `**Placeholder scan:** ${line}`, ''].join('\n');
    assert.deepEqual(findingLines(runRules(plan('無 TBD;每個步驟都有完整程式碼。✓'), [], precise), 'unknown-signal'), []);
    assert.deepEqual(findingLines(runRules(plan('没有 TBD。'), [], precise), 'unknown-signal'), []);
    assert.deepEqual(findingLines(runRules(plan('快取大小 TBD。'), [], precise), 'unknown-signal'), [3]);
  });

  it('"to be defined from real scan runs" says how it is settled; "to be defined" alone is open', () => {
    const plan = (line: string) => ['# Plan', '', '## Follow-ups', '', `- [ ] Benchmarks — ${line}`, ''].join('\n');
    assert.deepEqual(findingLines(runRules(plan('to be defined from real scan runs'), [], precise), 'unknown-signal'), []);
    assert.deepEqual(findingLines(runRules(plan('to be decided by the platform lead'), [], precise), 'unknown-signal'), []);
    assert.deepEqual(findingLines(runRules(plan('to be defined'), [], precise), 'unknown-signal'), [5]);
  });
});
