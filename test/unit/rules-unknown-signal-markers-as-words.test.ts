/**
 * Issue #17, thirty-third round: conventions found on fresh batches 39-42 (the end check of round 32, tuned on
 * here). Each case is a small made-up plan in the pattern's style, not a corpus excerpt, and each pairs what is no
 * longer flagged with what still is.
 */
import assert from 'node:assert/strict';
import { findingLines, missingPaths, runRules } from '../support/static-rules-harness';

describe('round 33', () => {
  it('a task a paragraph opens with in bold ("**TASK-010** — Add the keys") is a task a dependency may name; an id no line opens with is dangling', () => {
    const plan = (dep: string) =>
      findingLines(
        runRules(
          [
            '# Discord bot plan',
            '',
            '### Phase 1 — Settings keys',
            '',
            '**TASK-010** — Add the Discord setting keys to the whitelist',
            '- **Acceptance:** keys accepted by `settings:set`',
            '',
            '### Phase 2 — Core implementation',
            '',
            '**TASK-020** — Create the bot service',
            `- **Depends on:** ${dep}`,
            '- **Acceptance:** the bot logs in with a test token',
          ].join('\n'),
        ),
        'dangling-dependency',
      );
    assert.deepEqual(plan('TASK-010 (settings keys exist)'), []);
    assert.deepEqual(plan('TASK-090 (settings keys exist)'), [11]);
  });
  it("spec-kit's template note in any language names the tool's layout, not the plan's work; the same path in a step is looked up", () => {
    const note = (line: string) => missingPaths(runRules(['# 實作計畫：管理員', '', line, '', '## 摘要', '', '新增管理員角色。'].join('\n')));
    assert.deepEqual(note('**注意**: 此模板由 `/speckit.plan` 指令填寫。執行流程請參閱 `.specify/templates/commands/plan.md`。'), []);
    assert.deepEqual(note('**Nota**: esta plantilla la completa el comando `/speckit.plan`. Ver `.specify/templates/commands/plan.md`.'), []);
    assert.deepEqual(note('1. 依 `.specify/templates/commands/plan.md` 產生計畫'), ['.specify/templates/commands/plan.md']);
  });
  it('a plan whose implementation order is all ✅ is a record of finished work; one open item, or ✅ bullets of a feature list, leave the risks finding', () => {
    const body = (order: string[], features: string[] = []) =>
      [
        '# Pydantic refactor plan',
        '',
        ...[1, 2, 3].flatMap((n) => [
          `## Part ${n}: Model ${n}`,
          '',
          `Change \`src/models${n}.py\`, the serializers, the encoder and the operations that call them; keep the wrappers.`,
          '',
        ]),
        ...(features.length ? ['## Features', '', ...features, ''] : []),
        '## Implementation Order',
        '',
        ...order,
      ].join('\n');
    const risks = (text: string) => findingLines(runRules(text), 'missing-risks-section');
    assert.deepEqual(risks(body(['1. ✅ Create the Point model', '2. ✅ Test it', '3. ✅ Apply to Equipment', '4. ✅ Remove the old code'])), []);
    assert.deepEqual(risks(body(['1. ✅ Create the Point model', '2. ✅ Test it', '3. ✅ Apply to Equipment', '4. Remove the old code'])), [1]);
    assert.deepEqual(risks(body(['1. Create the Point model', '2. Test it', '3. Apply to Equipment'], ['- ✅ Offline', '- ✅ Sync', '- ✅ Export'])), [1]);
  });
  it('a "Post-Implementation" section comes after the work: its list is no steps; an "Implementation" section\'s list is', () => {
    const plan = (title: string) =>
      findingLines(
        runRules(
          [
            '# Solar calculator',
            '',
            '## Testing',
            '',
            'Run `npm test`; every phase ends green.',
            '',
            `## ${title}`,
            '',
            '- Create the blog post in the blog folder',
            '- Announce the tool on the newsletter',
          ].join('\n'),
        ),
        'no-success-criterion',
      ).length;
    assert.equal(plan('Blog Post (Post-Implementation)'), 0);
    assert.equal(plan('Blog Post (Implementation)'), 0, 'a testing section says how every step is checked');
    const bare = (title: string) =>
      findingLines(
        runRules(['# Solar calculator', '', `## ${title}`, '', '- Create the blog post in the blog folder', '- Announce the tool on the newsletter'].join('\n')),
        'no-success-criterion',
      ).length;
    assert.equal(bare('Blog Post (Post-Implementation)'), 0);
    assert.equal(bare('Blog Post (Implementation)'), 2);
  });
  it('lowercase "unknown" set in CJK prose is a state\'s name; "unknown" in English prose still marks an undecided point', () => {
    const lines = (line: string) => findingLines(runRules(['# 计划', '', line].join('\n')), 'unknown-signal');
    assert.deepEqual(lines('- [ ] `ListRunnableTasks` 排除 unknown；公开 status 兼容 submitted。'), []);
    assert.deepEqual(lines('- [ ] POST 后超时则记为 unknown'), []);
    assert.deepEqual(lines('- [ ] The retry budget is unknown'), [3]);
  });

  it('"**Plan:** 3 of TBD" is a tally whose total is open; "TBD" alone still marks an undecided point', () => {
    const lines = (line: string) => findingLines(runRules(['# Plan 04-03: API endpoints', '', line].join('\n')), 'unknown-signal');
    assert.deepEqual(lines('**Plan:** 3 of TBD'), []);
    assert.deepEqual(lines('**Auth scheme:** TBD'), [3]);
  });

  it('a design\'s section titled only "兼容性" or "Backward compatibility" holds risks; a milestone that merely contains the word does not', () => {
    const files = ['docs/specs/x-design.md', 'src/module1.ts'];
    const plan = [
      '# Stress category plan',
      '',
      '**Spec:** `docs/specs/x-design.md`',
      '',
      ...[1, 2, 3].flatMap((n) => [
        `### Task ${n}: Part ${n}`,
        '',
        `Change \`src/module1.ts\`, the resolver, the scenario producer and the metrics consumer; keep the old path.`,
        '',
        '- [ ] **Step 1: Run `pytest` and confirm it passes**',
        '',
      ]),
    ].join('\n');
    const risks = (design: string) => findingLines(runRules(plan, files, { companions: { 'docs/specs/x-design.md': design } }), 'missing-risks-section');
    assert.deepEqual(risks('# 设计\n\n## 兼容性\n\n旧数据保持可读。'), []);
    assert.deepEqual(risks('# Design\n\n## Backward compatibility\n\nOld rows stay readable.'), []);
    assert.deepEqual(risks('# Design\n\n### M2 - Level Compatibility\n\nLoad old levels.'), [1]);
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

  it('a file inside a folder the plan deletes whole is gone by design; a file in a kept folder is looked up', () => {
    const plan = (line: string) =>
      missingPaths(runRules(['# MCP 升级计划', '', line, '', '错误码在 `mcp/mod.rs` 中定义，不依赖 `ipc/protocol.rs`。'].join('\n'), ['src-tauri/src/mcp/mod.rs']));
    assert.deepEqual(plan('- `src-tauri/src/ipc/` — 整个删除（server.rs, protocol.rs）'), []);
    assert.deepEqual(plan('- Delete `src-tauri/src/ipc/` entirely'), []);
    assert.deepEqual(plan('- `src-tauri/src/ipc/` — 保留'), ['ipc/protocol.rs']);
  });

  it('a sub-item that names the check ("- Dark mode verification", "- Unit tests") is the step\'s criterion; a sub-item that builds is not', () => {
    const phase = (item: string) =>
      findingLines(
        runRules(['# Solar calculator', '', '## Implementation Phases', '1. **Phase 7**: Polish', '   - Tidy the layout', `   - ${item}`].join('\n')),
        'no-success-criterion',
      );
    assert.deepEqual(phase('Dark mode verification'), []);
    assert.deepEqual(phase('Responsive design testing'), []);
    assert.deepEqual(phase('Add the dark mode toggle'), [4]);
  });

  it('a plan for a to-do app has TODO as its subject where a name follows it; "TODO pick a codec" stays a marker, and a title that is a marker ("TODO: …") makes no to-do app', () => {
    const plan = (title: string) => findingLines(runRules([`# ${title}`, '', '## Phase 4: フロントエンド - TODO API クライアント'].join('\n')), 'unknown-signal');
    assert.deepEqual(plan('003-todo-basic タスクリスト'), []);
    assert.deepEqual(plan('Phase II Todo Web Application'), []);
    assert.deepEqual(plan('Notes app plan'), [3]);
    assert.deepEqual(findingLines(runRules(['# 003-todo-basic', '', '- TODO pick a codec'].join('\n')), 'unknown-signal'), [3], 'a marker with a verb stays one');
  });

  it('the new name of a rename to come ("`src/proxy.ts` へのリネーム", "rename `a.ts` to `b.ts`") need not exist; the same path read from is looked up', () => {
    const note = (line: string) => missingPaths(runRules(['# Plan', '', line].join('\n'), ['src/middleware.ts']));
    assert.deepEqual(note('- Next.js 16 では `src/middleware.ts` が非推奨になり `src/proxy.ts` へのリネームが推奨される'), []);
    assert.deepEqual(note('- Rename `src/middleware.ts` to `src/proxy.ts` once Next.js 16 lands'), []);
    assert.deepEqual(note('- Read the matcher config from `src/proxy.ts`'), ['src/proxy.ts']);
  });
});
