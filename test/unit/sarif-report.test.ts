/**
 * `--format sarif`: every log validates against the official
 * SARIF 2.1.0 schema (test/fixtures/sarif), has one result per open challenge
 * and per static finding, levels from severity, the plan region, stable
 * partialFingerprints, and the verdict as a run property.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Log, Result } from 'sarif';
import { assess } from '../../src/core/complexity';
import { challengeFingerprint } from '../../src/core/fingerprint';
import { parsePlan } from '../../src/core/plan';
import type { Challenge } from '../../src/core/protocol';
import { buildSarifLog, CHALLENGE_FINGERPRINT_KEY, FINDING_FINGERPRINT_KEY, overallVerdict, type SarifPlan } from '../../src/core/report/sarif';
import { runStaticChecks } from '../../src/core/rules';
import { RULE_CODES } from '../../src/core/rules/catalog';
import { VerdictLabel } from '../../src/core/run-types';
import { planArtifactUri } from '../../src/cli/sarif-output';
import { challengeFixture, iterationFixture, runResultFixture } from '../support/run-result-fixture';
import { sarifSchemaErrors } from '../support/sarif-validator';

const PLAN = `# Plan: keep sessions across restarts

## Goal
Persist user sessions so a deploy does not log everyone out.

## Steps
1. Add a Redis client in src/session/store.ts.
   - Success criteria: the unit tests for the store pass.
2. Replace the in-memory map in src/server.ts with the Redis store. Redis version: TBD.
3. Document the new REDIS_URL setting in docs/deploy.md. Depends on: step 9.

## Risks
- A Redis outage logs users out; fall back to read-only mode.
`;

const TOOL = { version: '0.1.0', informationUri: 'https://example.test/verify-plan' };

function staticPlan(planText: string, uri = 'plans/sessions.md'): SarifPlan {
  const plan = parsePlan(planText);
  const assessment = assess(plan, { team: 'auto' });
  return { uri, planText, result: null, assessment, findings: runStaticChecks(plan, { fileExists: () => true }) };
}

function agentPlan(planText: string, challenges: Challenge[], extra: Partial<SarifPlan> = {}): SarifPlan {
  const base = staticPlan(planText);
  const result = runResultFixture({ iterations: [iterationFixture({ challenges })], planText });
  return { ...base, result, assessment: result.assessment, ...extra };
}

function assertValid(log: Log): void {
  const errors = sarifSchemaErrors(JSON.parse(JSON.stringify(log)));
  assert.deepEqual(errors, [], errors.join('\n'));
}

const results = (log: Log): Result[] => log.runs[0]!.results ?? [];

describe('SARIF report (core/report/sarif.ts)', () => {
  it('the shipped schema rejects what it must (the validator is live)', () => {
    assert.notDeepEqual(sarifSchemaErrors({ version: '2.1.0', runs: [{ tool: { driver: {} } }] }), []);
    assert.notDeepEqual(sarifSchemaErrors({ version: '2.0.0', runs: [] }), []);
    const noLine = {
      version: '2.1.0',
      runs: [
        { tool: { driver: { name: 'x' } }, results: [{ message: { text: 'm' }, locations: [{ physicalLocation: { artifactLocation: { uri: 'a' }, region: { endLine: 2 } } }] }] },
      ],
    };
    assert.notDeepEqual(sarifSchemaErrors(noLine), []);
  });

  it('static-only: one result per finding, levels mapped (error→error, warning→warning, info→note), valid 2.1.0', () => {
    const plan = staticPlan(PLAN);
    assert.ok(plan.findings.some((f) => f.level === 'error') && plan.findings.some((f) => f.level === 'warning'), 'the plan has error and warning findings');
    const log = buildSarifLog([plan], TOOL);
    assertValid(log);
    const run = log.runs[0]!;
    assert.equal(results(log).length, plan.findings.length);
    const mapping = { error: 'error', warning: 'warning', info: 'note' } as const;
    plan.findings.forEach((f, i) => {
      const r = results(log)[i]!;
      assert.equal(r.ruleId, f.code);
      assert.equal(r.level, mapping[f.level]);
      assert.equal(run.tool.driver.rules![r.ruleIndex!]!.id, f.code);
      const region = r.locations![0]!.physicalLocation!.region!;
      assert.equal(region.startLine, f.range.startLine + 1);
      assert.equal(region.startColumn, f.range.startChar + 1);
      assert.equal(r.locations![0]!.physicalLocation!.artifactLocation!.uri, 'plans/sessions.md');
      assert.equal(r.locations![0]!.physicalLocation!.artifactLocation!.uriBaseId, '%SRCROOT%');
      assert.match(r.partialFingerprints![FINDING_FINGERPRINT_KEY]!, /^[0-9a-f]{16}(:\d+)?$/);
    });
    assert.deepEqual(run.properties!.verdict, null, 'a static-only run of a non-trivial plan has no verdict');
    assert.equal((run.properties!.plans as { mode: string }[])[0]!.mode, 'static');
    assert.equal(run.tool.driver.name, 'verify-plan');
    assert.equal(run.tool.driver.version, '0.1.0');
    assert.equal(run.tool.driver.informationUri, TOOL.informationUri);
    for (const code of RULE_CODES) assert.ok(run.tool.driver.rules!.some((r) => r.id === code && r.shortDescription?.text && r.fullDescription?.text && r.help?.text));
  });

  it('agent loop: only open challenges (OPEN, UNRESOLVED), most severe first, BLOCKING→error, SIGNIFICANT→warning, MINOR→note', () => {
    const challenges = [
      challengeFixture({ id: 'C1', severity: 'MINOR', status: 'OPEN', quote: 'Document the new REDIS_URL setting' }),
      challengeFixture({ id: 'C2', severity: 'BLOCKING', status: 'UNRESOLVED', quote: 'Replace the in-memory map in src/server.ts' }),
      challengeFixture({ id: 'C3', severity: 'SIGNIFICANT', status: 'RESOLVED', quote: 'Add a Redis client' }),
      challengeFixture({ id: 'C4', severity: 'SIGNIFICANT', status: 'OPEN', quote: 'a sentence the plan never had' }),
    ];
    const log = buildSarifLog([agentPlan(PLAN, challenges)], TOOL);
    assertValid(log);
    const challengeResults = results(log).filter((r) => r.ruleId!.startsWith('challenge-'));
    assert.deepEqual(
      challengeResults.map((r) => [r.properties!.challengeId, r.ruleId, r.level]),
      [
        ['C2', 'challenge-blocking', 'error'],
        ['C4', 'challenge-significant', 'warning'],
        ['C1', 'challenge-minor', 'note'],
      ],
    );
    const c2 = challengeResults[0]!;
    const line = PLAN.split('\n').findIndex((l) => l.includes('Replace the in-memory map')) + 1;
    assert.equal(c2.locations![0]!.physicalLocation!.region!.startLine, line);
    assert.equal(c2.partialFingerprints![CHALLENGE_FINGERPRINT_KEY], challengeFingerprint(challenges[1]!));
    assert.equal(challengeResults[1]!.properties!.anchored, false);
    assert.match(challengeResults[1]!.message.text!, /quote was not found/);
    assert.equal(log.runs[0]!.properties!.verdict, 'REVISE');
  });

  it('fingerprints survive moving the passage; the region follows it', () => {
    const challenge = challengeFixture({ quote: 'Replace the in-memory map in src/server.ts', status: 'OPEN' });
    const moved = PLAN.replace('## Goal', '## Context\nWe run two servers behind a load balancer.\n\n## Goal');
    const [a, b] = [PLAN, moved].map((text) => results(buildSarifLog([agentPlan(text, [challenge])], TOOL)));
    assert.equal(a!.length, b!.length);
    a!.forEach((r, i) => {
      assert.deepEqual(b![i]!.partialFingerprints, r.partialFingerprints, `${r.ruleId} keeps its fingerprint`);
      assert.equal(b![i]!.locations![0]!.physicalLocation!.region!.startLine, r.locations![0]!.physicalLocation!.region!.startLine! + 3);
    });
  });

  it('marks each challenge new or still open against the previous run', () => {
    const kept = challengeFixture({ id: 'C1', quote: 'Replace the in-memory map', concern: 'Sessions vanish when Redis is down' });
    const fresh = challengeFixture({ id: 'C2', quote: 'Document the new REDIS_URL setting', concern: 'Operators will not know the default' });
    const log = buildSarifLog([agentPlan(PLAN, [kept, fresh], { previousOpen: [challengeFingerprint(kept), 'gone'] })], TOOL);
    assert.deepEqual(
      results(log)
        .filter((r) => r.properties?.challengeId)
        .map((r) => [r.properties!.challengeId, r.properties!.change]),
      [
        ['C1', 'still open'],
        ['C2', 'new'],
      ],
    );
  });

  it('property: any plan text, challenge text and file name gives valid SARIF with one result per open challenge and finding', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 60 });
    const challenge = fc.record({
      quote: fc.oneof(text, fc.constantFrom('Replace the in-memory map', 'TBD which Redis version')),
      concern: text,
      alternative: text,
      severity: fc.constantFrom('BLOCKING', 'SIGNIFICANT', 'MINOR' as const),
      status: fc.constantFrom('OPEN', 'RESOLVED', 'UNRESOLVED', 'DEFERRED', 'WITHDRAWN' as const),
    });
    const name = fc.stringMatching(/^[\w %#?:[\]ü@-]{1,20}$/).filter((n) => n.trim() !== '' && n !== '.' && n !== '..');
    fc.assert(
      fc.property(fc.array(text, { maxLength: 30 }), fc.array(challenge, { maxLength: 6 }), name, (lines, drafts, file) => {
        const planText = lines.join('\n');
        const challenges = drafts.map((d, i) => challengeFixture({ ...d, id: `C${i + 1}` }));
        const { uri } = planArtifactUri(`/repo/plans/${file}.md`, '/repo');
        const plan = { ...agentPlan(planText, challenges), uri };
        const log = buildSarifLog([plan], TOOL);
        assertValid(log);
        const open = challenges.filter((c) => c.status === 'OPEN' || c.status === 'UNRESOLVED');
        assert.equal(results(log).length, open.length + plan.findings.length);
        const lineCount = planText.split(/\r?\n/).length;
        for (const r of results(log)) {
          assert.equal(log.runs[0]!.tool.driver.rules![r.ruleIndex!]!.id, r.ruleId);
          const region = r.locations![0]!.physicalLocation!.region!;
          assert.ok(region.startLine! >= 1 && region.startLine! <= lineCount && (region.endLine ?? region.startLine!) <= lineCount);
          assert.equal(decodeURIComponent(r.locations![0]!.physicalLocation!.artifactLocation!.uri!), `plans/${file}.md`);
        }
        for (const key of [CHALLENGE_FINGERPRINT_KEY, FINDING_FINGERPRINT_KEY]) {
          const prints = results(log).flatMap((r) => r.partialFingerprints?.[key] ?? []);
          assert.equal(new Set(prints).size, prints.length, `${key} is unique per result`);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('a plan outside the repository gets an absolute file: URI without a base id, still valid', () => {
    const { uri, relative } = planArtifactUri('/home/me/.claude/plans/a plan.md', '/repo');
    assert.equal(relative, false);
    assert.equal(uri, 'file:///home/me/.claude/plans/a%20plan.md');
    const log = buildSarifLog([{ ...staticPlan(PLAN), uri }], TOOL);
    assertValid(log);
    assert.equal(results(log)[0]!.locations![0]!.physicalLocation!.artifactLocation!.uriBaseId, undefined);
  });

  it('several plans: one run, the worst verdict as the run verdict, per-plan facts', () => {
    const revise = agentPlan(PLAN, [challengeFixture({ status: 'OPEN' })]);
    const proceed = { ...agentPlan(PLAN, []), uri: 'plans/other.md' };
    proceed.result = { ...proceed.result!, verdict: 'PROCEED' };
    const log = buildSarifLog([proceed, revise], TOOL);
    assertValid(log);
    assert.equal(log.runs.length, 1);
    assert.equal(log.runs[0]!.properties!.verdict, 'REVISE');
    assert.deepEqual(
      (log.runs[0]!.properties!.plans as { uri: string; verdict: string }[]).map((p) => [p.uri, p.verdict]),
      [
        ['plans/other.md', 'PROCEED'],
        ['plans/sessions.md', 'REVISE'],
      ],
    );
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...VerdictLabel.options, null)), (verdicts) => {
        const worst = overallVerdict(verdicts);
        if (verdicts.every((v) => v === null)) assert.equal(worst, null);
        else assert.ok(verdicts.includes(worst));
        if (verdicts.includes('RETHINK') && !verdicts.some((v) => v === 'CANCELLED' || v === 'ABORTED' || v === 'FAILED')) assert.equal(worst, 'RETHINK');
      }),
    );
  });
});
