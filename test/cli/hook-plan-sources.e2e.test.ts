/**
 * The Claude Code hook finds the plan wherever Claude Code put it, for both
 * events, with the built CLI, a temporary HOME and the payload shapes of
 * test/fixtures/claude-code-hook/payloads.ts (each names its source). Without
 * a key the static checks run; `--block-on-static` turns an error-level
 * finding into a denial in the event's own shape. No plan anywhere is never a
 * silent pass: no decision (the user's own approval decides) and a message
 * saying the plan was not checked.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  allowedPromptsOnly,
  emptyToolInput,
  injectedPlan,
  legacyInlinePlan,
  planFileOnly,
  transcriptNamingPlan,
  transcriptWithoutPlan,
  type HookEventName,
} from '../fixtures/claude-code-hook/payloads';
import { SESSIONS_PLAN, SESSIONS_PLAN_DANGLING, useCliAgainstFake } from './run-cli';

const EVENTS: HookEventName[] = ['PermissionRequest', 'PreToolUse'];

interface Out {
  hookSpecificOutput?: {
    hookEventName: string;
    permissionDecision?: string;
    permissionDecisionReason?: string;
    decision?: { behavior: string; message?: string; updatedInput?: unknown };
  };
  systemMessage?: string;
}

/** The reason Claude sees, whichever event denied. */
function denial(out: Out, event: HookEventName): string {
  const specific = out.hookSpecificOutput;
  assert.ok(specific, `a denial, got ${JSON.stringify(out)}`);
  assert.equal(specific.hookEventName, event);
  if (event === 'PermissionRequest') {
    assert.equal(specific.decision?.behavior, 'deny');
    assert.equal(specific.decision.updatedInput, undefined);
    assert.equal(Object.keys(specific).sort().join(','), 'decision,hookEventName');
    return specific.decision.message ?? '';
  }
  assert.equal(specific.permissionDecision, 'deny');
  return specific.permissionDecisionReason ?? '';
}

