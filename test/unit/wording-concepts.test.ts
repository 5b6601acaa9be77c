/**
 * The concepts the rules ask (src/core/wording/file-operations.ts, status.ts, src/core/rules/check-words.ts):
 * every row of a concept's table answers its query in the shape the query reads, so adding a row is all it takes.
 */
import { strict as assert } from 'node:assert';
import { CHECK_HEADING, CHECK_STEP, CJK_CHECK_STEP, PRECONDITIONS_STEP, REVIEW_STEP, TESTING_STEP } from '../../src/core/rules/check-words';
import { createdPaths } from '../../src/core/rules/created-paths';
import { parsePlan } from '../../src/core/plan';
import {
  ADD,
  CREATE,
  CREATE_AFTER,
  CREATE_CELL,
  CREATE_HEADING,
  GENERATE,
  MAY_BE_ABSENT_NOTE,
  NEW_FILES_COLUMN,
  NEW_FILES_LABEL,
  NEW_NOTE,
  WRITE,
} from '../../src/core/wording/create';
import { DELETE, DELETE_AFTER, DELETE_CELL, DELETE_WEAK, DELETED_AFTER } from '../../src/core/wording/delete';
import { CRITERIA_MET, DONE_NOTE, DONE_OPENING, DONE_STATUS, STATUS_HEADING, STATUS_LABEL } from '../../src/core/wording/done';
import {
  isCreatingColumn,
  isCreatingHeading,
  isCreationLabel,
  isOperationCell,
  mayBeAbsentAfter,
  operationAfter,
  operationBefore,
  renamedTo,
  saysRemoved,
} from '../../src/core/wording/file-operations';
import { MOVE, MOVE_TARGET } from '../../src/core/wording/move';
import { isStatusTitle, opensDone, statusSaysDone, titleSaysDone, titleSaysMet } from '../../src/core/wording/status';
import { CHECK, CHECK_ANYWHERE, CHECK_HEADING_WORDS, CHECK_STEP_OPENING, PRECONDITIONS_OPENING, REVIEW_STEP_OPENING, TESTING_STEP_OPENING } from '../../src/core/wording/verify';
import type { Language, Wording } from '../../src/core/wording/words';
import { DECISION_OPEN, LEGEND, OPEN_POINTS, OPEN_QUESTIONS_TITLE } from '../../src/core/wording/undecided';
import { namesLeftOut, unknownSignalRule } from '../../src/core/rules/unknown-signal';
import { NOT_DONE, UNDONE_NOTE } from '../../src/core/wording/not-done';
import { missingPaths, runAt, runRules } from '../support/static-rules-harness';
import { ALTERNATIVE } from '../../src/core/wording/alternatives';
import { DEFERRED, DEFERRED_BUT_OPEN, LEFT_OUT } from '../../src/core/wording/deferred';
import { RISK_HEADING, RISK_HEADING_STEM } from '../../src/core/wording/risk-headings';
import { namesRisks, sectionKind } from '../../src/core/plan/sections';

const rows = (...tables: Wording[]): Array<[Language, string]> =>
  tables.flatMap((t) => Object.entries(t).flatMap(([lang, words]) => (words ?? []).map((w): [Language, string] => [lang as Language, w])));

/** "Word `src/a.ts`" as a plan line: the text before the path, and the whole line. */
function before(word: string, lang: Language): { before: string; line: string } {
  const before = lang === 'zh' || lang === 'ja' ? `然后${word} ` : `${word} `;
  // A marked-script word is read on a line with such letters: every plan line in those languages has them.
  const line = `${before}\`src/a.ts\`${lang === 'vi' ? ' tệp' : lang === 'pl' ? ' plik źródłowy' : ''}`;
  return { before, line };
}

