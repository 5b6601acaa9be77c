/**
 * The concepts no-success-criterion asks of a step (src/core/wording/deferred.ts LATER_*, docs.ts, read through
 * step-work.ts): every row, in a made-up title or body of its language, makes the step one the rule does not hold to a
 * criterion; the same plan without the row's word is reported.
 */
import { strict as assert } from 'node:assert';
import { LATER_BODY, LATER_NOTE, LATER_TITLE, ROADMAP } from '../../src/core/wording/deferred';
import { DOC_FILE_VERB, DOCS_NOUN, DOCS_VERB, DOCUMENT_VERB } from '../../src/core/wording/docs';
import { FILE_ACTION_LABEL } from '../../src/core/wording/file-labels';
import { isFileActionEntry } from '../../src/core/wording/file-operations';
import { describesSystem, introducesFlow, isDocsTitle, opensOutOfScope, titleIsRoadmap, titleSaysLater } from '../../src/core/wording/step-work';
import { FLOW, FLOW_OF, RUN_OF_PRODUCT, SYSTEM_DESCRIPTION, SYSTEM_DESCRIPTION_IN_WORD } from '../../src/core/wording/system-description';
import {
  EVERY,
  GATE_WORDS,
  PLAN_CHECK_TITLE,
  PLAN_CHECK_WHEN,
  PLAN_QA,
  PLAN_TESTING,
  PLAN_TESTING_QUALIFIER,
  PLAN_TESTING_TAIL,
  PLAN_VALIDATION,
  PLAN_VALIDATION_QUALIFIER,
  PLAN_VALIDATION_TAIL,
  PLAN_WIDE_SUCCESS,
  QUALITY_GATES,
  WORK_UNIT,
} from '../../src/core/wording/verify';
import { GATES_TITLE, PLAN_WIDE_SUCCESS_TITLE, WHOLE_PLAN_CHECK_TITLE } from '../../src/core/rules/check-words';
import type { Language, Wording } from '../../src/core/wording/words';
import { findingLines, runRules } from '../support/static-rules-harness';

const rows = (...tables: Wording[]): Array<[Language, string]> =>
  tables.flatMap((t) => Object.entries(t).flatMap(([lang, words]) => (words ?? []).map((w): [Language, string] => [lang as Language, w])));

/** The lines no-success-criterion reports on a plan of two steps, the second titled `title` over `body`. */
const reported = (title: string, body = 'Wire the export to the queue.'): number[] =>
  findingLines(runRules(['# Plan', '', '## Step 1: Parser', 'Parse the input.', '', `## Step 2: ${title}`, body].join('\n')), 'no-success-criterion');

describe('wording concepts: a step for later', () => {
  it('every note in parentheses puts the step off ("Step 2: Export (Future)")', () => {
    for (const [lang, w] of rows(LATER_NOTE)) {
      assert.ok(titleSaysLater(`Export (${w})`), `${lang} "${w}"`);
      assert.deepEqual(reported(`Export (${w})`), [3], `${lang} "(${w})"`);
    }
    assert.deepEqual(reported('Export (current)'), [3, 6]);
  });

  it('every opening of a title puts the step off ("Step 2: Backlog")', () => {
    for (const [lang, w] of rows(LATER_TITLE)) {
      assert.ok(titleSaysLater(`${w} for the exporter`), `${lang} "${w}"`);
      assert.deepEqual(reported(`${w} for the exporter`), [3], `${lang} "${w}"`);
    }
    assert.equal(titleSaysLater('Futures market feed'), false);
  });

  it('every opening of a body puts the step out of scope ("Not in MVP scope.")', () => {
    for (const [lang, w] of rows(LATER_BODY)) {
      assert.ok(opensOutOfScope(`${w}.`), `${lang} "${w}"`);
      assert.deepEqual(reported('Export', `${w}.`), [3], `${lang} "${w}"`);
    }
    assert.equal(opensOutOfScope('Scope: the exporter.'), false);
  });

  it("every roadmap word in a plan's title makes it a list of work for later, which needs no risks section ('# Product roadmap', '# Hoja de ruta')", () => {
    const steps = [
      '',
      '### Task 1: Queue',
      '',
      'Change `src/a.ts`, `src/b.ts` and the migration `db/01.sql`; update the API handlers and the client cache.',
      '',
      '### Task 2: Freeze',
      '',
      'Change `src/c.ts`, `src/d.ts` and the migration `db/02.sql`; update the API handlers.',
      '',
      '### Task 3: Ledger',
      '',
      'Migrate the ledger schema `db/03.sql` and backfill.',
    ];
    const risks = (title: string): number[] => findingLines(runRules([`# ${title}`, ...steps].join('\n')), 'missing-risks-section');
    for (const [lang, w] of rows(ROADMAP)) {
      assert.ok(titleIsRoadmap(`Wallet ${w} 2026`), `${lang} "${w}"`);
      assert.deepEqual(risks(`Wallet ${w} 2026`), [], `${lang} "${w}"`);
    }
    assert.ok(!titleIsRoadmap('Wallet plan 2026'));
    assert.deepEqual(risks('Wallet plan 2026'), [1]);
  });
});

