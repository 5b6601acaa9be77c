/**
 * The words around an unknown signal that make it no signal (src/core/wording/signal-context.ts over the undecided and
 * done tables): every row, in a made-up line, answers the query and the parser finds no signal there; the same line with
 * another word in the row's place finds the signal.
 */
import assert from 'node:assert/strict';
import { findUnknownSignals } from '../../src/core/signals';
import { STATUS_LABEL } from '../../src/core/wording/done';
import { conditionBefore, markedAsBefore, pointsAtMarkerBefore, statusFieldBefore } from '../../src/core/wording/signal-context';
import { HANDLED_WHEN, MARKED_AS, MARKER_POINTED_AT } from '../../src/core/wording/undecided';
import type { Language, Wording } from '../../src/core/wording/words';

const rows = (...tables: Wording[]): Array<[Language, string]> =>
  tables.flatMap((t) => Object.entries(t).flatMap(([lang, words]) => (words ?? []).map((w): [Language, string] => [lang as Language, w])));

const signals = (line: string): string[] => findUnknownSignals([line]).map((s) => s.signal);

describe('wording concepts: the words around an unknown signal', () => {
  it('every condition right before "unknown" makes it a handled state ("left empty when unknown")', () => {
    for (const [lang, w] of rows(HANDLED_WHEN)) {
      assert.ok(conditionBefore(`left empty ${w} `), `${lang} "${w}"`);
      assert.deepEqual(signals(`The field is left empty ${w} unknown.`), [], `${lang} "${w}"`);
    }
    assert.ok(!conditionBefore('left empty as '));
    assert.deepEqual(signals('The field is left empty as unknown.'), ['unknown']);
  });

  it('every word pointing at a marker already written, a few words back, makes it the work item ("implement the flatten TODO")', () => {
    for (const [lang, w] of rows(MARKER_POINTED_AT)) {
      assert.ok(pointsAtMarkerBefore(`Implement ${w} flatten `), `${lang} "${w}"`);
      assert.deepEqual(signals(`Implement ${w} flatten TODO in the parser.`), [], `${lang} "${w}"`);
      assert.ok(!pointsAtMarkerBefore(`Implement ${w} one two three `), `${lang} "${w}" too far back`);
    }
    assert.deepEqual(signals('Implement a flatten TODO in the parser.'), ['TODO']);
  });

  it('every state word right before a marker names the state it is put in ("all marked fixme")', () => {
    for (const [lang, w] of rows(MARKED_AS)) {
      assert.ok(markedAsBefore(`all ${w} \``), `${lang} "${w}"`);
      assert.deepEqual(signals(`Tests ${w} FIXME are skipped.`), [], `${lang} "${w}"`);
    }
    assert.ok(!markedAsBefore('all seen '));
    assert.deepEqual(signals('Tests seen FIXME are skipped.'), ['FIXME']);
  });

  it('every status label right before a marker makes it the field\'s value ("**Status**: TODO")', () => {
    for (const [lang, w] of rows(STATUS_LABEL)) {
      assert.ok(statusFieldBefore(`**${w}**: `), `${lang} "${w}"`);
      assert.deepEqual(signals(`**${w}**: TODO`), [], `${lang} "${w}"`);
    }
    assert.ok(!statusFieldBefore('**Owner**: '));
    assert.deepEqual(signals('**Owner**: TODO'), ['TODO']);
  });
});
