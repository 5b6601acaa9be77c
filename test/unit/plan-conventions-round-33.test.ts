/**
 * Issue #17, thirty-third round: conventions found on fresh batches 39-42 (the end check of round 32, tuned on
 * here). Each case is a small made-up plan in the pattern's style, not a corpus excerpt, and each pairs what is no
 * longer flagged with what still is.
 */
import assert from 'node:assert/strict';
import { findingLines, runRules } from '../support/static-rules-harness';

describe('round 33', () => {
  it('a task a paragraph opens with in bold ("**TASK-010** — Add the keys") is a task a dependency may name; an id no line opens with is dangling', () => {
    const plan = (dep: string) =>
      findingLines(
        runRules(
          [
            '# Discord bot plan',
            '',
            '### Phase 1 — Settings keys',
            '',
            '**TASK-010** — Add the Discord setting keys to the whitelist',
            '- **Acceptance:** keys accepted by `settings:set`',
            '',
            '### Phase 2 — Core implementation',
            '',
            '**TASK-020** — Create the bot service',
            `- **Depends on:** ${dep}`,
            '- **Acceptance:** the bot logs in with a test token',
          ].join('\n'),
        ),
        'dangling-dependency',
      );
    assert.deepEqual(plan('TASK-010 (settings keys exist)'), []);
    assert.deepEqual(plan('TASK-090 (settings keys exist)'), [11]);
  });
});
