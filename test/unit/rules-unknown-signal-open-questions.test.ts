/**
 * unknown-signal where the plan keeps a list of its open questions (an "Open Questions" section or label, deferred
 * questions, risks): a point in that list is acknowledged; the same point in a step is not. Each case is a small
 * made-up plan written in the convention's style (not an excerpt of a real plan) and pairs what the rule explains
 * away with what it still reports.
 */
import assert from 'node:assert/strict';
import { findingLines, findingLines as lines, runAt as run, runRules } from '../support/static-rules-harness';

const precise = { scope: 'precise' as const };

describe('unknown-signal: open-question lists', () => {
  it('unknown-signal: an "## Open decisions" list, "the flatten TODO", a quoted "unknown", "resolve the unknowns" are no findings; "the owner is unknown" is', () => {
    const text = [
      '# Plan',
      '',
      'Implement the flatten TODO in the union factory.',
      'Show "unknown" when the API fails.',
      'Phase 0 resolves the technical unknowns.',
      'The cron owner is unknown.',
      '',
      '## Open decisions',
      '- Maybe shard later.',
    ].join('\n');
    assert.deepEqual(lines(run(text), 'unknown-signal'), [6]);
  });

  it('an open point listed under "### Deferred Questions" or in "## Risks" is acknowledged; one in a step is not', () => {
    for (const title of ['### Deferred Questions', '## Risks']) {
      const text = [
        '# Plan',
        '',
        '## Step 1: Download',
        'Fetch the files. Verify: hashes match.',
        '',
        title,
        '- [OPEN UNKNOWN] the archive format: TBD, settle with a parse spike first.',
      ].join('\n');
      assert.deepEqual(lines(runRules(text), 'unknown-signal'), [], title);
    }
    const inStep = ['# Plan', '', '## Step 1: Download', 'Fetch the files, format TBD. Verify: hashes match.'].join('\n');
    assert.deepEqual(lines(runRules(inStep), 'unknown-signal'), [4]);
  });

  it('"**Open Questions:**" heads a list where undecided points belong; a "maybe" outside that list is still flagged', () => {
    const text = [
      '# Roadmap',
      '',
      '## Feature: Export',
      '',
      '**Open Questions:**',
      '- Maybe CSV first?',
      '- Which formats are TBD',
      '  (the vendor decides)',
      '',
      'Export runs nightly, maybe hourly.',
    ].join('\n');
    assert.deepEqual(findingLines(runRules(text), 'unknown-signal'), [10]);
    assert.deepEqual(findingLines(runRules(text.replace('**Open Questions:**', '**Notes:**')), 'unknown-signal'), [6, 7, 10]);
  });

  it('precise: a TBD in a plan that keeps a list of open questions points at that list; without the list, or with an empty one, it is reported', () => {
    const plan = (questions: string) =>
      ['# Plan: briefing agent', '', '## Phase 3: Retrieval', '', '- **Chunking strategy**: TBD (sentence-based? paragraph-based?)', '', questions].join('\n');
    const listed = plan('## Open Questions\n\n- What chunking suits newsletters best?\n');
    assert.deepEqual(findingLines(runRules(listed, [], { scope: 'precise' }), 'unknown-signal'), []);
    assert.deepEqual(findingLines(runRules(plan('## Notes\n\nNone.\n'), [], { scope: 'precise' }), 'unknown-signal'), [5]);
    assert.deepEqual(findingLines(runRules(plan('## Open Questions\n'), [], { scope: 'precise' }), 'unknown-signal'), [5]);
    // Scope thorough still reports every marker outside the list.
    assert.deepEqual(findingLines(runRules(listed), 'unknown-signal'), [5]);
  });

  it('"## Open Design Questions" is an open-questions list; "## Design" is not', () => {
    const plan = (heading: string) => ['# Plan', '', '## Steps', '', '1. Token name: TBD', '', heading, '', '1. Token name — TBD', ''].join('\n');
    assert.deepEqual(findingLines(runRules(plan('## Open Design Questions'), [], precise), 'unknown-signal'), []);
    assert.deepEqual(findingLines(runRules(plan('## Design'), [], precise), 'unknown-signal'), [5, 9]);
  });
  it('a TBD in a list of what the plan leaves out ("**Not in v2 (explicit deferrals):**", "## Out of Scope", "## Non-goals") is settled for this plan; in a step it is not', () => {
    const step = ['## Step 1: Form', 'Auto-save: TBD.'];
    const label = ['# Plan', '', ...step, '', '**Not in v2 (explicit deferrals):**', '- Live preview — v3', '- Auto-save — TBD, v3 or later'].join('\n');
    assert.deepEqual(lines(run(label), 'unknown-signal'), [4]);
    for (const title of ['## Out of Scope', '## Non-goals', '## Deferred']) {
      const text = ['# Plan', '', ...step, '', title, '- Auto-save — TBD, v3 or later'].join('\n');
      assert.deepEqual(lines(run(text), 'unknown-signal'), [4], title);
    }
  });
});
