/**
 * Issue #17, thirty-fourth round: conventions found on fresh batches 43 and 44 (the end check of round 33, tuned on
 * here): plans in Russian, Vietnamese, Uzbek and Korean, a superpowers plan whose tasks write their tests, a package's
 * subpath. Each case is a small made-up plan in the pattern's style, not a corpus excerpt, and each pairs what is no
 * longer flagged with what still is.
 */
import assert from 'node:assert/strict';
import { findingLines, missingPaths, runRules } from '../support/static-rules-harness';

describe('round 34', () => {
  it('create and delete verbs in Russian, Polish, Vietnamese and Korean say the plan writes or removes the file; a plain mention is looked up', () => {
    const paths = (line: string) => missingPaths(runRules(['# План', '', line].join('\n'), ['src/main.ts']));
    assert.deepEqual(paths('- Удалить `public/index.html`'), []);
    assert.deepEqual(paths('- Создать `src/player.ts`'), []);
    assert.deepEqual(paths('- Tạo `controller/DashboardController.java`'), []);
    assert.deepEqual(paths('- **Ngày 1-2**: Xây `components/shared/DataTable.tsx`'), []);
    assert.deepEqual(paths('- Utwórz `src/api/client.ts`'), []);
    assert.deepEqual(paths('- `src/api/client.ts` 생성'), []);
    assert.deepEqual(paths('- Импортировать из `src/player.ts`'), ['src/player.ts']);
  });

  it('a table column that names files to create ("File cần tạo", "New files") holds files the plan writes; a plain "File" column is looked up', () => {
    const table = (header: string) =>
      missingPaths(runRules(['# Plan', '', `| ${header} | Nội dung |`, '|---|---|', '| `dto/SchoolClassDTO.java` | id, className |'].join('\n'), ['pom.xml']));
    assert.deepEqual(table('File cần tạo'), []);
    assert.deepEqual(table('New files'), []);
    assert.deepEqual(table('Changed files'), ['dto/SchoolClassDTO.java']);
  });

  it('"New monolith package `packages/a2a`" names a package the plan creates; "the package `packages/a2a`" is looked up', () => {
    const line = (text: string) => missingPaths(runRules(['# A2A plan', '', text].join('\n'), ['package.json', 'packages/core/package.json']));
    assert.deepEqual(line('**Architecture:** New monolith package `packages/a2a` with the protocol types'), []);
    assert.deepEqual(line('**Architecture:** extend the package `packages/a2a` with the protocol types'), ['packages/a2a']);
  });

  it('a package\'s subpath ("packages/schemas/tools.ts" for packages/schemas/src/tools.ts) names that file; another inserted folder is a wrong path', () => {
    const paths = (files: string[]) => missingPaths(runRules(['# Plan', '', '- [ ] 3.2 Write the tool contracts in `packages/schemas/tools.ts`'].join('\n'), files));
    assert.deepEqual(paths(['packages/schemas/src/tools.ts']), []);
    assert.deepEqual(paths(['packages/schemas/lib/v2/tools.ts', 'packages/schemas/package.json']), ['packages/schemas/tools.ts']);
  });

  it("a path in a project the plan places outside the workspace by an absolute path is not this workspace's; a path in a folder the plan does not place is looked up", () => {
    const plan = (header: string) =>
      missingPaths(runRules(['# Rewrite endpoint', '', header, '', '## Steps', '', '1. Call `promptscore-proxy/api/rewrite.js` from the form'].join('\n'), ['src/app.ts']));
    assert.deepEqual(plan('**Linked backend:** `C:\\Projects\\promptscore-proxy`'), []);
    assert.deepEqual(plan('**Linked backend:** `~/code/promptscore-proxy`'), []);
    assert.deepEqual(plan('**Linked backend:** the promptscore proxy service'), ['promptscore-proxy/api/rewrite.js']);
  });

  it('risks headings in Vietnamese and Polish, and "Common issues & solutions" / "Troubleshooting", are a risks section; a heading naming a TROUBLESHOOTING.md to write is not', () => {
    const risks = (heading: string) =>
      findingLines(
        runRules(
          [
            '# School management plan',
            '',
            ...[1, 2, 3].flatMap((n) => [
              `### Phase ${n}: Module ${n}`,
              '',
              `Change \`src/m${n}.ts\`, the database migration, the API handlers and the dashboard pages.`,
              '',
              `- Verify: the module ${n} tests pass`,
              '',
            ]),
            `## ${heading}`,
            '',
            '- the SQL dialect differs between environments: test both',
          ].join('\n'),
        ),
        'missing-risks-section',
      );
    assert.deepEqual(risks('RỦI RO & PHỤ THUỘC'), []);
    assert.deepEqual(risks('Ryzyka'), []);
    assert.deepEqual(risks('Common Issues & Solutions'), []);
    assert.deepEqual(risks('Troubleshooting'), []);
    assert.deepEqual(risks('[NEW] [TROUBLESHOOTING.md](docs/TROUBLESHOOTING.md)'), [1]);
  });

  it('a section about checks in Russian, Polish or Vietnamese ("## Шаг 9: Проверка сборки") says how the plan is checked; a section that builds does not', () => {
    const plan = (title: string) =>
      findingLines(
        runRules(
          [
            '# План',
            '',
            '## Шаг 5: Компоненты',
            '',
            '### 5a. `src/App.tsx` — корневой компонент',
            '',
            'Собрать корневой компонент.',
            '',
            '### 5b. `src/Player.tsx` — плеер',
            '',
            'Перенести плеер.',
            '',
            `## Шаг 9: ${title}`,
            '',
            '`bun run build` — сборка должна пройти.',
          ].join('\n'),
          ['src/App.tsx', 'src/Player.tsx'],
        ),
        'no-success-criterion',
      );
    assert.deepEqual(plan('Проверка сборки'), []);
    assert.deepEqual(plan('Weryfikacja'), []);
    assert.deepEqual(plan('Kiểm tra'), []);
    assert.deepEqual(plan('Сборка'), [5, 9]);
  });

  it('a task whose files entry writes a test ("- Create: `src/__tests__/hono.test.ts`") comes with its check; a task that writes only source does not', () => {
    const task = (entry: string) =>
      findingLines(
        runRules(
          [
            '# Adapters plan',
            '',
            '## Task 14: Hono Adapter',
            '',
            '**Files:**',
            '',
            '- Create: `packages/a2a/src/adapters/hono.ts`',
            entry,
            '',
            '**Step 1-4: Same pattern as Express**',
          ].join('\n'),
        ),
        'no-success-criterion',
      );
    assert.deepEqual(task('- Create: `packages/a2a/src/__tests__/adapters/hono.test.ts`'), []);
    assert.deepEqual(task('- Test: `tests/test_hono.py`'), []);
    assert.deepEqual(task('- Create: `packages/a2a/src/adapters/hono-types.ts`'), [3]);
  });
});
