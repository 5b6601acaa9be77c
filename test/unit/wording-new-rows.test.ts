/**
 * Adding a word or a language is adding a row: a row pushed into a wording table (test/support/wording-rows.ts) is read
 * by the rule or the parser that asks its concept, with no change to them; without the row the same text is read as
 * before.
 */
import { strict as assert } from 'node:assert';
import { parsePlan } from '../../src/core/plan';
import { createdPaths } from '../../src/core/rules/created-paths';
import { movedAwayPaths } from '../../src/core/rules/missing-file-scope';
import { runRules } from '../support/static-rules-harness';
import { withRow, withRows } from '../support/wording-rows';

type CreatedPaths = typeof createdPaths;
type Parse = typeof parsePlan;
type RunRules = typeof runRules;

const plan = (body: string): string => `# Plan\n\n## Steps\n\n${body}\n`;

describe('wording tables: a new row is read by the rule that asks the concept', () => {
  it('a Dutch delete verb: "Verwijder `legacy/a.ts`" exempts the path once DELETE has a Dutch row', () => {
    const text = plan('- Verwijder `legacy/a.ts`');
    assert.equal(createdPaths(parsePlan(text)).has('legacy/a.ts'), false);
    const withDutch = withRow('src/core/wording/delete.ts', 'DELETE', 'nl', ['verwijder'], (load) => {
      const { createdPaths: fresh } = load('src/core/rules/created-paths') as { createdPaths: CreatedPaths };
      const { parsePlan: parse } = load('src/core/plan') as { parsePlan: Parse };
      return fresh(parse(text)).has('legacy/a.ts');
    });
    assert.ok(withDutch);
    assert.equal(createdPaths(parsePlan(text)).has('legacy/a.ts'), false, 'the table is as it was after');
  });

  it('an Italian place label: "Percorso: `apps/api/`" over the code makes the section write that folder', () => {
    const text = '# Plan\n\n## Module\n\nPercorso: `apps/api/modules/`\n\n```ts\nexport class A {}\n```\n';
    assert.equal(createdPaths(parsePlan(text)).has('apps/api/modules/'), false);
    const read = withRow('src/core/wording/file-labels.ts', 'PLACE_LABEL', 'it', ['percorso'], (load) => {
      const { createdPaths: fresh } = load('src/core/rules/created-paths') as { createdPaths: CreatedPaths };
      const { parsePlan: parse } = load('src/core/plan') as { parsePlan: Parse };
      return fresh(parse(text)).has('apps/api/modules/');
    });
    assert.ok(read);
  });

  it('a Swedish moved-away verb: "`ci/scan.yml` flyttad till `ci/off/`" says the file went', () => {
    const text = '# Plan\n\n## Notes\n\n- `ci/scan.yml` flyttad till `ci/off/`\n';
    assert.equal(movedAwayPaths(parsePlan(text)).has('ci/scan.yml'), false);
    const swedish = [
      { module: 'src/core/wording/move.ts', table: 'MOVED_AWAY', lang: 'sv' as const, words: ['flyttad'] },
      { module: 'src/core/wording/move.ts', table: 'MOVED_AWAY_TARGET', lang: 'sv' as const, words: ['till'] },
    ];
    const read = withRows(swedish, (load) => {
      const { movedAwayPaths: fresh } = load('src/core/rules/missing-file-scope') as { movedAwayPaths: typeof movedAwayPaths };
      const { parsePlan: parse } = load('src/core/plan') as { parsePlan: Parse };
      return fresh(parse(text)).has('ci/scan.yml');
    });
    assert.ok(read);
  });

  it('a Spanish unknown phrase: "por decidir" is an unknown signal once UNKNOWN_WORDS has it', () => {
    const text = '# Plan\n\nEl formato del índice está por decidir.\n';
    assert.deepEqual(parsePlan(text).unknownSignals, []);
    const found = withRow('src/core/wording/undecided.ts', 'UNKNOWN_WORDS', 'es', ['por decidir'], (load) => {
      const { parsePlan: parse } = load('src/core/plan') as { parsePlan: Parse };
      return parse(text).unknownSignals.map((s) => s.signal);
    });
    assert.deepEqual(found, ['por decidir']);
  });

  it('a Dutch "later" note: "Step 2: Export (binnenkort)" is a step for later once LATER_NOTE has it', () => {
    const text = ['# Plan', '', '## Step 1: Parser', 'Parse the input.', '', '## Step 2: Export (binnenkort)', 'Wire the export.'].join('\n');
    const lines = (run: RunRules): number[] =>
      run(text)
        .filter((f) => f.code === 'no-success-criterion')
        .map((f) => f.range.startLine + 1);
    assert.deepEqual(lines(runRules), [3, 6]);
    const withNote = withRow('src/core/wording/deferred.ts', 'LATER_NOTE', 'nl', ['binnenkort'], (load) =>
      lines((load('test/support/static-rules-harness') as { runRules: RunRules }).runRules),
    );
    assert.deepEqual(withNote, [3]);
  });
});