describe('wording concepts: a documentation step', () => {
  it('every docs verb with every document it names ("Update the API docs")', () => {
    for (const [lang, verb] of rows(DOCS_VERB)) {
      for (const noun of DOCS_NOUN[lang] ?? []) {
        assert.ok(isDocsTitle(`${verb} the API ${noun}`), `${lang} "${verb} … ${noun}"`);
        assert.deepEqual(reported(`${verb} the API ${noun}`, 'See `docs/api.md`.'), [3], `${lang} "${verb} … ${noun}"`);
      }
    }
    assert.equal(isDocsTitle('Update the parser'), false);
  });

  it('every verb that is documentation by itself, and every verb before a document file', () => {
    for (const [lang, w] of rows(DOCUMENT_VERB)) assert.deepEqual(reported(`${w} the flag`, 'See `docs/flags.md`.'), [3], `${lang} "${w}"`);
    for (const [lang, w] of rows(DOC_FILE_VERB)) assert.deepEqual(reported(`${w} docs/setup.md`, 'See `docs/setup.md`.'), [3], `${lang} "${w}"`);
    assert.deepEqual(reported('Read docs/setup.md', 'See `docs/setup.md`.'), [3, 6]);
  });

  it('every file action label makes a Files entry: a docs step whose entries are all documents needs no criterion, whatever else it mentions', () => {
    const body = (label: string): string => `Read \`src/api.ts\` for the flags.\n- ${label}: \`docs/api.md\``;
    for (const [lang, w] of rows(FILE_ACTION_LABEL)) {
      for (const label of [w, `**${w.toUpperCase()}**`]) {
        assert.ok(isFileActionEntry(`- ${label}: \`docs/api.md\``), `${lang} "${label}"`);
        assert.deepEqual(reported('Update the API docs', body(label)), [3], `${lang} "${label}"`);
      }
      assert.ok(!isFileActionEntry(`- ${w}ing: \`docs/api.md\``), `${lang} "${w}ing" is another label`);
    }
    assert.deepEqual(reported('Update the API docs', body('Touch')), [3, 6]);
  });
});

/** The lines no-success-criterion reports on two phases and, after them, a section titled `title` over one line. */
const reportedWith = (title: string, under = '- all tests pass'): number[] =>
  findingLines(
    runRules(['# Plan', '', '## Phase 1: Parser', 'Parse the input.', '', '## Phase 2: Export', 'Wire it.', '', `## ${title}`, under].join('\n')),
    'no-success-criterion',
  );

