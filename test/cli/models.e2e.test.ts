/**
 * End-to-end, model lifecycle and honest cost at run start (issue 12): the
 * built CLI against the fake API, which serves the Models API and answers an
 * unknown model with 404 `not_found_error`.
 */
import assert from 'node:assert/strict';
import { byRole } from '../support/fake-anthropic';
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
    assert.equal(h.server.received.length, 0);
  });
});
