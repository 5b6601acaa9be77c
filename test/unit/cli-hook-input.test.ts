import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { HookInput, readStdinUtf8 } from '../../src/cli/hook/input';
import { findPlan } from '../../src/cli/hook/plan-source';
import { MAX_PLAN_BYTES, readPlanFile } from '../../src/core/plan-file';
import { transcriptFacts } from '../../src/cli/hook/transcript';
import { readUnderRoots, resolveUnderRoot } from '../../src/core/research/confined-under-root';
import { readConfinedFile } from '../../src/core/research/confined-read';

describe('hook input: stdin is one UTF-8 buffer', () => {
  it('property: any text split into any byte chunks decodes to the same text (a character across a boundary stays whole)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 200 }), fc.array(fc.nat(), { maxLength: 8 }), async (text, cuts) => {
        const bytes = Buffer.from(text, 'utf8');
        const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
        const chunks = [0, ...points, bytes.length].slice(1).map((end, i, ends) => bytes.subarray(i === 0 ? 0 : ends[i - 1], end));
        assert.equal(await readStdinUtf8(Readable.from(chunks)), text);
      }),
      { numRuns: 60 },
    );
  });

  it('a 3-byte character split between two chunks; invalid UTF-8 and an oversized input are errors', async () => {
    const bytes = Buffer.from('{"plan":"計画"}', 'utf8');
    const at = bytes.indexOf(Buffer.from('計', 'utf8')) + 1;
    assert.equal(await readStdinUtf8(Readable.from([bytes.subarray(0, at), bytes.subarray(at)])), '{"plan":"計画"}');
    await assert.rejects(readStdinUtf8(Readable.from([Buffer.from([0x7b, 0xff, 0x7d])])), /not valid UTF-8/);
    await assert.rejects(readStdinUtf8(Readable.from([Buffer.alloc(11)]), 10), /larger than/);
  });
});

describe('hook transcript: what it says about the plan file', () => {
  const plans = '/home/u/.claude/plans';
  it('finds the plan-mode attachment, the instruction text and writes to the plans folder, oldest first; skips torn lines and other writes', () => {
    const lines = [
      '{"type":"user","timestamp":"2026-10-08T09:00:00Z","message":{"content":"A plan file already exists at /home/u/.claude/plans/old-plan.md. You can read it"}}',
      'not json',
      '{"attachment":{"type":"plan_mode","planFilePath":"/home/u/.claude/plans/from-attachment.md","planExists":false},"timestamp":"2026-10-08T09:01:00Z"}',
      '{"message":{"content":[{"type":"tool_use","name":"Write","input":{"file_path":"/home/u/project/src/a.md"}}]}}',
      '{"message":{"content":[{"type":"tool_use","name":"Edit","input":{"file_path":"/home/u/.claude/plans/edited.md"}}]}}',
      '{"broken": ',
    ];
    const facts = transcriptFacts(lines.join('\n'), plans);
    assert.deepEqual(facts.planFiles, ['/home/u/.claude/plans/old-plan.md', '/home/u/.claude/plans/from-attachment.md', '/home/u/.claude/plans/edited.md']);
    assert.equal(facts.sessionStartMs, Date.parse('2026-10-08T09:00:00Z'));
    assert.deepEqual(transcriptFacts(lines.join('\n'), plans, true).planFiles.length, 2, 'a tail drops its first (torn) line');
  });

  it('a path with spaces in the instruction; deep or huge lines are bounded, never thrown on', () => {
    const facts = transcriptFacts('{"c":"No plan file exists yet. You should create your plan at /Users/A B/.claude/plans/x y.md using the Write tool."}', plans);
    assert.deepEqual(facts.planFiles, ['/Users/A B/.claude/plans/x y.md']);
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    assert.deepEqual(transcriptFacts(deep, plans).planFiles, []);
  });
});

