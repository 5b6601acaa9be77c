/**
 * The concepts created-paths.ts asks of a file mention (src/core/wording/create.ts, file-labels.ts, read through
 * file-operations.ts): every row of each table, in a made-up sentence of its language, makes the mention one the plan
 * writes; the sentence without the row's word does not.
 */
import { strict as assert } from 'node:assert';
import { parsePlan } from '../../src/core/plan';
import { createdPaths } from '../../src/core/rules/created-paths';
import { FILES_WRITTEN_LABEL, FUTURE, NEW_FILES_COUNTED, OUTPUT, OUTPUT_TARGET, TESTS_LABEL, WRITE_TO, WRITE_TO_TARGET } from '../../src/core/wording/create';
import { FILE_LABEL, PLACE_LABEL } from '../../src/core/wording/file-labels';
import { futureRightBefore, isFileLabelLine, movedAwayAfter, moveVerbRightBefore, placeLabelBefore, withoutFileLabel, writtenTo } from '../../src/core/wording/file-operations';
import { MOVE_RIGHT_BEFORE, MOVED_AWAY, MOVED_AWAY_LINK, MOVED_AWAY_SUBJECT, MOVED_AWAY_TARGET, MOVED_AWAY_TENSE } from '../../src/core/wording/move';
import { movedAwayPaths } from '../../src/core/rules/missing-file-scope';
import type { Language, Wording } from '../../src/core/wording/words';

const rows = (...tables: Wording[]): Array<[Language, string]> =>
  tables.flatMap((t) => Object.entries(t).flatMap(([lang, words]) => (words ?? []).map((w): [Language, string] => [lang as Language, w])));

/** Is `path` among the paths the plan (its body lines under a steps section) writes? */
const writes = (body: string, path: string): boolean => createdPaths(parsePlan(`# Plan\n\n## Steps\n\n${body}\n`)).has(path);

describe('wording concepts: a file the plan writes', () => {
  it('every write verb with every target word ("saves the cursor to `x`")', () => {
    for (const [lang, verb] of rows(WRITE_TO)) {
      for (const target of WRITE_TO_TARGET[lang] ?? []) {
        assert.ok(writes(`- The hook ${verb} one cursor per project ${target} \`.forge/cursor.json\``, '.forge/cursor.json'), `${lang} "${verb} … ${target}"`);
      }
    }
    assert.equal(writes('- The hook reads one cursor per project at `.forge/cursor.json`', '.forge/cursor.json'), false);
    assert.equal(writtenTo('save it, then read the rest of the file and the other files, then go to '), false, 'more than six words between');
  });

  it('every output word with every target word ("generated into `x`")', () => {
    for (const [lang, word] of rows(OUTPUT)) {
      for (const target of OUTPUT_TARGET[lang] ?? []) {
        assert.ok(writes(`- Run the generator, its types ${word} ${target} \`src/types/db.ts\``, 'src/types/db.ts'), `${lang} "${word} ${target}"`);
      }
    }
  });

  it('every "still to be written" word right before the path ("Future: `x`", "今後 `x`")', () => {
    for (const [lang, word] of rows(FUTURE)) {
      assert.ok(writes(`- ${word}: \`docs/plans/phase-2.md\``, 'docs/plans/phase-2.md'), `${lang} "${word}"`);
      assert.ok(futureRightBefore(`- (${word}) `), `${lang} "(${word})"`);
    }
    assert.equal(writes('- Current: `docs/plans/phase-2.md`', 'docs/plans/phase-2.md'), false);
    assert.equal(futureRightBefore('future work lives in '), false, 'not right before the path');
  });

  it('every counted "new files" label over its list ("2 new files: `a`, `b`")', () => {
    for (const [lang, word] of rows(NEW_FILES_COUNTED)) {
      assert.ok(writes(`- 2 ${word}: \`lib/a.rb\`, \`lib/b.rb\``, 'lib/b.rb'), `${lang} "${word}"`);
      assert.ok(writes(`- ${word}: \`lib/a.rb\` and \`lib/b.rb\``, 'lib/b.rb'), `${lang} "${word}"`);
    }
    assert.equal(writes('- 2 old files: `lib/a.rb`, `lib/b.rb`', 'lib/b.rb'), false);
  });

  it('every label of the files a task writes ("**Files:** `x`", "files_modified: `x`"), and the GSD tag', () => {
    for (const [lang, word] of rows(FILES_WRITTEN_LABEL)) assert.ok(writes(`- **${word}:** \`src/a.ts\``, 'src/a.ts'), `${lang} "${word}"`);
    assert.ok(writes('<files>`src/a.ts`</files>', 'src/a.ts'));
    assert.equal(writes('- **Reads:** `src/a.ts`', 'src/a.ts'), false);
  });

  it('every tests entry of a task ("- Test: `tests/test_x.py`", "- __Test File__: `x`")', () => {
    for (const [lang, word] of rows(TESTS_LABEL)) {
      assert.ok(writes(`- ${word}: \`tests/test_x.py\``, 'tests/test_x.py'), `${lang} "${word}"`);
      assert.ok(writes(`- __${word}__: \`tests/test_x.py\``, 'tests/test_x.py'), `${lang} "__${word}__"`);
    }
    assert.equal(writes('- Testament: `tests/test_x.py`', 'tests/test_x.py'), false);
  });
});

