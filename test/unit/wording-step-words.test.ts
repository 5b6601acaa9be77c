/**
 * The words a plan names its steps by (src/core/wording/step-words.ts): every row, in a made-up title or line, gives the
 * step its number as id, names a dependency, or opens a task label before the file the task makes; another word in the
 * row's place does none of these.
 */
import assert from 'node:assert/strict';
import { findDependencies, normalizeStepId, stepPrefix } from '../../src/core/plan/step-details';
import { opensDeliverable } from '../../src/core/rules/created-paths';
import { STEP_WORD, TASK_LABEL } from '../../src/core/wording/step-words';
import type { Language, Wording } from '../../src/core/wording/words';

const rows = (...tables: Wording[]): Array<[Language, string]> =>
  tables.flatMap((t) => Object.entries(t).flatMap(([lang, words]) => (words ?? []).map((w): [Language, string] => [lang as Language, w])));

const capitalized = (w: string): string => `${w.charAt(0).toUpperCase()}${w.slice(1)}`;
const dependencyIds = (line: string): string[] => findDependencies([line], 0, 0, () => false).map((r) => r.id);

describe('wording concepts: the words of a step', () => {
  it('every step word before a number is the step id ("Paso 3: …" is step 3) and names a dependency ("Depends on: Schritt 2")', () => {
    for (const [lang, w] of rows(STEP_WORD)) {
      for (const form of [w, capitalized(w)]) {
        const prefix = stepPrefix(`${form} 3.1: Wire the parser`);
        assert.equal(prefix.kind, 'keyword', `${lang} "${form}"`);
        assert.equal(normalizeStepId(prefix.rawId), '3.1', `${lang} "${form}"`);
        assert.equal(prefix.rest, 'Wire the parser', `${lang} "${form}"`);
      }
      assert.deepEqual(dependencyIds(`After ${w} 2 is merged.`), ['2'], `${lang} "${w}"`);
    }
    assert.notEqual(stepPrefix('Chapter 3: Wire the parser').kind, 'keyword');
    assert.notEqual(stepPrefix('Stepping 3: Wire the parser').kind, 'keyword');
    assert.deepEqual(dependencyIds('After chapter 2 is merged.'), []);
  });

  it('every task label in bold, its number and nothing else before a path, opens a deliverable ("**Task 3: `a.ts`**")', () => {
    for (const [lang, w] of rows(TASK_LABEL)) {
      for (const form of [w, capitalized(w)]) {
        assert.ok(opensDeliverable(`**${form} 3: `), `${lang} "${form}"`);
        assert.ok(opensDeliverable(`__${form} 2.1 — \``), `${lang} "${form}"`);
      }
      assert.ok(!opensDeliverable(`**${w} 3: wire the parser in `), `${lang} "${w}" with words after`);
    }
    assert.ok(!opensDeliverable('**Chapter 3: '));
  });
});
