/**
 * Scenarios written from the seed text: one per row of seed 002 §7, and
 * settling needs grounds (seed 002 §6). The checkpoint
 * types of seed 001 are in loop-scenarios-checkpoints.test.ts, the guards of
 * §8 in loop-scenarios-guards.test.ts. Every scripted answer is one the role's
 * prompt allows: settlements of BLOCKING/SIGNIFICANT challenges cite a plan
 * passage or a user response, every synthesis scores the plan, an
 * acknowledged risk stays UNRESOLVED.
 */
import assert from 'node:assert/strict';
import { renderMarkdownReport } from '../../src/core/report';
import { byRole } from '../support/fake-anthropic';
import { ROUND_TRIP, SERVER_TIME, none, raise, three } from '../support/rate-limiter-challenges';
import { audit, planEvidence, quality, reply, researcherOut, synth, update } from '../support/replies';
import { runAgainstFake } from '../support/run-harness';

describe('loop scenarios from seed 002 §7 (one per row)', function () {
  this.timeout(20_000);

  it('CONVERGED → PROCEED: zero BLOCKING and zero SIGNIFICANT open; the report has the score and the audit', async () => {
    const { result, server } = await runAgainstFake({
      script: byRole({
        challenger: [raise(['SIGNIFICANT', 'MINOR'])],
        researcher: [reply(researcherOut())],
        synthesizer: [reply(synth([update('C1', 'RESOLVED', 'The plan bounds skew with server time', [SERVER_TIME]), update('C2', 'DEFERRED')], { quality: quality(8) }))],
        auditor: [reply(audit())],
      }),
    });
    assert.equal(result.verdict, 'PROCEED');
    assert.equal(result.stopCause, 'converged');
    assert.equal(result.quality?.label, 'Score');
    assert.equal(server.received.filter((r) => r.role === 'auditor').length, 1);
    assert.match(renderMarkdownReport(result), /## Challenger audit/);
  });

  it('CONVERGED → REVISE after ONE iteration: 1–2 SIGNIFICANT unresolved with mitigations, still scored and audited', async () => {
    const { result, server } = await runAgainstFake({
      script: byRole({
        challenger: [raise(['SIGNIFICANT', 'SIGNIFICANT'])],
        researcher: [reply(researcherOut())],
        synthesizer: [
          reply(
            synth([update('C1', 'UNRESOLVED', 'Real: mitigation is a 50 ms command timeout and a breaker'), update('C2', 'RESOLVED', 'Plan keeps it to one trip', [ROUND_TRIP])], {
              quality: quality(6),
            }),
          ),
        ],
        auditor: [reply(audit())],
      }),
      config: { maxIterations: 1 },
    });
    assert.equal(result.verdict, 'REVISE');
    assert.ok(result.quality, 'the quality breakdown is always in the report (seed 001 Step 4)');
    assert.equal(server.received.filter((r) => r.role === 'auditor').length, 1);
  });

  it('CONVERGED → REVISE (strong): 3+ SIGNIFICANT unresolved; the report says to address them first', async () => {
    const { result } = await runAgainstFake({
      script: byRole({
        challenger: [raise(['SIGNIFICANT', 'SIGNIFICANT', 'SIGNIFICANT'])],
        researcher: [reply(researcherOut())],
        synthesizer: [
          reply(
            synth(
              ['C1', 'C2', 'C3'].map((id) => update(id, 'UNRESOLVED', `${id}: real, mitigation written here`)),
              { quality: quality(5) },
            ),
          ),
        ],
        auditor: [reply(audit())],
      }),
      config: { maxIterations: 1 },
    });
    assert.equal(result.verdict, 'REVISE (strong)');
    assert.match(renderMarkdownReport(result), /Strongly recommended: address these before proceeding/);
  });

  it("BLOCKED → PAUSE: a BLOCKING open pauses for the user with the synthesizer's question", async () => {
    const { checkpoints } = await runAgainstFake({
      script: byRole({
        challenger: [raise(['BLOCKING']), none, none],
        researcher: [reply(researcherOut())],
        synthesizer: three(reply(synth([update('C1', 'UNRESOLVED', 'Confirmed real; no mitigation')], { blocking_question: 'May the limiter fail closed?' }))),
        auditor: [reply(audit())],
      }),
      answer: () => ({ action: 'continue' }),
    });
    assert.equal(checkpoints[0]!.kind, 'blocked');
    assert.equal(checkpoints[0]!.challengeId, 'C1');
    assert.match(checkpoints[0]!.detail, /May the limiter fail closed\?/);
  });

  it('FORCED_EXIT → RETHINK: a BLOCKING still open after iteration 3, score labelled pre-rethink, no audit (seed 001 Step 4: "If converged")', async () => {
    const { result, server } = await runAgainstFake({
      script: byRole({
        challenger: [raise(['BLOCKING']), none, none],
        researcher: [reply(researcherOut())],
        synthesizer: three(reply(synth([update('C1', 'UNRESOLVED', 'Confirmed real; no mitigation')], { quality: quality(9) }))),
      }),
    });
    assert.equal(result.verdict, 'RETHINK');
    assert.equal(result.stopCause, 'max_iterations');
    assert.equal(result.quality?.label, 'Score (pre-rethink)', 'a plan can score 9 and RETHINK');
    assert.equal(server.received.filter((r) => r.role === 'auditor').length, 0, 'a forced exit did not converge: no audit shot');
    assert.equal(result.audit, null);
  });

  it('Technical Debt Warning: 5 DEFERRED MINOR challenges are listed and do not change the verdict', async () => {
    const { result } = await runAgainstFake({
      script: byRole({
        challenger: [raise(['MINOR', 'MINOR', 'MINOR', 'MINOR', 'MINOR'])],
        researcher: [reply(researcherOut())],
        synthesizer: [reply(synth(['C1', 'C2', 'C3', 'C4', 'C5'].map((id) => update(id, 'DEFERRED'))))],
        auditor: [reply(audit())],
      }),
    });
    assert.equal(result.verdict, 'PROCEED');
    assert.equal(result.technicalDebtWarning, true);
    assert.match(renderMarkdownReport(result), /Technical Debt Warning/i);
  });
});

describe('loop scenarios: settling needs grounds (seed 002 §6)', function () {
  this.timeout(20_000);

  it('a BLOCKING set RESOLVED with no evidence stays as it was, the verdict stays RETHINK and the report says why', async () => {
    const { result } = await runAgainstFake({
      script: byRole({
        challenger: [raise(['BLOCKING'])],
        researcher: [reply(researcherOut())],
        synthesizer: [reply(synth([update('C1', 'RESOLVED', 'Seems fine')]))],
        auditor: [reply(audit())],
      }),
      config: { maxIterations: 1 },
    });
    const c1 = result.iterations.at(-1)!.challenges[0]!;
    assert.equal(c1.status, 'OPEN');
    assert.equal(result.verdict, 'RETHINK');
    assert.match(renderMarkdownReport(result), /Settlements the engine refused[\s\S]*C1 \(BLOCKING\) stays OPEN: RESOLVED refused because it cites no evidence/);
  });

  it('a quote that is not in the plan is no ground, nor is a stated reason: WITHDRAWN "The plan already handles this." stays refused and visible', async () => {
    const { result } = await runAgainstFake({
      script: byRole({
        challenger: [raise(['SIGNIFICANT', 'SIGNIFICANT'])],
        researcher: [reply(researcherOut())],
        synthesizer: [
          reply(
            synth([
              update('C1', 'RESOLVED', 'The plan has a circuit breaker', [planEvidence('a circuit breaker opens after five failures')]),
              update('C2', 'WITHDRAWN', 'The plan already handles this.'),
            ]),
          ),
        ],
        auditor: [reply(audit())],
      }),
      config: { maxIterations: 1 },
    });
    const [c1, c2] = result.iterations.at(-1)!.challenges;
    assert.equal(c1!.status, 'OPEN');
    assert.equal(c2!.status, 'OPEN');
    assert.equal(result.verdict, 'REVISE');
    const refused = result.iterations.at(-1)!.refused_settlements;
    assert.match(refused[0]!.reason, /could be found/);
    assert.match(refused[1]!.reason, /C2 \(SIGNIFICANT\) stays OPEN: WITHDRAWN refused because it cites no evidence/);
    assert.match(renderMarkdownReport(result), /Settlements the engine refused[\s\S]*C2 \(SIGNIFICANT\) stays OPEN: WITHDRAWN refused/);
  });

  it('the audit shows a SIGNIFICANT wrongly settled: it is reopened, the verdict is recomputed from the statuses, and the report says "reopened by the final audit"', async () => {
    const { result, server } = await runAgainstFake({
      script: byRole({
        challenger: [raise(['SIGNIFICANT'])],
        researcher: [reply(researcherOut())],
        synthesizer: [reply(synth([update('C1', 'RESOLVED', 'Server time settles it', [SERVER_TIME])], { quality: quality(7) }))],
        auditor: [reply(audit({ confirmed: true, wrongly_settled: [{ id: 'C1', reason: 'Server time answers clock skew, not the fail-open outage the concern is about' }] }))],
      }),
    });
    const c1 = result.iterations.at(-1)!.challenges[0]!;
    assert.equal(c1.status, 'OPEN');
    assert.equal(result.verdict, 'REVISE', 'seed 002 §7 on the final statuses: one SIGNIFICANT open');
    assert.equal(result.audit?.confirmed, false, 'an audit with a flag does not confirm');
    assert.match(result.reason, /C1 was reopened by the final audit/);
    const verdictSection = renderMarkdownReport(result).split('## Assessment')[0]!;
    assert.match(verdictSection, /C1[^\n]*reopened by the final audit/);
    const auditBody = JSON.stringify(server.received.find((r) => r.role === 'auditor')!.body.messages);
    assert.match(auditBody, /settled_challenges/);
    assert.match(auditBody, /abusive clients face no limit/, 'the auditor sees the full text of settled challenges');
  });
});
