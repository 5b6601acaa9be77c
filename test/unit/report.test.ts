import assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import type { QualityScores } from '../../src/core/protocol';
import { renderJsonReport, renderMarkdownReport } from '../../src/core/report';
import { anchorsForPlan } from '../../src/core/report/anchors';
import { escapeInline } from '../../src/core/report/escape';
import { RunResult } from '../../src/core/run-types';
import { challengeFixture, iterationFixture, runResultFixture, unknownFixture, validRunResult } from '../support/run-result-fixture';

const md = new MarkdownIt({ html: true });

function scores(overrides: Partial<Record<keyof QualityScores, number>> = {}): QualityScores {
  const s = (n: number, e: string) => ({ score: n, evidence: e });
  return {
    approach_soundness: s(overrides.approach_soundness ?? 8, 'reuses the event bus'),
    risk_coverage: s(overrides.risk_coverage ?? 6, 'retry exhaustion path missing'),
    assumption_validity: s(overrides.assumption_validity ?? 9, 'all assumptions verified'),
    integration_feasibility: s(overrides.integration_feasibility ?? 7, 'createBill() confirmed'),
    unknowns_coverage: s(overrides.unknowns_coverage ?? 8, 'all 3 modes ran'),
    constraint_alignment: s(overrides.constraint_alignment ?? 9, 'fully aligned'),
  };
}

function render(overrides: Partial<RunResult> = {}, anchors?: Map<string, number>): string {
  return renderMarkdownReport(validRunResult(runResultFixture(overrides)), anchors ? { anchors } : {});
}

function section(report: string, heading: string): string {
  const start = report.indexOf(`## ${heading}`);
  assert.ok(start >= 0, `missing section "${heading}"`);
  const next = report.indexOf('\n## ', start + 3);
  return report.slice(start, next < 0 ? undefined : next);
}

