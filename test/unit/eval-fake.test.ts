/**
 * `verify-plan eval --provider fake --baseline single-pass` end to end, in
 * process: the real CLI, loop, agent calls, admission, synthesis and
 * verdicts, with eval/fake-script.json answering. The expected figures are
 * worked out by hand from the script (each entry's `intent` says what it is
 * for), not copied from output:
 *
 * Loop, 3 runs per plan (42 flaws → 126 flaw-runs, 39 verdict runs):
 *   detections  csv F2×3 + F3×2 (run 3 lacks it) = 5; redis F2, F3, F4 ×3 = 9
 *               (F1 is RESOLVED by the synthesizer: dismissed); search F3, F4
 *               ×3 = 6; email F1, F4, F2 (iteration 2) ×3 = 9; offline F2×1
 *               (run 1 only) + F3×3 = 4; stripe F1×3 = 3; audit F3×3 = 3
 *               → 39 → recall 39/126
 *   predictions csv 4+4+3 = 11; redis 3×3 = 9; search 2×3 = 6 (the step-order
 *               false positive is WITHDRAWN); email 3×3 = 9; offline 3+2+2 = 7;
 *               retry 3; pagination 3; stripe 3; audit 3 → 54, 39 matched
 *               → precision ≥ 39/54
 *   verdicts    right: csv 3, redis 3 (REVISE (strong)), email 3, offline 1
 *               (run 1 RETHINK), retry 3, dark 3, stripe 3 → 19/39
 *               (search RETHINK ≠ REVISE, pagination REVISE ≠ PROCEED, audit
 *               REVISE ≠ RETHINK, rename/flag-cache/avatar PROCEED: wrong)
 *   stability   14 flaws found ever; shares 1 + 2/3 (csv), 3 (redis), 2
 *               (search), 3 (email), 1/3 + 1 (offline), 1, 1 → 13/14;
 *               12 found in every run
 *   line-only   csv's ordering challenge on F1's line, 3 runs → 3
 *   dismissed   redis F1 raised and RESOLVED, 3 runs → 3
 * Single pass (iteration-1 answers, all open):
 *   detections  csv 5; redis F1, F2, F3 ×3 = 9; search 6; email F1, F4 ×3 = 6;
 *               offline 4; stripe 3; audit 3 → 36/126
 *   predictions csv 11; redis 9; search 3×3 = 9; email 6; offline 7; retry 3;
 *               pagination 3; stripe 3; audit 3 → 54, 36 matched
 *   verdicts    the same 19/39 (redis stays REVISE, email RETHINK from T2)
 *   stability   13 flaws; 1 + 2/3, 3, 2, 2, 1/3 + 1, 1, 1 → 12/13
 * Judge (--judge): asked once per distinct unmatched challenge of a flawed
 *   plan — csv formula injection, csv ordering, offline unanchored
 *   contradiction, search step-order (single pass only) = 4 calls; the
 *   script's judge names F4 for the offline one (3 runs in each
 *   configuration): loop 42/126 and 42/54, single pass 39/126 and 39/54.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { CliIo } from '../../src/cli/io';
import { main } from '../../src/cli/main';
import type { ConfigFigures } from '../../src/core/eval/metrics';
import { REPO_ROOT } from '../support/run-harness';
import { byRole, FakeAnthropicServer } from '../support/fake-anthropic';
import { audit, challenge, challengerOut, quality, reply, researcherOut, synth } from '../support/replies';

function capture(env: Record<string, string | undefined> = {}) {
  let out = '';
  let err = '';
  const io: CliIo = {
    cwd: REPO_ROOT,
    env,
    stdout: (t) => void (out += t),
    stderr: (t) => void (err += t),
    stdin: new PassThrough(),
    interactive: false,
    onInterrupt: () => () => undefined,
  };
  return { io, out: () => out, err: () => err };
}

describe('verify-plan eval --provider fake (scripted answers, real loop)', function () {
  this.timeout(60_000);
  let dir: string;
  let stdout: string;
  let summaryFile: string;
  let figures: Record<string, ConfigFigures>;

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'vp-eval-'));
    summaryFile = path.join(dir, 'summary.md');
    writeFileSync(summaryFile, '# earlier step\n');
    const run = capture({ GITHUB_STEP_SUMMARY: summaryFile });
    const code = await main(['eval', '--provider', 'fake', '--baseline', 'single-pass', '--judge', '--out', path.join(dir, 'out'), '--quiet'], run.io, 'test');
    assert.equal(code, 0, run.err());
    stdout = run.out();
    const json = JSON.parse(readFileSync(path.join(dir, 'out', 'eval.json'), 'utf8'));
    figures = Object.fromEntries(json.figures.map((f: ConfigFigures) => [f.config, f]));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('scores the loop as worked out by hand', () => {
    const f = figures.loop!;
    assert.equal(f.runsPerPlan, 3);
    assert.equal(f.flaws, 42);
    assert.equal(f.detections, 39);
    assert.equal(f.recall, 39 / 126);
    assert.equal(f.predictions, 54);
    assert.equal(f.matched, 39);
    assert.equal(f.precision, 39 / 54);
    assert.equal(f.precisionIsLowerBound, true);
    assert.equal(f.verdictCorrect, 19);
    assert.equal(f.verdictRuns, 39);
    assert.equal(f.flawsFoundEver, 14);
    assert.equal(f.flawsFoundEveryRun, 12);
    assert.ok(Math.abs(f.stability! - 13 / 14) < 1e-12);
    assert.equal(f.lineOnly, 3);
    // Lines only: + csv F1 under the ordering challenge (3 runs), csv F3 beside the security challenge in run 3 (1),
    // redis F1 two lines above the ioredis challenge (3), search F5 right after the ILIKE line (3), offline F4 whose
    // second range holds the last-write-wins line (3) → 39 + 13 = 52.
    assert.equal(f.lineRecall, 52 / 126);
    assert.equal(f.dismissedHits, 3);
    assert.equal(f.failedRuns, 0);
    const found = (caseId: string, flawId: string) => f.perFlaw.find((p) => p.caseId === caseId && p.flawId === flawId)?.found;
    assert.equal(found('cc-orders-csv-export', 'F3'), 2);
    assert.equal(found('kiro-offline-sync', 'F2'), 1);
    assert.equal(found('cc-rate-limit-redis', 'F1'), 0);
    assert.equal(
      f.perFlaw.reduce((n, p) => n + p.found, 0),
      39,
    );
  });

  it('scores the single-pass baseline as worked out by hand', () => {
    const f = figures['single-pass']!;
    // Lines only: 36 + csv F1 (3) + csv F3 in run 3 (1) + search F5 (3) + offline F4 (3); redis F1 is matched here.
    assert.equal(f.lineRecall, 46 / 126);
    assert.equal(f.detections, 36);
    assert.equal(f.recall, 36 / 126);
    assert.equal(f.predictions, 54);
    assert.equal(f.matched, 36);
    assert.equal(f.precision, 36 / 54);
    assert.equal(f.verdictCorrect, 19);
    assert.equal(f.flawsFoundEver, 13);
    assert.ok(Math.abs(f.stability! - 12 / 13) < 1e-12);
  });

  it('scores categories as worked out by hand', () => {
    const loop = figures.loop!.perCategory;
    const single = figures['single-pass']!.perCategory;
    assert.equal(loop.concurrency.recall, 9 / 12); // redis F3, email F1, offline F3 — flag-cache F3 missed
    assert.equal(loop['integration-failure'].recall, 6 / 12); // redis F4, email F2: both iteration 2
    assert.equal(single['integration-failure'].recall, 0);
    assert.equal(loop.contradiction.recall, 0); // redis F1 dismissed; offline's quote does not anchor
    assert.equal(single.contradiction.recall, 3 / 12);
    assert.equal(loop['unmeasurable-success'].recall, 0);
  });

  it('prints the table with fractions, writes the outputs and appends to the job summary', () => {
    assert.match(stdout, /\| Convergence loop \| 31\.0 % \(39\/126\) \| 41\.3 % \(52\/126\) \| ≥ 72\.2 % \(39\/54\) \| 48\.7 % \(19\/39\) \| 92\.9 % \|/);
    assert.match(stdout, /\| Single pass \(one challenger call\) \| 28\.6 % \(36\/126\) \| 36\.5 % \(46\/126\) \| ≥ 66\.7 % \(36\/54\) \| 48\.7 % \(19\/39\) \| 92\.3 % \|/);
    const summary = readFileSync(summaryFile, 'utf8');
    assert.ok(summary.startsWith('# earlier step\n') && summary.includes(stdout.trim()));
    const svg = readFileSync(path.join(dir, 'out', 'recall-vs-cost.svg'), 'utf8');
    assert.match(svg, /^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    assert.equal((svg.match(/<circle /g) ?? []).length, 3);
    assert.doesNotMatch(svg, /<script|href=/);
  });

  it('records the LLM judge separately, as worked out by hand', () => {
    assert.equal(figures.loop!.recall, 39 / 126, 'the judge never changes the deterministic figures');
    assert.match(stdout, /asked about 4 distinct unmatched challenges \(1 judged to describe a seeded flaw\)/);
    assert.match(stdout, /\| Convergence loop \| 33\.3 % \(42\/126\) \| 77\.8 % \(42\/54\) \| 3 \|/);
    assert.match(stdout, /\| Single pass \(one challenger call\) \| 31\.0 % \(39\/126\) \| 72\.2 % \(39\/54\) \| 3 \|/);
    const json = JSON.parse(readFileSync(path.join(dir, 'out', 'eval.json'), 'utf8'));
    assert.deepEqual(
      json.judge.filter((j: { flawId: string | null }) => j.flawId).map((j: { caseId: string; flawId: string }) => `${j.caseId}/${j.flawId}`),
      ['kiro-offline-sync/F4'],
    );
  });

  it('re-reads hand-review marks on --rescore, without calling a model', async () => {
    const reviewFile = path.join(dir, 'out', 'hand-review.json');
    const review = JSON.parse(readFileSync(reviewFile, 'utf8'));
    // The formula-injection over-report in the CSV plan is a real problem: mark it true, everything else false.
    for (const item of review.items) item.true_flaw = item.case === 'cc-orders-csv-export' && /formula/.test(item.claim);
    assert.equal(review.items.filter((i: { true_flaw: boolean }) => i.true_flaw).length, 1);
    writeFileSync(reviewFile, JSON.stringify(review));
    const run = capture();
    assert.equal(await main(['eval', '--rescore', path.join(dir, 'out'), '--quiet'], run.io, 'test'), 0, run.err());
    const json = JSON.parse(readFileSync(path.join(dir, 'out', 'eval.json'), 'utf8'));
    const loop = json.figures.find((f: ConfigFigures) => f.config === 'loop');
    // The item was raised in all 3 loop runs: (39 + 3) / 54, and no unreviewed item is left.
    assert.equal(loop.precision, 42 / 54);
    assert.equal(loop.precisionIsLowerBound, false);
    assert.match(run.out(), /\| Convergence loop \| 31\.0 % \(39\/126\) \| 41\.3 % \(52\/126\) \| 77\.8 % \(42\/54\) \|/);
    // Marks survive the rewrite of the review file.
    const again = JSON.parse(readFileSync(reviewFile, 'utf8'));
    assert.equal(again.items.filter((i: { true_flaw: boolean | null }) => i.true_flaw === true).length, 1);
  });

  it('stops starting runs at --max-cost and says the figures cover only the runs done', async () => {
    const run = capture();
    const out = path.join(dir, 'capped');
    assert.equal(await main(['eval', '--provider', 'fake', '--max-cost', '0.0001', '--out', out], run.io, 'test'), 0, run.err());
    assert.match(run.out(), /\*\*Incomplete:\*\* the eval stopped early \(cost cap of \$0\.0001 reached/);
    const json = JSON.parse(readFileSync(path.join(out, 'eval.json'), 'utf8'));
    // The first plan (alphabetically) got its static check and one loop run, which crossed the cap.
    assert.deepEqual(
      json.records.map((r: { config: string; caseId: string }) => `${r.config}:${r.caseId}`),
      ['static:cc-download-retry', 'loop:cc-download-retry'],
    );
    assert.match(run.err(), /stopped early/);
  });

  it('runs only the cases named with --only, and names the cases when one is unknown', async () => {
    const run = capture();
    const out = path.join(dir, 'only');
    assert.equal(await main(['eval', '--provider', 'fake', '--runs', '1', '--only', 'cc-stripe-webhooks', '--out', out, '--quiet'], run.io, 'test'), 0, run.err());
    const json = JSON.parse(readFileSync(path.join(out, 'eval.json'), 'utf8'));
    assert.deepEqual([...new Set(json.records.map((r: { caseId: string }) => r.caseId))], ['cc-stripe-webhooks']);
    assert.equal(json.figures.find((f: ConfigFigures) => f.config === 'loop').recall, 1 / 4);
    const bad = capture();
    assert.equal(await main(['eval', '--provider', 'fake', '--only', 'nope'], bad.io, 'test'), 4);
    assert.match(bad.err(), /no case "nope".*cc-stripe-webhooks/);
  });

  it('refuses to spend money without a key and names the offline alternative', async () => {
    const run = capture({});
    assert.equal(await main(['eval', '--runs', '1', '--out', path.join(dir, 'nokey')], run.io, 'test'), 4);
    assert.match(run.err(), /ANTHROPIC_API_KEY.*--provider fake/);
  });

  it('rejects bad flags and a broken corpus with exit 4', async () => {
    for (const argv of [
      ['eval', '--runs', '0'],
      ['eval', '--provider', 'openai'],
      ['eval', '--baseline', 'vote'],
      ['eval', 'plan.md'],
      ['eval', '--corpus', path.join(dir, 'missing'), '--provider', 'fake'],
    ]) {
      const run = capture();
      assert.equal(await main(argv, run.io, 'test'), 4, `${argv.join(' ')}: ${run.err()}`);
      assert.match(run.err(), /^verify-plan: /);
    }
  });

  it('runs the Anthropic provider path end to end (real SDK over HTTP to the fake Messages API)', async () => {
    const corpus = path.join(dir, 'one-case');
    cpSync(path.join(REPO_ROOT, 'eval', 'corpus', 'cc-stripe-webhooks'), path.join(corpus, 'cc-stripe-webhooks'), { recursive: true });
    let challengerCalls = 0;
    const server = await FakeAnthropicServer.start({
      script: byRole({
        challenger: () =>
          reply(
            challengerOut(
              challengerCalls++ === 0
                ? [
                    challenge({
                      quote: '`req.body` is already available because `src/app.ts` parses JSON for every route.',
                      claim: 'constructEvent needs the raw body, but the body parser has already parsed it.',
                      severity: 'BLOCKING',
                    }),
                  ]
                : [],
            ),
          ),
        'domain-expert': () => reply(challengerOut([])),
        'devils-advocate': () => reply(challengerOut([])),
        researcher: () => reply(researcherOut()),
        synthesizer: () => reply(synth([], { quality: quality(5) })),
        auditor: () => reply(audit()),
      }),
    });
    try {
      const run = capture({ ANTHROPIC_API_KEY: 'test-key-1234', ANTHROPIC_BASE_URL: server.baseURL });
      const code = await main(['eval', '--corpus', corpus, '--runs', '1', '--out', path.join(dir, 'http'), '--quiet'], run.io, 'test');
      assert.equal(code, 0, run.err());
      const json = JSON.parse(readFileSync(path.join(dir, 'http', 'eval.json'), 'utf8'));
      const loop = json.figures.find((f: ConfigFigures) => f.config === 'loop');
      assert.equal(loop.recall, 1 / 4);
      assert.equal(loop.verdictCorrect, 1);
      assert.ok(loop.tokensPerPlanRun > 0 && loop.costPerPlanRun > 0);
      assert.equal(json.meta.provider, 'anthropic');
      assert.ok(server.received.length > 0 && server.received.every((r) => JSON.stringify([r.headers['x-api-key'], r.headers.authorization]).includes('test-key-1234')));
    } finally {
      await server.stop();
    }
  });

  it("takes a run's engine flags: models, effort and prices reach the requests; a cost limit with an unpriced model refuses (exit 4)", async () => {
    const corpus = path.join(dir, 'engine-flags');
    cpSync(path.join(REPO_ROOT, 'eval', 'corpus', 'cc-stripe-webhooks'), path.join(corpus, 'cc-stripe-webhooks'), { recursive: true });
    const server = await FakeAnthropicServer.start({
      script: byRole({
        challenger: () => reply(challengerOut([])),
        researcher: () => reply(researcherOut()),
        synthesizer: () => reply(synth([], { quality: quality(8) })),
        auditor: () => reply(audit()),
      }),
    });
    const env = { ANTHROPIC_API_KEY: 'test-key-1234', ANTHROPIC_BASE_URL: server.baseURL };
    const base = ['eval', '--corpus', corpus, '--runs', '1', '--team', 'base', '--quiet', '--model-challenger', 'claude-mythos-preview'];
    try {
      for (const [flags, pattern] of [
        [['--spending-cap', '1'], /no price is known for claude-mythos-preview \(challenger\)/],
        [['--spending-cap', '0', '--max-cost', '2'], /--max-cost is set, but no price is known for claude-mythos-preview/],
      ] as const) {
        const refused = capture(env);
        assert.equal(await main([...base, ...flags, '--out', path.join(dir, 'refused')], refused.io, 'test'), 4, refused.err());
        assert.match(refused.err(), pattern);
      }
      assert.equal(server.received.length, 0, 'no request before the refusal');

      const run = capture(env);
      const argv = [...base, '--price', 'claude-mythos-preview=10/50', '--effort-synthesizer', 'medium', '--max-retry-wait', '5', '--out', path.join(dir, 'flags')];
      assert.equal(await main(argv, run.io, 'test'), 0, run.err());
      const challenger = server.received.filter((r) => r.role === 'challenger');
      assert.ok(challenger.length > 0 && challenger.every((r) => r.body.model === 'claude-mythos-preview'));
      const synthesizer = server.received.filter((r) => r.role === 'synthesizer');
      assert.ok(synthesizer.length > 0 && synthesizer.every((r) => (r.body.output_config as { effort?: string }).effort === 'medium'));
      const json = JSON.parse(readFileSync(path.join(dir, 'flags', 'eval.json'), 'utf8'));
      assert.ok(json.figures.find((f: ConfigFigures) => f.config === 'loop').costPerPlanRun > 0);
    } finally {
      await server.stop();
    }
  });
});
