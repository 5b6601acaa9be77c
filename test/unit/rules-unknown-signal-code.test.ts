/**
 * unknown-signal on code and quoted text: inline code, a GSD <automated> command, a fence inside a GSD task tag, a
 * comment the plan has the code carry. Their words are code, not the plan's open points. Each case is a small
 * made-up plan written in the convention's style (not an excerpt of a real plan) and pairs what the rule explains
 * away with what it still reports.
 */
import assert from 'node:assert/strict';
import { findingLines, findingLines as lines, runAt as run, runRules, signalLines } from '../support/static-rules-harness';

const precise = { scope: 'precise' as const };

describe('unknown-signal: code and quoted text', () => {
  it('unknown signals: a word in inline code is quoted text; lower-case "todo" before a word is Spanish / Portuguese; the marker still counts', () => {
    const text = ['# Plan', '', 'stderr contains `unknown` for a bad alias.', 'Revisar todo el flujo antes de publicar.', 'TODO decide the retry limit.'].join('\n');
    assert.deepEqual(lines(run(text), 'unknown-signal'), [5]);
  });

  it('a GSD "<automated>" line is a command; its words are code', () => {
    assert.deepEqual(signalLines(['<verify>', '  <automated>grep -c "test.fixme\\|TODO" tests/a.spec.ts</automated>', '</verify>']), []);
    assert.deepEqual(signalLines(['<verify>', '  TODO decide the threshold', '</verify>']), [5]);
  });

  it('inline code on a very long line is still code ("`a ?? b`" on a 30,000-character line); "??" in prose is not', () => {
    const filler = 'word '.repeat(6000);
    assert.deepEqual(signalLines([`${filler}use \`a ?? b\` here ${filler}`]), []);
    assert.deepEqual(signalLines([`${filler}which one ?? ${filler}`]), [4]);
  });

  it('a quoted comment the plan has the code carry ("TODO: Integrate AI analysis"), and "unknowns from Phase 0 resolved", mark no undecided point; "TODO: pick" in prose still does', () => {
    const lines = (line: string) => findingLines(runRules(['# Plan', '', line].join('\n')), 'unknown-signal');
    assert.deepEqual(lines('- [ ] Note in comments: "TODO: Integrate AI analysis"'), []);
    assert.deepEqual(lines('- ✅ All technical unknowns from Phase 0 resolved and incorporated into design'), []);
    assert.deepEqual(lines('- [ ] TODO: pick the analysis model'), [3]);
  });

  it('a fence inside a GSD task tag is code even with no blank line after the tag: its "??" is an operator', () => {
    const plan = (between: string) =>
      [
        '# Phase 6 Plan 2',
        '',
        '<tasks>',
        '<task type="auto">',
        '  <name>Task 1: Emit the join stub</name>',
        '  <action>',
        '1. In `src/lib/sparql.ts`, emit a stub:',
        '   ```sparql',
        "   # parent: ${m.parentId ?? '?'}  child: ${m.childRef ?? '?'}",
        '   ```',
        between,
        '  </action>',
        '</task>',
        '</tasks>',
        '',
      ].join('\n');
    assert.deepEqual(findingLines(runRules(plan('2. Keep the rest.'), [], precise), 'unknown-signal'), []);
    assert.deepEqual(findingLines(runRules(plan('2. Owner of the join: ??'), [], precise), 'unknown-signal'), [11]);
  });
});
