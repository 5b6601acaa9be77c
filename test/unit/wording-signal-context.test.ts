/**
 * The words around an unknown signal that make it no signal (src/core/wording/signal-context.ts over the undecided and
 * done tables): every row, in a made-up line, answers the query and the parser finds no signal there; the same line with
 * another word in the row's place finds the signal.
 */
import assert from 'node:assert/strict';
import { findUnknownSignals } from '../../src/core/signals';
import { STATUS_LABEL } from '../../src/core/wording/done';
import {
  conditionBefore,
  countedOfBefore,
  countLabelBefore,
  decidedWhenAfter,
  markedAsBefore,
  pointsAtMarkerBefore,
  settledHowAfter,
  settlesUnknownsBefore,
  statusFieldBefore,
} from '../../src/core/wording/signal-context';
import {
  COUNT_LABEL,
  DECIDED_WHEN,
  HANDLED_WHEN,
  MARKED_AS,
  MARKER_POINTED_AT,
  SETTLE_VERB,
  SETTLED_HOW,
  TALLY_OF,
  TO_BE_DECIDED,
  UNKNOWN_WORDS,
} from '../../src/core/wording/undecided';
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

  it('every tally word between a count and TBD makes it a total not counted yet ("Sprint 2 of TBD")', () => {
    for (const [lang, w] of rows(TALLY_OF)) {
      assert.ok(countedOfBefore(`Sprint 2 ${w} `), `${lang} "${w}"`);
      assert.deepEqual(signals(`**Plan:** 3 ${w} TBD`), [], `${lang} "${w}"`);
      assert.ok(!countedOfBefore(`Sprint ${w} `), `${lang} "${w}" without a count`);
    }
    assert.deepEqual(signals('**Plan:** 3 or TBD'), ['TBD']);
  });

  it('every count label before TBD makes it a count not filled in ("**Plans**: TBD")', () => {
    for (const [lang, w] of rows(COUNT_LABEL)) {
      assert.ok(countLabelBefore(`**${w}**: `), `${lang} "${w}"`);
      assert.deepEqual(signals(`**${w.toUpperCase()}**: TBD`), [], `${lang} "${w}"`);
    }
    assert.deepEqual(signals('**Owners**: TBD'), ['TBD']);
  });

  it('every verb a few words before "unknowns" names the unknowns the plan sets out to settle ("resolve the technical unknowns")', () => {
    for (const [lang, w] of rows(SETTLE_VERB)) {
      assert.ok(settlesUnknownsBefore(`First ${w} the technical `), `${lang} "${w}"`);
      assert.deepEqual(signals(`First ${w} the technical unknowns.`), [], `${lang} "${w}"`);
      assert.ok(!settlesUnknownsBefore(`First ${w} one two three four `), `${lang} "${w}" too far back`);
    }
    assert.deepEqual(signals('First ignore the technical unknowns.'), ['unknowns']);
  });

  it('every word after a marker that says when or by whom it is decided settles it ("TBD — pending Phase 4A", "TBD (until …")', () => {
    for (const [lang, w] of rows(DECIDED_WHEN)) {
      for (const after of [` — ${w} the review`, ` (${w} the review)`, `, ${w} the review`]) {
        assert.ok(decidedWhenAfter(after), `${lang} "${after}"`);
        // The marker is settled ("TBD — to be decided in the review" may still hold a phrase of its own).
        assert.ok(!signals(`Cache size: TBD${after}.`).includes('TBD'), `${lang} "${after}"`);
      }
    }
    assert.ok(!decidedWhenAfter(' — ask the review'));
    assert.deepEqual(signals('Cache size: TBD — ask the review.'), ['TBD']);
  });

  it('every "to be decided" phrase with how or by whom after it is settled ("to be decided by the platform lead")', () => {
    for (const [lang, phrase] of rows(TO_BE_DECIDED)) {
      assert.ok((UNKNOWN_WORDS[lang] ?? []).includes(phrase), `${lang} "${phrase}" is an unknown phrase`);
      for (const [, w] of rows(SETTLED_HOW)) {
        assert.ok(settledHowAfter(phrase, ` ${w} the lead`), `${lang} "${phrase} ${w}"`);
        assert.deepEqual(signals(`The cache size is ${phrase} ${w} the lead.`), [], `${lang} "${phrase} ${w}"`);
      }
      assert.deepEqual(signals(`The cache size is ${phrase} for now.`), [phrase], `${lang} "${phrase} for now"`);
    }
    assert.ok(!settledHowAfter('unclear', ' by the lead'));
  });
});
