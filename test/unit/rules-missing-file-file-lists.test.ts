/**
 * missing-file on the places where a plan lists the files of its work: file tables and their columns (action,
 * operation, origin, deliverable), "**File:**" labels over fenced code, GSD <files> blocks, a test plan's file list.
 * A file the list says is new is written by the plan; a file the list says is changed must exist. Each case is a
 * small made-up plan written in the convention's style (not an excerpt of a real plan) and pairs what the rule
 * explains away with what it still reports.
 */
import assert from 'node:assert/strict';
import { findingLines as lines, missingPaths, runAt as run, runRules } from '../support/static-rules-harness';

const table = (above: string, header: string, rows: string[]): string => ['# Plan', '', '## Phase 2', '', above, '', header, '|---|---|', ...rows, ''].join('\n');

const FILES = ['src/api/mod.rs', 'src/solver/newton.rs', 'front/src/components/Player.vue'];

const files = ['packages/cli/package.json', 'lib/models/index.ts'];

const precise = { scope: 'precise' as const };

describe('missing-file: file tables, lists and labels', () => {
  it('a GSD <files> block over several lines lists files the task writes', () => {
    const text = [
      '<task type="auto">',
      '  <name>Task 1: Hook</name>',
      '  <files>',
      '    web/lib/useClock.ts',
      '  </files>',
      '  <verify>npm test</verify>',
      '</task>',
      '',
      'Later: see web/lib/useTimer.ts',
    ].join('\n');
    assert.deepEqual(lines(run(text, ['web/lib/api.ts']), 'missing-file'), [9]);
  });

  it('a file-inventory table row whose operation cell creates ("| `a_test.go`, `b_test.go` | criar |") exempts every path in the row; an "editar" row does not', () => {
    const text = ['# Plan', '', '| Caminho | Operação |', '|---|---|', '| `svc/a_test.go`, `svc/b_test.go` | criar |', '| `svc/c.go` | editar |'].join('\n');
    assert.deepEqual(lines(run(text, ['svc/main.go']), 'missing-file'), [6]);
  });

  it('paths in the "Old path" column of a mapping table are the names being replaced; the new side and other tables are still checked', () => {
    const text = [
      '# Docs plan',
      '',
      '| Old path (in tutorial) | New path |',
      '|---|---|',
      '| `src/components/Owners.tsx` | `src/safe/Owners.tsx` |',
      '',
      '| File | Change |',
      '|---|---|',
      '| `src/lib/gone.ts` | edit |',
    ].join('\n');
    assert.deepEqual(lines(run(text, ['src/safe/Owners.tsx']), 'missing-file'), [9]);
  });

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

  describe('in a Python and Go workspace', () => {
    const FILES = ['src/stages/export.py', 'tests/test_models.py', 'app/main.go'];

    it('a test file listed under "## Testing Strategy" is one the plan writes; a source file there, or a test file elsewhere, is looked up', () => {
      const testing = (path: string): string => ['# Plan', '', '## Testing Strategy', '', '### Unit Tests', '', `**\`${path}\`:**`, '- Test the export'].join('\n');
      assert.deepEqual(missingPaths(runRules(testing('tests/test_stage7_execution.py'), FILES)), []);
      assert.deepEqual(missingPaths(runRules(testing('src/stages/stage7.py'), FILES)), ['src/stages/stage7.py']);
      assert.deepEqual(missingPaths(runRules(['# Plan', '', '## Context', '', 'See `tests/test_stage7_execution.py`.'].join('\n'), FILES)), ['tests/test_stage7_execution.py']);
    });
  });

  it('a "- Test: `…`" / "- Tests: `…`" entry names the tests a task writes; "- Read: `…`" names a file to find', () => {
    const files = ['app/services/quotes.py', 'tests/test_quotes.py'];
    assert.deepEqual(
      missingPaths(
        runRules(
          ['# Plan', '', '**PR-B**:', '- Modify `app/services/quotes.py` — the quote cache', '- Tests: `tests/test_risk.py` (pure), `tests/test_api_risk.py`'].join('\n'),
          files,
        ),
      ),
      [],
    );
    assert.deepEqual(missingPaths(runRules(['# Plan', '', '- Read: `tests/test_risk.py`'].join('\n'), files)), ['tests/test_risk.py']);
  });

  it('"path — New Integration Tests" and a "| `path` | New tests |" row name files the work writes; "| `path` | Enhance polling |" does not', () => {
    const files = ['app/api.py'];
    assert.deepEqual(missingPaths(runRules(['# Plan', '', '## Step 7 — `tests/test_pipeline.py` — New Integration Tests'].join('\n'), files)), []);
    const table = (cell: string): string => ['# Plan', '', '| File | Change |', '|---|---|', `| \`app/routers/health.py\` | ${cell} |`].join('\n');
    assert.deepEqual(missingPaths(runRules(table('New tests'), files)), []);
    assert.deepEqual(missingPaths(runRules(table('Enhance polling'), files)), ['app/routers/health.py']);
  });

  it('a table under "### M5 — Editor and UI" lists files of the work: "Editor" is not "edit"; under "### Files to edit" it lists existing ones', () => {
    const table = (heading: string): string =>
      ['# Plan', '', heading, '', '| File | Responsibility |', '| --- | --- |', '| `client/src/editor/Cursor.tsx` | Render the caret |'].join('\n');
    assert.deepEqual(missingPaths(runRules(table('### M5 — Editor and application UI'), ['client/README.md'])), []);
    assert.deepEqual(missingPaths(runRules(table('### Files to edit'), ['client/README.md'])), ['client/src/editor/Cursor.tsx']);
  });

  it('"**文件**: `x` (新建)" and a file label under "Step 4: 创建…" name files the step writes; under "Step 4: 修复…" (fix) the file must exist', () => {
    assert.deepEqual(missingPaths(runRules(['# 计划', '', '**文件**: `ci/test.yml` (新建)'].join('\n'), ['src/a.ts'])), []);
    const step = (title: string): string => ['# 计划', '', `### Step 4: ${title}`, '', '**文件**: `docs/build.sh`'].join('\n');
    assert.deepEqual(missingPaths(runRules(step('创建文档构建脚本'), ['src/a.ts'])), []);
    assert.deepEqual(missingPaths(runRules(step('修复文档构建脚本'), ['src/a.ts'])), ['docs/build.sh']);
  });

  it('a path alone as a label over a fenced block ("**packages/shared/src/types/git.ts:**") is the file the plan writes; the same path in a sentence is looked up', () => {
    const label = (line: string): string => ['# Plan', '', '#### Step 1.3: Shared types', '', line, '```typescript', 'export interface DiffOptions {}', '```'].join('\n');
    assert.deepEqual(missingPaths(runRules(label('**packages/shared/src/types/git.ts:**'), files)), []);
    assert.deepEqual(missingPaths(runRules(label('**packages/cli/src/commands/analyze.ts (final version):**'), files)), []);
    assert.deepEqual(missingPaths(runRules(label('Types live in `packages/shared/src/types/git.ts`:'), files)), ['packages/shared/src/types/git.ts']);
  });

  it('a "| 文件 | 用途 |" table lists the files of the work like "| File | Purpose |"; a table whose first header cell does not name files ("| 路径 | 用途 |") is looked up', () => {
    const table = (header: string): string => ['# 计划', '', '### 3.2 文件', '', header, '|---|---|', '| `src/core/use-manual-render.ts` | 手动帧渲染 hook |'].join('\n');
    assert.deepEqual(missingPaths(runRules(table('| 文件 | 用途 |'), files)), []);
    assert.deepEqual(missingPaths(runRules(table('| 路径 | 用途 |'), files)), ['src/core/use-manual-render.ts']);
  });

  it('a folder given as where a section\'s code goes ("Caminho: `apps/api/src/modules/x/`" over its fenced files) is written by it; the folder in a sentence is looked up', () => {
    const plan = (line: string) =>
      missingPaths(
        runRules(
          [
            '# Plano',
            '',
            '## Etapa 2 — API: Módulo de Disponibilidade',
            '',
            line,
            '',
            '### 2.1 DTO — `dto/upsert.dto.ts`',
            '',
            '```typescript',
            'export class UpsertDto {}',
            '```',
          ].join('\n'),
          ['apps/api/package.json'],
        ),
      );
    assert.deepEqual(plan('Caminho: `apps/api/src/modules/availability/`'), []);
    assert.deepEqual(plan('**Path:** `apps/api/src/modules/availability/`'), []);
    assert.deepEqual(plan('O módulo fica em `apps/api/src/modules/availability/`.'), ['apps/api/src/modules/availability/']);
  });

  it('a table column that names files to create ("File cần tạo", "New files") holds files the plan writes; a plain "File" column is looked up', () => {
    const table = (header: string) =>
      missingPaths(runRules(['# Plan', '', `| ${header} | Nội dung |`, '|---|---|', '| `dto/SchoolClassDTO.java` | id, className |'].join('\n'), ['pom.xml']));
    assert.deepEqual(table('File cần tạo'), []);
    assert.deepEqual(table('New files'), []);
    assert.deepEqual(table('Changed files'), ['dto/SchoolClassDTO.java']);
  });

  it('a test file named as a task\'s file ("- **Test File**: `tests/unit/test_export.py`", "- **File**: `tests/integration/test_flow.py`") is the test the task writes; a source file there is looked up', () => {
    const entry = (line: string) => missingPaths(runRules(['# Export plan', '', '**Task 9: Export CLI**', line].join('\n'), ['apps/server/src/main.py']));
    assert.deepEqual(entry('- **Test File**: `apps/server/tests/unit/test_export_cli.py`'), []);
    assert.deepEqual(entry('- **File**: `apps/server/tests/integration/test_export_workflow.py`'), []);
    assert.deepEqual(entry('- **File**: `apps/server/src/export_cli.py`'), ['apps/server/src/export_cli.py']);
  });

  it('a task label in bold that is its id and a path ("**T059: .specify/memory/constitution.md**") names what the task writes; the path in a sentence is looked up', () => {
    const paths = (line: string) => missingPaths(runRules(['# Tasks', '', line, '', 'Record the project principles.'].join('\n'), ['src/main.ts']));
    assert.deepEqual(paths('**T059: `.specify/memory/constitution.md`**'), []);
    assert.deepEqual(paths('Read the principles in `.specify/memory/constitution.md`.'), ['.specify/memory/constitution.md']);
  });

  it('"**File:** `x.sql`" over a fenced block gives the file\'s text: the step writes it; a file label over prose is looked up', () => {
    const paths = (after: string[]) =>
      missingPaths(
        runRules(['# Plan', '', '### 14. Database migration', '', '**File:** `migrations/add_fullness_rating.sql`', '', ...after].join('\n'), ['migrations/001_init.sql']),
      );
    assert.deepEqual(paths(['```sql', 'ALTER TABLE units ADD COLUMN fullness INTEGER;', '```']), []);
    assert.deepEqual(paths(['Add the fullness column there.']), ['migrations/add_fullness_rating.sql']);
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

  it('the origin column of a port or move table ("| v1 source | v2 destination |") is not looked up; the first column of another table is', () => {
    const plan = (header: string) =>
      ['# Port plan', '', '## Port list', '', header, '|---|---|---|', '| `internal/watcher/watch.go` | `internal/files/watch.go` | adapt |', ''].join('\n');
    const files = ['internal/store/db.go'];
    assert.deepEqual(missingPaths(runRules(plan('| v1 source | v2 destination | Notes |'), files)), []);
    assert.deepEqual(missingPaths(runRules(plan('| Old path | New path | Notes |'), files)), []);
    assert.deepEqual(missingPaths(runRules(plan('| Component | Target | Notes |'), files)), ['internal/watcher/watch.go']);
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
});
