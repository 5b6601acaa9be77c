/**
 * The words the parser finds as unknown signals (src/core/signals.ts reads MARKER, UNKNOWN_WORDS, ABSENT,
 * MARKER_AS_CONTENT and SETTLED* of src/core/wording/undecided.ts): every row, in a made-up line, is a signal or settles
 * one; and a row added to a table is read by the parser and the rules with no change to them.
 */
import { strict as assert } from 'node:assert';
import { parsePlan } from '../../src/core/plan';
import { ABSENT, MARKER, MARKER_AS_CONTENT, MARKER_NAMES, SETTLED, SETTLED_SOURCE, SETTLED_TENSE, UNKNOWN_WORDS } from '../../src/core/wording/undecided';
import type { Language, Wording } from '../../src/core/wording/words';

const rows = (...tables: Wording[]): Array<[Language, string]> =>
  tables.flatMap((t) => Object.entries(t).flatMap(([lang, words]) => (words ?? []).map((w): [Language, string] => [lang as Language, w])));

/** The signals the parser finds on one line of a plan. */
const signals = (line: string): string[] => parsePlan(`# Plan\n\n${line}\n`).unknownSignals.map((s) => s.signal.toLowerCase().replace(/\s+/g, ' '));

describe('wording concepts: unknown signals', () => {
  it('every marker and unknown word is found, whole, in a sentence', () => {
    // A marker is written in capitals: lower-case "todo" before a word is Spanish or Portuguese ("todo el flujo").
    const written = (w: string): string => (rows(MARKER).some(([, m]) => m === w) ? w.toUpperCase() : w);
    for (const [lang, w] of rows(MARKER, UNKNOWN_WORDS)) {
      assert.deepEqual(signals(`The retry budget is ${written(w)}, for now.`), [w], `${lang} "${w}"`);
      assert.deepEqual(signals(`The retry\tbudget: ${written(w).replace(/ /g, '\t')}.`), [w], `${lang} "${w}" with tabs`);
    }
    assert.deepEqual(signals('The retry budget is decided.'), []);
  });

  it('a phrase never spans a line, and no word is found inside a name', () => {
    for (const [lang, w] of rows(UNKNOWN_WORDS).filter(([, w]) => w.includes(' '))) {
      const [first, ...rest] = w.split(' ');
      assert.deepEqual(
        parsePlan(`# Plan\n\nThe budget is ${first}\n${rest.join(' ')}.\n`).unknownSignals.filter((s) => s.signal.includes('\n')),
        [],
        `${lang} "${w}"`,
      );
    }
    for (const [lang, w] of rows(MARKER, UNKNOWN_WORDS).filter(([, w]) => !w.includes(' '))) assert.deepEqual(signals(`See doc/${w}_list-v2.md.`), [], `${lang} "${w}"`);
  });

  it('every word of absence before the markers names them as absent ("No TBD or TODO", "sin TBD", "无 TBD")', () => {
    for (const [lang, w] of rows(ABSENT)) {
      for (const [, name] of rows(MARKER_NAMES).filter(([, n]) => !['or', 'and', 'nor'].includes(n))) {
        assert.deepEqual(signals(`The spec has ${w} ${name} or TBD left.`), [], `${lang} "${w} ${name} or TBD"`);
      }
    }
    assert.deepEqual(signals('The spec has some placeholders or TBD left.'), ['tbd']);
  });

  it('every content word after a marker names it as content ("TBD values", "TODO comments")', () => {
    for (const [lang, w] of rows(MARKER_AS_CONTENT)) assert.deepEqual(signals(`Strip it, TODO ${w} from the output.`), [], `${lang} "${w}"`);
    assert.deepEqual(signals('Strip it, TODO now, from the output.'), ['todo']);
  });

  it('every settled word after "unknowns", with every tense and source word ("unknowns from the spike were resolved")', () => {
    for (const [lang, w] of rows(SETTLED)) {
      assert.deepEqual(signals(`All technical unknowns ${w} through research.`), [], `${lang} "${w}"`);
      for (const [, tense] of rows(SETTLED_TENSE)) assert.deepEqual(signals(`The unknowns ${tense} ${w}.`), [], `${lang} "${tense} ${w}"`);
      for (const [, source] of rows(SETTLED_SOURCE)) assert.deepEqual(signals(`The unknowns ${source} the spike ${w}.`), [], `${lang} "${source} … ${w}"`);
    }
    assert.deepEqual(signals('The unknowns remain.'), ['unknowns']);
  });
});
