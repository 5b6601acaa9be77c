/**
 * The concepts no-success-criterion asks of a step (src/core/wording/deferred.ts LATER_*, docs.ts, read through
 * step-work.ts): every row, in a made-up title or body of its language, makes the step one the rule does not hold to a
 * criterion; the same plan without the row's word is reported.
 */
import { strict as assert } from 'node:assert';
import { LATER_BODY, LATER_NOTE, LATER_TITLE } from '../../src/core/wording/deferred';
import { DOC_FILE_VERB, DOCS_NOUN, DOCS_VERB, DOCUMENT_VERB } from '../../src/core/wording/docs';
import { isDocsTitle, opensOutOfScope, titleSaysLater } from '../../src/core/wording/step-work';
import type { Language, Wording } from '../../src/core/wording/words';
import { findingLines, runRules } from '../support/static-rules-harness';

const rows = (...tables: Wording[]): Array<[Language, string]> =>
  tables.flatMap((t) => Object.entries(t).flatMap(([lang, words]) => (words ?? []).map((w): [Language, string] => [lang as Language, w])));

/** The lines no-success-criterion reports on a plan of two steps, the second titled `title` over `body`. */
const reported = (title: string, body = 'Wire the export to the queue.'): number[] =>
  findingLines(runRules(['# Plan', '', '## Step 1: Parser', 'Parse the input.', '', `## Step 2: ${title}`, body].join('\n')), 'no-success-criterion');

describe('wording concepts: a step for later', () => {
  it('every note in parentheses puts the step off ("Step 2: Export (Future)")', () => {
    for (const [lang, w] of rows(LATER_NOTE)) {
      assert.ok(titleSaysLater(`Export (${w})`), `${lang} "${w}"`);
      assert.deepEqual(reported(`Export (${w})`), [3], `${lang} "(${w})"`);
    }
    assert.deepEqual(reported('Export (current)'), [3, 6]);
  });

  it('every opening of a title puts the step off ("Step 2: Backlog")', () => {
    for (const [lang, w] of rows(LATER_TITLE)) {
      assert.ok(titleSaysLater(`${w} for the exporter`), `${lang} "${w}"`);
      assert.deepEqual(reported(`${w} for the exporter`), [3], `${lang} "${w}"`);
    }
    assert.equal(titleSaysLater('Futures market feed'), false);
  });

  it('every opening of a body puts the step out of scope ("Not in MVP scope.")', () => {
    for (const [lang, w] of rows(LATER_BODY)) {
      assert.ok(opensOutOfScope(`${w}.`), `${lang} "${w}"`);
      assert.deepEqual(reported('Export', `${w}.`), [3], `${lang} "${w}"`);
    }
    assert.equal(opensOutOfScope('Scope: the exporter.'), false);
  });
});

describe('wording concepts: a documentation step', () => {
  it('every docs verb with every document it names ("Update the API docs")', () => {
    for (const [lang, verb] of rows(DOCS_VERB)) {
      for (const noun of DOCS_NOUN[lang] ?? []) {
        assert.ok(isDocsTitle(`${verb} the API ${noun}`), `${lang} "${verb} … ${noun}"`);
        assert.deepEqual(reported(`${verb} the API ${noun}`, 'See `docs/api.md`.'), [3], `${lang} "${verb} … ${noun}"`);
      }
    }
    assert.equal(isDocsTitle('Update the parser'), false);
  });

  it('every verb that is documentation by itself, and every verb before a document file', () => {
    for (const [lang, w] of rows(DOCUMENT_VERB)) assert.deepEqual(reported(`${w} the flag`, 'See `docs/flags.md`.'), [3], `${lang} "${w}"`);
    for (const [lang, w] of rows(DOC_FILE_VERB)) assert.deepEqual(reported(`${w} docs/setup.md`, 'See `docs/setup.md`.'), [3], `${lang} "${w}"`);
    assert.deepEqual(reported('Read docs/setup.md', 'See `docs/setup.md`.'), [3, 6]);
  });
});