describe('wording concepts: labels that name a file or a place', () => {
  it('every file label opens a file label line, and is what withoutFileLabel takes off', () => {
    for (const [lang, word] of rows(FILE_LABEL)) {
      assert.ok(isFileLabelLine(`- **${word}**: \`docs/build.sh\``), `${lang} "${word}"`);
      assert.ok(isFileLabelLine(`${word}： \`docs/build.sh\``), `${lang} "${word}："`);
      assert.equal(withoutFileLabel(`**${word}:** \`x.sql\``).trim(), '`x.sql`', `${lang} "${word}"`);
    }
    assert.equal(isFileLabelLine('- **Profile**: `docs/build.sh`'), false);
  });

  it('a file label under a heading that creates names the file the step writes', () => {
    for (const [lang, word] of rows(FILE_LABEL)) {
      assert.ok(createdPaths(parsePlan(`# Plan\n\n### Step 4: 创建文档构建脚本\n\n**${word}**: \`docs/build.sh\`\n`)).has('docs/build.sh'), `${lang} "${word}"`);
    }
  });

  it('every place label over a folder whose code follows: the section writes that folder', () => {
    for (const [lang, word] of rows(PLACE_LABEL)) {
      assert.ok(placeLabelBefore(`- **${word}:** \``), `${lang} "${word}"`);
      const plan = `# Plan\n\n## Module\n\n${word}: \`apps/api/modules/availability/\`\n\n\`\`\`ts\nexport class A {}\n\`\`\`\n`;
      assert.ok(createdPaths(parsePlan(plan)).has('apps/api/modules/availability/'), `${lang} "${word}"`);
    }
    assert.equal(placeLabelBefore('- **Pathway:** `'), false);
  });
});

/** Does the plan say `path` was moved away (missing-file-scope.ts)? */
const movedAway = (body: string, path: string): boolean => movedAwayPaths(parsePlan(`# Plan\n\n## Notes\n\n${body}\n`)).has(path);

describe('wording concepts: a file moved away', () => {
  it('every past-tense move verb after the name, with every target word of its language', () => {
    for (const [lang, verb] of rows(MOVED_AWAY)) {
      const targets = MOVED_AWAY_TARGET[lang] ?? [];
      if (lang === 'zh') assert.ok(movedAway(`- \`ci/scan.yml\` ${verb} \`ci/scan.disabled\``, 'ci/scan.yml'), `${lang} "${verb}"`);
      for (const target of targets) assert.ok(movedAway(`- \`ci/scan.yml\` ${verb} ${target} \`ci/off/\``, 'ci/scan.yml'), `${lang} "${verb} ${target}"`);
      assert.ok(movedAwayAfter(`\` (${verb})`), `${lang} "(${verb})"`);
    }
    assert.equal(movedAway('- `ci/scan.yml` scanned on push', 'ci/scan.yml'), false);
  });

  it('every link, subject and tense word before the verb ("but the file was moved to")', () => {
    for (const [lang, link] of rows(MOVED_AWAY_LINK))
      for (const [, subject] of rows(MOVED_AWAY_SUBJECT)) assert.ok(movedAwayAfter(`\`, ${link} ${subject} moved to \``), `${lang} "${link} ${subject}"`);
    for (const [lang, tense] of rows(MOVED_AWAY_TENSE)) assert.ok(movedAwayAfter(`\` ${tense} ${(MOVED_AWAY[lang] ?? ['moved'])[0]} \``), `${lang} "${tense}"`);
    assert.equal(movedAwayAfter('` will be moved to `'), false, 'a move still to do');
  });

  it('every move verb right before the name ("split `schema.ts` into …")', () => {
    for (const [lang, verb] of rows(MOVE_RIGHT_BEFORE)) assert.ok(moveVerbRightBefore(`- [x] ${verb} the \``), `${lang} "${verb}"`);
    assert.equal(moveVerbRightBefore('- [x] remove the `'), false);
  });
});
