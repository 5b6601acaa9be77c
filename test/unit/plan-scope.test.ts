/**
 * One answer to "is this file a plan?" across the three front ends, for the
 * same settings (discovery in core, same defaults):
 *   - the CLI: `--plan-folders` (or its default) as parseCliArgs reads it, then
 *     discoverPlan, which verifies the newest plan;
 *   - the extension: `verifyPlan.planFolders` as readSettings reads it, then
 *     core discovery ("Verify Plan" with no plan open) and isPlanPath (which
 *     documents get the static lens);
 *   - the language server: it sees a document when the client's selector
 *     (planSelectorPatterns, each a RelativePattern under its base) routes it
 *     and the client's filter (isPlanPath) passes it on.
 * Each is asked about every file of one workspace and home folder; the sets
 * must be the same, for the default folders and for a custom value.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { minimatch } from 'minimatch';
import { parseCliArgs } from '../../src/cli/args';
import { discoverPlan } from '../../src/cli/discover';
import { discoverPlans, isPlanPath, planCheck, planSelectorPatterns, type DiscoveryInput } from '../../src/core/plan-discovery';
import { settingDefault } from '../../src/core/settings';
import { readSettings } from '../../src/extension/settings';

/** Workspace files (`~/` = the home folder): plans by the default folders, by the custom ones, by neither. */
const FILES = [
  '.claude/plans/a.md',
  '.claude/plans/b.markdown',
  '.claude/plans/C.MD',
  '.claude/plans/.draft.md',
  '.claude/plans/notes.txt',
  '.claude/plans/a.verify-report.md',
  '.claude/plans/old/deep.md',
  'sub/.claude/plans/nested.md',
  'specs/001-auth/plan.md',
  'specs/001-auth/spec.md',
  'specs/.hidden/plan.md',
  'specs/plan.md',
  '.kiro/specs/feat/tasks.md',
  '.kiro/specs/feat/design.md',
  '.kiro/specs/loose.md',
  '.kiro/specs/feat/sub/x.md',
  'docs/plans/p.md',
  'docs/plans/q.markdown',
  'docs/plans/r.txt',
  'docs/plans/p.verify-report.md',
  'docs/plans/2026/deep.md',
  'docs/README.md',
  'README.md',
  '~/.claude/plans/home.md',
  '~/.claude/plans/home.txt',
  '~/notes/n.md',
  '~/notes/sub/m.md',
  '~/top.md',
];

const CUSTOM = ['docs/plans', 'specs/*/spec.md', '~/notes', '..', '../outside'];

