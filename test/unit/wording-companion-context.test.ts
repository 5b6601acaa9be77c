/**
 * What companion-docs asks of headings and header lines (src/core/wording/companion-context.ts over the risk-heading
 * and sources tables): every row, in a made-up design heading or plan header, answers the query, and missing-risks
 * reads the design it points to; the same line with another word in the row's place does neither.
 */
import assert from 'node:assert/strict';
import { titleHoldsRisks } from '../../src/core/rules/companion-docs';
import { hasRiskColumn, isCompatibilityTitle, opensFailureHandling, opensSourcesLabel } from '../../src/core/wording/companion-context';
import { COMPATIBILITY_TITLE, EDGE_CASES_TITLE, ERROR_HANDLING_TITLE, KNOWN_ISSUES_TITLE, RISK_COLUMN } from '../../src/core/wording/risk-headings';
import { SOURCE_DOC, SOURCE_DOC_QUALIFIER } from '../../src/core/wording/sources';
import { LANGUAGES, type Language, type Wording } from '../../src/core/wording/words';
import { sizeablePlan } from '../support/convention-plans';
import { findingLines, runRules } from '../support/static-rules-harness';

const rows = (...tables: Wording[]): Array<[Language, string]> =>
  tables.flatMap((t) => Object.entries(t).flatMap(([lang, words]) => (words ?? []).map((w): [Language, string] => [lang as Language, w])));
const capitalized = (w: string): string => `${w.charAt(0).toUpperCase()}${w.slice(1)}`;
const colon = (lang: Language): string => (LANGUAGES[lang] === 'cjk' ? '：' : ':');

/** missing-risks-section on a sizeable plan with `header`, the workspace holding one document `file` of text `doc`. */
const risksReported = (header: string, doc: string, file = 'docs/notes.md'): number[] =>
  findingLines(runRules(sizeablePlan([header]), [file], { companions: { [file]: doc } }), 'missing-risks-section');

describe('wording concepts: what a companion document holds, and the labels that name it', () => {
  it('every edge-case, error-handling and known-issues title holds what can go wrong, in the plan or the design it names', () => {
    const design = 'docs/x-design.md';
    for (const [lang, w] of rows(EDGE_CASES_TITLE, ERROR_HANDLING_TITLE, KNOWN_ISSUES_TITLE)) {
      for (const title of [capitalized(w), `**${capitalized(w)}**`, `${capitalized(w)} and retries`]) {
        assert.ok(opensFailureHandling(title), `${lang} "${title}"`);
        assert.ok(titleHoldsRisks(title), `${lang} "${title}"`);
      }
      assert.deepEqual(risksReported(`Design: \`${design}\``, `# Design\n\n## ${capitalized(w)}\n\n- an empty feed\n`, design), [], `${lang} "${w}"`);
      if (LANGUAGES[lang] !== 'cjk') assert.ok(!opensFailureHandling(`Handling ${w}`), `${lang} "${w}" does not open the title`);
    }
    assert.ok(!opensFailureHandling('Overview'));
    assert.notDeepEqual(risksReported(`Design: \`${design}\``, '# Design\n\n## Overview\n\n- an empty feed\n', design), []);
  });

  it('every sources label in the header makes the document after it one the plan follows, whatever its name ("**Spec:** `docs/notes.md`")', () => {
    const doc = '# Notes\n\n## Risks\n\n- the cache may be cold\n';
    const labels = [
      ...rows(SOURCE_DOC).map(([lang, w]): [Language, string] => [lang, `${capitalized(w)}${colon(lang)}`]),
      ...rows(SOURCE_DOC_QUALIFIER).flatMap(([lang, q]) => (SOURCE_DOC[lang] ?? []).map((w): [Language, string] => [lang, `${capitalized(q)} ${w}:`])),
    ];
    for (const [lang, label] of labels) {
      assert.ok(opensSourcesLabel(`**${label}** \`docs/notes.md\``), `${lang} "${label}"`);
      assert.deepEqual(risksReported(`**${label}** \`docs/notes.md\``, doc), [], `${lang} "${label}"`);
    }
    assert.ok(!opensSourcesLabel('**Notes:** `docs/notes.md`'));
    assert.notDeepEqual(risksReported('**Notes:** `docs/notes.md`', doc), []);
  });

  it("every compatibility title, the whole title, is a design's section on what could break ('## Backward compatibility', '## 兼容性')", () => {
    const design = 'docs/x-design.md';
    for (const [lang, w] of rows(COMPATIBILITY_TITLE)) {
      assert.ok(isCompatibilityTitle(capitalized(w)) && isCompatibilityTitle(`**${w.toUpperCase()}**`), `${lang} "${w}"`);
      assert.deepEqual(risksReported(`Design: \`${design}\``, `# Design\n\n## ${capitalized(w)}\n\n- old clients keep working\n`, design), [], `${lang} "${w}"`);
      assert.ok(!isCompatibilityTitle(`M2 - Level ${w}`), `${lang} "${w}" is not the whole title`);
    }
    assert.notDeepEqual(risksReported(`Design: \`${design}\``, '# Design\n\n## M2 - Level Compatibility\n\n- old clients keep working\n', design), []);
  });

  it("every risk word as a table's header cell gives each change its risk, as a risks section would ('| Change | Risk |', '| 変更 | リスク |')", () => {
    const table = (cell: string): string => `| Change | ${cell} |\n|---|---|\n| queue withdrawals | a stuck job |`;
    for (const [lang, w] of rows(RISK_COLUMN)) {
      for (const cell of [w, `**${capitalized(w)}**`]) {
        assert.ok(hasRiskColumn(table(cell)), `${lang} "${cell}"`);
        assert.deepEqual(findingLines(runRules(sizeablePlan([table(cell)]), []), 'missing-risks-section'), [], `${lang} "${cell}"`);
      }
      assert.ok(!hasRiskColumn(table(`${w} owner`)), `${lang} "${w} owner" is not the whole cell`);
    }
    assert.notDeepEqual(findingLines(runRules(sizeablePlan([table('Owner')]), []), 'missing-risks-section'), []);
  });
});
