/**
 * The GitHub Action (action.yml) end to end: its steps run
 * locally by test/support/composite-action-runner.ts with a fake GITHUB_*
 * environment (event file, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY), in a temporary
 * git repository with a base and a head commit, against the fake Anthropic API.
 */
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Log } from 'sarif';
import { byRole, sequence } from '../support/fake-anthropic';
import { audit, challenge, challengerOut, quality, reply, researcherOut, synth, update } from '../support/replies';
import { runCompositeAction, type ActionRun } from '../support/composite-action-runner';
import { sarifSchemaErrors } from '../support/sarif-validator';
import { commitAll, initCiRepo, pullRequestEvent } from '../support/action-repo';
import { cleanEnv, REPO_ROOT, TEST_KEY, SESSIONS_PLAN_DANGLING, SESSIONS_QUOTE as QUOTE, useCliAgainstFake } from './run-cli';

const SOUND_OLD_PLAN = `# Plan: rotate logs

## Steps
1. Add logrotate config in deploy/logrotate.conf. Success: logrotate -d shows the rule.

## Risks
- Disk fills if rotation fails; alert at 80 %.
`;

const NEW_PLAN = SESSIONS_PLAN_DANGLING;

/** A challenge the synthesizer keeps UNRESOLVED: BLOCKING gives RETHINK, SIGNIFICANT gives REVISE. */
function script(severity: 'BLOCKING' | 'SIGNIFICANT') {
  return byRole({
    challenger: sequence([reply(challengerOut([challenge({ quote: QUOTE, severity })]))], reply(challengerOut([]))),
    researcher: () => reply(researcherOut()),
    synthesizer: () => reply(synth([update('C1', 'UNRESOLVED', 'No mitigation in the plan')], { quality: quality(5) })),
    auditor: () => reply(audit()),
  });
}

