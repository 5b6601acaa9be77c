/**
 * missing-file where the plan's own words say which tree a path is in or where it went: a heading that names the folder
 * its list is relative to, one of two places offered as alternatives ("`a` or `b`"), a file the plan says was later
 * renamed or moved away. Each case is a small made-up plan written in the convention's style (not an excerpt of a real
 * plan) and pairs what the rule explains away with what it still reports.
 */
import assert from 'node:assert/strict';
import { missingPaths, runAt as run } from '../support/static-rules-harness';

describe("missing-file: paths placed by the plan's headings, alternatives and moves", () => {
  it('a list under a heading that names a folder the workspace lacks ("### Reused from (packages/kit)") describes that tree; the same list under a plain heading does not', () => {
    const files = ['src/app.ts', 'utils/format.ts', 'packages/web/index.ts'];
    const plan = (heading: string): string =>
      [
        '# Port',
        '',
        heading,
        '- Sync utility (`utils/sync.ts`)',
        '- Bot (`bots/runner.ts`)',
        '- Kit entry written in full (`packages/kit/main.ts`)',
        '',
        '## Step 1',
        'Edit `src/app.ts`.',
      ].join('\n');
    assert.deepEqual(missingPaths(run(plan('### Reused from (packages/kit)'), files)), ['packages/kit/main.ts']);
    assert.deepEqual(missingPaths(run(plan('### Reused from the kit'), files)), ['utils/sync.ts', 'bots/runner.ts', 'packages/kit/main.ts']);
  });

  it('under a heading that names a folder of the workspace ("## Backend (`server/`)") a path that folder lacks is still reported', () => {
    const files = ['server/src/app.ts', 'src/index.ts'];
    const text = ['# Plan', '', '## Backend (`server/`)', '- Change `src/app.ts`.', '- Change `src/routes.ts`.'].join('\n');
    assert.deepEqual(missingPaths(run(text, files)), ['src/routes.ts']);
  });

  it("a heading folder the plan creates is this workspace's: the paths under it are judged as any other", () => {
    const files = ['src/app.ts', 'lib/a.ts'];
    const text = ['# Plan', '', '## New package (`packages/kit`)', '- Create `packages/kit/index.ts`.', '- Read `lib/sync.ts`.'].join('\n');
    assert.deepEqual(missingPaths(run(text, files)), ['lib/sync.ts']);
  });

  it('of two places offered as alternatives ("`utils/web` or `composables/shared`", in several languages) the one not there is no finding; "and" claims both', () => {
    const files = ['utils/web/device.ts', 'composables/useA.ts'];
    for (const or of ['or', '或', 'oder', 'ou', 'o', 'или', 'または']) {
      const text = ['# Plan', '', '## Step 1', `The browser utilities are in \`utils/web\` ${or} \`composables/shared\`.`].join('\n');
      assert.deepEqual(missingPaths(run(text, files)), [], or);
    }
    const both = ['# Plan', '', '## Step 1', 'The utilities are in `utils/web` and `composables/shared`.'].join('\n');
    assert.deepEqual(missingPaths(run(both, files)), ['composables/shared']);
    const neither = ['# Plan', '', '## Step 1', 'The utilities are in `utils/mobile` or `composables/shared`.'].join('\n');
    assert.deepEqual(missingPaths(run(neither, files)), ['utils/mobile', 'composables/shared']);
  });

  it('a file the plan later says was renamed or moved away ("`scan.yml` renamed to `.disabled`") is no finding where the plan names it before', () => {
    const files = ['.github/workflows/scan.yml.disabled', 'src/main.go'];
    const record = ['# Roadmap', '', '## Phase 3', '- [x] Self-scan: `.github/workflows/scan.yml` runs on every push', '', '## Phase 7'];
    assert.deepEqual(missingPaths(run([...record, '- [x] App scanning: `scan.yml` renamed to `.disabled`'].join('\n'), files)), []);
    assert.deepEqual(missingPaths(run([...record, '- [x] App scanning: `scan.yml` still runs on push'].join('\n'), files)), ['.github/workflows/scan.yml']);
  });

  it('a name on a line that says the file moved ("`@src/iconLoader` but file moved to …") is the old place; a bare name the plan names in two folders says nothing of either', () => {
    const files = ['ui/utils/icon-loader.ts', 'ui/utils/icon.js', 'src/main.ts'];
    const fixed = ['# Fixes', '', '## Issue 1', '- Problem: `ui/utils/icon.js` referenced `@src/iconLoader` but file moved to `ui/utils/icon-loader.ts`'].join('\n');
    assert.deepEqual(missingPaths(run(fixed, files)), []);
    const twoFolders = ['# Plan', '', '## Step 1', 'Read `api/config.ts` and `web/config.ts`.', '', '## Notes', '`config.ts` was moved to `ui/utils/`.'].join('\n');
    assert.deepEqual(missingPaths(run(twoFolders, files)), ['api/config.ts', 'web/config.ts']);
  });
  it('a file split or renamed by work marked done ("### 1.1 Tables ✅" … "split `schema.ts` into …") is gone by design; the same split still to do needs the file', () => {
    const files = ['src/db/schema/index.ts', 'src/app.ts'];
    const plan = (heading: string): string =>
      ['# Plan', '', heading, '- Extend `src/db/schema.ts` with the new tables.', '- Refactor: split `schema.ts` into one file per table under `src/db/schema/`.'].join('\n');
    assert.deepEqual(missingPaths(run(plan('### 1.1 Tables ✅'), files)), []);
    assert.deepEqual(missingPaths(run(plan('### 1.1 Tables'), files)), ['src/db/schema.ts']);
  });

  it('a path the plan links outside the workspace ("[platform/registry.yaml](../../platform/registry.yaml)") is a file of that tree wherever the plan names it; a link inside the workspace is checked', () => {
    const files = ['src/app.ts', 'platform/other.yaml', 'services/api/main.go'];
    const text = (target: string): string =>
      [
        '# Roadmap',
        '',
        '## M1',
        '- Register in `platform/registry.yaml`.',
        '- Source: `services/core/cmd/`',
        '',
        '## References',
        `| [platform/registry.yaml](${target}platform/registry.yaml) | registry |`,
        `| [services/core/](${target}core/) | framework |`,
      ].join('\n');
    assert.deepEqual(missingPaths(run(text('../../'), files)), []);
    assert.deepEqual(missingPaths(run(text('./'), files)), ['platform/registry.yaml', 'services/core/cmd/', 'platform/registry.yaml']);
  });
});
