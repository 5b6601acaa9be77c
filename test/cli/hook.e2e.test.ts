/**
 * The Claude Code hook end to end: an ExitPlanMode payload piped into the
 * built CLI, against the fake Anthropic API. Per the hooks reference
 * (https://code.claude.com/docs/en/hooks, "PreToolUse decision control",
 * "PermissionRequest decision control") a denial is exit 0 with, for
 * PreToolUse, hookSpecificOutput.permissionDecision "deny" and the reason for
 * Claude; for PermissionRequest, hookSpecificOutput.decision {behavior
 * "deny", message}. PROCEED sets no decision (never an automatic allow).
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { byRole, sequence } from '../support/fake-anthropic';
import { audit, challenge, challengerOut, planEvidence, quality, reply, researcherOut, synth, update } from '../support/replies';
import { TEST_KEY, SESSIONS_PLAN, SESSIONS_QUOTE as QUOTE, proceedScript, useCliAgainstFake } from './run-cli';

const PLAN = SESSIONS_PLAN;

/** One SIGNIFICANT challenge on the quoted step, which the synthesizer leaves UNRESOLVED: REVISE (seed 002 §7). */
const significantLeftUnresolved = () =>
  byRole({
    challenger: sequence([reply(challengerOut([challenge({ quote: QUOTE, severity: 'SIGNIFICANT' })]))], reply(challengerOut([]))),
    researcher: () => reply(researcherOut()),
    synthesizer: () => reply(synth([update('C1', 'UNRESOLVED', 'Real risk; mitigation: add a fallback')], { quality: quality(6) })),
    auditor: () => reply(audit()),
  });

