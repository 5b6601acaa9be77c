/**
 * `--format sarif` end to end: the built CLI against the fake
 * Anthropic API (agent loop) and without a key (static only). Both outputs
 * must validate against the official SARIF 2.1.0 schema in test/fixtures/sarif.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Log } from 'sarif';
import { challengeFingerprint } from '../../src/core/fingerprint';
import { byRole, sequence } from '../support/fake-anthropic';
import { audit, challenge, challengerOut, quality, reply, researcherOut, synth, update } from '../support/replies';
import { sarifSchemaErrors } from '../support/sarif-validator';
import { TEST_KEY, SESSIONS_PLAN_DANGLING, SESSIONS_QUOTE as QUOTE, useCliAgainstFake } from './run-cli';

const PLAN = SESSIONS_PLAN_DANGLING;
const QUOTE_LINE = PLAN.split('\n').findIndex((l) => l.includes(QUOTE)) + 1;

function parseValid(stdout: string): Log {
  const log = JSON.parse(stdout) as Log;
  const errors = sarifSchemaErrors(log);
  assert.deepEqual(errors, [], errors.join('\n'));
  return log;
}

describe('verify-plan --format sarif (built CLI)', function () {
  this.timeout(30000);
  const h = useCliAgainstFake({
    prepare: ({ ws }) => {
      // The workspace is a git repository and the CLI runs from a sub-folder: uris are repository-relative.
      spawnSync('git', ['init', '-q', ws.dir]);
      ws.file('docs/.keep', '');
      ws.file('docs/plans/sessions.md', PLAN);
    },
  });
  const cwd = () => path.join(h.ws.dir, 'docs');

  it('agent loop: the unresolved challenge and the static findings, levels, region, fingerprint, verdict; valid 2.1.0', async () => {
    const flagged = challenge({ quote: QUOTE, severity: 'SIGNIFICANT' });
    h.server.setScript(
      byRole({
        challenger: sequence([reply(challengerOut([flagged]))], reply(challengerOut([]))),
        researcher: () => reply(researcherOut()),
        synthesizer: () => reply(synth([update('C1', 'UNRESOLVED', 'Real risk; mitigation: add a fallback')], { quality: quality(6) })),
        auditor: () => reply(audit()),
      }),
    );
    const run = await h.cli(['plans/sessions.md', '--team', 'base', '--format', 'sarif', '--out', 'report.sarif'], { cwd: cwd() });
    assert.equal(run.code, 1, run.stderr);
    const log = parseValid(run.stdout);
    assert.equal(readFileSync(path.join(cwd(), 'report.sarif'), 'utf8'), run.stdout);
    const sarifRun = log.runs[0]!;
    assert.equal(sarifRun.properties!.verdict, 'REVISE');
    const results = sarifRun.results!;
    const c1 = results.find((r) => r.properties?.challengeId === 'C1');
    assert.ok(c1, 'the open challenge is a result');
    assert.equal(c1.ruleId, 'challenge-significant');
    assert.equal(c1.level, 'warning');
    const loc = c1.locations![0]!.physicalLocation!;
    assert.equal(loc.artifactLocation!.uri, 'docs/plans/sessions.md');
    assert.equal(loc.artifactLocation!.uriBaseId, '%SRCROOT%');
    assert.equal(loc.region!.startLine, QUOTE_LINE);
    assert.equal(c1.partialFingerprints!['verifyPlanChallenge/v1'], challengeFingerprint({ quote: flagged.quote, concern: flagged.concern }));
    const dangling = results.find((r) => r.ruleId === 'dangling-dependency');
    assert.ok(dangling, 'static findings are results too');
    assert.equal(dangling.level, 'error');
    assert.equal(results.length, 1 + results.filter((r) => !r.ruleId!.startsWith('challenge-')).length);
    assert.ok(!run.stdout.includes(TEST_KEY) && !run.stderr.includes(TEST_KEY));
  });

  it('without a key: static findings only, no request, no verdict, valid 2.1.0; --json still means JSON', async () => {
    const run = await h.cli(['plans/sessions.md', '--format', 'sarif'], { cwd: cwd(), env: {} });
    assert.equal(run.code, 1, 'an error-level finding gives exit 1 as in the Markdown mode');
    const log = parseValid(run.stdout);
    assert.equal(h.server.received.length, 0);
    assert.match(run.stderr, /static checks only/);
    const props = log.runs[0]!.properties!;
    assert.equal(props.verdict, null);
    assert.equal((props.plans as { mode: string }[])[0]!.mode, 'static');
    assert.ok(log.runs[0]!.results!.some((r) => r.ruleId === 'dangling-dependency' && r.level === 'error'));
    assert.ok(log.runs[0]!.results!.every((r) => r.locations![0]!.physicalLocation!.artifactLocation!.uri === 'docs/plans/sessions.md'));
    const json = await h.cli(['plans/sessions.md', '--json'], { cwd: cwd(), env: {} });
    assert.equal(JSON.parse(json.stdout).mode, 'static');
    const clash = await h.cli(['plans/sessions.md', '--json', '--format', 'sarif'], { cwd: cwd(), env: {} });
    assert.equal(clash.code, 4);
  });
});
