/**
 * What a line says about a code name (src/core/wording/code-claim-words.ts over the code-claims tables) and about a file
 * growing (file-operations.ts over the grow table): every row, in a made-up sentence, answers its query; the same
 * sentence with another word in the row's place does not.
 */
import assert from 'node:assert/strict';
import { CREATE_CODE, FIX_CODE, MADE_BY, RENAME_CODE, STEP_UNIT, USE_CODE } from '../../src/core/wording/code-claims';
import { createsCodeBefore, madeByStepAfter, usesCodeBefore } from '../../src/core/wording/code-claim-words';
import { GROW } from '../../src/core/wording/grow';
import { saysFileGrows } from '../../src/core/wording/file-operations';
import type { Language, Wording } from '../../src/core/wording/words';

const rows = (...tables: Wording[]): Array<[Language, string]> =>
  tables.flatMap((t) => Object.entries(t).flatMap(([lang, words]) => (words ?? []).map((w): [Language, string] => [lang as Language, w])));

describe('wording concepts: what a line says about a code name', () => {
  it('every use row before a name says the plan treats it as existing ("Then wrap ", "the existing "); a neutral verb does not', () => {
    for (const [lang, w] of rows(USE_CODE)) assert.ok(usesCodeBefore(`Then ${w} `), `${lang} "${w}"`);
    for (const [lang, w] of rows(FIX_CODE)) {
      assert.ok(usesCodeBefore(`Then ${w} the bug in `), `${lang} "${w}"`);
      assert.ok(!usesCodeBefore(`Then ${w} `), `${lang} "${w}" with no word after it`);
    }
    assert.ok(!usesCodeBefore('Then document '));
    assert.ok(!usesCodeBefore('Then recalls '), 'never inside a longer word');
  });

  it('every create row before a name says the plan makes it ("Then add ", "export a new "); "rename … to" makes the name after it', () => {
    for (const [lang, w] of rows(CREATE_CODE)) assert.ok(createsCodeBefore(`Then ${w} `), `${lang} "${w}"`);
    for (const [lang, w] of rows(RENAME_CODE)) {
      assert.ok(createsCodeBefore(`${w} \`old\` so the module exports it to `), `${lang} "${w}"`);
      assert.ok(!createsCodeBefore(`${w} `), `${lang} "${w}" alone names the old name`);
    }
    assert.ok(!createsCodeBefore('Then export '), 'export alone is no new name');
    assert.ok(!createsCodeBefore('Then document '));
  });

  it('every made-by row after a name, with or without a step unit, says a numbered step makes it ("… created in step 3")', () => {
    for (const [lang, w] of rows(MADE_BY)) {
      assert.ok(madeByStepAfter(` from the modules ${w} 121.3.2`), `${lang} "${w}"`);
      for (const [, unit] of rows(STEP_UNIT)) assert.ok(madeByStepAfter(` ${w} ${unit} 2`), `${lang} "${w} ${unit}"`);
      assert.ok(!madeByStepAfter(` ${w} the parser`), `${lang} "${w}" with no number`);
    }
    assert.ok(!madeByStepAfter(' described in step 3'));
  });
});

describe('wording concepts: a step that makes a file longer', () => {
  it('every grow row says the file grows ("Insert the guard into `a.ts`", "在 `a.ts` 中添加"); reading the file does not', () => {
    for (const [lang, w] of rows(GROW)) {
      const line = lang === 'zh' || lang === 'ja' ? `在 \`a.ts\` 中${w}一个函数` : `${w.charAt(0).toUpperCase()}${w.slice(1)} the guard into \`a.ts\``;
      assert.ok(saysFileGrows(line), `${lang} "${w}"`);
    }
    assert.ok(!saysFileGrows('Read the guard in `a.ts`'));
    assert.ok(!saysFileGrows('See the address in `a.ts`'), 'never inside a longer word');
  });
});