describe('confined reads under a root', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'vp-root-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('inside the root with no link below it: read; a linked folder below the root, a path outside, a missing folder: refused with the rule', async () => {
    mkdirSync(path.join(dir, 'root', 'a'), { recursive: true });
    mkdirSync(path.join(dir, 'elsewhere'));
    writeFileSync(path.join(dir, 'root', 'a', 'p.md'), 'plan');
    writeFileSync(path.join(dir, 'elsewhere', 'p.md'), 'secret');
    symlinkSync(path.join(dir, 'elsewhere'), path.join(dir, 'root', 'link'));
    symlinkSync(path.join(dir, 'root'), path.join(dir, 'root-link'));
    const root = path.join(dir, 'root');
    const ok = await readUnderRoots([root], path.join(root, 'a', 'p.md'), { maxBytes: 100, singleLink: true });
    assert.ok(ok.ok && ok.buffer.toString() === 'plan');
    const viaLinkedRoot = await readUnderRoots([path.join(dir, 'root-link')], path.join(dir, 'root-link', 'a', 'p.md'), { maxBytes: 100, singleLink: true });
    assert.ok(viaLinkedRoot.ok, 'the root itself may be a link (a linked home folder)');
    assert.equal((await resolveUnderRoot(root, path.join(root, 'link', 'p.md'))).ok, false);
    const linked = await readUnderRoots([root], path.join(root, 'link', 'p.md'), { maxBytes: 100, singleLink: true });
    assert.ok(!linked.ok && linked.rule === 'symlink');
    const outside = await readUnderRoots([root], path.join(dir, 'elsewhere', 'p.md'), { maxBytes: 100, singleLink: true });
    assert.ok(!outside.ok && outside.rule === 'outside-root');
    const missing = await readUnderRoots([root], path.join(root, 'nope', 'p.md'), { maxBytes: 100, singleLink: true });
    assert.ok(!missing.ok && missing.rule === 'not-found');
  });

  it('tail reads the last bytes of a larger file; with a root, a file reached through a linked folder is refused', async () => {
    const file = path.join(dir, 'log.jsonl');
    writeFileSync(file, 'a'.repeat(50) + 'TAIL');
    const tail = await readConfinedFile(file, { maxBytes: 10, singleLink: false, tail: true });
    assert.ok(tail.ok && tail.buffer.toString() === 'aaaaaaTAIL');
    const refused = await readConfinedFile(file, { maxBytes: 10, singleLink: false });
    assert.ok(!refused.ok && refused.rule === 'too-large');
    mkdirSync(path.join(dir, 'real-logs'), { recursive: true });
    writeFileSync(path.join(dir, 'real-logs', 'log.jsonl'), 'x');
    symlinkSync(path.join(dir, 'real-logs'), path.join(dir, 'logs'));
    const other = await readConfinedFile(path.join(dir, 'logs', 'log.jsonl'), { maxBytes: 100, singleLink: false, tail: true, root: dir });
    assert.ok(!other.ok && other.rule === 'symlink');
  });
});

describe('hook plan text: the same content rule as a plan named on the command line', () => {
  let project: string;
  beforeEach(() => {
    project = mkdtempSync(path.join(tmpdir(), 'vp-hook-plan-'));
    mkdirSync(path.join(project, '.claude', 'plans'), { recursive: true });
  });
  afterEach(() => rmSync(project, { recursive: true, force: true }));

  const named = (file: string) =>
    findPlan({ input: HookInput.parse({ session_id: 's', cwd: project, tool_input: { planFilePath: file } }), root: project, env: { HOME: project } });

  it('a named plan file with a NUL byte, over MAX_PLAN_BYTES, or not UTF-8 is refused, for the reason readPlanFile refuses it', async () => {
    const cases: Array<[string, Buffer, RegExp]> = [
      ['nul.md', Buffer.from('# Plan\n\0\n1. Do it\n'), /not text \(it contains NUL bytes\)/],
      ['big.md', Buffer.alloc(MAX_PLAN_BYTES + 1, 'a'), new RegExp(`too large \\(limit ${MAX_PLAN_BYTES} bytes\\)|over the ${MAX_PLAN_BYTES}-byte limit`)],
      ['latin1.md', Buffer.from([0x23, 0x20, 0xe9, 0x0a]), /not valid UTF-8/],
    ];
    for (const [name, bytes, reason] of cases) {
      const file = path.join(project, '.claude', 'plans', name);
      writeFileSync(file, bytes);
      const search = await named(file);
      assert.equal(search.plan, null, name);
      assert.match(search.notes.join('\n'), reason, name);
      const direct = await readPlanFile(file, project, file);
      assert.ok(!direct.ok && reason.test(direct.message), `readPlanFile gives the same reason for ${name}`);
    }
  });

  it('an inline plan with a NUL byte is not taken as the plan, and the note says why', async () => {
    const search = await findPlan({ input: HookInput.parse({ session_id: 's', cwd: project, tool_input: { plan: '# Plan\n\0' } }), root: project, env: { HOME: project } });
    assert.equal(search.plan, null);
    assert.match(search.notes.join('\n'), /tool_input\.plan is not text \(it contains NUL bytes\)/);
  });
});
