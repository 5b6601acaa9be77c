/**
 * End-to-end: the built CLI as a child process against the fake Anthropic
 * server on 127.0.0.1 (real SDK, real HTTP). Each test scripts the agents'
 * replies and checks exit code, stdout and stderr.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { RunResult } from '../../src/core/run-types';
import { byRole, sequence } from '../support/fake-anthropic';
import { audit, challenge, challengerOut, quality, reply, researcherOut, synth, update } from '../support/replies';
import { TEST_KEY, type CliRun, SESSIONS_PLAN, SESSIONS_QUOTE as QUOTE, SESSIONS_FALLBACK as FALLBACK, useCliAgainstFake } from './run-cli';

const PLAN = SESSIONS_PLAN;
/** 1-based line of the quote the scripted challenges use. */
const QUOTE_LINE = PLAN.split('\n').findIndex((l) => l.includes(QUOTE)) + 1;

const TRIVIAL_PLAN = '# Fix typo\n\nFix the typo in the README title.\n';

const noChallenges = reply(challengerOut([]));
const noResearch = reply(researcherOut());

function assertNoKey(run: CliRun): void {
  assert.ok(!run.stdout.includes(TEST_KEY) && !run.stderr.includes(TEST_KEY), 'the API key must never be printed');
}

describe('cli end-to-end (node dist/cli.js + fake Anthropic API)', function () {
  this.timeout(30000);
  const h = useCliAgainstFake();
  const { cli } = h;

  it('PROCEED in one iteration: exit 0, Markdown report on stdout, progress on stderr, state saved', async () => {
    h.ws.plan('sessions.md', PLAN);
    h.server.setScript(
      byRole({
        challenger: sequence([reply(challengerOut([challenge({ quote: QUOTE, severity: 'SIGNIFICANT' })]))], noChallenges),
        researcher: () => noResearch,
        synthesizer: [reply(synth([update('C1', 'RESOLVED', 'The plan falls back to read-only mode', [FALLBACK])], { quality: quality(8) }))],
        auditor: [reply(audit())],
      }),
    );
    const run = await cli(['--team', 'base']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^# Verify Plan: .*sessions\.md$/m);
    assert.match(run.stdout, /\*\*PROCEED\*\*/);
    assert.match(run.stdout, new RegExp(`\\| C1 \\| SIGNIFICANT \\| challenger \\| RESOLVED \\| .* \\| ${QUOTE_LINE} \\|`));
    assert.match(run.stdout, /## Tokens and cost/);
    assert.match(run.stderr, /^Complexity: \d+\/16\. Team: BASE\. Starting verification\.\.\.$/m);
    assert.match(run.stderr, /Iteration 1: 1 resolved, 0 remaining/);
    assert.match(run.stderr, /Run state: .*\.verify-plan/);
    assert.doesNotMatch(run.stdout, /Starting verification/);
    assert.ok(existsSync(path.join(h.ws.dir, '.verify-plan')), 'run state is saved under .verify-plan/');
    assertNoKey(run);
    // The key reaches the API (header name depends on the SDK version) and nowhere else.
    assert.ok(h.server.received.every((r) => JSON.stringify([r.headers['x-api-key'], r.headers.authorization]).includes(TEST_KEY)));
  });

  it('REVISE: a SIGNIFICANT challenge left unresolved exits 1', async () => {
    h.ws.plan('sessions.md', PLAN);
    h.server.setScript(
      byRole({
        challenger: sequence([reply(challengerOut([challenge({ quote: QUOTE, severity: 'SIGNIFICANT' })]))], noChallenges),
        researcher: () => noResearch,
        synthesizer: () => reply(synth([update('C1', 'UNRESOLVED', 'Real risk; mitigation: add a fallback')], { quality: quality(6) })),
        auditor: () => reply(audit()),
      }),
    );
    const run = await cli(['--team', 'base']);
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stdout, /\*\*REVISE\*\*/);
    assertNoKey(run);
  });

  it('RETHINK: a BLOCKING challenge that persists through 3 iterations exits 2', async () => {
    h.ws.plan('sessions.md', PLAN);
    h.server.setScript(
      byRole({
        challenger: sequence([reply(challengerOut([challenge({ quote: QUOTE, severity: 'BLOCKING' })]))], noChallenges),
        researcher: () => noResearch,
        synthesizer: () => reply(synth([update('C1', 'UNRESOLVED', 'No mitigation found')], { quality: quality(4) })),
        auditor: () => reply(audit()),
      }),
    );
    const run = await cli(['--team', 'base']);
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stdout, /\*\*RETHINK\*\*/);
    assert.match(run.stdout, /Score \(pre-rethink\)/);
    assert.equal(h.server.received.filter((r) => r.role === 'synthesizer').length, 3);
    assertNoKey(run);
  });

  it('BLOCKED checkpoint without a terminal: continues by policy, notes it, and can still converge', async () => {
    h.ws.plan('sessions.md', PLAN);
    h.server.setScript(
      byRole({
        challenger: sequence([reply(challengerOut([challenge({ quote: QUOTE, severity: 'BLOCKING' })]))], noChallenges),
        researcher: () => noResearch,
        synthesizer: [
          reply(synth([update('C1', 'UNRESOLVED', 'Needs a decision')], { blocking_question: 'Is Redis available in production?' })),
          reply(synth([update('C1', 'RESOLVED', 'The plan falls back to read-only mode on an outage', [FALLBACK])], { quality: quality(7) })),
        ],
        auditor: () => reply(audit()),
      }),
    );
    const run = await cli(['--team', 'base']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /^Checkpoint \(blocked, iteration 1\): C1 → non-interactive: continuing without an answer/m);
    assert.match(run.stdout, /## Checkpoints passed without an answer/);
    assert.match(run.stdout, /Iteration 1, blocked checkpoint on C1/);
    assert.match(run.stdout, /\*\*PROCEED\*\*/);
  });

  it('a re-run carries the last run forward from the state folder (--state-dir)', async () => {
    const planFile = h.ws.plan('sessions.md', PLAN);
    const claim = 'The plan assumes Redis is always reachable (memory marker 7Q)';
    h.server.setScript(
      byRole({
        challenger: sequence([reply(challengerOut([challenge({ quote: QUOTE, claim })]))], noChallenges),
        researcher: () => noResearch,
        synthesizer: () => reply(synth([update('C1', 'UNRESOLVED', 'Real risk')], { quality: quality(6) })),
        auditor: () => reply(audit()),
      }),
    );
    const first = await cli(['--team', 'base', '--state-dir', 'state']);
    assert.equal(first.code, 1, first.stderr);
    assert.ok(existsSync(path.join(h.ws.dir, 'state')));
    const before = h.server.received.length;

    h.ws.file(path.relative(h.ws.dir, planFile), PLAN.replace('fall back to read-only mode', 'fall back to signed cookies'));
    const second = await cli(['--team', 'base', '--state-dir', 'state']);
    // This time the challenger raises nothing, but C1 is still open: the re-run starts from it, and nothing settled it.
    assert.equal(second.code, 1, second.stderr);
    assert.match(second.stdout, /## What to change[\s\S]*1\. \*\*C1\*\* · SIGNIFICANT · UNRESOLVED · still open/);
    const challengerRequest = h.server.received.slice(before).find((r) => r.role === 'challenger');
    const sent = JSON.stringify(challengerRequest?.body);
    const firstRunId = /^Run ([\w-]+), started/m.exec(first.stdout)?.[1];
    assert.ok(firstRunId && sent.includes(firstRunId), 'the challenger sees the previous run');
    assert.ok(sent.includes('signed cookies'), 'and what changed in the plan');
  });

  it('a TRIVIAL plan gives PROCEED (trivial) without any request', async () => {
    h.ws.plan('typo.md', TRIVIAL_PLAN);
    const run = await cli([]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /PROCEED \(trivial\)/);
    assert.equal(h.server.received.length, 0);
  });

  it('without a key: static checks only, the message says so, exit 0', async () => {
    // An open point the precise scope reports, so the run prints a finding.
    h.ws.plan('sessions.md', PLAN.replace('## Risks', 'Redis version: TBD.\n\n## Risks'));
    const run = await cli([], { env: { ANTHROPIC_BASE_URL: h.server.baseURL } });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^Complexity: \d+\/16\. Team: (BASE|SCALED)\./m);
    assert.match(run.stdout, /Agent loop skipped: set ANTHROPIC_API_KEY to run the verification team \(static checks only\)\./);
    assert.match(run.stdout, /\.claude\/plans\/sessions\.md:\d+:\d+: (info|warning|error) [a-z-]+: /);
    assert.equal(h.server.received.length, 0);
  });

  it('--static with a key makes no request either', async () => {
    h.ws.plan('sessions.md', PLAN);
    const run = await cli(['--static']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /Agent loop skipped \(--static\)/);
    assert.equal(h.server.received.length, 0);
  });

  it('an unknown flag exits 4 with a clear message', async () => {
    const run = await cli(['--bogus']);
    assert.equal(run.code, 4);
    assert.match(run.stderr, /Unknown option --bogus/);
    assert.equal(run.stdout, '');
  });

  it('a missing plan exits 4; so does an empty .claude/plans', async () => {
    const missing = await cli(['nope.md']);
    assert.equal(missing.code, 4);
    assert.match(missing.stderr, /Plan file not found: nope\.md/);
    // HOME is the empty workspace, so the default `~/.claude/plans` cannot find the developer's own plans.
    const none = await cli([], { env: { ...h.keyedEnv(), HOME: h.ws.dir } });
    assert.equal(none.code, 4);
    assert.match(none.stderr, /No plan files found in `\.claude\/plans`, `specs\/\*\/plan\.md`, `\.kiro\/specs\/\*`, `~\/\.claude\/plans`\. Pass the path to your plan file/);
  });

  it('discovery picks the newest .claude/plans/*.md by modification time', async () => {
    h.ws.plan('older.md', PLAN, 1_700_000_000);
    h.ws.plan('newer.md', PLAN, 1_700_000_500);
    h.ws.plan('oldest.md', PLAN, 1_600_000_000);
    const run = await cli(['--static']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^Plan: \.claude\/plans\/newer\.md$/m);
  });

  it('--json prints only the RunResult on stdout (valid against the schema) and --out writes the same report', async () => {
    h.ws.plan('sessions.md', PLAN);
    h.server.setScript(
      byRole({
        challenger: sequence([reply(challengerOut([challenge({ quote: QUOTE })]))], noChallenges),
        researcher: () => noResearch,
        synthesizer: [reply(synth([update('C1', 'RESOLVED', 'The plan falls back to read-only mode', [FALLBACK])], { quality: quality(8) }))],
        auditor: [reply(audit())],
      }),
    );
    const run = await cli(['--team', 'base', '--json', '--out', 'report.json']);
    assert.equal(run.code, 0, run.stderr);
    const result = RunResult.parse(JSON.parse(run.stdout));
    assert.equal(result.verdict, 'PROCEED');
    assert.equal(result.iterations.at(-1)?.challenges[0]?.id, 'C1');
    assert.match(run.stderr, /Starting verification/);
    assert.equal(readFileSync(path.join(h.ws.dir, 'report.json'), 'utf8'), run.stdout);
    assertNoKey(run);
  });

  it('--out writes the Markdown report atomically', async () => {
    h.ws.plan('sessions.md', PLAN);
    h.server.setScript(
      byRole({
        challenger: sequence([reply(challengerOut([]))], noChallenges),
        researcher: () => noResearch,
        synthesizer: () => reply(synth([], { quality: quality(9) })),
        auditor: () => reply(audit()),
      }),
    );
    const run = await cli(['--team', 'base', '--out', 'verify-report.md']);
    assert.equal(run.code, 0, run.stderr);
    const written = readFileSync(path.join(h.ws.dir, 'verify-report.md'), 'utf8');
    assert.equal(written, run.stdout);
    assert.match(written, /^# Verify Plan: /);
    assert.match(run.stderr, /Report written to .*verify-report\.md/);
  });

  it('Ctrl-C mid-run exits 130 with the partial report', async () => {
    h.ws.plan('sessions.md', PLAN);
    h.server.setScript(byRole({ challenger: () => ({ kind: 'hang' }), researcher: () => noResearch }));
    const run = await cli(['--team', 'base'], {
      onSpawn: (child) => {
        void h.server.waitForRequests(1, 15000).then(() => child.kill('SIGINT'));
      },
    });
    assert.equal(run.code, 130, run.stderr);
    assert.match(run.stdout, /\*\*CANCELLED\*\*/);
    assert.match(run.stdout, /Partial run: the run was cancelled/);
    assert.match(run.stderr, /Interrupted/);
  });

  it('the spending cap stops the run: exit 3 and the report says why', async () => {
    h.ws.plan('sessions.md', PLAN);
    h.server.setScript(
      byRole({
        challenger: () => reply(challengerOut([challenge({ quote: QUOTE, severity: 'BLOCKING' })])),
        researcher: () => noResearch,
        synthesizer: () => reply(synth([update('C1', 'UNRESOLVED')])),
        auditor: () => reply(audit()),
      }),
    );
    const run = await cli(['--team', 'base', '--spending-cap', '0.01', '--json']);
    assert.equal(run.code, 3, run.stderr);
    const result = RunResult.parse(JSON.parse(run.stdout));
    assert.equal(h.server.received.length, 0, 'the first call could cost more than a cent, so it was not sent');
    assert.ok(result.costUsd <= 0.01);
    assert.equal(result.stopCause, 'spending_cap');
    assert.match(
      result.reason,
      /^Stopped at the spending cap: \$0\.00 spent of the \$0\.01 cap\. The challenger's call in iteration 1 was not sent: it could have cost up to \$0\.\d\d /,
    );
  });

  it('a cap that cannot pay for the full output room lowers it: the run completes and spends no more than the cap', async () => {
    h.ws.plan('sessions.md', PLAN);
    h.server.setScript(
      byRole({
        challenger: sequence([reply(challengerOut([challenge({ quote: QUOTE, severity: 'SIGNIFICANT' })]))], noChallenges),
        researcher: () => noResearch,
        synthesizer: [reply(synth([update('C1', 'RESOLVED', 'The plan falls back to read-only mode', [FALLBACK])], { quality: quality(8) }))],
        auditor: [reply(audit())],
      }),
    );
    const run = await cli(['--team', 'base', '--spending-cap', '0.9']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /\*\*PROCEED\*\*/);
    const rooms = h.server.received.map((r) => (r.body as { max_tokens: number }).max_tokens);
    assert.ok(rooms.some((room) => room < 64_000) && rooms.every((room) => room >= 16_000), `rooms: ${rooms.join(', ')}`);
  });

  it('agent failures that force an exit give exit 3 and are explained', async () => {
    h.ws.plan('sessions.md', PLAN);
    h.server.setScript(
      byRole({
        challenger: () => reply(challengerOut([challenge({ quote: QUOTE })])),
        researcher: () => noResearch,
        // Under structured outputs the API's decoder cannot write another shape; a model can still refuse.
        synthesizer: () => ({ kind: 'text', text: 'I cannot assess this plan.', stopReason: 'refusal' }),
      }),
    );
    const run = await cli(['--team', 'base']);
    assert.equal(run.code, 3, run.stderr);
    assert.match(run.stdout, /## Agent failures/);
    assert.match(run.stdout, /Synthesizer failed in iteration 1: the model declined to answer/);
    assert.match(run.stderr, /Agent Synthesizer failed on iteration 1/);
  });

  it('--base-url wins over ANTHROPIC_BASE_URL', async () => {
    h.ws.plan('sessions.md', PLAN);
    h.server.setScript(
      byRole({
        challenger: () => noChallenges,
        researcher: () => noResearch,
        synthesizer: () => reply(synth([], { quality: quality(8) })),
        auditor: () => reply(audit()),
      }),
    );
    const run = await cli(['--team', 'base', '--base-url', h.server.baseURL], { env: { ANTHROPIC_API_KEY: TEST_KEY, ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' } });
    assert.equal(run.code, 0, run.stderr);
    assert.ok(h.server.received.length >= 2);
  });

  it('check re-runs the stored assertions without any LLM call', async () => {
    h.ws.plan('sessions.md', PLAN);
    const withAssertion = challenge({
      quote: QUOTE,
      assertions: [{ type: 'file_exists', description: 'the Redis store module exists', path: 'src/session/store.ts' }],
    });
    h.server.setScript(
      byRole({
        challenger: sequence([reply(challengerOut([withAssertion]))], noChallenges),
        researcher: () => noResearch,
        synthesizer: [reply(synth([update('C1', 'RESOLVED', 'The plan falls back to read-only mode', [FALLBACK])], { quality: quality(8) }))],
        auditor: [reply(audit())],
      }),
    );
    const first = await cli(['--team', 'base']);
    assert.equal(first.code, 0, first.stderr);
    const requests = h.server.received.length;

    const failing = await cli(['check']);
    assert.equal(failing.code, 1, failing.stderr);
    assert.match(failing.stdout, /FAIL\s+A-001\s+the Redis store module exists/);
    assert.match(failing.stdout, /Confidence: 0% \(0\/1 assertions passing\)/);

    h.ws.file('src/session/store.ts', 'export {};\n');
    const passing = await cli(['check', '--json']);
    assert.equal(passing.code, 0, passing.stderr);
    assert.deepEqual(JSON.parse(passing.stdout).confidence, { passed: 1, total: 1 });
    assert.equal(h.server.received.length, requests, 'check makes no LLM call');
  });

  it('check with no stored run exits 4', async () => {
    h.ws.plan('sessions.md', PLAN);
    const run = await cli(['check']);
    assert.equal(run.code, 4);
    assert.match(run.stderr, /No stored assertions for \.claude\/plans\/sessions\.md/);
  });
});