describe('report: Markdown', () => {
  it('starts with the plan path and shows the verdict and reason', () => {
    const out = render();
    assert.match(out.split('\n')[0] ?? '', /^# Verify Plan: \/work\/plan\.md$/);
    assert.match(section(out, 'Verdict'), /\*\*REVISE\*\*/);
    assert.match(section(out, 'Verdict'), /1 SIGNIFICANT challenge remains/);
    assert.doesNotMatch(out, /Partial run/);
  });

  it('says "Strongly recommended" for REVISE (strong) and only then', () => {
    assert.match(section(render({ verdict: 'REVISE (strong)' }), 'Verdict'), /Strongly recommended: address these before proceeding/);
    assert.doesNotMatch(render({ verdict: 'REVISE' }), /Strongly recommended/);
  });

  it('shows the assessment with complexity N/16, quality, team and the factor table', () => {
    const s = section(render(), 'Assessment');
    assert.match(s, /Complexity: 8\/16 \(threshold 7\)\. Team: SCALED\. Plan quality: ADEQUATE\./);
    assert.match(s, /\| External integrations \| 2\/4 \| Stripe \|/);
  });

  it('renders PROCEED (trivial) with no team and no iterations', () => {
    const base = runResultFixture();
    const out = render({ verdict: 'PROCEED (trivial)', iterations: [], assessment: { ...base.assessment, team: null, quality: 'TRIVIAL' } });
    assert.match(out, /\*\*PROCEED \(trivial\)\*\*/);
    assert.match(out, /Team: none \(trivial plan\)/);
    assert.doesNotMatch(out, /## Resolution/);
  });

  it('lists every challenge in the resolution table with its plan line when anchored', () => {
    const c2 = challengeFixture({ id: 'C2', severity: 'BLOCKING', status: 'RESOLVED', resolution: 'Redis store exists', origin: 'probed' });
    const out = render({ iterations: [iterationFixture({ challenges: [challengeFixture(), c2] })] }, new Map([['C2', 14]]));
    const table = section(out, 'Resolution');
    assert.match(table, /\| C1 \| SIGNIFICANT \| challenger \| OPEN \| The plan assumes a single server process \| — \| — \|/);
    assert.match(table, /\| C2 \| BLOCKING \| probed \| RESOLVED \| .* \| Redis store exists \| 14 \|/);
    assert.match(out, /### C2 · BLOCKING · RESOLVED · plan line 14/);
  });

  it('shows the status history of each challenge', () => {
    const c3 = challengeFixture({
      id: 'C3',
      status: 'RESOLVED',
      history: [
        { iteration: 1, status: 'OPEN' },
        { iteration: 2, status: 'UNRESOLVED', note: 'no mitigation yet' },
        { iteration: 3, status: 'RESOLVED' },
      ],
    });
    const out = render({ iterations: [iterationFixture({ challenges: [c3] })] });
    assert.match(out, /Status history: OPEN \(iteration 1\) → UNRESOLVED \(iteration 2\) → RESOLVED \(iteration 3\)/);
    assert.match(out, /iteration 2, UNRESOLVED: no mitigation yet/);
  });

  it('escapes model text so tables stay intact and no HTML gets through', () => {
    const evil = challengeFixture({
      claim: 'Pipes | break `code` <script>alert(1)</script> **bold** [x](javascript:alert(1))',
      resolution: '<img src=x onerror=alert(1)>\n# heading\n| a | b |',
      quote: '&lt;b&gt; and &#60;i&#62;',
    });
    const out = render({ iterations: [iterationFixture({ challenges: [evil] })] });
    const html = md.render(out);
    assert.doesNotMatch(html, /<script|<img|<strong>bold|href="javascript/i);
    assert.doesNotMatch(html, /<b>|<i>/);
    assert.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    const tokens = md.parse(section(out, 'Resolution'), {});
    // Header + one row; the body row keeps exactly seven cells despite the pipes and newlines.
    assert.equal(tokens.filter((t) => t.type === 'tr_open').length, 2);
    assert.equal(tokens.filter((t) => t.type === 'td_open').length, 7);
  });

  it('escapeInline keeps snake_case readable but neutralises block markers', () => {
    assert.equal(escapeInline('file_path and _emph_'), 'file_path and \\_emph\\_');
    assert.equal(escapeInline('# title'), '\\# title');
    assert.equal(escapeInline('1. item'), '1\\. item');
    assert.equal(escapeInline('a\n\n- b'), 'a - b');
    assert.equal(md.renderInline(escapeInline('AT&T &amp; <b>')), 'AT&amp;T &amp;amp; &lt;b&gt;');
  });

  it('shows unknowns with findings and marks unverified citations', () => {
    const out = render({ iterations: [iterationFixture({ unknowns: [unknownFixture()] })] });
    const s = section(out, 'Unknowns');
    assert.match(s, /### U1 · API_BEHAVIOR · CONFIRMED, affects C1/);
    assert.match(s, /Finding: setex is used in src\/cache\.ts/);
    assert.match(s, /\[citation verified\] src\/cache\.ts:12/);
    assert.match(s, /\[unverified\] docs: TTL documented upstream/);
  });

  it('summarises surfaced context and probed risks', () => {
    const out = render({
      iterations: [
        iterationFixture({
          surfaced_contexts: [
            { id: 'S1', source: 'git_history', location: 'abc123', relevance: 'Redis was chosen in 2024', impact: 'contradicts_plan', generates_challenge: 'C1', iteration: 1 },
          ],
          probed_risks: [
            {
              id: 'P1',
              risk: 'Memory grows unbounded',
              trigger: 'traffic spike',
              cascade: 'OOM kill',
              probability: 'MED',
              severity: 'SIGNIFICANT',
              generates_challenge: null,
              iteration: 1,
            },
          ],
        }),
      ],
    });
    assert.match(section(out, 'Surfaced context'), /1 finding\(s\) nobody asked about; 1 call for changes/);
    assert.match(section(out, 'Surfaced context'), /\| S1 \| git_history \| abc123 \| contradicts plan \| Redis was chosen in 2024 \| C1 \|/);
    assert.match(section(out, 'Probed risks'), /\| P1 \| SIGNIFICANT \| MED \| Memory grows unbounded \| traffic spike \| OOM kill \| — \|/);
  });

  it('lists DEFERRED_SURFACED items with the cap note', () => {
    const out = render({
      iterations: [
        iterationFixture({
          deferred_surfaced: [{ origin: 'surfaced', severity: 'MINOR', claim: 'Log format differs', quote: 'logs', iteration: 1, reason: 'over the 2-per-iteration cap' }],
        }),
      ],
    });
    const s = section(out, 'Deferred by the caps (DEFERRED_SURFACED)');
    assert.match(s, /at most 2 new research challenges per iteration, at most 8 active challenges/);
    assert.match(s, /Log format differs/);
  });

  it('warns about technical debt at 5 deferred challenges, not at 4', () => {
    const deferred = (n: number) => Array.from({ length: n }, (_, i) => challengeFixture({ id: `C${i + 1}`, severity: 'MINOR', status: 'DEFERRED', claim: `debt ${i + 1}` }));
    const four = render({ iterations: [iterationFixture({ challenges: deferred(4) })] });
    assert.doesNotMatch(four, /Technical Debt Warning/);
    const five = render({ iterations: [iterationFixture({ challenges: deferred(5) })], technicalDebtWarning: true });
    const s = section(five, 'Technical Debt Warning');
    for (let i = 1; i <= 5; i++) assert.match(s, new RegExp(`C${i} \\(MINOR\\): debt ${i}`));
  });

  it('shows the quality breakdown with weights, evidence and the rounded total', () => {
    const out = render({ verdict: 'PROCEED', quality: { scores: scores(), total: 8, label: 'Score' } });
    const s = section(out, 'Quality score (report-only)');
    assert.match(s, /\| Approach Soundness \| 25% \| 8\/10 \| reuses the event bus \|/);
    assert.match(s, /\| Constraint Alignment \| 10% \| 9\/10 \| fully aligned \|/);
    // 8*.25 + 6*.2 + 9*.15 + 7*.15 + 8*.15 + 9*.1 = 7.70
    assert.match(s, /\*\*Score: 8\/10\*\* \(weighted sum 7\.70, rounded half up\)/);
  });

  it('labels the score "Score (pre-rethink)" for RETHINK', () => {
    const out = render({ verdict: 'RETHINK', quality: { scores: scores(), total: 8, label: 'Score' } });
    assert.match(out, /\*\*Score \(pre-rethink\): 8\/10\*\*/);
  });

  it('shows a Score Dispute block with both scores and both rationales', () => {
    const out = render({
      quality: { scores: scores(), total: 8, label: 'Score' },
      audit: {
        confirmed: false,
        wrongly_settled: [],
        discrepancies: [{ dimension: 'risk_coverage', synthesizer_score: 6, auditor_score: 3, evidence: 'no dead-letter queue' }],
        note: '',
      },
    });
    const s = section(out, 'Challenger audit');
    assert.match(s, /### Score Dispute/);
    assert.match(s, /Risk Coverage: synthesizer 6\/10, audit 3\/10/);
    assert.match(s, /Synthesizer: retry exhaustion path missing/);
    assert.match(s, /Audit: no dead-letter queue/);
  });

  it('says the audit confirmed when there is no discrepancy', () => {
    const out = render({ quality: { scores: scores(), total: 8, label: 'Score' }, audit: { confirmed: true, wrongly_settled: [], discrepancies: [], note: '' } });
    assert.match(section(out, 'Challenger audit'), /confirmed the verdict and the scores/);
    assert.doesNotMatch(out, /Score Dispute/);
  });

  it('shows assertion confidence as in seed 003', () => {
    const out = render({
      confidence: { passed: 11, total: 15 },
      iterations: [
        iterationFixture({
          assertions: [{ id: 'A-001', type: 'file_exists', description: 'cache exists', path: 'src/cache.ts', challenge_id: 'C1', status: 'FAIL', failure_output: 'missing' }],
        }),
      ],
    });
    const s = section(out, 'Checks to run after implementation');
    assert.match(s, /verify-plan check/);
    assert.match(s, /After implementation — Confidence: 73% \(11\/15 assertions passing\)/);
    assert.match(s, /\| A-001 \| file_exists \| C1 \| FAIL \| cache exists \| missing \|/);
    assert.doesNotMatch(render(), /Confidence:/);
  });

  it('explains partial runs: cancelled, spending cap, agent failures', () => {
    assert.match(render({ verdict: 'CANCELLED', partial: true }), /Partial run: the run was cancelled\./);
    const cap = render({ verdict: 'FAILED', partial: true, failures: [{ role: 'synthesizer', iteration: 2, kind: 'budget', message: 'cap $1.00' }] });
    assert.match(cap, /Partial run: the spending cap was reached\./);
    const failed = render({ verdict: 'FAILED', partial: true, failures: [{ role: 'resolver', iteration: 1, kind: 'timeout', message: 'after 120 s' }] });
    assert.match(failed, /Partial run: agent failures forced an early exit\./);
    assert.match(section(failed, 'Agent failures'), /Resolver failed in iteration 1: it timed out\. Open unknowns stay unanswered for this iteration\. Details: after 120 s/);
    assert.match(render({ verdict: 'ABORTED', partial: true }), /aborted at a checkpoint/);
    const capByReason = render({ verdict: 'RETHINK', partial: true, reason: 'Stopped at the spending cap ($1.00).' });
    assert.match(capByReason, /Partial run: the spending cap was reached\./);
  });

  it('lists tokens and cost per role with a total', () => {
    const usage = (i: number, o: number, r: number, w: number) => ({ input_tokens: i, output_tokens: o, cache_read_input_tokens: r, cache_creation_input_tokens: w });
    const call = (role: 'challenger' | 'synthesizer', u: ReturnType<typeof usage>, cost: number, model = 'claude-opus-4-6') => ({
      role,
      iteration: 1,
      model,
      usage: u,
      cost_usd: cost,
      duration_ms: 10,
      tool_calls: 0,
      ok: true,
    });
    const out = render({
      calls: [call('challenger', usage(1000, 200, 5000, 300), 0.05), call('challenger', usage(1000, 200, 0, 0), 0.01), call('synthesizer', usage(10, 5, 0, 0), 0, 'mystery-model')],
      usage: usage(2010, 405, 5000, 300),
      costUsd: 0.06,
    });
    const s = section(out, 'Tokens and cost');
    assert.match(s, /\| Role \| Model \| Calls \|/);
    assert.match(s, /\| Challenger \| claude-opus-4-6 \| 2 \| 2,000 \| 400 \| 5,000 \| 300 \| \$0\.06 \|/);
    assert.match(s, /\| Synthesizer \| mystery-model \| 1 \|/);
    assert.match(s, /\| \*\*Total\*\* \| {2}\| 3 \| 2,010 \| 405 \| 5,000 \| 300 \| \$0\.06 \|/);
    assert.match(s, /No price is configured for mystery-model/);
  });

  it('names the editor model (vscode.lm) that ran each role, and says tokens and cost were not reported instead of $0', () => {
    const call = (role: 'challenger' | 'synthesizer' | 'resolver', model: string) => ({
      role,
      iteration: 1,
      model,
      usage: { input_tokens: 0, output_tokens: 0, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 },
      cost_usd: 0,
      duration_ms: 10,
      tool_calls: 0,
      ok: true,
    });
    const sonnet = 'copilot/claude-sonnet-4/claude-sonnet-4';
    const gpt = 'copilot/gpt-4o/gpt-4o';
    const out = render({ calls: [call('challenger', sonnet), call('resolver', gpt), call('challenger', gpt), call('synthesizer', sonnet)], usageReported: false });
    const s = section(out, 'Tokens and cost');
    assert.match(s, /\| Challenger \| copilot\/claude-sonnet-4\/claude-sonnet-4, copilot\/gpt-4o\/gpt-4o \| 2 \|/);
    assert.match(s, /\| Resolver \| copilot\/gpt-4o\/gpt-4o \| 1 \|/);
    assert.match(s, /\| Synthesizer \| copilot\/claude-sonnet-4\/claude-sonnet-4 \| 1 \|/);
    assert.match(s, /not reported by the editor's Language Model API/);
    assert.doesNotMatch(s, /\$0\.00/, 'no invented cost');
  });

  it('ends with the recommended next step (loop-provided or a default)', () => {
    assert.match(section(render({ nextStep: 'Fix C1 then re-run.' }), 'Recommended next step'), /Fix C1 then re-run\./);
    assert.match(section(render({ verdict: 'RETHINK' }), 'Recommended next step'), /rework the approach/);
  });

  it('lists checkpoint answers', () => {
    const out = render({
      iterations: [iterationFixture({ user_responses: [{ iteration: 1, checkpoint: 'blocked', challenge_id: 'C1', action: 'acknowledge_risk', text: 'known <risk>' }] })],
    });
    assert.match(section(out, 'Checkpoints'), /Iteration 1, blocked checkpoint on C1: acknowledge risk: known \\<risk\\>/);
  });
});

describe('report: non-interactive checkpoints', () => {
  it('notes checkpoints that continued without a user answer', () => {
    const out = renderMarkdownReport(validRunResult(runResultFixture()), {
      unansweredCheckpoints: [
        {
          kind: 'contradiction',
          iteration: 2,
          challengeId: null,
          title: 'Research findings contradict each other',
          detail: 'S1 says <a>, U2 says b',
          options: ['continue', 'abort'],
        },
      ],
    });
    const s = section(out, 'Checkpoints passed without an answer');
    assert.match(s, /Iteration 2, contradiction checkpoint: Research findings contradict each other\. Details: S1 says \\<a\\>, U2 says b/);
  });
});

describe('report: JSON', () => {
  it('is the RunResult, parses back and validates', () => {
    const result = validRunResult(runResultFixture({ verdict: 'PROCEED' }));
    const json = renderJsonReport(result);
    const back = RunResult.parse(JSON.parse(json));
    assert.deepEqual(back, result);
  });

  it('has a stable key order (the schema order) whatever the input order', () => {
    const result = validRunResult(runResultFixture());
    const shuffled = Object.fromEntries(Object.entries(result).reverse()) as RunResult;
    assert.equal(renderJsonReport(shuffled), renderJsonReport(result));
    assert.deepEqual(Object.keys(JSON.parse(renderJsonReport(shuffled))).slice(0, 3), ['version', 'runId', 'planPath']);
  });

  it('drops undeclared fields and rejects an invalid result with a clear error', () => {
    const withExtra = { ...runResultFixture(), apiKey: 'sk-secret' } as RunResult;
    assert.doesNotMatch(renderJsonReport(withExtra), /sk-secret/);
    assert.throws(() => renderJsonReport({ ...runResultFixture(), verdict: 'MAYBE' } as unknown as RunResult), /does not match its schema: verdict/);
  });
});

describe('report: plan-line anchors', () => {
  it('pins each challenge quote to its 1-based plan line; unknown quotes stay unpinned', () => {
    const planText = '# Plan\n\n## Steps\n1. Store sessions in memory for now.\n2. Ship it.\n';
    const result = validRunResult(
      runResultFixture({
        planText,
        iterations: [iterationFixture({ challenges: [challengeFixture(), challengeFixture({ id: 'C2', quote: 'Rewrite everything in Rust' })] })],
      }),
    );
    const anchors = anchorsForPlan(result);
    assert.equal(anchors.get('C1'), 4);
    assert.equal(anchors.has('C2'), false);
    assert.match(renderMarkdownReport(result, { anchors }), /### C1 · SIGNIFICANT · OPEN · plan line 4/);
  });
});