describe('wording concepts: create, delete, move', () => {
  it('every create, generate and delete word before a path says the plan makes or takes the file', () => {
    for (const [lang, w] of rows(CREATE, GENERATE, DELETE)) {
      const { before: b, line } = before(w, lang);
      assert.ok(operationBefore(b, line), `${lang} "${w}": ${line}`);
    }
  });

  it('a Korean verb after the path, endings and all ("`x.ts` 생성합니다")', () => {
    assert.ok(operationBefore('', '`x.ts` 생성합니다', ' 생성합니다'));
    assert.ok(operationBefore('', '`x.ts` 삭제', ' 삭제'));
    assert.equal(operationBefore('', '`x.ts` 사용', ' 사용'), false);
  });

  it('every add and write word right before a path, and not with other words between', () => {
    for (const [lang, w] of rows(ADD, WRITE)) {
      const b = lang === 'zh' ? `然后，${w}` : `${w} `;
      assert.ok(operationBefore(b, `${b}\`x.ts\``), `${lang} "${w}"`);
      if (lang === 'en') assert.equal(operationBefore(`${w} it, then read `, `${w} it, then read \`x.ts\``), false, `${lang} "${w}" far from the path`);
    }
    assert.equal(operationBefore('重建 ', '重建 `x.ts`'), false, '"建" inside a longer Han word');
  });

  it('every move verb with its target word says the path after it is the new name', () => {
    for (const [lang, verb] of rows(MOVE)) {
      for (const target of MOVE_TARGET[lang] ?? []) {
        const b = lang === 'zh' ? `${verb}${target}` : `${verb} the old module ${target} `;
        assert.ok(renamedTo(b, ''), `${lang} "${b}"`);
        assert.ok(operationBefore(b, `${b}\`new.ts\``), `${lang} "${b}"`);
      }
    }
    assert.ok(renamedTo('', '` へのリネーム'));
  });

  it('every delete and move word (the weak ones too) says the old path is gone', () => {
    for (const [lang, w] of rows(DELETE, DELETE_WEAK, MOVE)) assert.ok(saysRemoved(before(w, lang).line), `${lang} "${w}"`);
  });

  it('every note, verb and state after the path', () => {
    for (const [lang, w] of rows(NEW_NOTE, MAY_BE_ABSENT_NOTE)) assert.ok(operationAfter(lang === 'zh' || lang === 'ja' ? `\`（${w}）` : `\` (${w})`), `${lang} "${w}"`);
    for (const [lang, w] of rows(MAY_BE_ABSENT_NOTE)) assert.ok(mayBeAbsentAfter(`\` (${w})`), `${lang} "${w}"`);
    for (const [lang, w] of rows(CREATE_AFTER, DELETE_AFTER, DELETED_AFTER)) assert.ok(operationAfter(`\` ${w}`), `${lang} "${w}"`);
    assert.ok(operationAfter('` (or create if absent)'));
    assert.equal(operationAfter('` (new in v2)'), false);
    assert.equal(operationAfter('` and then `b.ts` (new)'), false, 'a note after another path');
  });

  it('every label, column, cell and heading word of files the plan writes', () => {
    for (const [lang, w] of rows(NEW_FILES_LABEL)) assert.ok(isCreationLabel(`**${w}:**`), `${lang} "${w}"`);
    for (const [lang, w] of rows(NEW_FILES_COLUMN)) assert.ok(isCreatingColumn(w), `${lang} "${w}"`);
    for (const [lang, w] of rows(CREATE_CELL, ADD, DELETE_CELL)) assert.ok(isOperationCell(w), `${lang} "${w}"`);
    for (const [lang, w] of rows(CREATE_CELL)) assert.ok(isOperationCell(`${w}: the page`), `${lang} "${w}: …"`);
    assert.equal(isOperationCell('Add: retry'), false);
    for (const [lang, w] of rows(CREATE_HEADING)) assert.ok(isCreatingHeading(`### Step 2: ${w} x`), `${lang} "${w}"`);
  });

  it('the rule reads the concept: a Portuguese or Chinese delete verb exempts the path like the English one', () => {
    for (const line of ['- Remove `legacy/a.ts`', '- Remover `legacy/a.ts`', '- 移除 `legacy/a.ts`', '- Usuń `legacy/a.ts`']) {
      assert.ok(createdPaths(parsePlan(`# Plan\n\n## Steps\n\n${line}\n`)).has('legacy/a.ts'), line);
    }
    assert.equal(createdPaths(parsePlan('# Plan\n\n## Steps\n\n- Drag-and-drop onto `src/a.ts`\n')).has('src/a.ts'), false, '"drop" is a weak word');
  });
});