describe('verify-plan hook claude-code (built CLI + fake Anthropic API)', function () {
  this.timeout(30000);
  const h = useCliAgainstFake();
  const payload = () =>
    JSON.stringify({ session_id: 'abc-123', transcript_path: '/tmp/t.jsonl', cwd: h.ws.dir, hook_event_name: 'PreToolUse', tool_name: 'ExitPlanMode', tool_input: { plan: PLAN } });
  const hook = (env: Record<string, string> = h.keyedEnv()) => h.cli(['hook', 'claude-code', '--team', 'base'], { env, input: payload() });

  it('PermissionRequest (the installed default): a flawed plan is denied with decision.behavior "deny" and the challenges in the message; a sound one gets no decision', async () => {
    h.server.setScript(significantLeftUnresolved());
    const input = (plan: string) =>
      JSON.stringify({
        session_id: 'abc-123',
        transcript_path: '/tmp/t.jsonl',
        cwd: h.ws.dir,
        permission_mode: 'plan',
        hook_event_name: 'PermissionRequest',
        tool_name: 'ExitPlanMode',
        tool_input: { plan },
      });
    const run = await h.cli(['hook', 'claude-code', '--team', 'base'], { input: input(PLAN) });
    assert.equal(run.code, 0, run.stderr);
    const out = JSON.parse(run.stdout);
    assert.deepEqual(Object.keys(out.hookSpecificOutput).sort(), ['decision', 'hookEventName']);
    assert.equal(out.hookSpecificOutput.hookEventName, 'PermissionRequest');
    assert.equal(out.hookSpecificOutput.decision.behavior, 'deny');
    assert.equal(out.hookSpecificOutput.decision.interrupt, undefined, 'Claude keeps planning and revises');
    assert.match(out.hookSpecificOutput.decision.message, /Verify Plan verdict: REVISE[\s\S]*\[SIGNIFICANT, new\] C1[\s\S]*Plan checked: tool_input\.plan/);
    assert.match(out.systemMessage, /Verify Plan: REVISE; the plan went back to Claude with 1 open challenge/);

    h.server.setScript(proceedScript());
    const sound = await h.cli(['hook', 'claude-code', '--team', 'base'], { input: input(PLAN) });
    const proceed = JSON.parse(sound.stdout);
    assert.equal(proceed.hookSpecificOutput, undefined, 'no allow: the user still approves the plan');
    assert.match(proceed.systemMessage, /Verify Plan: PROCEED/);
  });

  it('a flawed plan is denied with the open challenge (quote, concern, alternative) in the reason', async () => {
    h.server.setScript(significantLeftUnresolved());
    const run = await hook();
    assert.equal(run.code, 0, run.stderr);
    const out = JSON.parse(run.stdout);
    assert.equal(out.hookSpecificOutput.hookEventName, 'PreToolUse');
    assert.equal(out.hookSpecificOutput.permissionDecision, 'deny');
    const reason: string = out.hookSpecificOutput.permissionDecisionReason;
    assert.match(reason, /Verify Plan verdict: REVISE/);
    assert.match(reason, /\[SIGNIFICANT, new\] C1/);
    assert.ok(reason.includes(QUOTE), reason);
    assert.match(reason, /Concern: .+\n\s*Change: .+/);
    assert.ok(!existsSync(path.join(h.ws.dir, '.claude')), 'the plan is verified where it lives: no copy in the project');
    assert.equal(readFileSync(path.join(h.ws.dir, '.verify-plan', '.gitignore'), 'utf8'), '*\n');
    assert.ok(!run.stdout.includes(TEST_KEY) && !run.stderr.includes(TEST_KEY));
  });

  it('a sound plan is not blocked: no permission decision, so the user still approves it', async () => {
    h.server.setScript(proceedScript()); // the one challenge is resolved on the plan's own fallback
    const run = await hook();
    assert.equal(run.code, 0, run.stderr);
    const out = JSON.parse(run.stdout);
    assert.equal(out.hookSpecificOutput, undefined);
    assert.match(out.systemMessage, /Verify Plan: PROCEED/);
  });

  it('a revised plan asked again: memory of the first run reaches the challenger; the reason says still open and fixed', async () => {
    const docs = 'Document the new REDIS_URL setting in docs/deploy.md';
    const kept = challenge({
      ref: 'n1',
      quote: QUOTE,
      concern: 'Sessions vanish while Redis is unreachable',
      claim: 'The plan assumes Redis is always reachable (memory marker 9K)',
    });
    const fixedLater = challenge({ ref: 'n2', quote: docs, concern: 'Operators will not know the default value of REDIS_URL' });
    const script = (first: boolean) =>
      byRole({
        challenger: sequence([reply(challengerOut(first ? [kept, fixedLater] : [kept]))], reply(challengerOut([]))),
        researcher: () => reply(researcherOut()),
        synthesizer: () =>
          reply(
            synth(
              first
                ? [update('C1', 'UNRESOLVED', 'Real risk'), update('C2', 'UNRESOLVED', 'Real gap')]
                : // C2's quoted line is gone; it is fixed only because the new line answers it (a verified plan quote), not because it went missing.
                  [
                    update('C1', 'UNRESOLVED', 'Real risk'),
                    update('C2', 'RESOLVED', 'The deploy guide now states the default', [planEvidence('Document REDIS_URL (default redis://localhost:6379)')]),
                  ],
              { quality: quality(6) },
            ),
          ),
        auditor: () => reply(audit()),
      });
    h.server.setScript(script(true));
    const first = await hook();
    const firstReason: string = JSON.parse(first.stdout).hookSpecificOutput.permissionDecisionReason;
    assert.match(firstReason, /\[SIGNIFICANT, new\] C1/);
    assert.match(firstReason, /\[SIGNIFICANT, new\] C2/);
    const before = h.server.received.length;

    // Claude revises the plan (the REDIS_URL step now states its default) and calls ExitPlanMode again in the same session.
    const revised = PLAN.replace(`${docs}.`, 'Document REDIS_URL (default redis://localhost:6379) in the deploy guide.');
    h.server.setScript(script(false));
    const second = await h.cli(['hook', 'claude-code', '--team', 'base'], {
      input: JSON.stringify({ session_id: 'abc-123', cwd: h.ws.dir, hook_event_name: 'PreToolUse', tool_name: 'ExitPlanMode', tool_input: { plan: revised } }),
    });
    assert.equal(second.code, 0, second.stderr);
    const out = JSON.parse(second.stdout);
    assert.equal(out.hookSpecificOutput.permissionDecision, 'deny');
    const reason: string = out.hookSpecificOutput.permissionDecisionReason;
    assert.match(reason, /\[SIGNIFICANT, still open\] C1/, reason);
    assert.match(reason, /1 challenge\(s\) from the previous version are fixed/);
    assert.doesNotMatch(reason, /REDIS_URL setting/);
    const challengerRequest = h.server.received.slice(before).find((r) => r.role === 'challenger');
    const sent = JSON.stringify(challengerRequest?.body);
    assert.ok(sent.includes('memory marker 9K'), 'the challenger sees the earlier challenges (the memory of the last run)');
    assert.ok(sent.includes('redis://localhost:6379'), 'and the diff of the revision');
  });

  it('stdin is decoded as one UTF-8 buffer: a 123 KB Japanese plan reaches the model without a replacement character', async () => {
    h.server.setScript(proceedScript());
    const sentence = 'セッションを再起動後も保持するため、Redis ストアを導入する。';
    const japanese = '## 背景\n' + sentence.repeat(1400) + '\n';
    // A pipe delivers the first 64 KiB as one chunk: pad so that boundary falls inside a 3-byte character.
    const payload = (pad: string) =>
      Buffer.from(
        JSON.stringify({ session_id: 's-ja', cwd: h.ws.dir, hook_event_name: 'PreToolUse', tool_name: 'ExitPlanMode', tool_input: { plan: `${PLAN}\n${pad}\n${japanese}` } }),
        'utf8',
      );
    let input = payload('');
    for (const pad of ['x', 'xx']) if ((65536 - input.indexOf(Buffer.from(sentence, 'utf8'))) % 3 === 0) input = payload(pad);
    assert.notEqual((65536 - input.indexOf(Buffer.from(sentence, 'utf8'))) % 3, 0);
    assert.ok(input.length > 120_000);
    const run = await h.cli(['hook', 'claude-code', '--team', 'base'], { input: input.toString('utf8') });
    assert.match(JSON.parse(run.stdout).systemMessage, /Verify Plan: PROCEED/);
    const sent = h.server.received.filter((r) => r.role === 'challenger').map((r) => JSON.stringify(r.body));
    assert.ok(sent.length > 0 && sent.some((body) => body.includes('セッションを再起動後も保持するため、Redis ストアを導入する。'.repeat(20))));
    assert.ok(
      sent.every((body) => !body.includes('\ufffd') && !body.includes('\\ufffd')),
      'no U+FFFD where a character crossed a pipe chunk',
    );
  });

  it('without a key: static checks only, never blocks', async () => {
    const run = await hook({});
    assert.equal(run.code, 0, run.stderr);
    const out = JSON.parse(run.stdout);
    assert.equal(out.hookSpecificOutput, undefined);
    assert.match(out.systemMessage, /static checks only/);
    assert.equal(h.server.received.length, 0);
  });

  it('unusable input is reported, never blocks and never crashes', async () => {
    const run = await h.cli(['hook', 'claude-code'], { env: {}, input: '{"tool_input": 3' });
    assert.equal(run.code, 0, run.stderr);
    assert.match(JSON.parse(run.stdout).systemMessage, /unusable hook input.*NOT checked/);
    assert.ok(!existsSync(path.join(h.ws.dir, '.claude')));
  });

  describe("engine flags: a run's --model-<role>, --effort-<role>, --price, --max-retry-wait", () => {
    const hookWith = (flags: string[]) => h.cli(['hook', 'claude-code', '--team', 'base', ...flags], { env: h.keyedEnv(), input: payload() });

    it('the model and effort flags reach the challenger requests; other roles keep their defaults', async () => {
      h.server.setScript(proceedScript());
      const run = await hookWith(['--model-challenger', 'claude-sonnet-5-5', '--effort-challenger', 'low']);
      assert.equal(run.code, 0, run.stderr);
      assert.match(JSON.parse(run.stdout).systemMessage, /Verify Plan: PROCEED/);
      const challenger = h.server.received.filter((r) => r.role === 'challenger');
      assert.ok(challenger.length > 0);
      for (const r of challenger) {
        assert.equal(r.body.model, 'claude-sonnet-5-5');
        assert.equal((r.body.output_config as { effort?: string }).effort, 'low');
      }
      const synthesizer = h.server.received.filter((r) => r.role === 'synthesizer');
      assert.ok(synthesizer.length > 0 && synthesizer.every((r) => r.body.model === 'claude-opus-5-5' && (r.body.output_config as { effort?: string }).effort === 'high'));
    });

    it('a cap with an unpriced model is not run (a message, never a block); --price lets it run', async () => {
      h.server.setScript(proceedScript());
      const refused = await hookWith(['--model-challenger', 'claude-mythos-preview', '--spending-cap', '1']);
      assert.equal(refused.code, 0, refused.stderr);
      const out = JSON.parse(refused.stdout);
      assert.equal(out.hookSpecificOutput, undefined);
      assert.match(out.systemMessage, /no price is known for claude-mythos-preview \(challenger\).*The plan was NOT checked/);
      assert.equal(h.server.received.length, 0);
      const priced = await hookWith(['--model-challenger', 'claude-mythos-preview', '--spending-cap', '1', '--price', 'claude-mythos-preview=10/50']);
      assert.match(JSON.parse(priced.stdout).systemMessage, /Verify Plan: PROCEED/);
      assert.ok(h.server.received.some((r) => r.body.model === 'claude-mythos-preview'));
    });

    it('an unknown model id is not run: the message names role, id and replacement, and no Messages request is sent', async () => {
      h.server.setScript(proceedScript());
      const run = await hookWith(['--model-auditor', 'claude-opus-9-9']);
      assert.equal(run.code, 0, run.stderr);
      assert.match(JSON.parse(run.stdout).systemMessage, /"claude-opus-9-9" \(auditor\).*claude-opus-5-5.*The plan was NOT checked/);
      assert.equal(h.server.received.length, 0);
    });

    it('a bad flag value is a usage error (exit 4) naming the flag', async () => {
      const run = await hookWith(['--effort-challenger', 'extreme']);
      assert.equal(run.code, 4);
      assert.match(run.stderr, /--effort-challenger must be low, medium, high, xhigh or max, got "extreme"/);
    });
  });
});