describe('wording concepts: checks that speak for every step', () => {
  it('every plan-wide success title speaks for the phases ("## Definition of done")', () => {
    for (const [lang, w] of rows(PLAN_WIDE_SUCCESS)) {
      assert.ok(PLAN_WIDE_SUCCESS_TITLE.test(`${w} (all phases)`), `${lang} "${w}"`);
    }
    assert.deepEqual(reportedWith('Notes'), [3, 6]);
  });

  it('every quality-gates title, and every gate word with every "each unit" pair ("## Checks (each phase)")', () => {
    for (const [lang, w] of rows(QUALITY_GATES)) {
      assert.ok(GATES_TITLE.test(`${w} for the release`), `${lang} "${w}"`);
      assert.deepEqual(reportedWith(`${w} for the release`), [], `${lang} "${w}"`);
    }
    for (const [lang, gate] of rows(GATE_WORDS))
      for (const [, every] of rows(EVERY))
        for (const [, unit] of rows(WORK_UNIT)) assert.ok(GATES_TITLE.test(`${gate} (${every} ${unit})`), `${lang} "${gate} (${every} ${unit})"`);
    assert.deepEqual(reportedWith('Checks (some phases)', 'Wire it.'), [3, 6]);
  });

  it('every whole-plan check title, the whole title, checks the phases ("## Verification", "## Überprüfung", "## 検証")', () => {
    for (const [lang, w] of rows(PLAN_CHECK_TITLE)) {
      for (const title of [w, w.toUpperCase(), `**${w}**`]) assert.ok(WHOLE_PLAN_CHECK_TITLE.test(title), `${lang} "${title}"`);
      assert.deepEqual(reportedWith(w), [], `${lang} "${w}"`);
      assert.ok(!WHOLE_PLAN_CHECK_TITLE.test(`${w} of the parser`), `${lang} "${w}" is not the whole title`);
    }
    assert.ok(!WHOLE_PLAN_CHECK_TITLE.test('Notes'));
  });

  it('every composed testing or validation title checks the phases ("## QA end-to-end testing matrix", "## Final validation steps (after deploy)")', () => {
    const optional = (t: Wording): string[] => ['', ...rows(t).map(([, w]) => w)];
    const join = (...parts: string[]): string => parts.filter((p) => p !== '').join(' ');
    for (const qa of optional(PLAN_QA))
      for (const qualifier of optional(PLAN_TESTING_QUALIFIER))
        for (const [lang, head] of rows(PLAN_TESTING))
          for (const tail of optional(PLAN_TESTING_TAIL)) assert.ok(WHOLE_PLAN_CHECK_TITLE.test(join(qa, qualifier, head, tail)), `${lang} "${join(qa, qualifier, head, tail)}"`);
    for (const qualifier of optional(PLAN_VALIDATION_QUALIFIER))
      for (const [lang, head] of rows(PLAN_VALIDATION))
        for (const tail of optional(PLAN_VALIDATION_TAIL))
          for (const when of optional(PLAN_CHECK_WHEN)) {
            const title = join(qualifier, head, tail, when === '' ? '' : `(${when} the deploy)`);
            assert.ok(WHOLE_PLAN_CHECK_TITLE.test(title), `${lang} "${title}"`);
          }
    for (const [lang, head] of rows(PLAN_TESTING, PLAN_VALIDATION)) {
      assert.deepEqual(reportedWith(`Final ${head} checklist`.replace(/^Final (testing|test plan)/, 'Manual $1')), [], `${lang} "${head}"`);
      assert.ok(!WHOLE_PLAN_CHECK_TITLE.test(`${head} notes`), `${lang} "${head} notes"`);
    }
    assert.ok(!WHOLE_PLAN_CHECK_TITLE.test('Validation (before deploy)'));
    assert.deepEqual(reportedWith('Rollout notes'), [3, 6]);
  });
});

describe('wording concepts: a section that describes the system', () => {
  it('every system-description word: the phases under such a section are not steps', () => {
    for (const [lang, w] of rows(SYSTEM_DESCRIPTION)) assert.ok(describesSystem(`Complete ${w}`), `${lang} "${w}"`);
    for (const [lang, w] of rows(SYSTEM_DESCRIPTION_IN_WORD)) assert.ok(describesSystem(`System${w}`), `${lang} "System${w}"`);
    for (const [lang, w] of rows(SYSTEM_DESCRIPTION, SYSTEM_DESCRIPTION_IN_WORD)) {
      const plan = ['# Plan', '', `## ${w}`, '', '### Phase 1: Ingest', 'Reads the feed.', '', '### Phase 2: Export', 'Writes the report.'].join('\n');
      assert.deepEqual(findingLines(runRules(plan), 'no-success-criterion'), [], `${lang} "${w}"`);
    }
    const work = ['# Plan', '', '## Implementation', '', '### Phase 1: Ingest', 'Reads the feed.', '', '### Phase 2: Export', 'Writes the report.'].join('\n');
    assert.deepEqual(findingLines(runRules(work), 'no-success-criterion'), [5, 8]);
    assert.equal(describesSystem('Implementation order'), false);
  });

  it('every flow: what flows and the word for a flow, in its language ("User flow", "Flujo de datos"), and a run of the product', () => {
    for (const [lang, first] of rows(FLOW_OF)) for (const second of FLOW[lang] ?? []) assert.ok(introducesFlow(`Complete ${first} ${second}`), `${lang} "${first} ${second}"`);
    for (const [lang, w] of rows(RUN_OF_PRODUCT)) assert.ok(introducesFlow(`Request ${w}`), `${lang} "${w}"`);
    assert.equal(introducesFlow('Implementation flowchart'), false);
    assert.equal(introducesFlow('flujo flow'), false, 'a Spanish word is not closed by an English one');
  });
});