describe('wording concepts: done', () => {
  it('every status label with every done value, across languages', () => {
    for (const [, label] of rows(STATUS_LABEL)) for (const [lang, value] of rows(DONE_STATUS)) assert.ok(statusSaysDone(`**${label}**: ${value}`), `${label}: ${value} (${lang})`);
    assert.equal(statusSaysDone('**Status**: Completeness review'), false);
    assert.equal(statusSaysDone('状态：完成度 50%'), false);
  });

  it('every status heading, done opening, done note and "met"', () => {
    for (const [lang, w] of rows(STATUS_HEADING)) assert.ok(isStatusTitle(w), `${lang} "${w}"`);
    for (const [lang, w] of rows(DONE_OPENING)) assert.ok(opensDone(lang === 'ko' ? `모든 주요 기능 ${w}` : `${w} on 2026-06-21.`), `${lang} "${w}"`);
    assert.equal(opensDone('Not implemented yet'), false);
    for (const [lang, w] of rows(DONE_NOTE)) assert.ok(titleSaysDone(`Phase 4 (${w})`), `${lang} "${w}"`);
    for (const [lang, w] of rows(CRITERIA_MET)) assert.ok(titleSaysMet(`Exit criteria (all ${w})`), `${lang} "${w}"`);
    assert.ok(titleSaysDone('Phase 2 — COMPLETE'));
    assert.equal(titleSaysDone('Phase 2 — complete the import'), false);
  });
});

describe('wording concepts: verify', () => {
  it('every check word opens a check step and names a check heading', () => {
    for (const [lang, w] of rows(CHECK_STEP_OPENING, CHECK)) assert.ok(CHECK_STEP.test(`${w} the importer`), `${lang} "${w}"`);
    for (const [lang, w] of rows(CHECK_HEADING_WORDS, CHECK)) assert.ok(CHECK_HEADING.test(`## 5. ${w}`), `${lang} "${w}"`);
    for (const [lang, w] of rows(CHECK_ANYWHERE)) assert.ok(CJK_CHECK_STEP.test(`E2E ${w}で認証`), `${lang} "${w}"`);
    assert.ok(CHECK_HEADING.test('Akzeptanzkriterien'));
    assert.equal(CHECK_HEADING.test('Contest results'), false);
    assert.ok(CHECK_STEP.test('Write property tests for the schema'));
    assert.ok(CHECK_STEP.test('Escribir las pruebas del parser'));
    assert.ok(CHECK_STEP.test('Integration tests for the API'));
    assert.equal(CHECK_STEP.test('Testament export'), false);
  });

  it('every testing, review and prerequisites opening', () => {
    for (const [lang, w] of rows(TESTING_STEP_OPENING)) assert.ok(TESTING_STEP.test(`${w} and rollout`), `${lang} "${w}"`);
    assert.ok(TESTING_STEP.test('Load testing'));
    for (const [lang, w] of rows(REVIEW_STEP_OPENING)) assert.ok(REVIEW_STEP.test(`${w} all help texts`), `${lang} "${w}"`);
    for (const [lang, w] of rows(PRECONDITIONS_OPENING)) assert.ok(PRECONDITIONS_STEP.test(`${w} (manual)`), `${lang} "${w}"`);
    assert.equal(REVIEW_STEP.test('Reviewer onboarding'), false);
  });
});

