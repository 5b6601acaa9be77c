/**
 * End-to-end, model lifecycle and honest cost at run start: the
 * built CLI against the fake API, which serves the Models API and answers an
 * unknown model with 404 `not_found_error`.
 */
import assert from 'node:assert/strict';
import { byRole, type FakeReply, type ReceivedRequest } from '../support/fake-anthropic';
import { audit, challengerOut, quality, reply, researcherOut, synth } from '../support/replies';
import { TEST_KEY, SESSIONS_PLAN, useCliAgainstFake } from './run-cli';

const PLAN = SESSIONS_PLAN;

/** A clean one-iteration PROCEED: no challenges, empty research, synthesis and audit. */
const proceedScript = () =>
  byRole({
    challenger: () => reply(challengerOut([])),
    researcher: () => reply(researcherOut()),
    synthesizer: () => reply(synth([], { quality: quality(8) })),
    auditor: () => reply(audit()),
  });

describe('cli end-to-end: model lifecycle at run start', function () {
  this.timeout(30000);
  const h = useCliAgainstFake({
    prepare: ({ server, ws }) => {
      server.setScript(proceedScript());
      ws.plan('sessions.md', PLAN);
    },
  });
  const cli = (args: string[]) => h.cli(['--team', 'base', '--non-interactive', ...args]);

  it('with default settings every Messages request names a current default model', async () => {
    const run = await cli([]);
    assert.equal(run.code, 0, run.stderr);
    assert.ok(h.server.received.length > 0);
    const models = new Set(h.server.received.map((r) => String(r.body.model)));
    assert.deepEqual([...models].sort(), ['claude-opus-5-5', 'claude-sonnet-5-5']);
    assert.ok(h.server.modelRequests.length >= 1, 'the Models API was asked before the run');
    assert.doesNotMatch(run.stderr, /Warning:|Note:/);
  });

  it('an unknown model id stops before the first paid call: exit 4, role, id and replacement named, zero /v1/messages requests', async () => {
    const run = await cli(['--model-challenger', 'claude-opus-9-9']);
    assert.equal(run.code, 4, run.stderr);
    assert.match(run.stderr, /"claude-opus-9-9" \(challenger\)/);
    assert.match(run.stderr, /not_found_error/);
    assert.match(run.stderr, /Use claude-opus-5-5 instead/);
    assert.equal(h.server.received.length, 0, 'no Messages API request may be sent');
    assert.ok(!run.stderr.includes(TEST_KEY));
  });

  it('a retired model stops with its retirement date and replacement even when the Models API is unreachable', async () => {
    h.server.setModelsEndpoint('down');
    const run = await cli(['--model-auditor', 'claude-opus-4-1']);
    assert.equal(run.code, 4, run.stderr);
    assert.match(run.stderr, /"claude-opus-4-1" \(auditor\) was retired on 2026-08-05/);
    assert.match(run.stderr, /Use claude-opus-5-5 instead/);
    assert.equal(h.server.received.length, 0);
  });

  it('a deprecated model warns once on stderr and the run goes on', async () => {
    const run = await cli(['--model-researcher', 'claude-sonnet-4-5', '--quiet']);
    assert.equal(run.code, 0, run.stderr);
    const warnings = run.stderr.split('\n').filter((l) => l.startsWith('Warning:'));
    assert.equal(warnings.length, 1, run.stderr);
    assert.match(warnings[0]!, /"claude-sonnet-4-5" \(researcher\) is deprecated and retires on 2026-11-30.*claude-sonnet-5-5/);
    assert.ok(h.server.received.some((r) => r.body.model === 'claude-sonnet-4-5'));
  });

  it('an unreachable Models API is a note and the run continues with the table', async () => {
    h.server.setModelsEndpoint('down');
    const run = await cli([]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /^Note: Could not reach the Models API .*the run continues\.$/m);
    assert.ok(h.server.received.length > 0);
  });

  it('a spending cap with an unpriced model refuses to start (exit 4) and says why', async () => {
    const refused = await cli(['--model-challenger', 'claude-mythos-preview', '--spending-cap', '1']);
    assert.equal(refused.code, 4, refused.stderr);
    assert.match(refused.stderr, /no price is known for claude-mythos-preview \(challenger\)/);
    assert.match(refused.stderr, /--price MODEL=IN\/OUT/);
    assert.equal(h.server.received.length, 0);
  });

  it('--price gives the unpriced model a price: the capped run starts, bills it, and no call counts as $0', async () => {
    const run = await cli(['--model-challenger', 'claude-mythos-preview', '--price', 'claude-mythos-preview=10/50', '--spending-cap', '1', '--json']);
    assert.equal(run.code, 0, run.stderr);
    assert.ok(h.server.received.some((r) => r.body.model === 'claude-mythos-preview'));
    const result = JSON.parse(run.stdout) as { calls: { model: string; cost_usd: number }[] };
    const challenger = result.calls.filter((c) => c.model === 'claude-mythos-preview');
    assert.ok(challenger.length > 0 && challenger.every((c) => c.cost_usd > 0), JSON.stringify(challenger));
    const markdown = await cli(['--model-challenger', 'claude-mythos-preview', '--price', 'claude-mythos-preview=10/50', '--quiet']);
    assert.equal(markdown.code, 0, markdown.stderr);
    assert.match(markdown.stdout, /## Tokens and cost/);
    assert.doesNotMatch(markdown.stdout, /count as \$0/);
  });

  it('the spending cap stops a run before a call of the user-priced model could pass it (exit 3)', async () => {
    const run = await cli(['--model-challenger', 'claude-mythos-preview', '--price', 'claude-mythos-preview=10/50', '--spending-cap', '0.000001']);
    assert.equal(run.code, 3, run.stderr);
    assert.match(run.stdout, /Partial run: the spending cap was reached/);
    // The cap is checked before each request against its worst case at the user's price: not even the first one fits.
    assert.equal(h.server.received.length, 0, 'no request is sent that could pass the cap');
    assert.match(run.stdout, /The challenger's call in iteration 1 was not sent: it could have cost up to \$[\d.,]+/);
  });

  it('a bad --price is refused before any request (exit 4), naming the flag and the form', async () => {
    for (const bad of ['claude-mythos-preview=10', 'claude-mythos-preview=ten/50', 'claude-mythos-preview=5000/50']) {
      const run = await cli(['--price', bad]);
      assert.equal(run.code, 4, `${bad}: ${run.stderr}`);
      assert.match(run.stderr, /^verify-plan: --price( must be MODEL=IN\/OUT|: claude-mythos-preview\.inputPerMTok: Too big)/m);
    }
    assert.equal(h.server.received.length + h.server.modelRequests.length, 0);
  });

  describe('--max-retry-wait: the bound on retry-after waits reaches the provider', () => {
    /** The first challenger request is rate limited with `retry-after: seconds`; everything else answers normally. */
    const rateLimitedOnce = (seconds: number) => {
      const normal = proceedScript();
      let limited = false;
      return (req: ReceivedRequest, index: number): FakeReply | Promise<FakeReply> => {
        if (req.role === 'challenger' && !limited) {
          limited = true;
          return { kind: 'error', status: 429, type: 'rate_limit_error', message: 'Number of request tokens has exceeded your per-minute rate limit', retryAfterSeconds: seconds };
        }
        return normal(req, index);
      };
    };
    const challengerRequests = () => h.server.received.filter((r) => r.role === 'challenger').length;

    it('a requested wait longer than the bound fails the call at once, says so, and is not retried', async () => {
      h.server.setScript(rateLimitedOnce(3));
      const run = await cli(['--max-retry-wait', '1']);
      assert.match(run.stderr, /the API asked to wait 3 s before retrying, longer than the 1 s limit, so the call was not retried/);
      assert.doesNotMatch(run.stderr, /retrying in/);
      assert.equal(challengerRequests(), 1);
    });

    it('a requested wait within the bound is waited, shown as progress, and the call then succeeds', async () => {
      h.server.setScript(rateLimitedOnce(1));
      const run = await cli(['--max-retry-wait', '5']);
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stderr, /^Challenger: rate limited, retrying in 1 s \(retry 1 of 4\)$/m);
      assert.equal(challengerRequests(), 2);
    });

    it('a bad value is refused before any request (exit 4)', async () => {
      for (const bad of ['301', '-1', '1.5', 'soon']) {
        const run = await cli([`--max-retry-wait=${bad}`]);
        assert.equal(run.code, 4, `${bad}: ${run.stderr}`);
        assert.match(run.stderr, /--max-retry-wait must be/);
      }
      assert.equal(h.server.received.length, 0);
    });
  });
});
