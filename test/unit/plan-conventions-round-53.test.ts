/**
 * Issue #17, fifty-third round: what fresh batches 116-122 (the end check of round 52, tuned on here) showed. Each
 * case is a small made-up plan in the pattern's style, not a corpus excerpt, and pairs what is no longer flagged with
 * what still is.
 */
import assert from 'node:assert/strict';
import { findingLines, missingPaths, runRules } from '../support/static-rules-harness';

const precise = { scope: 'precise' as const };

describe('round 53', () => {
  it('a dependency on a name without a number ("Dependencies: `js-yaml`") is checked only in a plan that names its steps so', () => {
    const plan = (second: string, dependency: string) => ['# Plan', '', `### ${second}`, '', 'Install it.', '', '### Task 2: Wire it', '', dependency, ''].join('\n');
    assert.deepEqual(findingLines(runRules(plan('Task 1: Scaffold', '- [x] Install dependencies: `js-yaml`, `fast-glob`')), 'dangling-dependency'), []);
    // A pom.xml's dependency list under a label.
    const pom = ['# Implementierungsplan', '', '### Schritt 1 – `pom.xml` erstellen', '', 'Enthält folgende Dependencies:', '- `spring-boot-starter-web`', '- `flyway-core`', ''];
    assert.deepEqual(findingLines(runRules(pom.join('\n')), 'dangling-dependency'), []);
    // A plan whose steps have names for ids: a name no step has is dangling.
    const named = ['# Plan', '', '### Task 1: Scaffold (id: scaffold)', '', 'Install it.', '', '### Task 2: Wire it (id: wire)', '', 'Depends on: setup-db', ''];
    assert.deepEqual(findingLines(runRules(named.join('\n')), 'dangling-dependency'), [9]);
    // A numbered id stays checked everywhere.
    assert.deepEqual(findingLines(runRules(plan('Task 1: Scaffold', 'Depends on: T9')), 'dangling-dependency'), [9]);
  });

  it('"**Plans**: TBD" under a GSD roadmap phase is the template\'s plan count; "**Owner**: TBD" is an open point', () => {
    const plan = (label: string) => ['# Roadmap', '', '### Phase 1: Core', '', `**${label}**: TBD`, '', 'Plans:', '- [x] 01-01-PLAN.md', ''].join('\n');
    assert.deepEqual(findingLines(runRules(plan('Plans'), [], precise), 'unknown-signal'), []);
    assert.deepEqual(findingLines(runRules(plan('Owner'), [], precise), 'unknown-signal'), [5]);
  });

  it('"to be defined from real scan runs" says how it is settled; "to be defined" alone is open', () => {
    const plan = (line: string) => ['# Plan', '', '## Follow-ups', '', `- [ ] Benchmarks — ${line}`, ''].join('\n');
    assert.deepEqual(findingLines(runRules(plan('to be defined from real scan runs'), [], precise), 'unknown-signal'), []);
    assert.deepEqual(findingLines(runRules(plan('to be decided by the platform lead'), [], precise), 'unknown-signal'), []);
    assert.deepEqual(findingLines(runRules(plan('to be defined'), [], precise), 'unknown-signal'), [5]);
  });

  it('the "### New Files" part of a "## File Change Summary" lists files to write; its "### Modified Files" part must exist', () => {
    const plan = [
      '# Plan',
      '',
      '## Complete File Change Summary',
      '',
      '### New Files (1)',
      '',
      '- The Forge provider in `src/providers/forge.ts` (3A)',
      '',
      '### Modified Files (1)',
      '',
      '- Register it in `src/providers/index.ts` (3A)',
      '',
    ].join('\n');
    assert.deepEqual(missingPaths(runRules(plan, ['src/app.ts'], precise)), ['src/providers/index.ts']);
  });

  it('"Default storage path: `static/images/`" is where the program writes at run time; "Storage path: `static/images/`" is looked up', () => {
    const plan = (label: string) => ['# Plan', '', '## Step 1: Image upload ✅', '', `- ${label}: \`static/images/\` (configurable)`, ''].join('\n');
    const files = ['static/css/site.css'];
    assert.deepEqual(missingPaths(runRules(plan('Default storage path'), files, precise)), []);
    assert.deepEqual(missingPaths(runRules(plan('Storage path'), files, precise)), ['static/images/']);
  });

  it('a ticked task whose note says the work is "already in place" elsewhere claims no file; a plain ticked task does', () => {
    const plan = (note: string) => ['# Tasks', '', `- [x] T079 Implement error handling in \`backend/src/api/middleware.rs\`${note}`, ''].join('\n');
    const files = ['backend/src/main.rs'];
    assert.deepEqual(missingPaths(runRules(plan(' (error handling already in place via IntoResponse)'), files, precise)), []);
    assert.deepEqual(missingPaths(runRules(plan(''), files, precise)), ['backend/src/api/middleware.rs']);
  });
});
