/**
 * A resolution that proposes no change (src/core/wording/no-change.ts over the resolution tables): every row, and every
 * composition of the "no remedy found" slots, as a whole resolution, makes the report show the challenger's
 * alternative instead; a resolution that goes on to propose something is shown.
 */
import assert from 'node:assert/strict';
import { recommendedChange } from '../../src/core/report/what-to-change';
import { proposesNoChange } from '../../src/core/wording/no-change';
import { NO_REMEDY, NOTHING, REMEDY, REMEDY_FOUND, REMEDY_QUALIFIER, REMEDY_TENSE } from '../../src/core/wording/resolution';
import type { Language, Wording } from '../../src/core/wording/words';
import { challengeFixture } from '../support/run-result-fixture';

const rows = (...tables: Wording[]): Array<[Language, string]> =>
  tables.flatMap((t) => Object.entries(t).flatMap(([lang, words]) => (words ?? []).map((w): [Language, string] => [lang as Language, w])));
const optional = (t: Wording): string[] => ['', ...rows(t).map(([, w]) => w)];
const join = (...parts: string[]): string => parts.filter((p) => p !== '').join(' ');

const ALTERNATIVE = 'Key the cache by tenant';
const shownFrom = (resolution: string): string =>
  recommendedChange(challengeFixture({ id: 'C1', severity: 'BLOCKING', status: 'UNRESOLVED', resolution, alternative: ALTERNATIVE })).from;

describe('wording concepts: a resolution that proposes no change', () => {
  it('every "nothing" row, the whole resolution, proposes no change ("None.", "N/A")', () => {
    for (const [lang, w] of rows(NOTHING)) {
      for (const form of [w, `${w.toUpperCase()}.`, `${w}!`]) {
        assert.ok(proposesNoChange(form), `${lang} "${form}"`);
        assert.equal(shownFrom(form), 'challenger', `${lang} "${form}"`);
      }
      assert.ok(!proposesNoChange(`${w} needed: key the cache by tenant`), `${lang} "${w}" and more`);
    }
    assert.ok(proposesNoChange('---'));
    assert.equal(shownFrom('Key it by tenant.'), 'synthesizer');
  });

  it('every composition "no [qualifier] remedy [[tense] found]" proposes no change ("No viable mitigation identified.")', () => {
    for (const [lang, no] of rows(NO_REMEDY))
      for (const qualifier of optional(REMEDY_QUALIFIER))
        for (const remedy of REMEDY[lang] ?? [])
          for (const found of optional(REMEDY_FOUND))
            for (const tense of found === '' ? [''] : optional(REMEDY_TENSE)) {
              const resolution = `${join(no, qualifier, remedy, tense, found)}.`;
              assert.ok(proposesNoChange(resolution), `${lang} "${resolution}"`);
            }
    for (const [lang, remedy] of rows(REMEDY)) {
      assert.equal(shownFrom(`No ${remedy} found`), 'challenger', `${lang} "${remedy}"`);
      assert.equal(shownFrom(`No ${remedy} is needed once the cache is keyed by tenant; key it by tenant`), 'synthesizer', `${lang} "${remedy}" then a change`);
    }
    assert.ok(!proposesNoChange('No rollback found'));
  });
});