describe('wording concepts: undecided', () => {
  const signals = (text: string): string[] => unknownSignalRule(parsePlan(text), 'precise').map((d) => (d.data as { signal: string }).signal.toLowerCase());

  it('every decision-open word is reported; maybe only in a question', () => {
    for (const [lang, w] of rows(DECISION_OPEN)) assert.deepEqual(signals(`# Plan\n\n## Steps\n\n1. Pick the codec: ${w}\n`), [w], `${lang} "${w}"`);
    assert.deepEqual(signals('# Plan\n\n## Steps\n\n1. Compress maybe?\n'), ['maybe']);
    assert.deepEqual(signals('# Plan\n\n## Steps\n\n1. Compress, maybe later.\n'), []);
  });

  it('every open-questions title and legend acknowledges the markers listed under it', () => {
    const titles = [...rows(OPEN_QUESTIONS_TITLE).map(([, w]) => w), ...rows(OPEN_POINTS).map(([, w]) => `Open design ${w}`)];
    for (const t of titles) {
      assert.deepEqual(signals(`# Plan\n\n## Steps\n\n1. Build it\n\n## ${t}\n\n- Codec: TBD\n`), [], t);
      assert.deepEqual(signals(`# Plan\n\n## Steps\n\n1. Build it\n\n**${t}:**\n\n- Codec: TBD\n`), [], `label ${t}`);
    }
    for (const [lang, w] of rows(LEGEND)) assert.deepEqual(signals(`# Plan\n\n## Status ${w}\n\n- TBD: not decided\n`), [], `${lang} "${w}"`);
    assert.deepEqual(signals('# Plan\n\n## Steps\n\n1. Build it\n\n## Notes\n\n- Codec: TBD\n'), ['tbd']);
  });

  it('every left-out and deferred title or label settles the markers listed under it; "Deferred questions" does not', () => {
    for (const [lang, w] of [...rows(LEFT_OUT), ...rows(DEFERRED)]) {
      assert.deepEqual(signals(`# Plan\n\n## Steps\n\n1. Build it\n\n## ${w}\n\n- Codec: TBD\n`), [], `${lang} "${w}"`);
      assert.deepEqual(signals(`# Plan\n\n## Steps\n\n1. Build it\n\n**${w}:**\n\n- Codec: TBD\n`), [], `label ${lang} "${w}"`);
    }
    assert.deepEqual(signals('# Plan\n\n## Steps\n\n1. Build it\n\n**Not in v2:**\n\n- Codec: TBD\n'), []);
    for (const [, w] of rows(DEFERRED_BUT_OPEN)) assert.equal(namesLeftOut(`Deferred ${w}`), false, w);
    assert.equal(namesLeftOut('Not in M3 (explicit deferrals)'), true);
  });
});

describe('wording concepts: risk headings', () => {
  it('every risks title word names risks and files its section as risks', () => {
    for (const [lang, w] of rows(RISK_HEADING)) {
      assert.ok(namesRisks(`${w} and notes`), `${lang} "${w}"`);
      assert.equal(sectionKind(w), 'risks', `${lang} "${w}"`);
    }
    for (const [lang, w] of rows(RISK_HEADING_STEM)) assert.equal(sectionKind(`${w}${lang === 'ru' || lang === 'pl' ? 'а' : ''}`), 'risks', `${lang} "${w}"`);
    assert.equal(sectionKind('安全與效能考量'), 'risks');
    assert.equal(sectionKind('Riskless rollout'), 'steps');
  });
});

describe('wording concepts: not done', () => {
  const ticked = (note: string): string[] =>
    missingPaths(
      runRules(['# Tasks', '', '## Phase 6: Polish', '', `- [x] T063 [P] Add migration notes to docs/migration.md${note}`, ''].join('\n'), ['src/a.ts'], { scope: 'precise' }),
    );

  it('every not-done note and undone note on a ticked task: it claims nothing about the file it names', () => {
    for (const [lang, w] of rows(NOT_DONE)) assert.deepEqual(ticked(` (${w})`), [], `${lang} "${w}"`);
    for (const [lang, w] of rows(UNDONE_NOTE)) assert.deepEqual(ticked(` (later ${w}: PR workflow only)`), [], `${lang} "${w}"`);
    assert.deepEqual(ticked(' (see the notes)'), ['docs/migration.md']);
  });
});

describe('wording concepts: alternatives', () => {
  it('every alternative word between two places: the one not in the workspace is no finding', () => {
    const files = ['utils/web/device.ts', 'composables/useA.ts'];
    for (const [lang, w] of rows(ALTERNATIVE)) {
      const text = ['# Plan', '', '## Step 1', `The browser utilities are in \`utils/web\` ${w} \`composables/shared\`.`].join('\n');
      assert.deepEqual(missingPaths(runAt(text, files)), [], `${lang} "${w}"`);
    }
    const both = ['# Plan', '', '## Step 1', 'The utilities are in `utils/web` and also `composables/shared`.'].join('\n');
    assert.deepEqual(missingPaths(runAt(both, files)), ['composables/shared']);
  });
});
