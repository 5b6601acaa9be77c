/**
 * Issue #17, thirty-eighth round: conventions found on fresh batches 57-60 (the end check of round 37, tuned on here;
 * no later batch checked them). Each case is a small made-up plan in the pattern's style, not a corpus excerpt, and
 * each pairs what is no longer flagged with what still is.
 */
import assert from 'node:assert/strict';
import { findingLines, missingPaths, runRules } from '../support/static-rules-harness';

describe('round 38', () => {
  it('a German "**Verifizierung:**" (or "Validierung:", "Abnahme:") line is the step\'s check; a step without one is flagged', () => {
    const plan = (line: string) =>
      findingLines(runRules(['# Plan', '', '## Stufe 1: Jobliste paginieren', '', '- Liste in `app/jobs/page.tsx` paginieren', line].join('\n')), 'no-success-criterion');
    assert.deepEqual(plan('- **Verifizierung:** tsc, eslint; manuell: Liste mit >10 Jobs durchklicken'), []);
    assert.deepEqual(plan('- **Validierung:** Filter-Kombinationen durchklicken'), []);
    assert.deepEqual(plan('- Filter ergänzen'), [3]);
  });

  it('a table column of deliverables ("Livrable", "Deliverable") names files the tasks write, every path of a cell; a "Fichier" column\'s second path is looked up', () => {
    const table = (header: string) =>
      missingPaths(
        runRules(
          ['# Plan', '', `| Tâche | Description | ${header} |`, '|---|---|---|', '| P0.5 | Spécifier les contrats | `docs/api/openapi.yml`, `docs/api/tensor-spec.md` |'].join(
            '\n',
          ),
          ['docs/api/openapi.yml'],
        ),
      );
    assert.deepEqual(table('Livrable'), []);
    assert.deepEqual(table('Deliverables'), []);
    assert.deepEqual(table('Fichier'), ['docs/api/tensor-spec.md']);
  });
});
