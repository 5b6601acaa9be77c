/**
 * The corpus, the fake script, eval.json and the hand-review file are
 * untrusted input: every broken one is a clear EvalInputError naming the
 * file and the problem, never a crash or a half-loaded corpus.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadFakeScript } from '../../src/core/eval/fake-provider';
import { readEvalJson } from '../../src/core/eval/persisted';
import { readReview } from '../../src/core/eval/review';
import { EvalInputError, loadCorpus } from '../../src/core/eval/truth';

const PLAN = '# Plan\n\n## Steps\n1. Add `src/a.ts`.\n2. Wire it in.\n';

function truth(overrides: Record<string, unknown> = {}) {
  return {
    version: 1,
    plan: '.claude/plans/p.md',
    format: 'claude-code',
    expected_verdict: 'REVISE',
    flaws: [{ id: 'F1', category: 'step-order', lines: [4, 5], severity: 'SIGNIFICANT', quote: 'Add `src/a.ts`.', description: 'Step 1 needs step 2 first.' }],
    ...overrides,
  };
}

describe('eval input validation', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'vp-eval-input-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function writeCase(name: string, t: unknown, plan: string | null = PLAN) {
    const ws = path.join(dir, name, 'workspace');
    mkdirSync(path.join(ws, '.claude', 'plans'), { recursive: true });
    if (plan !== null) writeFileSync(path.join(ws, '.claude', 'plans', 'p.md'), plan);
    writeFileSync(path.join(dir, name, 'truth.json'), typeof t === 'string' ? t : JSON.stringify(t));
  }

  async function rejects(pattern: RegExp) {
    await assert.rejects(loadCorpus(dir), (error: unknown) => error instanceof EvalInputError && pattern.test(error.message));
  }

  it('loads a well-formed case', async () => {
    writeCase('ok', truth());
    const [c] = await loadCorpus(dir);
    assert.equal(c?.id, 'ok');
    assert.equal(c?.truth.flaws[0]?.also.length, 0);
  });

  it('names the case and the problem for each broken truth file', async () => {
    writeCase('a', '{ not json');
    await rejects(/^a\/truth\.json is not valid JSON/);
    rmSync(path.join(dir, 'a'), { recursive: true });
    writeCase('b', truth({ format: 'cursor' }));
    await rejects(/^b\/truth\.json: .*format/s);
    rmSync(path.join(dir, 'b'), { recursive: true });
    writeCase('c', truth({ flaws: [...truth().flaws, ...truth().flaws] }));
    await rejects(/unique/);
    rmSync(path.join(dir, 'c'), { recursive: true });
    writeCase('d', truth({ flaws: [{ ...truth().flaws[0], lines: [5, 4] }] }));
    await rejects(/ends at or after its start/);
  });

  it('refuses a plan path that leaves the workspace, a missing plan and lines past the end', async () => {
    writeCase('escape', truth({ plan: '../../outside.md' }));
    await rejects(/leaves the workspace/);
    rmSync(path.join(dir, 'escape'), { recursive: true });
    writeCase('missing', truth(), null);
    await rejects(/does not exist/);
    rmSync(path.join(dir, 'missing'), { recursive: true });
    writeCase('long', truth({ flaws: [{ ...truth().flaws[0], lines: [4, 99] }] }));
    await rejects(/line 99, but the plan has 5 lines/);
  });

  it('says so when the folder has no case at all', async () => {
    await rejects(/no case folders/);
    await assert.rejects(loadCorpus(path.join(dir, 'nope')), /cannot read the corpus folder/);
  });

  it('rejects a broken fake script, eval.json and review file with their names', async () => {
    const file = path.join(dir, 'x.json');
    writeFileSync(file, JSON.stringify({ version: 1, cases: { a: { challenges: [{ quote: 'q' }] } } }));
    await assert.rejects(loadFakeScript(file), (e: unknown) => e instanceof EvalInputError && e.message.startsWith(file));
    writeFileSync(file, JSON.stringify({ version: 1, meta: {}, records: [] }));
    await assert.rejects(readEvalJson(file), (e: unknown) => e instanceof EvalInputError && e.message.startsWith(file));
    writeFileSync(file, JSON.stringify({ version: 1, items: [{ key: 'not-a-key' }] }));
    await assert.rejects(readReview(file), (e: unknown) => e instanceof EvalInputError && e.message.startsWith(file));
    const none = await readReview(path.join(dir, 'absent.json'));
    assert.equal(none.marks.size, 0);
  });
});
