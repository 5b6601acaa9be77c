/**
 * `npm run bench -- --runs-only` rewrites what the scripted runs measure
 * (sections 1–2 and section 5's cost estimate) and leaves the sections other
 * runs measured byte for byte.
 */
import assert from 'node:assert/strict';
import { spliceRunSections } from '../../bench/splice';

const doc = [
  '# Benchmarks',
  '',
  'Generated on A. Sections 1, 2 and the cost estimate of section 5 were measured again on 2026-12-07T23:51:53.869Z, load average 15.9 at start. More text.',
  '',
  '## 1. Tokens',
  'old tokens',
  '## 2. Wall time',
  'old wall',
  '## 3. Editor latency',
  'editor figures',
  '## 5. Review quality',
  'mechanics table',
  '**Estimated cost of that first real run** old',
  '- Loop: old',
  '- Total for the command above: old',
  'after the estimate',
  '## 6. Static checks',
  'static counts',
  '',
].join('\n');

describe('bench: --runs-only rewrites sections 1-2 and the eval cost estimate in place', () => {
  it('replaces the measured parts and keeps every other line', () => {
    const report = '# Benchmarks\n\nheader\n\n## 1. Tokens\nnew tokens\n## 2. Wall time\nnew wall\n\n## 3. ';
    const evalLines = ['## 5. Review quality', 'mechanics', '**Estimated cost of that first real run** new', '- Loop: new', '- Total for the command above: new', 'tail'];
    const out = spliceRunSections(doc, report, evalLines, 'on 2026-12-08T03:00:00.000Z, load average 2.0 at the end');
    assert.match(out, /## 1\. Tokens\nnew tokens\n## 2\. Wall time\nnew wall\n\n## 3\. Editor latency\neditor figures/);
    assert.doesNotMatch(out, /old/);
    assert.match(out, /\*\*Estimated cost of that first real run\*\* new\n- Loop: new\n- Total for the command above: new\nafter the estimate\n/);
    assert.match(out, /measured again on 2026-12-08T03:00:00\.000Z, load average 2\.0 at the end\. More text\./);
    for (const kept of ['mechanics table', '## 6. Static checks\nstatic counts', 'Generated on A.']) assert.ok(out.includes(kept), kept);
  });

  it('refuses a document without the parts to replace rather than writing a partial file', () => {
    assert.throws(() => spliceRunSections('# Benchmarks\n', '## 1. x\n## 3. ', [], 'now'), /no sections 1-2/);
  });
});
