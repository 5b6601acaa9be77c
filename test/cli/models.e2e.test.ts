/**
 * End-to-end, model lifecycle and honest cost at run start (issue 12): the
 * built CLI against the fake API, which serves the Models API and answers an
 * unknown model with 404 `not_found_error`.
 */
import assert from 'node:assert/strict';
import { byRole, FakeAnthropicServer } from '../support/fake-anthropic';
import { audit, challengerOut, quality, reply, researcherOut, synth } from '../support/replies';
import { ensureBuilt, runCli, TEST_KEY, TempWorkspace, SESSIONS_PLAN } from './run-cli';

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
  let server: FakeAnthropicServer | undefined;
  let ws: TempWorkspace;

  before(() => ensureBuilt());
  beforeEach(() => {
    ws = new TempWorkspace();
    ws.plan('sessions.md', PLAN);
  });
  afterEach(async () => {
    await server?.stop();
    ws.dispose();
  });

  const cli = (args: string[]) =>
    runCli(['--team', 'base', '--non-interactive', ...args], { cwd: ws.dir, env: { ANTHROPIC_API_KEY: TEST_KEY, ANTHROPIC_BASE_URL: server!.baseURL } });

  it('with default settings every Messages request names a current default model', async () => {
    server = await FakeAnthropicServer.start({ script: proceedScript() });
    const run = await cli([]);
    assert.equal(run.code, 0, run.stderr);
    assert.ok(server.received.length > 0);
    const models = new Set(server.received.map((r) => String(r.body.model)));
    assert.deepEqual([...models].sort(), ['claude-opus-5-5', 'claude-sonnet-5-5']);
    assert.ok(server.modelRequests.length >= 1, 'the Models API was asked before the run');
    assert.doesNotMatch(run.stderr, /Warning:|Note:/);
  });

  it('an unknown model id stops before the first paid call: exit 4, role, id and replacement named, zero /v1/messages requests', async () => {
    server = await FakeAnthropicServer.start({ script: proceedScript() });
    const run = await cli(['--model-challenger', 'claude-opus-9-9']);
    assert.equal(run.code, 4, run.stderr);
    assert.match(run.stderr, /"claude-opus-9-9" \(challenger\)/);
    assert.match(run.stderr, /not_found_error/);
    assert.match(run.stderr, /Use claude-opus-5-5 instead/);
    assert.equal(server.received.length, 0, 'no Messages API request may be sent');
    assert.ok(!run.stderr.includes(TEST_KEY));
  });

  it('a retired model stops with its retirement date and replacement even when the Models API is unreachable', async () => {
    server = await FakeAnthropicServer.start({ script: proceedScript(), modelsEndpoint: 'down' });
    const run = await cli(['--model-auditor', 'claude-opus-4-1']);
    assert.equal(run.code, 4, run.stderr);
    assert.match(run.stderr, /"claude-opus-4-1" \(auditor\) was retired on 2026-08-05/);
    assert.match(run.stderr, /Use claude-opus-5-5 instead/);
    assert.equal(server.received.length, 0);
  });

  it('a deprecated model warns once on stderr and the run goes on', async () => {
    server = await FakeAnthropicServer.start({ script: proceedScript() });
    const run = await cli(['--model-researcher', 'claude-sonnet-4-5', '--quiet']);
    assert.equal(run.code, 0, run.stderr);
    const warnings = run.stderr.split('\n').filter((l) => l.startsWith('Warning:'));
    assert.equal(warnings.length, 1, run.stderr);
    assert.match(warnings[0]!, /"claude-sonnet-4-5" \(researcher\) is deprecated and retires on 2026-11-30.*claude-sonnet-5-5/);
    assert.ok(server.received.some((r) => r.body.model === 'claude-sonnet-4-5'));
  });

  it('an unreachable Models API is a note and the run continues with the table', async () => {
    server = await FakeAnthropicServer.start({ script: proceedScript(), modelsEndpoint: 'down' });
    const run = await cli([]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /^Note: Could not reach the Models API .*the run continues\.$/m);
    assert.ok(server.received.length > 0);
  });

  it('a spending cap with an unpriced model refuses to start (exit 4) and says why', async () => {
    server = await FakeAnthropicServer.start({ script: proceedScript() });
    const refused = await cli(['--model-challenger', 'claude-mythos-preview', '--spending-cap', '1']);
    assert.equal(refused.code, 4, refused.stderr);
    assert.match(refused.stderr, /no price is known for claude-mythos-preview \(challenger\)/);
    assert.equal(server.received.length, 0);
  });
});
