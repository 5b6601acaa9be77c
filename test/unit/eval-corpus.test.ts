/**
 * The eval corpus meets its required counts (at least 12 plans, 40 flaws, 3
 * sound plans, …) and its ground truth points at the right plan text: every
 * flaw's quote lies inside its line range, every expected verdict follows the
 * product's verdict rules from the seeded severities, and the fake script's
 * answers anchor where they say.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { anchorQuote } from '../../src/core/anchor';
import { verdictOf } from '../../src/core/convergence';
import { categorizeChallenge } from '../../src/core/eval/categorize';
import { loadFakeScript } from '../../src/core/eval/fake-provider';
import { FlawCategory, loadCorpus, quoteLiesIn, type CorpusCase } from '../../src/core/eval/truth';
import { rangeLines } from '../../src/core/eval/predictions';
import { parsePlan } from '../../src/core/plan';
import type { Challenge } from '../../src/core/protocol';
import { REPO_ROOT } from '../support/run-harness';

const EVAL_DIR = path.join(REPO_ROOT, 'eval');

describe('eval corpus', () => {
  let cases: CorpusCase[];
  before(async () => {
    cases = await loadCorpus(path.join(EVAL_DIR, 'corpus'));
  });

  it('has at least 12 plans in all three formats, 40 seeded flaws and 3 sound plans', () => {
    assert.ok(cases.length >= 12, `${cases.length} plans`);
    assert.deepEqual(new Set(cases.map((c) => c.truth.format)), new Set(['claude-code', 'spec-kit', 'kiro']));
    const flaws = cases.flatMap((c) => c.truth.flaws);
    assert.ok(flaws.length >= 40, `${flaws.length} flaws`);
    const sound = cases.filter((c) => c.truth.flaws.length === 0);
    assert.ok(sound.length >= 3, `${sound.length} sound plans`);
    for (const c of sound) assert.equal(c.truth.expected_verdict, 'PROCEED', c.id);
  });

  it('covers every category of the issue at least three times', () => {
    const flaws = cases.flatMap((c) => c.truth.flaws);
    for (const category of FlawCategory.options) {
      const n = flaws.filter((f) => f.category === category).length;
      assert.ok(n >= 3, `${category}: ${n}`);
    }
  });

  it('keeps each plan where its format puts it', () => {
    const where = { 'claude-code': /^\.claude\/plans\/[^/]+\.md$/, 'spec-kit': /^specs\/[^/]+\/plan\.md$/, kiro: /^\.kiro\/specs\/[^/]+\/(requirements|design|tasks)\.md$/ };
    for (const c of cases) assert.match(c.truth.plan, where[c.truth.format], c.id);
  });

  it("puts every flaw's quote inside the flaw's line range", () => {
    for (const c of cases) {
      for (const f of c.truth.flaws) {
        assert.ok(quoteLiesIn(c.planText, f.lines, f.quote), `${c.id} ${f.id}: "${f.quote}" is not in lines ${f.lines.join('-')}`);
      }
    }
  });

  it('expects the verdict the product rules give for the seeded severities', () => {
    for (const c of cases) {
      const open = c.truth.flaws.map((f) => ({ severity: f.severity, status: 'OPEN' }) as Challenge);
      assert.equal(verdictOf(open).verdict, c.truth.expected_verdict, c.id);
    }
  });

  it('scripts fake answers that anchor where the script says and carry the category the mapper gives', async () => {
    const script = await loadFakeScript(path.join(EVAL_DIR, 'fake-script.json'));
    for (const [id, entry] of Object.entries(script.cases)) {
      const c = cases.find((x) => x.id === id);
      assert.ok(c, `fake script names an unknown case ${id}`);
      const plan = parsePlan(c.planText);
      for (const ch of entry.challenges) {
        assert.equal(categorizeChallenge(ch), ch.category ?? null, `${id}: "${ch.claim}"`);
        const hit = anchorQuote(plan, ch.quote);
        const meantToMiss = /cannot be anchored/.test(ch.intent ?? '');
        assert.equal(hit.found, !meantToMiss, `${id}: quote "${ch.quote}"`);
        if (hit.found) assert.ok(quoteLiesIn(c.planText, rangeLines(hit.range), ch.quote.split('\n')[0]!.slice(0, 20)), `${id}: anchored elsewhere`);
      }
    }
  });
});
