import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseCliArgs } from '../../src/cli/args';
import { discoverPlan, readPlanText } from '../../src/cli/discover';
import { settingDefault } from '../../src/core/settings';
import { DEFAULT_SETTINGS } from '../../src/extension/settings';
import { CliError, ExitCode } from '../../src/cli/exit-codes';
import { writeFileAtomic } from '../../src/cli/io';

async function rejectsUsage(promise: Promise<unknown>, pattern: RegExp): Promise<void> {
  await assert.rejects(promise, (e: unknown) => e instanceof CliError && e.exitCode === ExitCode.usage && pattern.test(e.message));
}

describe('cli: plan discovery and reading', () => {
  let dir: string;
  /** An empty home folder, so the default `~/.claude/plans` never reads the real one. */
  let home: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'vp-discover-'));
    home = mkdtempSync(path.join(tmpdir(), 'vp-home-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  });
  const find = async (explicit: string | null, folders: readonly string[] = settingDefault('planFolders')) => (await discoverPlan(dir, explicit, folders, home)).path;
  const write = (rel: string, mtimeSeconds: number): string => {
    const full = path.join(rel.startsWith('~/') ? home : dir, rel.replace(/^~\//, ''));
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, '# Plan\n');
    utimesSync(full, mtimeSeconds, mtimeSeconds);
    return full;
  };

  function plan(name: string, mtimeSeconds: number, text = '# Plan\n'): string {
    const full = path.join(dir, '.claude', 'plans', name);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
    utimesSync(full, mtimeSeconds, mtimeSeconds);
    return full;
  }

  it('resolves an explicit path against the current directory', async () => {
    assert.equal(await find('docs/p.md'), path.join(dir, 'docs', 'p.md'));
  });

  it('picks the newest .claude/plans/*.md by modification time', async () => {
    plan('old.md', 1_000_000);
    const newest = plan('newest.md', 3_000_000);
    plan('middle.md', 2_000_000);
    plan('notes.txt', 9_000_000);
    mkdirSync(path.join(dir, '.claude', 'plans', 'sub.md'));
    assert.equal(await find(null), newest);
  });

  it('does not look into subfolders', async () => {
    mkdirSync(path.join(dir, '.claude', 'plans', 'deep'), { recursive: true });
    writeFileSync(path.join(dir, '.claude', 'plans', 'deep', 'p.md'), '# deep');
    await rejectsUsage(find(null), /No plan files found in `\.claude\/plans`/);
  });

  it('says so when there is no plan folder', async () => {
    await rejectsUsage(
      find(null),
      /No plan files found in `\.claude\/plans`, `specs\/\*\/plan\.md`, `\.kiro\/specs\/\*`, `~\/\.claude\/plans`\. Pass the path to your plan file, or choose where to look with --plan-folders\./,
    );
  });

  it('finds plans where the editor does: spec-kit, Kiro and the home folder, newest first (the same default folders)', async () => {
    write('.claude/plans/a.md', 1_000_000);
    const spec = write('specs/001-auth/plan.md', 2_000_000);
    assert.equal(await find(null), spec);
    const kiro = write('.kiro/specs/billing/design.md', 3_000_000);
    assert.equal(await find(null), kiro);
    const homePlan = write('~/.claude/plans/mine.md', 4_000_000);
    assert.equal(await find(null), homePlan);
    write('specs/001-auth/notes.md', 9_000_000);
    assert.equal(await find(null), homePlan, 'specs/*/plan.md names one file, not the folder');
  });

  it('--plan-folders replaces the default folders, for run and check, with the same default as the editor setting', async () => {
    write('.claude/plans/a.md', 1_000_000);
    const mine = write('docs/plans/b.md', 500_000);
    const run = parseCliArgs(['--plan-folders', 'docs/plans, other']);
    const check = parseCliArgs(['check', '--plan-folders=docs/plans']);
    assert.ok(run.command === 'run' && check.command === 'check');
    assert.deepEqual(run.planFolders, ['docs/plans', 'other']);
    assert.equal(await find(null, run.planFolders), mine);
    assert.equal(await find(null, check.planFolders), mine);
    const none = parseCliArgs([]);
    assert.ok(none.command === 'run');
    assert.deepEqual(none.planFolders, DEFAULT_SETTINGS.planFolders);
    await rejectsUsage(find(null, ['../outside']), /No plan files found in `\.\.\/outside`/);
  });

  it('reads UTF-8 text and refuses missing, folder, binary, non-UTF-8 and empty files', async () => {
    const good = plan('good.md', 1, '# Plän ✓\n');
    assert.equal(await readPlanText({ path: good, root: null }, dir), '# Plän ✓\n');
    await rejectsUsage(readPlanText({ path: path.join(dir, 'missing.md'), root: null }, dir), /Plan file not found: missing\.md/);
    await rejectsUsage(readPlanText({ path: path.join(dir, '.claude'), root: null }, dir), /Not a file/);
    writeFileSync(path.join(dir, 'bin.md'), Buffer.from([0x23, 0x00, 0x41]));
    await rejectsUsage(readPlanText({ path: path.join(dir, 'bin.md'), root: null }, dir), /not text/);
    writeFileSync(path.join(dir, 'latin1.md'), Buffer.from([0x23, 0x20, 0xe9, 0x74, 0xe9]));
    await rejectsUsage(readPlanText({ path: path.join(dir, 'latin1.md'), root: null }, dir), /not valid UTF-8/);
    writeFileSync(path.join(dir, 'empty.md'), '  \n');
    await rejectsUsage(readPlanText({ path: path.join(dir, 'empty.md'), root: null }, dir), /is empty/);
  });

  it('writes files atomically and leaves no temp file behind', async () => {
    const file = path.join(dir, 'report.md');
    await writeFileAtomic(file, 'one');
    await writeFileAtomic(file, 'two');
    const { readdirSync, readFileSync } = await import('node:fs');
    assert.equal(readFileSync(file, 'utf8'), 'two');
    assert.deepEqual(
      readdirSync(dir).filter((f) => f.endsWith('.tmp')),
      [],
    );
    await assert.rejects(writeFileAtomic(path.join(dir, 'nope', 'r.md'), 'x'));
  });
});