describe('GitHub Action (action.yml steps, fake GITHUB_* environment, fake API)', function () {
  this.timeout(60000);
  let base: string;
  const h = useCliAgainstFake({
    prepare: ({ ws }) => {
      initCiRepo(ws.dir);
      ws.file('README.md', '# App\n');
      ws.plan('logs.md', SOUND_OLD_PLAN);
      base = commitAll(ws.dir, 'base');
      ws.plan('sessions.md', NEW_PLAN);
      ws.file('README.md', '# App\n\nNow with sessions.\n');
      ws.file('docs/notes.md', 'Not a plan.\n');
      commitAll(ws.dir, 'head');
    },
  });

  function event(name: 'pull_request' | 'push'): Record<string, string> {
    if (name === 'pull_request') return pullRequestEvent(h.ws.dir, base, 7);
    const file = path.join(h.ws.dir, '..', `${path.basename(h.ws.dir)}-event.json`);
    writeFileSync(file, JSON.stringify({ ref: 'refs/heads/main' }));
    return { GITHUB_EVENT_NAME: name, GITHUB_EVENT_PATH: file };
  }

  const act = (inputs: Record<string, string>, env: Record<string, string>) =>
    runCompositeAction(REPO_ROOT, { inputs: { team: 'base', ...inputs }, workspace: h.ws.dir, env: cleanEnv({ ANTHROPIC_BASE_URL: h.server.baseURL, ...env }) });

  const sarifOf = (run: ActionRun): Log => {
    const log = JSON.parse(readFileSync(run.outputs['sarif-file']!, 'utf8')) as Log;
    assert.deepEqual(sarifSchemaErrors(log), []);
    return log;
  };
  const stepLog = (run: ActionRun) => run.steps.map((s) => `${s.name}: ran=${s.ran} code=${s.code}\n${s.stderr}`).join('\n');

  it('pull request, RETHINK, fail-on RETHINK: only the changed plan is verified; summary, outputs, SARIF; the gate fails the job', async () => {
    h.server.setScript(script('BLOCKING'));
    const run = await act({ 'fail-on': 'RETHINK', 'anthropic-api-key': TEST_KEY }, event('pull_request'));
    assert.equal(run.failed, true, stepLog(run));
    assert.equal(run.steps.at(-1)!.name, 'Gate on the verdict');
    assert.equal(run.steps.at(-1)!.code, 1);
    assert.match(run.steps.at(-1)!.stdout, /::error title=Verify Plan::fail-on RETHINK: \.claude\/plans\/sessions\.md: RETHINK/);
    assert.equal(run.steps.find((s) => s.name === 'Verify plans')!.code, 0, 'the verify step itself succeeds, so the upload can still run');
    assert.equal(run.outputs.verdict, 'RETHINK');
    assert.equal(run.outputs.plans, '1');
    assert.equal(run.outputs.blocking, '1');
    assert.equal(run.outputs.significant, '0');
    assert.equal(run.outputs.failed, 'true');
    assert.match(run.summary, /^## Verify Plan: RETHINK/m);
    assert.match(run.summary, /^# Verify Plan: .*sessions\.md$/m, 'the Markdown report is in the job summary');
    assert.doesNotMatch(run.summary, /logs\.md/, 'the unchanged plan is not verified');
    const log = sarifOf(run);
    assert.equal(log.runs[0]!.properties!.verdict, 'RETHINK');
    const uris = new Set(log.runs[0]!.results!.map((r) => r.locations![0]!.physicalLocation!.artifactLocation!.uri));
    assert.deepEqual([...uris], ['.claude/plans/sessions.md']);
    assert.ok(log.runs[0]!.results!.some((r) => r.ruleId === 'challenge-blocking' && r.level === 'error'));
    assert.deepEqual(run.uses, [], 'upload-sarif is off by default');
    const all = run.steps.map((s) => s.stdout + s.stderr + s.summary).join('\n') + readFileSync(run.outputs['sarif-file']!, 'utf8');
    assert.ok(!all.includes(TEST_KEY), 'the API key never appears in logs, summary or SARIF');
  });

  it('REVISE passes fail-on RETHINK and fails fail-on REVISE; upload-sarif hands the SARIF file to codeql-action/upload-sarif', async () => {
    h.server.setScript(script('SIGNIFICANT'));
    const lenient = await act({ 'fail-on': 'RETHINK', 'anthropic-api-key': TEST_KEY, 'upload-sarif': 'true' }, event('pull_request'));
    assert.equal(lenient.failed, false, stepLog(lenient));
    assert.equal(lenient.outputs.verdict, 'REVISE');
    assert.equal(lenient.outputs.significant, '1');
    assert.equal(lenient.outputs.failed, 'false');
    assert.equal(lenient.steps.at(-1)!.ran, false, 'the gate step is skipped');
    assert.deepEqual(lenient.uses, [{ uses: 'github/codeql-action/upload-sarif@v4', with: { sarif_file: lenient.outputs['sarif-file'], category: 'verify-plan' } }]);
    sarifOf(lenient);

    // Each scenario is a fresh checkout: no run state from the one before (a re-run would start from its open challenges).
    const freshCheckout = () => rmSync(path.join(h.ws.dir, '.verify-plan'), { recursive: true, force: true });
    freshCheckout();
    h.server.setScript(script('SIGNIFICANT'));
    const strict = await act({ 'fail-on': 'REVISE', 'anthropic-api-key': TEST_KEY }, event('pull_request'));
    assert.equal(strict.failed, true, stepLog(strict));
    assert.equal(strict.outputs.failed, 'true');

    freshCheckout();
    h.server.setScript(script('BLOCKING'));
    const never = await act({ 'fail-on': 'never', 'anthropic-api-key': TEST_KEY }, event('pull_request'));
    assert.equal(never.outputs.verdict, 'RETHINK');
    assert.equal(never.failed, false, 'fail-on never never fails');
  });

  it('push without a key: every matching plan, static checks only, no request; fail-on REVISE fails on static errors', async () => {
    const run = await act({ 'fail-on': 'REVISE', 'sarif-file': 'out/plans.sarif' }, event('push'));
    assert.equal(h.server.received.length, 0);
    assert.equal(run.outputs.plans, '2');
    assert.equal(run.outputs.verdict, 'STATIC-ONLY');
    assert.ok(Number(run.outputs['static-errors']) >= 1, 'the dangling dependency is an error');
    assert.equal(run.outputs['sarif-file'], path.join(h.ws.dir, 'out', 'plans.sarif'));
    assert.equal(run.failed, true);
    assert.match(run.summary, /### \.claude\/plans\/logs\.md/);
    assert.match(run.summary, /### \.claude\/plans\/sessions\.md/);
    const log = sarifOf(run);
    assert.ok(log.runs[0]!.results!.some((r) => r.ruleId === 'dangling-dependency' && r.level === 'error'));
    const lenient = await act({ 'fail-on': 'RETHINK' }, event('push'));
    assert.equal(lenient.failed, false, 'static findings never make a RETHINK');
  });

  it('bad inputs stop the verify step with a clear message', async () => {
    const run = await act({ 'fail-on': 'sometimes' }, event('push'));
    assert.equal(run.failed, true);
    const verify = run.steps.find((s) => s.name === 'Verify plans')!;
    assert.equal(verify.code, 4);
    assert.match(verify.stderr, /fail-on must be RETHINK, REVISE or never, got "sometimes"/);
  });
});
