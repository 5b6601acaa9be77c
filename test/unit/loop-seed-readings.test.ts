/**
 * The smaller rules of seeds 000–002 the loop must keep, each with the seed
 * text it follows (readings are in src/core/README.md, "Seed readings").
 * Every scripted answer is one the prompts allow.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createResearchToolbox } from '../../src/core/research';
import { renderMarkdownReport } from '../../src/core/report';
import { byRole } from '../support/fake-anthropic';
import { none, raise, three } from '../support/rate-limiter-challenges';
import { audit, challenge, challengerOut, reply, researcherOut, synth, update } from '../support/replies';
import { runAgainstFake } from '../support/run-harness';

/** Challenges on the rate-limiter plan that share no passage and no concern, so de-dup keeps them all. */
const TOPICS: [string, string, string][] = [
  ['Add `src/server/rate-limit/bucket.ts`', 'Module layout hides the limiter', 'Reviewers cannot find where quotas live'],
  ['Buckets expire after two idle minutes', 'Expiry resets abusive keys', 'Attackers pause briefly then regain full bursts'],
  ['mounted after the API-key middleware', 'Ordering lets anonymous floods through', 'Unauthenticated traffic bypasses every quota'],
  ['respond 429 with `Retry-After` in whole seconds', 'Rounded retry hints cause thundering herds', 'Clients retry simultaneously at second boundaries'],
  ['Two app instances run behind the load balancer', 'Scaling beyond two nodes untested', 'Autoscaled replicas overload shared storage'],
  ['Redis 7 already backs the session store', 'Session eviction interferes', 'Memory pressure logs users out randomly'],
  ['Internal routes stay unlimited', 'Internal endpoints become abuse vectors', 'Compromised services hammer private routes freely'],
];
const distinct = (n: number, from: number, severity: 'BLOCKING' | 'SIGNIFICANT' | 'MINOR' = 'SIGNIFICANT') =>
  reply(challengerOut(TOPICS.slice(from, from + n).map(([quote, claim, concern], i) => challenge({ ref: `n${i}`, severity, quote, claim, concern }))));

describe('seed readings the loop keeps', function () {
  this.timeout(30_000);

  it('seed 001 checkpoint 3: a run stopped by DEGRADATION with a BLOCKING open still presents it at the max-iterations checkpoint', async () => {
    const { result, checkpoints } = await runAgainstFake({
      script: byRole({
        challenger: [raise(['BLOCKING']), distinct(2, 0), distinct(2, 2)],
        researcher: [reply(researcherOut())],
        synthesizer: three(reply(synth([update('C1', 'UNRESOLVED', 'Real; no mitigation')]))),
        auditor: [reply(audit())],
      }),
      answer: () => ({ action: 'continue' }),
    });
    assert.equal(result.stopCause, 'degradation');
    assert.equal(result.verdict, 'RETHINK');
    assert.ok(
      checkpoints.some((c) => c.kind === 'max_iterations' && c.challengeId === 'C1'),
      checkpoints.map((c) => c.kind).join(', '),
    );
  });

  it('a challenge the user decided on at the BLOCKED checkpoint is not asked again at max iterations', async () => {
    const { checkpoints } = await runAgainstFake({
      script: byRole({
        challenger: [raise(['BLOCKING']), none, none],
        researcher: [reply(researcherOut())],
        synthesizer: three(reply(synth([update('C1', 'UNRESOLVED', 'Real; no mitigation')]))),
        auditor: [reply(audit())],
      }),
      answer: () => ({ action: 'acknowledge_risk' }),
    });
    assert.deepEqual(
      checkpoints.filter((c) => c.challengeId === 'C1').map((c) => c.kind),
      ['blocked'],
    );
  });

  it("the synthesizer's blocking_question goes with the BLOCKING it names, not under every one", async () => {
    const { checkpoints } = await runAgainstFake({
      script: byRole({
        challenger: [raise(['BLOCKING', 'BLOCKING']), none],
        researcher: [reply(researcherOut())],
        synthesizer: [reply(synth([update('C1', 'UNRESOLVED', 'Real'), update('C2', 'UNRESOLVED', 'Real')], { blocking_question: 'Does C2 need hot keys at all?' }))],
        auditor: [reply(audit())],
      }),
      answer: () => ({ action: 'abort' }),
      config: { maxIterations: 2 },
    });
    // abort at the first checkpoint: only C1 is asked, and the question is about C2
    assert.equal(checkpoints[0]!.challengeId, 'C1');
    assert.doesNotMatch(checkpoints[0]!.detail, /Does C2 need hot keys/);
  });

  it("the synthesizer's summary, the DEGRADATION count and contradictory findings reach the report", async () => {
    const { result } = await runAgainstFake({
      script: byRole({
        challenger: [raise(['SIGNIFICANT'])],
        researcher: [reply(researcherOut())],
        synthesizer: [
          reply(
            synth([update('C1', 'UNRESOLVED', 'Real')], {
              summary: 'Summary marker: the outage case is the crux.',
              contradictions: ['U1 says Redis is clustered; S1 says it is a single node'],
            }),
          ),
        ],
        auditor: [reply(audit())],
      }),
      config: { maxIterations: 1 },
    });
    const md = renderMarkdownReport(result);
    assert.match(md, /Summary marker: the outage case is the crux/);
    assert.match(md, /Contradictory findings: U1 says Redis is clustered/);
  });

  it('seed 000 "Max 5 challenges per iteration from Challenger" holds in later iterations too', async () => {
    const { result } = await runAgainstFake({
      script: byRole({
        challenger: [raise(['SIGNIFICANT']), distinct(5, 0, 'MINOR'), none],
        researcher: [reply(researcherOut())],
        synthesizer: [reply(synth([])), reply(synth([])), reply(synth([]))],
        auditor: [reply(audit())],
      }),
      config: { maxIterations: 2 },
    });
    assert.equal(result.iterations.at(-1)!.challenges.filter((c) => c.iteration_introduced === 2).length, 5);
  });

  it("scaled team, iterations 2–3: the domain expert and the devil's advocate are called only when a directive names them; only research roles get tools", async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'vp-seed-'));
    try {
      const { server } = await runAgainstFake({
        script: byRole({
          challenger: [raise(['SIGNIFICANT']), none, none],
          'domain-expert': [reply(challengerOut([])), reply(challengerOut([]))],
          'devils-advocate': [reply(challengerOut([])), reply(challengerOut([]))],
          researcher: [reply(researcherOut())],
          synthesizer: [
            reply(synth([], { directives: ["Devil's advocate: trace the cascade of C1 through the billing export"] })),
            reply(synth([update('C1', 'UNRESOLVED', 'Real')])),
            reply(synth([])),
          ],
          auditor: [reply(audit())],
        }),
        config: { team: 'scaled', maxIterations: 3 },
        options: { research: createResearchToolbox({ root }), workspaceRoot: root },
      });
      const calls = (role: string) => server.received.filter((r) => r.role === role).length;
      assert.equal(calls('domain-expert'), 1, 'iteration 1 only');
      assert.equal(calls('devils-advocate'), 2, 'iteration 1, and iteration 2 on the directive');
      for (const r of server.received) {
        const tools = (r.body.tools ?? []).length;
        if (r.role === 'researcher' || r.role === 'resolver') continue;
        assert.equal(tools, 0, `${r.role} was sent ${tools} tools`);
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
