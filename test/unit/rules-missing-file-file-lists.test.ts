/**
 * Issue #17, nineteenth round: conventions found on fresh batch 16 (the end
 * check of round 18, tuned on here). Each case is a small made-up plan in the
 * pattern's style, not a corpus excerpt, and each pairs what is no longer
 * flagged with what still is.
 */
import assert from 'node:assert/strict';
import { findingLines, missingPaths, runRules } from '../support/static-rules-harness';

const FILES = ['src/api/mod.rs', 'src/solver/newton.rs', 'front/src/components/Player.vue'];

describe('round 19', () => {
  describe("missing-file in a work plan's file tables", () => {
    const table = (above: string, header: string, rows: string[]): string => ['# Plan', '', '## Phase 2', '', above, '', header, '|---|---|', ...rows, ''].join('\n');

    it('an action cell that opens with "new" ("**Nouveau** : …", "New — …", "Nouveau store") creates the file; "Add: …" changes an existing one', () => {
      const rows = [
        '| `src/solver/thermal.rs` | **Nouveau** : T = f(Q) |',
        '| `front/src/stores/transient.ts` | Nouveau store (timeline) |',
        '| `src/api/compare.rs` | New — compare endpoint |',
      ];
      assert.deepEqual(missingPaths(runRules(table('### Work', '| Change | Action |', rows), FILES)), []);
      assert.deepEqual(missingPaths(runRules(table('### Work', '| Change | Action |', ['| `src/api/routes.rs` | Add: the compare route |']), FILES)), ['src/api/routes.rs']);
    });

    it('"| File | Action |" lists the work\'s files, new ones included; under "Files to Modify" (or "| File | Changes |") each must exist', () => {
      const rows = ['| `front/src/components/TransientChart.vue` | P(t) of the selected node |', '| `src/api/mod.rs` | Route the transient mode |'];
      assert.deepEqual(missingPaths(runRules(table('### G5. Transient UI', '| Fichier | Action |', rows), FILES)), []);
      assert.deepEqual(missingPaths(runRules(table('## Files to Modify', '| File | Action |', rows), FILES)), ['front/src/components/TransientChart.vue']);
      assert.deepEqual(missingPaths(runRules(table('### Work', '| File | Changes |', rows), FILES)), ['front/src/components/TransientChart.vue']);
      // The row's own operation says the file is changed.
      assert.deepEqual(missingPaths(runRules(table('### Work', '| File | Action |', ['| `src/api/routes.rs` | Update the compare route |']), FILES)), ['src/api/routes.rs']);
    });

    it('a wrong path to a file that exists elsewhere is still reported in a neutral file table', () => {
      const findings = runRules(table('### Work', '| File | Action |', ['| `src/newton.rs` | Flag the Jacobian update |']), FILES);
      assert.deepEqual(missingPaths(findings), ['src/newton.rs']);
    });

    it('"Future: `docs/plans/phase-2.2.md`" is a document still to be written; "See `docs/plans/phase-2.2.md`" must exist', () => {
      assert.deepEqual(missingPaths(runRules(['# Plan', '', '| Future: `docs/plans/phase-2.2.md` | Layer 2 |'].join('\n'), FILES)), []);
      assert.deepEqual(missingPaths(runRules(['# Plan', '', 'See `docs/plans/phase-2.2.md`.'].join('\n'), FILES)), ['docs/plans/phase-2.2.md']);
    });
  });

  describe('missing-risks-section', () => {
    const body = [
      '',
      '## Context',
      'Move the store to Postgres, with a migration of every table and a cut-over weekend.',
      '',
      '## Step 1: Schema',
      'Create the tables.',
      'Verify: psql \\dt lists them.',
      '',
      '## Step 2: Copy',
      'Copy the rows.',
      'Verify: counts match.',
      '',
      '## Step 3: Cut over',
      'Switch the connection string.',
      'Verify: smoke test passes.',
      '',
    ];

    it('an "Error handling" section (also "9. 错误处理", "Failure modes") covers what can go wrong; "Error codes" does not', () => {
      for (const title of ['## Error handling', '## 9. 错误处理', '### Failure modes']) {
        assert.deepEqual(
          findingLines(runRules(['# Plan: Postgres', ...body, title, '- a copy fails midway: resume from the last batch'].join('\n')), 'missing-risks-section'),
          [],
          title,
        );
      }
      assert.deepEqual(findingLines(runRules(['# Plan: Postgres', ...body, '## Error codes', '- E42: table missing'].join('\n')), 'missing-risks-section'), [1]);
    });

    it('a task list titled "… Tasks" keeps its risks in the companion design; "… Plan" does not', () => {
      const tasks = [
        '',
        '## 1. Profiles',
        '- [ ] Create `config/profiles.md` with the five roles',
        "- [ ] Define each role's mandate",
        '',
        '## 2. Commands',
        '- [ ] Create `.claude/commands/agent-pm.md`',
        '- [ ] Load the context fully',
        '- [ ] Append to notes.md',
      ];
      assert.deepEqual(findingLines(runRules(['# Review Agents Tasks', ...tasks].join('\n')), 'missing-risks-section'), []);
      assert.deepEqual(findingLines(runRules(['# Review Agents Plan', ...body].join('\n')), 'missing-risks-section'), [1]);
    });

    it('a plan whose every checkbox is ticked (three or more) is a record of finished work; one open box keeps it a plan', () => {
      const boxes = (last: string): string => ['# Plan: Postgres', ...body, '## Checklist', '- [x] schema', '- [x] copy', `- [${last}] cut over`].join('\n');
      assert.deepEqual(findingLines(runRules(boxes('x')), 'missing-risks-section'), []);
      assert.deepEqual(findingLines(runRules(boxes(' ')), 'missing-risks-section'), [1]);
    });
  });

  it('"(Problem Definition, Out of Scope, Open Questions)" lists section titles; "Open questions remain on the cache" is an open point', () => {
    const run = (line: string): number[] =>
      findingLines(runRules(['# Plan', '', '## Step 1: PRD', line, 'Success criteria: the PRD has every section.'].join('\n')), 'unknown-signal');
    assert.deepEqual(run('Generate the PRD with all sections (Problem Definition, Out of Scope, Open Questions).'), []);
    assert.deepEqual(run('Open questions remain on the cache.'), [4]);
  });
});
