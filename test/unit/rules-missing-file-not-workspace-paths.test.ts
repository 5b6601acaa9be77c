/**
 * missing-file on names that look like paths but are not files of this workspace: packages, modules and libraries,
 * qualified names, naming patterns, model ids, paths of other projects or outside the repository, paths the program
 * uses at run time, elided paths and stand-in names. Each case is a small made-up plan written in the convention's
 * style (not an excerpt of a real plan) and pairs what the rule explains away with what it still reports.
 */
import assert from 'node:assert/strict';
import { findingLines as lines, missingPaths, runAt as run, runRules } from '../support/static-rules-harness';

const FILES = ['src/stages/export.py', 'tests/test_models.py', 'app/main.go'];

const files = ['src/popup/main.jsx', 'src/options/main.jsx', 'index.html'];

const precise = { scope: 'precise' as const };

describe('missing-file: names that are not workspace paths', () => {
  it('sources a plan says it was consolidated from are its provenance; a path it tells the reader to see is still checked', () => {
    const text = [
      '# Cleanup plan',
      '',
      'Consolidated from two audits (`notes/audit-a.md` and',
      '`audit-b.md`). Grouped by risk.',
      '',
      'For the current schema, see `docs/schema.md`.',
    ].join('\n');
    assert.deepEqual(lines(run(text, ['README.md']), 'missing-file'), [6]);
  });

  it('a qualified name ("auth/token.Verifier") is a package and a type, not a file; "auth/token.go" is a file', () => {
    const text = ['# Plan', '', 'Wrap `auth/token.Verifier` and edit `auth/token.go`.'].join('\n');
    const missing = run(text, ['auth/other.go']).filter((f) => f.code === 'missing-file');
    assert.deepEqual(
      missing.map((f) => f.data?.path),
      ['auth/token.go'],
    );
  });

  it('"Replace any `docs/CLAUDE.md` references" names text to edit, not a file; "Read `docs/CLAUDE.md`" names a file', () => {
    assert.deepEqual(lines(run('# Port\n\nReplace any `docs/CLAUDE.md` references with the new name.\n', ['README.md']), 'missing-file'), []);
    assert.deepEqual(lines(run('# Port\n\nRead `docs/CLAUDE.md` first.\n', ['README.md']), 'missing-file'), [3]);
  });

  it('a bare name the plan also writes as "../name" lives outside; a path with a folder is still looked up', () => {
    // (A bare name no workspace file has is not reported at all: it claims no place in the tree.)
    const text = ['# Plan', '', 'Create `.env.local` with `STATE_PATH=../state.md`.', '', '## Steps', '1. Parse `state.md` and `docs/notes.md`.'].join('\n');
    const findings = run(text, ['src/app.ts']).filter((f) => f.code === 'missing-file');
    assert.deepEqual(
      findings.map((f) => (f.data as { path: string }).path),
      ['docs/notes.md'],
    );
  });

  it('"`S.json`" in a plan that writes `S.union` and `S.string` is a member of S; alone it is a file name', () => {
    const withModule = ['# Plan', '', 'Keep `S.union`, `S.string` and `S.json` stable.'].join('\n');
    assert.deepEqual(lines(run(withModule, ['src/main.res']), 'missing-file'), []);
    // (A bare name is looked up where a path with a folder sits beside it; not otherwise.)
    const alone = ['# Plan', '', 'Next to `src/main.res`, keep `S.json` stable.'].join('\n');
    assert.deepEqual(lines(run(alone, ['src/main.res']), 'missing-file'), [3]);
  });

  it('a path in a project the sentence names ("in OpenClaw", "DuckDB\'s") is that project\'s; a lower-case word in code is no such name', () => {
    const text = [
      '# Plan',
      '',
      'The contract is implemented in `openclaw/src/utils.ts` and has shipped in OpenClaw for a year.',
      'The CLI imports `cache` from `cache/index.js`.',
    ].join('\n');
    assert.deepEqual(lines(run(text, ['src/main.ts']), 'missing-file'), [4]);
  });

  it('"internal/..." is a Go package pattern, not a file', () => {
    const text = ['# Plan', '', 'Run `go test ./internal/...` and read `internal/broker/log.go`.'].join('\n');
    assert.deepEqual(missingPaths(run(text, ['internal/broker/broker.go'])), ['internal/broker/log.go']);
  });

  it('"Import types from \'../types/index.js\'" is a module specifier; "see `../docs/x.md`" is still a path', () => {
    const text = ['# Plan', '', "Import types from '../types/index.js' in the new module.", '', 'See `./docs/x.md`.'].join('\n');
    assert.deepEqual(missingPaths(run(text, ['src/index.ts'])), ['docs/x.md']);
  });

  it('a path the plan says lies outside the repository is not looked up; the same path without that note is', () => {
    const base = ['# Plan', '', '## Step 1: Rules', 'Update `current/CLAUDE.md` with the new rule. Verify: it lists detekt.'];
    const note = [...base, '', 'Note: `current/CLAUDE.md` is outside the wonderland repo; commit it separately.'];
    assert.deepEqual(missingPaths(run(note.join('\n'), ['CLAUDE.md'])), []);
    assert.deepEqual(missingPaths(run(base.join('\n'), ['CLAUDE.md'])), ['current/CLAUDE.md']);
  });

  it('"docs/09" is a numbered reference (to docs/09-architecture.md), not a file; "docs/09-arch.md" is a path', () => {
    const files = ['docs/09-architecture.md'];
    assert.deepEqual(missingPaths(run(['# Plan', '', 'See `docs/09` and `docs/01`–`docs/11`.'].join('\n'), files)), []);
    assert.deepEqual(missingPaths(run(['# Plan', '', 'See `docs/09-arch.md`.'].join('\n'), files)), ['docs/09-arch.md']);
  });

  it('a bare "matter.js" is a library\'s name; a bare "worker.js" beside a path with a folder is a file', () => {
    assert.deepEqual(missingPaths(run(['# Plan', '', 'Use `matter.js` for the physics.'].join('\n'), ['package.json'])), []);
    assert.deepEqual(missingPaths(run(['# Plan', '', 'Edit `src/ui/app.ts` + `worker.js`.'].join('\n'), ['src/ui/app.ts'])), ['worker.js']);
  });

  it('"`.module.css`" names a kind of file, not a file; "`styles/app.module.css`" is a path', () => {
    assert.deepEqual(missingPaths(runRules(['# Plan', '', 'Bun bundles `.module.css` files.'].join('\n'), ['src/app.tsx'])), []);
    assert.deepEqual(missingPaths(runRules(['# Plan', '', 'Edit `styles/app.module.css`.'].join('\n'), ['src/app.tsx'])), ['styles/app.module.css']);
  });

  it('"`BadgeAward/AchievementAward.EarnedAt`" names entities\' properties; "`Models/Badge.cs`" is a path', () => {
    assert.deepEqual(missingPaths(runRules(['# Plan', '', 'Sort by `BadgeAward/AchievementAward.EarnedAt` and `Training.CreatedDate`.'].join('\n'), ['src/App.cs'])), []);
    assert.deepEqual(missingPaths(runRules(['# Plan', '', 'Edit `Models/Badge.cs`.'].join('\n'), ['src/App.cs'])), ['Models/Badge.cs']);
  });

  it('a file the program "persists … at" is written at run time; a file the plan "reads from" must exist', () => {
    const files = ['src/Store.cs'];
    assert.deepEqual(missingPaths(runRules(['# Plan', '', 'The store persists one cursor token per project at `.app/notify/cursor.json`.'].join('\n'), files)), []);
    assert.deepEqual(missingPaths(runRules(['# Plan', '', 'The store reads the token from `.app/notify/cursor.json`.'].join('\n'), files)), ['.app/notify/cursor.json']);
  });

  it('"openai/gpt-4.1-mini" is a model id (its last dot starts a version); "openai/client.py" is a path', () => {
    assert.deepEqual(missingPaths(runRules(['# Plan', '', '- use `openai/gpt-4.1-mini` and `google/gemini-2.5-flash` as participants'].join('\n'), FILES)), []);
    assert.deepEqual(missingPaths(runRules(['# Plan', '', '- call `openai/client.py`'].join('\n'), FILES)), ['openai/client.py']);
  });

  it('"(default `./.daemon/config.json`)" is where the program looks at run time; "edit `./.daemon/config.json`" is a file of the work', () => {
    assert.deepEqual(missingPaths(runRules(['# Plan', '', '- `--config <path>` (default `./.daemon/config.json`)'].join('\n'), FILES)), []);
    assert.deepEqual(missingPaths(runRules(['# Plan', '', '- edit `./.daemon/config.json`'].join('\n'), FILES)), ['.daemon/config.json']);
  });

  describe('one-line plans in a TypeScript and Supabase workspace', () => {
    const run = (...lines: string[]) => runRules(['# Plan', '', ...lines].join('\n'), FILES);

    const FILES = ['types/user.ts', 'supabase/migrations/20260101000000_init.sql', 'src/app.ts'];

    it('"`@types/jsonwebtoken`" and "`@aws-sdk/lib-dynamodb`" to install are npm packages; "`@types/user.md`" is looked up', () => {
      assert.deepEqual(missingPaths(run('- Install required npm packages: `@aws-sdk/lib-dynamodb`, `jsonwebtoken`, `@types/jsonwebtoken`')), []);
      assert.deepEqual(missingPaths(run('- Read `@types/user.md`')), ['@types/user.md']);
    });

    it('"`YYYYMMDDHHMMSS_add_shares.sql`" is a naming pattern; "`20260101_add_shares.sql`" is a file', () => {
      assert.deepEqual(missingPaths(run('- Single migration `YYYYMMDDHHMMSS_add_shares.sql` per phase')), []);
      assert.deepEqual(missingPaths(run('- Edit `supabase/migrations/20260101_add_shares.sql`')), ['supabase/migrations/20260101_add_shares.sql']);
    });
  });

  it('".chainlit/config.toml" in a plan about Chainlit is the tool\'s own folder; ".cache/config.json" (no tool named Cache… only the word) is still looked up when the plan names no such tool', () => {
    const files = ['README.md', 'app.py'];
    assert.deepEqual(missingPaths(runRules(['# Plan', '', '## Phase 1: Chainlit + E2B', '- Custom CSS can be added via `.chainlit/config.toml`'].join('\n'), files)), []);
    assert.deepEqual(missingPaths(runRules(['# Plan', '', '## Phase 1: State', '- Read `.cache/config.json`'].join('\n'), files)), ['.cache/config.json']);
  });

  it('"`.test.js/.test.jsx`" lists kinds of file by their compound extensions; "`src/a.test.js/b.js`" is a path', () => {
    assert.deepEqual(missingPaths(runRules(['# Plan', '', 'Move the tests (.test.js/.test.jsx) to `.test.ts/.test.tsx` first.'].join('\n'), files)), []);
    assert.deepEqual(missingPaths(runRules(['# Plan', '', 'Read `src/a.test.js/b.js`.'].join('\n'), files)), ['src/a.test.js/b.js']);
  });

  it('"@/infrastructure/repositories" is a path alias; "src/infrastructure/missing.ts" is a path', () => {
    assert.deepEqual(missingPaths(runRules(['# Plan', '', '- import it from `@/infrastructure/repositories`'].join('\n'), ['src/app.ts'])), []);
    assert.deepEqual(missingPaths(runRules(['# Plan', '', '- import it from `src/infrastructure/missing.ts`'].join('\n'), ['src/app.ts'])), ['src/infrastructure/missing.ts']);
  });

  describe('in a workspace with packages/ and lib/', () => {
    const files = ['packages/cli/package.json', 'lib/models/index.ts'];

    it('"WebLLM/transformers.js" names two libraries; "lib/transformers.js" is a path', () => {
      assert.deepEqual(missingPaths(runRules(['# Plan', '', '- Browser LLM using WebLLM/transformers.js'].join('\n'), files)), []);
      assert.deepEqual(missingPaths(runRules(['# Plan', '', '- Browser LLM using lib/transformers.js'].join('\n'), files)), ['lib/transformers.js']);
    });
  });

  it("spec-kit's template note in any language names the tool's layout, not the plan's work; the same path in a step is looked up", () => {
    const note = (line: string) => missingPaths(runRules(['# 實作計畫：管理員', '', line, '', '## 摘要', '', '新增管理員角色。'].join('\n')));
    assert.deepEqual(note('**注意**: 此模板由 `/speckit.plan` 指令填寫。執行流程請參閱 `.specify/templates/commands/plan.md`。'), []);
    assert.deepEqual(note('**Nota**: esta plantilla la completa el comando `/speckit.plan`. Ver `.specify/templates/commands/plan.md`.'), []);
    assert.deepEqual(note('1. 依 `.specify/templates/commands/plan.md` 產生計畫'), ['.specify/templates/commands/plan.md']);
  });

  it("a path in a project the plan places outside the workspace by an absolute path is not this workspace's; a path in a folder the plan does not place is looked up", () => {
    const plan = (header: string) =>
      missingPaths(runRules(['# Rewrite endpoint', '', header, '', '## Steps', '', '1. Call `promptscore-proxy/api/rewrite.js` from the form'].join('\n'), ['src/app.ts']));
    assert.deepEqual(plan('**Linked backend:** `C:\\Projects\\promptscore-proxy`'), []);
    assert.deepEqual(plan('**Linked backend:** `~/code/promptscore-proxy`'), []);
    assert.deepEqual(plan('**Linked backend:** the promptscore proxy service'), ['promptscore-proxy/api/rewrite.js']);
  });

  it('a folder an environment variable names at run time ("GNUPGHOME/", "OUTPUT_DIR/") is not a repository path; an ordinary upper-case folder is', () => {
    const paths = (ref: string) => missingPaths(runRules(['# Plan', '', `Stored in \`${ref}\`, travels with the keys.`].join('\n'), ['cmd/main.go']));
    assert.deepEqual(paths('GNUPGHOME/gpgsmith-inventory.yaml'), []);
    assert.deepEqual(paths('REDRAW_E2E_CASE_OUTPUT_DIR/run-manifest.json'), []);
    assert.deepEqual(paths('Docs/inventory.yaml'), ['Docs/inventory.yaml']);
  });

  it('a path with its middle elided ("src/.../HarnessTests.cs", "src/…/a.ts") is not looked up as written; a full path is', () => {
    const missing = (path: string) =>
      missingPaths(runRules(['# Plan', '', '| File | Change |', '|---|---|', `| \`${path}\` | Update the hard gates |`, ''].join('\n'), ['src/Game.Tests/Baltic/HarnessTests.cs']));
    assert.deepEqual(missing('src/.../HarnessTests.cs'), []);
    assert.deepEqual(missing('src/…/OtherTests.cs'), []);
    assert.deepEqual(missing('src/Game.Tests/Other/OtherTests.cs'), ['src/Game.Tests/Other/OtherTests.cs']);
  });

  it('a stand-in name in capitals ("supabase/migrations/NEW.sql") is a file still to be named', () => {
    const plan = (path: string) =>
      ['# Plan: order totals', '', '## Files to Modify', '', '| File | Change |', '| --- | --- |', `| \`${path}\` | Update the trigger |`, ''].join('\n');
    const files = ['supabase/migrations/20240101_init.sql'];
    assert.deepEqual(missingPaths(runRules(plan('supabase/migrations/NEW.sql'), files, { scope: 'precise' })), []);
    assert.deepEqual(missingPaths(runRules(plan('supabase/migrations/20240102_totals.sql'), files, { scope: 'precise' })), ['supabase/migrations/20240102_totals.sql']);
  });

  it('a file name whose start is elided ("..._Bjoern_Ueber_Meier.pdf") is not looked up; the same name in full is', () => {
    const plan = (name: string) => ['# Timesheets', '', '- [x] 1. Attach the sample PDFs', `  - Attach \`docs/${name}\``, ''].join('\n');
    assert.deepEqual(missingPaths(runRules(plan('..._Bjoern_Ueber_Meier.pdf'), ['src/a.ts'], { scope: 'thorough' })), []);
    assert.deepEqual(missingPaths(runRules(plan('2026-04_Bjoern_Ueber_Meier.pdf'), ['src/a.ts'], { scope: 'thorough' })), ['docs/2026-04_Bjoern_Ueber_Meier.pdf']);
  });

  it('"ported from v1 `internal/watcher`" names the origin of a port, not a file of this workspace', () => {
    const plan = (line: string) => ['# Plan', '', '## Steps', '', `1. The watcher uses fsnotify (${line}): recursive add and debounce.`, ''].join('\n');
    assert.deepEqual(missingPaths(runRules(plan('ported from v1 `internal/watcher/watch.go`'), ['internal/store/db.go'])), []);
    assert.deepEqual(missingPaths(runRules(plan('see `internal/watcher/watch.go`'), ['internal/store/db.go'])), ['internal/watcher/watch.go']);
  });

  it('"`@supabase/ssr`" names an npm package even where the workspace has a supabase/ folder; "`@supabase/config.toml`" is a path', () => {
    const files = ['supabase/migrations/001_init.sql', 'src/app.ts'];
    const plan = (ref: string) => ['# Plan', '', '## Tasks', '', `- [x] **1.2** Supabase client set up (${ref})`, ''].join('\n');
    assert.deepEqual(missingPaths(runRules(plan('`@supabase/ssr`'), files, { scope: 'precise' })), []);
    assert.deepEqual(missingPaths(runRules(plan('`@supabase/supabase-js`'), files, { scope: 'precise' })), []);
    assert.deepEqual(missingPaths(runRules(plan('`@supabase/config.toml`'), files, { scope: 'precise' })), ['@supabase/config.toml']);
  });

  it('"Default storage path: `static/images/`" is where the program writes at run time; "Storage path: `static/images/`" is looked up', () => {
    const plan = (label: string) => ['# Plan', '', '## Step 1: Image upload ✅', '', `- ${label}: \`static/images/\` (configurable)`, ''].join('\n');
    const files = ['static/css/site.css'];
    assert.deepEqual(missingPaths(runRules(plan('Default storage path'), files, precise)), []);
    assert.deepEqual(missingPaths(runRules(plan('Storage path'), files, precise)), ['static/images/']);
  });
});
