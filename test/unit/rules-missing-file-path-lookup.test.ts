/**
 * How missing-file looks a written path up: shorthand and subpaths of a real file, a bare file name, an ESM ".js"
 * for its TypeScript source, paths the workspace cannot tell (ignored, in a submodule, in a vendored dependency) and
 * a plan kept in an ignored folder. Each case is a small made-up plan written in the convention's style (not an
 * excerpt of a real plan) and pairs what the rule explains away with what it still reports.
 */
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { WorkspaceFileIndex } from '../../src/core/file-index';
import type { StaticFinding } from '../../src/core/rules';
import { findingLines as lines, missingPaths, runAt as run, runRules } from '../support/static-rules-harness';

const files = ['src/app.ts', 'src/components/Card.vue'];

const precise = (lines: string[], files: string[]) => missingPaths(runRules(['# Plan', '', ...lines, ''].join('\n'), files, { scope: 'precise' }));

describe('missing-file: looking a path up in the workspace', () => {
  it('an ESM import specifier ending ".js" names its TypeScript source; a ".js" with no twin is still missing', () => {
    const text = ['# Plan', '', 'The CLI imports `loader` from `config/index.js` and `cache` from `cache/index.js`.'].join('\n');
    assert.deepEqual(lines(run(text, ['src/config/index.ts']), 'missing-file'), [3]);
    assert.equal(run(text, ['src/config/index.ts']).filter((f) => f.code === 'missing-file').length, 1);
  });

  describe("with the workspace's .gitignore texts", () => {
    const run = (text: string, files: readonly string[] = [], gitignores: Record<string, string> = {}): StaticFinding[] => runRules(text, files, { gitignores });

    it('a path a .gitignore names (build output) cannot be told missing; an unignored one can', () => {
      const text = ['# Plan', '', 'Probe the built `src/S.mjs`, then edit `src/S.res`.'].join('\n');
      const findings = run(text, ['packages/x/src/S.res.orig'], { '.gitignore': 'node_modules\npackages/x/src/S.mjs\n' });
      assert.deepEqual(
        findings.filter((f) => f.code === 'missing-file').map((f) => (f.data as { path: string }).path),
        ['src/S.res'],
      );
    });
  });

  it('a path under a vendored-dependency folder the repository lacks ("third_party/…") lies in a dependency', () => {
    const text = ['# Plan', '', 'DuckDB makes httplib available at `third_party/httplib/httplib.hpp`; we edit `src/webdav.cpp`.'].join('\n');
    assert.deepEqual(missingPaths(run(text, ['src/main.cpp'])), ['src/webdav.cpp']);
  });

  it('"plugin-api/events.rs" is shorthand for "src/lib/plugin-api/src/events.rs"; "src/client.go" for "src/vmware/client.go" is a wrong path', () => {
    const files = ['src/lib/plugin-api/src/events.rs', 'src/vmware/client.go'];
    const text = ['# Plan', '', 'Move `plugin-api/events.rs` and wrap `src/client.go`.'].join('\n');
    assert.deepEqual(missingPaths(run(text, files)), ['src/client.go']);
  });

  it("a file listing shows a submodule as one entry (its gitlink): a path below it cannot be told; a sibling folder's missing file can", () => {
    const files = ['.gitmodules', 'ircd', 'tools/run.sh'];
    const plan = ['# Plan', '', '**File**: `ircd/src/s_auth.c`', '', 'Then edit `tools/start.sh`.'].join('\n');
    assert.deepEqual(missingPaths(runRules(plan, files)), ['tools/start.sh']);
  });

  it('on disk, a submodule not checked out is an empty folder: a path below it cannot be told; below a folder with files it can', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'vp-submodule-'));
    const index = new WorkspaceFileIndex([root]);
    try {
      await fs.mkdir(path.join(root, 'ircd'), { recursive: true });
      await fs.mkdir(path.join(root, 'tools'), { recursive: true });
      await fs.writeFile(path.join(root, 'tools/run.sh'), '');
      await fs.writeFile(path.join(root, '.gitmodules'), '[submodule "ircd"]\n\tpath = ircd\n');
      await index.start();
      assert.equal(index.lookup(null, 'ircd/src/s_auth.c'), undefined);
      assert.equal(index.lookup(null, 'tools/start.sh'), false);
      assert.equal(index.lookup(null, 'tools/run.sh'), true);
    } finally {
      index.dispose();
      await fs.rm(root, { recursive: true, force: true });
    }
  });

  it('a bare name no workspace file has claims no place and is not flagged; a path with a folder is', () => {
    assert.deepEqual(missingPaths(runRules(['# Plan', '', '- `Card.vue`, `StatusChip.vue`, `EnqueueDialog.vue`'].join('\n'), files)), []);
    assert.deepEqual(missingPaths(runRules(['# Plan', '', 'Edit `src/components/StatusChip.vue`.'].join('\n'), files)), ['src/components/StatusChip.vue']);
  });

  it('a bare name after a path with a folder on its line sits beside it and is looked up', () => {
    assert.deepEqual(missingPaths(runRules(['# Plan', '', '- `src/app.ts` + `app_test.ts`: the keepalive pattern'].join('\n'), files)), ['app_test.ts']);
  });

  it('a bare name that ends a workspace path is that file, as before', () => {
    assert.deepEqual(missingPaths(runRules(['# Plan', '', 'Edit `Card.vue`.'].join('\n'), files)), []);
  });

  it('a bare name that is the file name of a path the plan names in full is judged with that path', () => {
    const text = (heading: string): string =>
      ['# Plan', '', heading, '', '| File | Depends on |', '| --- | --- |', '| `server/include/config.h` | None |', '', 'Then build `src/server.cpp` with `config.h`.'].join('\n');
    // A row of the work's file table: neither server/include/config.h nor "config.h" is flagged.
    assert.deepEqual(missingPaths(runRules(text('### M1 — Server'), ['src/server.cpp'])), []);
    // Files to edit must exist: both mentions are flagged.
    assert.deepEqual(missingPaths(runRules(text('### Files to edit'), ['src/server.cpp'])), ['server/include/config.h', 'config.h']);
  });

  it('a package\'s subpath ("packages/schemas/tools.ts" for packages/schemas/src/tools.ts) names that file; another inserted folder is a wrong path', () => {
    const paths = (files: string[]) => missingPaths(runRules(['# Plan', '', '- [ ] 3.2 Write the tool contracts in `packages/schemas/tools.ts`'].join('\n'), files));
    assert.deepEqual(paths(['packages/schemas/src/tools.ts']), []);
    assert.deepEqual(paths(['packages/schemas/lib/v2/tools.ts', 'packages/schemas/package.json']), ['packages/schemas/tools.ts']);
  });

  it('a project\'s short dotted name ("Tests.Unit/Services/a.cs" for "Backend/Scriban.Tests.Unit/Services/a.cs") names that file; another folder is a wrong path', () => {
    const files = ['Backend/Scriban.Tests.Unit/Services/ParserTests.cs', 'Backend/Scriban.Core/Parser.cs'];
    assert.deepEqual(precise(['- [x] Tests: `Tests.Unit/Services/ParserTests.cs`'], files), []);
    assert.deepEqual(precise(['- [x] Tests: `Unit/Services/ParserTests.cs`'], files), ['Unit/Services/ParserTests.cs']);
  });

  it('a plan in a gitignored folder (".kiro/", ".claude/") has its paths read from the root where the root has their top folder', () => {
    const plan = [
      '# Implementation Plan',
      '',
      '- [x] 1. Add the extraction service',
      '  - Implement `src/services/extract.py` and `src/services/missing.py`',
      '  - See `notes/draft.md` and `./local.md`',
      '',
    ].join('\n');
    const files = ['src/services/extract.py', 'src/app.py'];
    const run = (gitignore: string) => missingPaths(runRules(plan, files, { planPath: '.kiro/specs/x/tasks.md', gitignores: { '.gitignore': gitignore }, scope: 'precise' }));
    assert.deepEqual(run(''), ['src/services/missing.py', 'notes/draft.md', 'local.md']);
    // The plan's folder ignored: src/ is at the root, so src/services/missing.py is read from there; notes/ is not, and
    // "./local.md" says it is beside the plan: both may sit in the unindexed folder, so they stay unknown.
    assert.deepEqual(run('.kiro/\n'), ['src/services/missing.py']);
  });

  it('a path that ends one of many same-named files ("wall/tool.tsx:499" among 32 tool.tsx) names that file', () => {
    const files = [...Array.from({ length: 31 }, (_, i) => `packages/nodes/src/n${i}/tool.tsx`), 'packages/nodes/src/wall/tool.tsx'];
    const plan = (ref: string) => ['# Import plan', '', '- [x] 1. Wire the consumers', `  - Consumers: \`${ref}\``, ''].join('\n');
    assert.deepEqual(missingPaths(runRules(plan('wall/tool.tsx:499'), files, { scope: 'precise' })), []);
    assert.deepEqual(missingPaths(runRules(plan('door/tool.tsx:12'), files, { scope: 'precise' })), ['door/tool.tsx']);
  });
});
