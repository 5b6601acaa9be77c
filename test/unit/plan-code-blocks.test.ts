/**
 * Fenced blocks and inline code in a plan: a Markdown file written out inside the plan with nested fences of the
 * same length, and inline code spans found as CommonMark finds them, in linear time. Each case is a small made-up
 * plan written in the convention's style (not an excerpt of a real plan) and pairs what the rule explains away with
 * what it still reports.
 */
import assert from 'node:assert/strict';
import { parsePlan } from '../../src/core/plan';
import { inlineCodeSpans } from '../../src/core/plan/text';
import { findingLines as lines, runAt as run } from '../support/static-rules-harness';

const readmeTask = (inner: string[]): string =>
  [
    '# Docs plan',
    '',
    '### Task 1: Write the README',
    '',
    '```markdown',
    '# mytool',
    '',
    '```bash',
    'npm install mytool',
    '```',
    '',
    ...inner,
    '```',
    '',
    '**Verify:** the README renders on the package page.',
    '',
    '### Task 2: Tag the release',
    'Push the tag.',
  ].join('\n');

function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/** CommonMark's backtick rule, the slow obvious way: a run of n backticks opens a span the next run of exactly n closes. */
function referenceSpans(line: string): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (const m of line.matchAll(/`+/g)) runs.push([m.index ?? 0, m[0].length]);
  const out: Array<[number, number]> = [];
  for (let k = 0; k < runs.length; k++) {
    const [start, n] = runs[k] as [number, number];
    const closer = runs.findIndex(([, len], j) => j > k && len === n);
    if (closer === -1) continue;
    out.push([start, (runs[closer] as [number, number])[0] + n]);
    k = closer;
  }
  return out;
}

describe('plan text: nested fences and code spans', () => {
  it('a "```markdown" block ends at the fence that closes no nested "```bash" block: the README\'s text is not the plan\'s', () => {
    const findings = run(readmeTask(['Add `config/mytool.json` to your project.', '', '## Usage', 'Run it.']));
    assert.deepEqual(lines(findings, 'missing-file'), []);
    // The README's "## Usage" is no heading of the plan, so Task 2 still follows Task 1.
    assert.deepEqual(lines(findings, 'no-success-criterion'), [20]);
  });

  it('an unbalanced nested block falls back to CommonMark (the outer block ends at the first bare fence)', () => {
    const text = ['# Docs plan', '', '```markdown', '# Title', '```bash', 'npm test', '', 'See `docs/missing.md`.'].join('\n');
    assert.deepEqual(lines(run(text), 'missing-file'), []);
    const plain = ['# Docs plan', '', '```markdown', '# Title', '```', '', 'See `docs/missing.md`.'].join('\n');
    assert.deepEqual(lines(run(plain), 'missing-file'), [7]);
  });

  it('a longer outer fence ("````markdown") already holds "```" blocks by CommonMark', () => {
    const text = ['# Docs plan', '', '````markdown', '```bash', 'x', '```', 'See `docs/missing.md`.', '````', '', 'Then read `docs/other.md`.'].join('\n');
    assert.deepEqual(lines(run(text), 'missing-file'), [10]);
  });

  it("a bare fence that would leave the rest of the document unbalanced opens a nested block: the file's checklist is not the plan's", () => {
    const text = [
      '# Plan',
      '',
      '## Step 1: Write AGENT.md',
      'Verify: the file exists.',
      '',
      '```markdown',
      '# Agent guidelines',
      '## Layout',
      '```',
      'repo/',
      '└── src/',
      '```',
      '## Checklist',
      '1. All files under 400 lines',
      '2. Tests pass',
      '```',
      '',
      '## Step 2: Scaffold',
      'Verify: `make` succeeds.',
    ].join('\n');
    const plan = parsePlan(text);
    assert.deepEqual(
      plan.steps.map((s) => s.rawId),
      ['Step 1', 'Step 2'],
    );
    assert.deepEqual(lines(run(text), 'no-success-criterion'), []);
  });

  it("when the first bare fence closes the block and the rest balances, CommonMark's reading stands", () => {
    const text = [
      '# Plan',
      '',
      '```markdown',
      '# Readme',
      '```',
      '',
      '## Steps',
      '',
      '1. Add the table',
      '   - Success criteria: it exists',
      '2. Backfill',
      '',
      '```bash',
      'make',
      '```',
    ].join('\n');
    assert.deepEqual(lines(run(text), 'no-success-criterion'), [11]);
  });

  it('inlineCodeSpans follows CommonMark on random backtick soup (property, 3,000 lines) and stays linear', () => {
    const next = lcg(18);
    const alphabet = ['`', '``', '```', 'a', ' ', '?', 'b'];
    for (let i = 0; i < 3000; i++) {
      let line = '';
      const len = Math.floor(next() * 24);
      for (let j = 0; j < len; j++) line += alphabet[Math.floor(next() * alphabet.length)];
      assert.deepEqual(inlineCodeSpans(line), referenceSpans(line), JSON.stringify(line));
    }
    // 60,000 unmatched runs of three lengths: the old backtracking pattern scanned to the line's end from each.
    const hostile = 'a` b`` c```'.repeat(20000);
    assert.equal(inlineCodeSpans(hostile).length > 0, true);
  });
});
