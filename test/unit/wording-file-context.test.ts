/**
 * The concepts missing-file-context.ts asks of a path's place (src/core/wording/file-context.ts over the existing-files,
 * file-label, move and verify tables): every row, in a made-up line of its language, answers the query and changes what
 * missing-file reports; the same line with another word in the row's place does neither.
 */
import assert from 'node:assert/strict';
import { CHANGE_VERB, CHANGED, CHANGED_STEM } from '../../src/core/wording/existing-files';
import {
  aboutPackages,
  citesSource,
  defaultPathBefore,
  editedAsText,
  formerNameBefore,
  isFileColumn,
  isOriginCell,
  isTargetCell,
  namesChangeVerb,
  opensOldSide,
  placesOutside,
  saysChanged,
  saysGreenfield,
  titleIsTests,
} from '../../src/core/wording/file-context';
import {
  ANOTHER,
  CARRIED,
  DEFAULT,
  DEFAULT_PLACE,
  EARLIER_VERSION,
  EDIT_TEXT_VERB,
  EMPTY_PROJECT,
  EVERY,
  GREENFIELD,
  MADE_FROM,
  OLD_SIDE,
  ORIGIN,
  ORIGIN_QUALIFIER,
  OTHER_PLACE,
  OUTSIDE_OF,
  PACKAGE_INSTALL,
  PROJECT,
  TARGET,
  TARGET_QUALIFIER,
  TEXT_OCCURRENCE,
  THIS,
  WORKSPACE_NOUN,
} from '../../src/core/wording/outside-workspace';
import { FILE_COLUMN } from '../../src/core/wording/file-labels';
import { FORMER_NAME } from '../../src/core/wording/move';
import { TESTS_TITLE } from '../../src/core/wording/verify';
import type { Language, Wording } from '../../src/core/wording/words';
import { missingPaths, runRules } from '../support/static-rules-harness';

const rows = (...tables: Wording[]): Array<[Language, string]> =>
  tables.flatMap((t) => Object.entries(t).flatMap(([lang, words]) => (words ?? []).map((w): [Language, string] => [lang as Language, w])));

const capitalized = (w: string): string => `${w.charAt(0).toUpperCase()}${w.slice(1)}`;

/** The paths missing-file reports at the thorough scope (no claim needed), on a plan of these lines and a workspace of one other file. */
const reported = (...lines: string[]): string[] => missingPaths(runRules(['# Plan', '', ...lines, ''].join('\n'), ['src/main.ts'], { scope: 'thorough' }));

const fileTable = (first: string, second: string): string[] => [`| ${first} | ${second} |`, '|---|---|', '| `src/gone.ts` | wire the parser |'];

