/**
 * Loop scenarios for each checkpoint type of seed 001 (blocked, stall,
 * contradiction, max iterations): what the user is asked, and where the
 * answer goes. Scripted answers follow the rules of loop-scenarios.test.ts.
 */
import assert from 'node:assert/strict';
import { renderMarkdownReport } from '../../src/core/report';
import { byRole } from '../support/fake-anthropic';
import { none, raise, three } from '../support/rate-limiter-challenges';
import { audit, quality, reply, researcherOut, synth, update } from '../support/replies';
import { runAgainstFake } from '../support/run-harness';

describe('loop scenarios: the checkpoints of seed 001', function () {
  this.timeout(20_000);

  it('BLOCKED: provided context goes to the next synthesis as a user response, which may then settle the challenge on it', async () => {
    const { result, server } = await runAgainstFake({
      script: byRole({
        challenger: [raise(['BLOCKING']), none],
        researcher: [reply(researcherOut())],
        synthesizer: [
          reply(synth([update('C1', 'UNRESOLVED', 'Confirmed real')], { blocking_question: 'Is there a fallback limiter?' })),
          reply(synth([update('C1', 'RESOLVED', 'The user says each instance keeps a local token bucket as fallback')], { quality: quality(7) })),
        ],
        auditor: [reply(audit())],
      }),
      answer: () => ({ action: 'provide_context', text: 'Each instance keeps a local in-memory bucket as fallback' }),
    });
    const second = JSON.stringify(server.received.filter((r) => r.role === 'synthesizer')[1]!.body.messages);
    assert.match(second, /Each instance keeps a local in-memory bucket/);
    assert.equal(result.verdict, 'PROCEED');
    assert.match(renderMarkdownReport(result), /User decisions[\s\S]*C1 \(BLOCKING, now RESOLVED\): the user answered/);
  });

  it('BLOCKED: override is recorded; only the synthesizer can withdraw on it, and until then nothing changes', async () => {
    const { result } = await runAgainstFake({
      script: byRole({
        challenger: [raise(['BLOCKING']), none, none],
        researcher: [reply(researcherOut())],
        // The synthesizer ignores the override: the challenge stays, and so does the RETHINK.
        synthesizer: three(reply(synth([update('C1', 'UNRESOLVED', 'Still real')]))),
        auditor: [reply(audit())],
      }),
      answer: (r) => (r.kind === 'blocked' ? { action: 'override', text: 'Not applicable: internal API only' } : { action: 'continue' }),
    });
    const c1 = result.iterations.at(-1)!.challenges[0]!;
    assert.equal(c1.user_decision, 'overridden');
    assert.equal(c1.status, 'UNRESOLVED');
    assert.equal(result.verdict, 'RETHINK');
  });

  it('stall: no status changed between two iterations → the user is asked to confirm; abort ends the run', async () => {
    const { result, checkpoints } = await runAgainstFake({
      script: byRole({
        challenger: [raise(['SIGNIFICANT']), none, none],
        researcher: [reply(researcherOut())],
        synthesizer: three(reply(synth([]))),
        auditor: [reply(audit())],
      }),
      answer: () => ({ action: 'abort' }),
    });
    assert.deepEqual(
      checkpoints.map((c) => c.kind),
      ['stall'],
    );
    assert.equal(result.verdict, 'ABORTED');
  });

  it("contradictory research findings → a tiebreak checkpoint; the user's answer reaches the next iteration", async () => {
    const { checkpoints, server } = await runAgainstFake({
      script: byRole({
        challenger: [raise(['SIGNIFICANT']), none],
        researcher: [reply(researcherOut())],
        synthesizer: [
          reply(synth([update('C1', 'OPEN', 'Pending: the findings disagree about the Redis topology')], { contradictions: ['U1 says Redis is clustered, S1 says single node'] })),
          reply(synth([update('C1', 'UNRESOLVED', 'Real')])),
        ],
        auditor: [reply(audit())],
      }),
      answer: (r) => (r.kind === 'contradiction' ? { action: 'provide_context', text: 'Production runs a three-node cluster' } : { action: 'continue' }),
      config: { maxIterations: 2 },
    });
    assert.equal(checkpoints[0]!.kind, 'contradiction');
    assert.match(JSON.stringify(server.received.filter((r) => r.role === 'challenger')[1]!.body.messages), /three-node cluster/);
  });

  it('max iterations with a BLOCKING open: the findings are presented, the answer is recorded beside RETHINK', async () => {
    const { result, checkpoints } = await runAgainstFake({
      script: byRole({
        challenger: [raise(['BLOCKING'])],
        researcher: [reply(researcherOut())],
        synthesizer: [reply(synth([update('C1', 'UNRESOLVED', 'Confirmed real')]))],
        auditor: [reply(audit())],
      }),
      answer: () => ({ action: 'acknowledge_risk', text: 'We accept it for the beta' }),
      config: { maxIterations: 1 },
    });
    assert.deepEqual(
      checkpoints.map((c) => c.kind),
      ['max_iterations'],
    );
    assert.deepEqual(checkpoints[0]!.options, ['acknowledge_risk', 'override', 'continue']);
    assert.match(checkpoints[0]!.detail, /verdict is RETHINK whatever you choose/);
    assert.equal(result.verdict, 'RETHINK');
    assert.match(renderMarkdownReport(result), /User decisions[\s\S]*C1 \(BLOCKING, now UNRESOLVED\): the user acknowledged the risk[\s\S]*We accept it for the beta/);
  });
});
