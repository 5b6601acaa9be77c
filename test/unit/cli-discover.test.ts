import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { discoverPlan, NO_PLAN_MESSAGE, readPlanText } from '../../src/cli/discover';
import { CliError, ExitCode } from '../../src/cli/exit-codes';
import { writeFileAtomic } from '../../src/cli/io';

async function rejectsUsage(promise: Promise<unknown>, pattern: RegExp): Promise<void> {
  await assert.rejects(promise, (e: unknown) => e instanceof CliError && e.exitCode === ExitCode.usage && pattern.test(e.message));
}

describe('cli: plan discovery and reading', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'vp-discover-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function plan(name: string, mtimeSeconds: number, text = '# Plan\n'): string {
    const full = path.join(dir, '.claude', 'plans', name);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
    utimesSync(full, mtimeSeconds, mtimeSeconds);
    return full;
  }

  it('resolves an explicit path against the current directory', async () => {
    assert.equal(await discoverPlan(dir, 'docs/p.md'), path.join(dir, 'docs', 'p.md'));
  });

  it('picks the newest .claude/plans/*.md by modification time', async () => {
    plan('old.md', 1_000_000);
    const newest = plan('newest.md', 3_000_000);
    plan('middle.md', 2_000_000);
    plan('notes.txt', 9_000_000);
    mkdirSync(path.join(dir, '.claude', 'plans', 'sub.md'));
    assert.equal(await discoverPlan(dir, null), newest);
  });

  it('does not look into subfolders', async () => {
    mkdirSync(path.join(dir, '.claude', 'plans', 'deep'), { recursive: true });
    writeFileSync(path.join(dir, '.claude', 'plans', 'deep', 'p.md'), '# deep');
    await rejectsUsage(discoverPlan(dir, null), /No plan files found in \.claude\/plans\//);
  });

  it('says so when there is no plan folder', async () => {
    await rejectsUsage(discoverPlan(dir, null), new RegExp(NO_PLAN_MESSAGE.replace(/[.()/]/g, '\\$&')));
  });

  it('reads UTF-8 text and refuses missing, folder, binary, non-UTF-8 and empty files', async () => {
    const good = plan('good.md', 1, '# Plän ✓\n');
    assert.equal(await readPlanText(good, dir), '# Plän ✓\n');
    await rejectsUsage(readPlanText(path.join(dir, 'missing.md'), dir), /Plan file not found: missing\.md/);
    await rejectsUsage(readPlanText(path.join(dir, '.claude'), dir), /Not a file/);
    writeFileSync(path.join(dir, 'bin.md'), Buffer.from([0x23, 0x00, 0x41]));
    await rejectsUsage(readPlanText(path.join(dir, 'bin.md'), dir), /not text/);
    writeFileSync(path.join(dir, 'latin1.md'), Buffer.from([0x23, 0x20, 0xe9, 0x74, 0xe9]));
    await rejectsUsage(readPlanText(path.join(dir, 'latin1.md'), dir), /not valid UTF-8/);
    writeFileSync(path.join(dir, 'empty.md'), '  \n');
    await rejectsUsage(readPlanText(path.join(dir, 'empty.md'), dir), /is empty/);
  });

  it('writes files atomically and leaves no temp file behind', async () => {
    const file = path.join(dir, 'report.md');
    await writeFileAtomic(file, 'one');
    await writeFileAtomic(file, 'two');
    const { readdirSync, readFileSync } = await import('node:fs');
    assert.equal(readFileSync(file, 'utf8'), 'two');
    assert.deepEqual(readdirSync(dir).filter((f) => f.endsWith('.tmp')), []);
    await assert.rejects(writeFileAtomic(path.join(dir, 'nope', 'r.md'), 'x'));
  });
});