describe('verify-plan hook claude-code: where the plan comes from (built CLI, temp HOME)', function () {
  this.timeout(30000);
  const h = useCliAgainstFake();
  let home: string;
  let plans: string;
  let transcript: string;
  beforeEach(() => {
    home = mkdtempSync(path.join(tmpdir(), 'vp-home-'));
    plans = path.join(home, '.claude', 'plans');
    mkdirSync(plans, { recursive: true });
    transcript = path.join(home, '.claude', 'projects', '-work-project', '7f0a9bb2.jsonl');
    mkdirSync(path.dirname(transcript), { recursive: true });
  });
  afterEach(() => rmSync(home, { recursive: true, force: true }));

  const run = (payload: object, flags: string[] = ['--block-on-static']) =>
    h.cli(['hook', 'claude-code', '--team', 'base', ...flags], { env: { HOME: home }, input: JSON.stringify(payload) });
  const ctx = (event: HookEventName) => ({ cwd: h.ws.dir, transcriptPath: transcript, event });
  const parse = (stdout: string): Out => JSON.parse(stdout) as Out;

  for (const event of EVENTS) {
    describe(event, () => {
      it('tool_input {} and the transcript names the plan file: that file is verified where it lives; its static error denies with --block-on-static', async () => {
        const planFile = path.join(plans, 'keen-sleeping-otter.md');
        writeFileSync(planFile, SESSIONS_PLAN_DANGLING);
        writeFileSync(transcript, transcriptNamingPlan(planFile));
        const r = await run(emptyToolInput(ctx(event)));
        assert.equal(r.code, 0, r.stderr);
        const out = parse(r.stdout);
        const reason = denial(out, event);
        assert.match(reason, /dangling-dependency/);
        assert.match(reason, /call ExitPlanMode again/);
        assert.match(out.systemMessage ?? '', /Plan checked: the plan file named in the session transcript \(.*keen-sleeping-otter\.md\)/);
        assert.ok(!existsSync(path.join(h.ws.dir, '.claude')), 'nothing is copied into the project');
      });

      it('the plan injected inline (with its file): verified; without --block-on-static a static error informs and never blocks', async () => {
        const planFile = path.join(plans, 'keen-sleeping-otter.md');
        const r = await run(injectedPlan(ctx(event), SESSIONS_PLAN_DANGLING, planFile), []);
        assert.equal(r.code, 0, r.stderr);
        const out = parse(r.stdout);
        assert.equal(out.hookSpecificOutput, undefined, 'no decision: never an automatic allow');
        assert.match(out.systemMessage ?? '', /static checks only.*1 error\(s\).*Plan checked: tool_input\.plan \(plan file .*keen-sleeping-otter\.md\)/);
      });

      it('only a plan-file path in the input: the file is read (confined) and verified', async () => {
        const planFile = path.join(plans, 'calm-river.md');
        writeFileSync(planFile, SESSIONS_PLAN);
        const r = await run(planFileOnly(ctx(event), planFile));
        assert.equal(r.code, 0, r.stderr);
        const out = parse(r.stdout);
        assert.equal(out.hookSpecificOutput, undefined);
        assert.match(out.systemMessage ?? '', /0 error\(s\).*Plan checked: the plan file named in the hook input \(.*calm-river\.md\)/);
      });

      it('tool_input {} and only the plans folder: the newest plan written during this session, not an older one', async () => {
        writeFileSync(transcript, transcriptWithoutPlan(new Date(Date.now() - 60_000).toISOString()));
        const older = path.join(plans, 'zz-yesterday.md');
        writeFileSync(older, SESSIONS_PLAN);
        const yesterday = Date.now() / 1000 - 86_400;
        utimesSync(older, yesterday, yesterday);
        const current = path.join(plans, 'aa-today.md');
        writeFileSync(current, SESSIONS_PLAN_DANGLING);
        const r = await run(emptyToolInput(ctx(event)));
        const out = parse(r.stdout);
        assert.match(denial(out, event), /dangling-dependency/);
        assert.match(out.systemMessage ?? '', /Plan checked: the newest plan in .*plans \(the default plans folder\): aa-today\.md/);

        rmSync(current);
        const stale = await run(emptyToolInput(ctx(event)));
        const none = parse(stale.stdout);
        assert.equal(none.hookSpecificOutput, undefined, 'a plan from before the session is not this plan');
        assert.match(none.systemMessage ?? '', /no plan was found.*was written during this session.*NOT checked/);
      });

      it('the plansDirectory setting of the project moves the plans folder; one pointing out of the project is ignored with a note', async () => {
        writeFileSync(transcript, transcriptWithoutPlan(new Date(Date.now() - 60_000).toISOString()));
        h.ws.file('.claude/settings.json', JSON.stringify({ plansDirectory: './docs/plans' }));
        h.ws.file('docs/plans/sessions.md', SESSIONS_PLAN_DANGLING);
        const r = await run(emptyToolInput(ctx(event)));
        const out = parse(r.stdout);
        assert.match(denial(out, event), /dangling-dependency/);
        assert.match(out.systemMessage ?? '', /docs\/plans \(plansDirectory in .*settings\.json\): sessions\.md/);

        h.ws.file('.claude/settings.local.json', JSON.stringify({ plansDirectory: '../../..' }));
        const outside = parse((await run(emptyToolInput(ctx(event)))).stdout);
        assert.match(outside.systemMessage ?? '', /points outside the project.*ignored/);
      });

      it('no plan anywhere (allowedPrompts only, no transcript, empty plans folder): no decision, and the user is told the plan was NOT checked', async () => {
        const r = await run(allowedPromptsOnly(ctx(event)));
        assert.equal(r.code, 0, r.stderr);
        const out = parse(r.stdout);
        assert.equal(out.hookSpecificOutput, undefined, 'PermissionRequest: no decision means Claude Code asks the user');
        assert.match(
          out.systemMessage ?? '',
          /no plan was found for ExitPlanMode\. Tried: .*tool_input has no plan text.*names no plan file.*transcript could not be read.*NOT checked/,
        );
      });
    });
  }

  it('the older inline shape (tool_input.plan only) still works, labelled by session', async () => {
    const r = await run(legacyInlinePlan(ctx('PreToolUse'), SESSIONS_PLAN_DANGLING));
    assert.match(denial(parse(r.stdout), 'PreToolUse'), /dangling-dependency/);
    assert.match(parse(r.stdout).systemMessage ?? '', /Plan checked: tool_input\.plan\./);
    assert.ok(!existsSync(path.join(h.ws.dir, '.claude')), 'no copy of the plan in the project');
  });

  it('an event or tool it does not answer gets no decision and a message', async () => {
    const other = await run({ ...emptyToolInput(ctx('PreToolUse')), hook_event_name: 'PostToolUse' });
    assert.equal(parse(other.stdout).hookSpecificOutput, undefined);
    assert.match(parse(other.stdout).systemMessage ?? '', /"PostToolUse" event, which it does not answer/);
    const bash = await run({ ...emptyToolInput(ctx('PermissionRequest')), tool_name: 'Bash' });
    assert.equal(parse(bash.stdout).hookSpecificOutput, undefined);
    assert.match(parse(bash.stdout).systemMessage ?? '', /ExitPlanMode only/);
  });
});
