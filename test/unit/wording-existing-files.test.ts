/**
 * The concepts missing-file-claims.ts asks of a path (src/core/wording/existing-files.ts, read through file-claims.ts):
 * every row, in a made-up line of its language, makes the plan claim the file is there, so missing-file reports it at
 * the precise scope; the same line without the row's word claims nothing.
 */
import assert from 'node:assert/strict';
import { CHANGE_LABEL, CHANGE_LABEL_STEM, EXISTING, FILES_NOUN, NEW_FILES_TITLE, READ_LABEL } from '../../src/core/wording/existing-files';
import { changeLabelBefore, titleNamesFiles, titleSaysNew } from '../../src/core/wording/file-claims';
import type { Language, Wording } from '../../src/core/wording/words';
import { missingPaths, runRules } from '../support/static-rules-harness';

const rows = (...tables: Wording[]): Array<[Language, string]> =>
  tables.flatMap((t) => Object.entries(t).flatMap(([lang, words]) => (words ?? []).map((w): [Language, string] => [lang as Language, w])));

/** The paths missing-file reports at the precise scope, on a plan of these lines and a workspace of one other file. */
const reported = (...lines: string[]): string[] => missingPaths(runRules(['# Plan', '', ...lines, ''].join('\n'), ['src/main.ts'], { scope: 'precise' }));

describe('wording concepts: a file the plan says is there', () => {
  it('every change label over the path ("- **Modify:** `src/a.ts`", "Modificar `a.py`")', () => {
    for (const [lang, w] of rows(CHANGE_LABEL)) assert.deepEqual(reported('## Steps', `- **${w}:** \`src/gone.ts\``), ['src/gone.ts'], `${lang} "${w}"`);
    for (const [lang, w] of rows(CHANGE_LABEL_STEM)) {
      for (const form of [w, `${w}ing`, `${w}s`]) assert.ok(changeLabelBefore(`- **${form}:** `), `${lang} "${form}"`);
      assert.deepEqual(reported('## Steps', `- **${w}ed:** \`src/gone.ts\``), ['src/gone.ts'], `${lang} "${w}ed"`);
    }
    assert.deepEqual(reported('## Steps', '- **Wire:** `src/gone.ts`'), []);
  });

  it('every "existing" right before the path ("the existing `a.ts`")', () => {
    for (const [lang, w] of rows(EXISTING)) assert.deepEqual(reported('## Steps', `- Wire the ${w} \`src/gone.ts\``), ['src/gone.ts'], `${lang} "${w}"`);
    assert.deepEqual(reported('## Steps', '- Wire the new `src/gone.ts`'), []);
  });

  it('every label of a file to read ("**Input**: … from `spec.md`", "See also: `a.md`")', () => {
    for (const [lang, w] of rows(READ_LABEL)) assert.deepEqual(reported(`**${w}**: the design in \`docs/gone.md\``), ['docs/gone.md'], `${lang} "${w}"`);
    assert.deepEqual(reported('**Output**: the design in `docs/gone.md`'), []);
  });

  it('every files noun with a change word makes a section of files to change; with a new word, of new files', () => {
    for (const [lang, w] of rows(FILES_NOUN)) {
      assert.ok(titleNamesFiles(`Modified ${w}`), `${lang} "${w}"`);
      assert.deepEqual(reported(`## ${w} to modify`, '', '- Wire the parser in `src/gone.ts`'), ['src/gone.ts'], `${lang} "${w}"`);
    }
    for (const [lang, w] of rows(NEW_FILES_TITLE)) {
      assert.ok(titleSaysNew(`${w} files`), `${lang} "${w}"`);
      assert.deepEqual(reported('## Files to modify', '', `### ${w} files (12)`, '', '- Wire the parser in `src/gone.ts`'), [], `${lang} "${w}"`);
    }
    assert.deepEqual(reported('## Files to modify', '', '### Old files (12)', '', '- Wire the parser in `src/gone.ts`'), ['src/gone.ts']);
    assert.deepEqual(reported('## Overview to modify', '', '- Wire the parser in `src/gone.ts`'), []);
  });
});
