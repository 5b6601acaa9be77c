/**
 * What a plan's title says it is (src/core/wording/titles.ts over the plan-kind tables, and the requirement links of the
 * criterion tables): every row, in a made-up title or task list, makes the parser read the format it names; the same
 * plan with another word in the row's place is read as a plain Markdown plan.
 */
import assert from 'node:assert/strict';
import { parsePlan } from '../../src/core/plan';
import { REQUIREMENTS_LINK } from '../../src/core/wording/criterion';
import { DESCRIPTIVE_TITLE, DESIGN_TITLE_END, PLAN_WORD, TASKS_DOC_TITLE } from '../../src/core/wording/plan-kinds';
import { linksRequirements, titleIsDescriptive, titleIsTasksDoc } from '../../src/core/wording/titles';
import { LANGUAGES, type Language, type Wording } from '../../src/core/wording/words';

const rows = (...tables: Wording[]): Array<[Language, string]> =>
  tables.flatMap((t) => Object.entries(t).flatMap(([lang, words]) => (words ?? []).map((w): [Language, string] => [lang as Language, w])));
const capitalized = (w: string): string => `${w.charAt(0).toUpperCase()}${w.slice(1)}`;
const formatOf = (title: string, ...body: string[]): string | undefined => parsePlan([`# ${title}`, '', ...body, ''].join('\n')).format;
const TASKS = ['- [ ] 1. Build the parser', '- [ ] 2. Wire the editor'];

describe('wording concepts: what a plan title says it is', () => {
  it('every descriptive opening makes the document a design, not a plan ("# Technical Design", "# Requirements Document")', () => {
    for (const [lang, w] of rows(DESCRIPTIVE_TITLE)) {
      assert.ok(titleIsDescriptive(`${capitalized(w)}: search`), `${lang} "${w}"`);
      assert.equal(formatOf(`${capitalized(w)}: search`, '## Overview', 'Search the index.'), 'descriptive', `${lang} "${w}"`);
    }
    assert.equal(formatOf('Overview: search', '## Overview', 'Search the index.'), 'markdown');
  });

  it('every design ending makes a title that names its subject a design, unless a plan word is in it ("Search Design Document", not "Design plan")', () => {
    for (const [lang, w] of rows(DESIGN_TITLE_END)) {
      assert.equal(formatOf(`Search ${capitalized(w)}`, '## Overview', 'Search the index.'), 'descriptive', `${lang} "${w}"`);
      for (const plan of PLAN_WORD[lang] ?? []) assert.ok(!titleIsDescriptive(`${capitalized(plan)} of the search ${w}`), `${lang} "${plan} … ${w}"`);
    }
    assert.equal(formatOf('Search Designer', '## Overview', 'Search the index.'), 'markdown');
  });

  it('every tasks title over checkbox tasks makes a Kiro tasks.md ("# Tasks: Editor MVP", "# Plano de Implementação")', () => {
    for (const [lang, w] of rows(TASKS_DOC_TITLE)) {
      assert.ok(titleIsTasksDoc(`${capitalized(w)}: editor`), `${lang} "${w}"`);
      assert.equal(formatOf(`${capitalized(w)}: editor`, ...TASKS), 'kiro-tasks', `${lang} "${w}"`);
    }
    assert.equal(formatOf('Editor notes', ...TASKS), 'markdown');
  });

  it('every requirements link under checkbox tasks makes a Kiro tasks.md whatever its title ("_Requirements: 1.2_", "_需求：1.3_")', () => {
    for (const [lang, w] of rows(REQUIREMENTS_LINK)) {
      const link = `  - _${capitalized(w)}${LANGUAGES[lang] === 'cjk' ? '：' : ':'} 1.2_`;
      assert.ok(linksRequirements(link), `${lang} "${w}"`);
      assert.equal(formatOf('Editor', TASKS[0] as string, link, TASKS[1] as string), 'kiro-tasks', `${lang} "${w}"`);
    }
    assert.equal(formatOf('Editor', TASKS[0] as string, '  - _Notes: 1.2_', TASKS[1] as string), 'markdown');
  });
});