describe('wording concepts: where the plan places a file', () => {
  it('every name a file had before, right before the path, is no mention of a file to find ("(formerly `a.ts`)", "（原 `a`）")', () => {
    for (const [lang, w] of rows(FORMER_NAME)) {
      assert.ok(formerNameBefore(`Wire the parser (${w} \``), `${lang} "${w}"`);
      assert.ok(formerNameBefore(`Wire the parser (${w}: `), `${lang} "${w}:"`);
      assert.deepEqual(reported('## Steps', `- Wire the parser (${w} \`src/gone.ts\`)`), [], `${lang} "${w}"`);
      assert.ok(!formerNameBefore(`Wire the parser (${w} and more \``), `${lang} "${w}" not right before`);
    }
    assert.ok(!formerNameBefore('Wire the parser (near `'));
    assert.ok(!formerNameBefore('Wire the parser (beforehand `'));
    assert.deepEqual(reported('## Steps', '- Wire the parser (near `src/gone.ts`)'), ['src/gone.ts']);
  });

  it("every files word as a table's first header cell makes a table of the work's files, new ones among them", () => {
    for (const [lang, w] of rows(FILE_COLUMN)) {
      assert.ok(isFileColumn(w) && isFileColumn(` ${w.toUpperCase()} `), `${lang} "${w}"`);
      assert.deepEqual(reported('## Steps', '', ...fileTable(w, 'Action')), [], `${lang} "${w}"`);
    }
    assert.ok(!isFileColumn('Item') && !isFileColumn('Files changed') && !isFileColumn('Profile'));
    assert.deepEqual(reported('## Steps', '', ...fileTable('Item', 'Action')), ['src/gone.ts']);
  });

  it('every change word in the header, the label above or the row makes it a table of files to change ("| File | Changes |")', () => {
    for (const [lang, w] of rows(CHANGED)) {
      assert.ok(saysChanged(`Files ${w}`), `${lang} "${w}"`);
      assert.deepEqual(reported('## Steps', '', ...fileTable('File', w)), ['src/gone.ts'], `${lang} "${w}"`);
      assert.ok(!saysChanged(`Files ${w}x`), `${lang} "${w}x" is another word`);
    }
    for (const [lang, w] of rows(CHANGED_STEM)) {
      for (const form of [w, `${w}s`, `${w}ed`]) assert.ok(saysChanged(`Files ${form}`), `${lang} "${form}"`);
      assert.deepEqual(reported('## Steps', '', ...fileTable('File', `${w}s`)), ['src/gone.ts'], `${lang} "${w}s"`);
      assert.ok(!saysChanged(`Files x${w}`), `${lang} "x${w}" is another word`);
    }
    assert.ok(!saysChanged('### M5 — Editor and UI') && !saysChanged('Alternatives'));
    assert.deepEqual(reported('## Steps', '', ...fileTable('File', 'Purpose')), []);
  });

  it('every tests title over a test file makes it one the plan writes ("## Testing Strategy", "### Unit Tests")', () => {
    for (const [lang, w] of rows(TESTS_TITLE)) {
      assert.ok(titleIsTests(`5. ${w}`) && titleIsTests(`**${w.toUpperCase()}**`), `${lang} "${w}"`);
      assert.deepEqual(reported(`## ${w}`, '', '- Wire the parser in `tests/gone.test.ts`'), [], `${lang} "${w}"`);
      assert.ok(!titleIsTests(`${w} of the parser`), `${lang} "${w}" is not the whole title`);
    }
    assert.deepEqual(reported('## Overview', '', '- Wire the parser in `tests/gone.test.ts`'), ['tests/gone.test.ts']);
  });

  it('every change verb before a path, in a workspace that holds no code yet, says the file must be there ("Replace the map in `a.ts`")', () => {
    const inEmptyWorkspace = (line: string): string[] =>
      missingPaths(runRules(['# Plan', '', '## Steps', '', line, ''].join('\n'), ['README.md'], { scope: 'thorough', askSourceFiles: true }));
    for (const [lang, w] of rows(CHANGE_VERB)) {
      assert.ok(namesChangeVerb(`- ${w} the map in `), `${lang} "${w}"`);
      assert.deepEqual(inEmptyWorkspace(`- ${w} the map in \`src/gone.ts\``), ['src/gone.ts'], `${lang} "${w}"`);
      assert.ok(!namesChangeVerb(`- ${w}x the map in `), `${lang} "${w}x" is another word`);
    }
    assert.deepEqual(inEmptyWorkspace('- Wire the map in `src/gone.ts`'), []);
  });

  it('every install word on the line of a scoped name makes it an npm package, not a folder to find ("npm install `@src/x`")', () => {
    for (const [lang, w] of rows(PACKAGE_INSTALL)) {
      assert.ok(aboutPackages(`- ${w} the kit`), `${lang} "${w}"`);
      assert.deepEqual(reported('## Steps', `- ${w} \`@src/gone_x\``), [], `${lang} "${w}"`);
      assert.ok(!aboutPackages(`- ${w}x the kit`), `${lang} "${w}x" is another word`);
    }
    assert.deepEqual(reported('## Steps', '- Wire `@src/gone_x`'), ['@src/gone_x']);
  });

  it('"default" and a place word before a path label a program\'s run-time place, not a workspace file ("Default storage path: `a/b.png`")', () => {
    for (const [lang, d] of rows(DEFAULT))
      for (const place of DEFAULT_PLACE[lang] ?? []) {
        assert.ok(defaultPathBefore(`- ${d} storage ${place}: \``), `${lang} "${d} … ${place}"`);
        assert.deepEqual(reported('## Steps', `- ${d} storage ${place}: \`static/images/a.png\``), [], `${lang} "${d} … ${place}"`);
        assert.ok(!defaultPathBefore(`- ${d} storage ${place}s: \``), `${lang} "${place}s" is another word`);
      }
    assert.deepEqual(reported('## Steps', '- Storage path: `static/images/a.png`'), ['static/images/a.png']);
  });

  it('every origin word as a table\'s first header cell, with a target word in another, makes the first column files taken from elsewhere ("| v1 source | v2 destination |")', () => {
    const table = (origin: string, target: string): string[] => ['## Steps', '', `| ${origin} | ${target} |`, '|---|---|', '| `src/gone.ts` | wired |'];
    for (const [lang, origin] of rows(ORIGIN)) {
      for (const cell of [origin, `**${origin.toUpperCase()}**`, `v1 ${origin}`, ...(ORIGIN_QUALIFIER[lang] ?? []).map((q) => `${q} ${origin}`)]) {
        assert.ok(isOriginCell(cell), `${lang} "${cell}"`);
        assert.deepEqual(reported(...table(cell, 'v2')), [], `${lang} "${cell}"`);
      }
      assert.ok(!isOriginCell(`${origin} files`), `${lang} "${origin}" is not the whole cell`);
    }
    for (const [lang, target] of rows(TARGET)) {
      for (const cell of [target, `v2 ${target}`, ...(TARGET_QUALIFIER[lang] ?? []).map((q) => `${q} ${target}`)]) {
        assert.ok(isTargetCell(cell), `${lang} "${cell}"`);
        assert.deepEqual(reported(...table('Source', cell)), [], `${lang} "${cell}"`);
      }
      assert.ok(!isTargetCell(`${target} files`), `${lang} "${target}" is not the whole cell`);
    }
    assert.ok(!isOriginCell('Item') && !isTargetCell('Notes'));
    assert.deepEqual(reported(...table('Source', 'Notes')), ['src/gone.ts']);
  });

  it('a project said to start empty, before the first step, creates what its steps name ("Greenfield project", "no code exists yet")', () => {
    const plan = (opening: string): string[] => [opening, '', '## Step 1: Wire the parser', '', '- Wire `src/gone.ts`'];
    for (const [lang, g] of rows(GREENFIELD))
      for (const project of PROJECT[lang] ?? []) {
        assert.ok(saysGreenfield(`A ${g} ${project}.`), `${lang} "${g} ${project}"`);
        assert.deepEqual(reported(...plan(`A ${g} ${project}.`)), [], `${lang} "${g} ${project}"`);
        assert.ok(!saysGreenfield(`A ${g} ${project}s.`), `${lang} "${project}s" is another word`);
      }
    for (const [lang, w] of rows(EMPTY_PROJECT)) {
      assert.ok(saysGreenfield(`Note: the ${w}.`), `${lang} "${w}"`);
      assert.deepEqual(reported(...plan(`Note: the ${w}.`)), [], `${lang} "${w}"`);
    }
    assert.ok(!saysGreenfield('A brownfield project.'));
    assert.deepEqual(reported(...plan('A brownfield project.')), ['src/gone.ts']);
  });

  it('a line that places the file outside the workspace ("outside the wonderland repo", "in another repo") asks for no file here', () => {
    const words = (t: Wording): string[] => rows(t).map(([, w]) => w);
    for (const outside of words(OUTSIDE_OF))
      for (const owner of words(THIS))
        for (const noun of words(WORKSPACE_NOUN)) {
          assert.ok(placesOutside(`It is ${outside} ${owner} wonderland ${noun}.`), `"${outside} ${owner} … ${noun}"`);
          assert.deepEqual(reported('## Steps', `- Read \`src/gone.ts\`, ${outside} ${owner} ${noun}.`), [], `"${outside} ${owner} ${noun}"`);
        }
    for (const another of words(ANOTHER))
      for (const noun of words(OTHER_PLACE)) assert.deepEqual(reported('## Steps', `- Read \`src/gone.ts\`, which lives ${another} ${noun}.`), [], `"${another} ${noun}"`);
    assert.ok(!placesOutside('It is inside the wonderland repo.'));
    assert.deepEqual(reported('## Steps', '- Read `src/gone.ts`, which is inside the wonderland repo.'), ['src/gone.ts']);
  });

  it('a sentence that says what the plan was made from cites sources, not files to find ("Consolidated from two reviews (`a.md`)")', () => {
    for (const [lang, w] of rows(MADE_FROM)) {
      assert.ok(citesSource(`${w} from two reviews (`), `${lang} "${w}"`);
      assert.deepEqual(reported(`${capitalized(w)} from two reviews (\`notes/a.md\`).`, '', '## Steps', '- Wire it'), [], `${lang} "${w}"`);
    }
    for (const [lang, w] of rows(CARRIED))
      for (const earlier of [...(EARLIER_VERSION[lang] ?? []), 'v1']) {
        assert.ok(citesSource(`- Wire the app, ${w} with care from the ${earlier} app: `), `${lang} "${w} … ${earlier}"`);
        assert.deepEqual(reported('## Steps', `- Wire the app, ${w} with care from the ${earlier} app: \`src/gone.ts\`.`), [], `${lang} "${w} … ${earlier}"`);
      }
    assert.ok(!citesSource('Taken from two reviews (') && !citesSource('lifted with care from the new app: '));
    assert.deepEqual(reported('Taken from two reviews (`notes/a.md`).', '', '## Steps', '- Wire it'), ['notes/a.md']);
  });

  it('a name the step edits as text in other files ("Replace any `NOTES.md` references") is no file to find', () => {
    for (const [lang, verb] of rows(EDIT_TEXT_VERB))
      for (const every of ['', ...(EVERY[lang] ?? [])])
        for (const occurrence of TEXT_OCCURRENCE[lang] ?? []) {
          const before = `- ${capitalized(verb)} ${every === '' ? '' : `${every} `}`;
          assert.ok(editedAsText(`${before}\``, `\` ${occurrence}`), `${lang} "${before}… ${occurrence}"`);
          assert.deepEqual(reported('## Steps', `${before}\`docs/NOTES.md\` ${occurrence}`), [], `${lang} "${before}… ${occurrence}"`);
        }
    assert.ok(!editedAsText('- Keep any `', '` references'));
    assert.deepEqual(reported('## Steps', '- Keep any `docs/NOTES.md` references'), ['docs/NOTES.md']);
  });

  it('every old-side word opening a mapping table\'s header cell makes its column the names the step replaces ("| Antes | Nuevo |")', () => {
    const table = (old: string): string[] => ['## Steps', '', `| ${old} | Nuevo |`, '|---|---|', '| `src/gone.ts` | `src/main.ts` |'];
    for (const [lang, w] of rows(OLD_SIDE)) {
      for (const cell of [capitalized(w), `${w.toUpperCase()} path`]) assert.ok(opensOldSide(cell), `${lang} "${cell}"`);
      assert.deepEqual(reported(...table(capitalized(w))), [], `${lang} "${w}"`);
      assert.ok(!opensOldSide(`${w}x`), `${lang} "${w}x" is another word`);
    }
    assert.deepEqual(reported(...table('Item')), ['src/gone.ts']);
  });
});
