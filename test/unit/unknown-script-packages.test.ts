import assert from 'node:assert/strict';
import * as fc from 'fast-check';
import type { RuleEnvironment } from '../../src/core/rules';
import { packageRun } from '../../src/core/rules/symbols/package-commands';
import { check, only } from '../support/rules-check';
import { ruleWorkspace, type RuleWorkspace } from '../support/rules-workspace';

/** A made-up monorepo: the root forwards build to turbo; only two workspace packages define lint. */
const MONOREPO: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'mono', private: true, workspaces: ['packages/*'], scripts: { build: 'turbo run build', test: 'turbo run test' } }),
  'packages/server/package.json': JSON.stringify({ name: '@mono/server', scripts: { lint: 'eslint .', build: 'tsc', dev: 'tsx watch src' } }),
  'packages/client/package.json': JSON.stringify({ name: '@mono/client', scripts: { lint: 'eslint .', build: 'vite build' } }),
  'packages/docs/package.json': JSON.stringify({ name: 'docs', scripts: { serve: 'vitepress dev' } }),
};

describe('unknown-script: a package.json script is looked up in the package the command runs in', () => {
  let env: RuleEnvironment;
  let workspace: RuleWorkspace;
  before(async () => {
    workspace = await ruleWorkspace('vp-scripts-', MONOREPO, { manifests: true });
    ({ env } = workspace);
  });
  after(() => workspace.dispose());

  const flagged = (text: string) => only(check(text, env).findings, 'unknown-script').map((f) => [(f.data as { name: string }).name, f.message]);

  it('flags a root command whose script only workspace packages define, for every runner, and names those packages', () => {
    for (const command of ['bun run lint', 'yarn lint', 'yarn run lint', 'pnpm lint', 'pnpm run lint', 'npm run lint']) {
      const found = flagged(`# Plan\n\n1. Run \`${command}\` before committing.\n`);
      assert.equal(found.length, 1, command);
      assert.match(found[0]?.[1] as string, /the root package\.json defines no script "lint"; it is defined only in packages\/client, packages\/server/, command);
    }
  });

  it('looks the script up in the package a workspace option, a filter, yarn workspace or a cd names', () => {
    const ok = [
      'pnpm --filter @mono/server lint',
      'pnpm -F @mono/client run lint',
      'npm run lint -w packages/server',
      'npm run lint --workspace=@mono/client',
      'yarn workspace @mono/server lint',
      'cd packages/server && npm run dev',
      'pnpm -C packages/client lint',
      'bun --cwd packages/server run dev',
      'pnpm -r lint',
      'npm run lint --workspaces',
      'pnpm --filter "@mono/*" lint',
    ];
    for (const command of ok) assert.deepEqual(flagged(`# Plan\n\n1. Run \`${command}\`.\n`), [], command);
    const wrong = flagged('# Plan\n\n1. Run `pnpm --filter @mono/client dev`.\n2. Run `npm run serve -w packages/server`.\n');
    assert.deepEqual(
      wrong.map((w) => w[0]),
      ['dev', 'serve'],
    );
    assert.match(wrong[0]?.[1] as string, /packages\/client\/package\.json defines no script "dev"; it is defined only in packages\/server/);
    assert.match(wrong[1]?.[1] as string, /it is defined only in packages\/docs/);
  });

  it('keeps a cd for the next lines of its fenced block, not past it', () => {
    const plan = ['# Plan', '', '```bash', 'cd packages/server', 'npm run dev', '```', '', '```bash', 'npm run dev', '```'].join('\n');
    assert.deepEqual(
      only(check(plan, env).findings, 'unknown-script').map((f) => f.range.startLine),
      [8],
    );
  });

  it('does not flag a script the root defines (turbo forwards it), a binary a fallback runner may run, one no package defines under a fallback runner, or one whose line names its package', () => {
    const plan = [
      '# Plan',
      '',
      '1. `npm run build` and `bun run test` at the root (turbo runs each package).',
      '2. `yarn jest --watch`, `pnpm vitest`, `bun run src/index.ts`, `pnpm install`, `yarn add zod`.',
      '3. `bun run migrate` applies the migration.',
      '4. In `packages/server`, run `npm run dev`.',
      '5. Run `yarn lint` for the client package.',
    ].join('\n');
    assert.deepEqual(flagged(plan), []);
  });

  it('packageRun: a command that runs in every package, or skips a missing script, is no mention (property)', () => {
    const everywhere = fc.oneof(
      fc.record({ tool: fc.constant('npm'), flag: fc.constantFrom('-ws', '--workspaces', '--if-present') }),
      fc.record({ tool: fc.constant('pnpm'), flag: fc.constantFrom('-r', '--recursive', '--if-present') }),
    );
    const name = fc.stringMatching(/^[a-z][a-z:-]{0,12}$/);
    fc.assert(
      fc.property(everywhere, name, fc.boolean(), ({ tool, flag }, script, after) => {
        const run = packageRun(after ? [tool, 'run', script, flag] : [tool, flag, 'run', script], '');
        // npm reads its options after the script's name too; pnpm passes them to the script.
        return tool === 'pnpm' && after ? run !== null : run === null;
      }),
    );
  });

  it('packageRun: the folder of -C, --prefix and a cd joins the cd; one that leaves the workspace is unknown', () => {
    assert.deepEqual(packageRun(['npm', '--prefix', 'web', 'run', 'build'], 'apps')?.where, { dir: 'apps/web' });
    assert.deepEqual(packageRun(['pnpm', '-C', '../api', 'dev'], 'apps/web')?.where, { dir: 'apps/api' });
    assert.equal(packageRun(['pnpm', '-C', '/srv/app', 'dev'], ''), null);
    assert.deepEqual(packageRun(['pnpm', '-w', 'lint'], 'packages/a')?.where, { dir: '' });
  });
});