describe('plan scope: the CLI, the extension and the language server agree on which files are plans', () => {
  let ws: string;
  let home: string;
  let files: string[];
  before(() => {
    ws = mkdtempSync(path.join(tmpdir(), 'vp-scope-ws-'));
    home = mkdtempSync(path.join(tmpdir(), 'vp-scope-home-'));
    files = FILES.map((rel) => (rel.startsWith('~/') ? path.join(home, rel.slice(2)) : path.join(ws, rel)));
    for (const f of files) {
      mkdirSync(path.dirname(f), { recursive: true });
      writeFileSync(f, '# Plan\n');
    }
  });
  after(() => {
    rmSync(ws, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  });

  /** The CLI counts `file` when discoverPlan returns it while it is the newest file of all. */
  async function cliPlans(folders: readonly string[]): Promise<string[]> {
    const counted: string[] = [];
    for (const file of files) {
      for (const f of files) utimesSync(f, 1_700_000_000, 1_700_000_000);
      utimesSync(file, 1_700_000_500, 1_700_000_500);
      const found = await discoverPlan(ws, null, folders, home).catch(() => null);
      if (found?.path === file) counted.push(file);
    }
    return counted.sort();
  }

  /** The server gets the documents the client's selector routes and its filter passes. */
  function serverPlans(input: DiscoveryInput): string[] {
    const patterns = planSelectorPatterns(input);
    const routed = (file: string) =>
      patterns.some(({ base, pattern }) => {
        const rel = path.relative(base, file);
        return !rel.startsWith('..') && !path.isAbsolute(rel) && minimatch(rel.split(path.sep).join('/'), pattern, { dot: true });
      });
    for (const file of files.filter((f) => isPlanPath(f, input))) assert.ok(routed(file), `the selector never routes ${file} to the server`);
    return files.filter((f) => routed(f) && isPlanPath(f, input)).sort();
  }

  for (const [name, cliArgs, editorValue] of [
    ['the default plan folders', [], undefined],
    ['a custom planFolders value', ['--plan-folders', CUSTOM.join(',')], CUSTOM],
  ] as const) {
    it(`${name}: one set of plans`, async () => {
      const cli = parseCliArgs([...cliArgs]);
      assert.equal(cli.command, 'run');
      const cliFolders = cli.command === 'run' ? cli.planFolders : [];
      const editorFolders = readSettings((key) => (key === 'planFolders' ? editorValue : undefined)).settings.planFolders;
      assert.deepEqual(editorFolders, cliFolders, 'the CLI flag and the editor setting read the same value (and default)');
      if (editorValue === undefined) assert.deepEqual(cliFolders, settingDefault('planFolders'));

      const input: DiscoveryInput = { roots: [ws], folders: editorFolders, homeDir: home };
      const discovered = (await discoverPlans(input)).map((c) => c.path).sort();
      const byPath = files.filter((f) => isPlanPath(f, input)).sort();
      const server = serverPlans(input);
      const cliSet = await cliPlans(cliFolders);

      const rel = (list: string[]) => list.map((f) => (f.startsWith(home) ? `~/${path.relative(home, f)}` : path.relative(ws, f)));
      assert.deepEqual(rel(byPath), rel(discovered), 'the static lens and "Verify Plan" discovery');
      assert.deepEqual(rel(server), rel(discovered), 'the language server and discovery');
      assert.deepEqual(rel(cliSet), rel(discovered), 'the CLI and the editor');
      // The spec of the default and the custom folders, so an agreement on nothing (or everything) fails.
      const expected =
        editorValue === undefined
          ? [
              '.claude/plans/.draft.md',
              '.claude/plans/C.MD',
              '.claude/plans/a.md',
              '.claude/plans/b.markdown',
              '.kiro/specs/feat/design.md',
              '.kiro/specs/feat/tasks.md',
              '.kiro/specs/loose.md',
              'specs/001-auth/plan.md',
              '~/.claude/plans/home.md',
            ]
          : ['docs/plans/p.md', 'docs/plans/q.markdown', 'specs/001-auth/spec.md', '~/notes/n.md'];
      assert.deepEqual(rel(discovered).sort(), [...expected].sort());
    });
  }

  it('isPlanPath is decided on the path alone, with the same entry syntax', () => {
    const input: DiscoveryInput = { roots: ['/w/a', '/w/b'], folders: ['.claude/plans', 'specs/*/plan.md', '/abs/plans', '~/p', 'x/**/y', '../up'], homeDir: '/home/ann' };
    const yes = ['/w/a/.claude/plans/new.md', '/w/b/.claude/plans/not-yet-written.md', '/w/a/specs/9-x/plan.md', '/abs/plans/z.md', '/home/ann/p/h.md'];
    const no = [
      '/w/a/.claude/plans/x/y.md',
      '/w/c/.claude/plans/n.md',
      '/w/a/specs/.x/plan.md',
      '/w/a/specs/9-x/other.md',
      '/w/a/x/q/y/z.md',
      '/w/up/u.md',
      '/w/a/.claude/plans/a.txt',
    ];
    for (const f of yes) assert.equal(isPlanPath(f, input), true, f);
    for (const f of no) assert.equal(isPlanPath(f, input), false, f);
  });

  it('selector patterns: one RelativePattern pair per place, `**` and `..` entries dropped as discovery drops them', () => {
    assert.deepEqual(planSelectorPatterns({ roots: ['/w'], folders: ['.claude/plans', './docs/plans/', 'a/**/b', '../up', '~', '/abs/p'], homeDir: '/home/ann' }), [
      { base: '/w', pattern: '.claude/plans' },
      { base: '/w', pattern: '.claude/plans/*' },
      { base: '/w', pattern: 'docs/plans' },
      { base: '/w', pattern: 'docs/plans/*' },
      { base: '/home/ann', pattern: '*' },
      { base: '/', pattern: 'abs/p' },
      { base: '/', pattern: 'abs/p/*' },
    ]);
  });

  it('"Verify Plan" runs without asking only on plans: a report is refused, other Markdown asked about, a plan verified before is taken', () => {
    const input: DiscoveryInput = { roots: ['/w'], folders: settingDefault('planFolders'), homeDir: '/home/ann' };
    assert.equal(planCheck('/w/.claude/plans/auth.md', input, false), 'plan');
    assert.equal(planCheck('/w/README.md', input, false), 'not-a-plan');
    assert.equal(planCheck('/w/README.md', input, true), 'plan', 'the user chose it before');
    assert.equal(planCheck('/w/.claude/plans/auth.verify-report.md', input, false), 'report');
    assert.equal(planCheck('/w/verify-reports/auth.verify-report.md', input, true), 'report', 'a report never, even with a result');
    assert.equal(isPlanPath('/w/.claude/plans/auth.Verify-Report.md', input), false);
  });
});
