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
});
