/**
 * A glob passed to grep / list_files was expanded again for
 * every file walked (minimatch per file), and glob regexes backtrack; cost
 * grew with the repository and had no deadline. Now a glob is compiled once
 * under a budget and matched linearly (src/core/research/glob.ts), and every
 * call has a deadline.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuilt } from '../cli/run-cli';
import { assertWithinBudget, populate, report, runAttack } from './harness';

/** 2^10 alternatives when expanded; minimatch expands them again for every path it tests. */
const BRACE_BOMB = `**/${'{a,b}'.repeat(10)}*`;
/** Inside the brace budget, but a glob-to-regex engine backtracks polynomially on a long run of `a`. */
const BACKTRACKER = '**/*a*a*a*a*a*a*b.md';

describe('hostile workspace: globs', function () {
  this.timeout(120_000);
  let dir: string;
  before(() => {
    ensureBuilt();
    dir = mkdtempSync(path.join(tmpdir(), 'vp-hostile-glob-'));
    populate(dir, 10_000);
    // Long names of one repeated letter: the input that makes backtracking regexes explode.
    const deep = path.join(dir, 'docs', 'a'.repeat(200));
    mkdirSync(deep, { recursive: true });
    for (let i = 0; i < 20; i++) writeFileSync(path.join(deep, `${'a'.repeat(200 + i)}.md`), 'notes\n');
    writeFileSync(path.join(dir, 'docs', 'xaaaaaab.md'), 'the one file the backtracking glob matches\n');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('a brace bomb is refused with a message the model can act on; the run completes within budget', async () => {
    const outcome = await runAttack({
      dir,
      calls: [
        { name: 'list_files', input: { glob: BRACE_BOMB } },
        { name: 'grep', input: { pattern: 'value', glob: BRACE_BOMB } },
      ],
    });
    report('brace bomb', outcome);
    assert.equal(outcome.run.code, 0, outcome.run.stderr);
    assertWithinBudget(outcome);
    for (const c of outcome.calls) {
      assert.ok(c.isError, `${c.call.name} refused the glob`);
      assert.match(c.content, /glob refused: more than \d+ brace alternatives/);
    }
  });

  it('a backtracking glob over long names is answered correctly within budget', async () => {
    const outcome = await runAttack({
      dir,
      calls: [
        { name: 'list_files', input: { glob: BACKTRACKER } },
        { name: 'grep', input: { pattern: 'backtracking', glob: BACKTRACKER } },
        { name: 'list_files', input: { glob: 'src/module9?/*.ts' } },
      ],
    });
    report('backtracking glob', outcome);
    assert.equal(outcome.run.code, 0, outcome.run.stderr);
    assertWithinBudget(outcome);
    const [list, grep, positive] = outcome.calls;
    assert.match(list?.content ?? '', /^docs\/xaaaaaab\.md\n\[1 file\(s\)\]$/);
    assert.match(grep?.content ?? '', /^docs\/xaaaaaab\.md:1: the one file the backtracking glob matches/);
    // Positive control: an ordinary glob still lists what it should (module90..99, 100 files each).
    assert.match(positive?.content ?? '', /\[500\+ files; showing the first 500/);
  });
});
