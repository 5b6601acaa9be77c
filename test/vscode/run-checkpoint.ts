/**
 * Phase "run", on blocked.md: Cancel aborts the request in flight, and the
 * BLOCKED checkpoint's QuickPick carries the user's answer into the next
 * iteration. Registered by run.test.ts inside its suite, after the run on
 * plan.md, so it shares that suite's fake API and its order.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunResult } from '../../src/core/run-types';
import type { VerifyPlanApi } from '../../src/extension/extension';
import type { FakeAnthropicServer } from '../support/fake-anthropic';
import { click, domTexts, hasControl, press, typeText, waitFor } from './workbench';
import { BLOCKED_QUOTE, blockedScript, hangingScript } from './scripts';

/** What the run phase's suiteSetup has made; read inside tests only, once that setup has run. */
export type RunPhase = () => { api: VerifyPlanApi; server: FakeAnthropicServer; blockedUri: vscode.Uri };

export function cancelAndCheckpointSuite(phase: RunPhase): void {
  suite('cancel and the BLOCKED checkpoint on blocked.md', () => {
    test('Cancel aborts the request in flight and ends the run as CANCELLED', async () => {
      const { api, server, blockedUri } = phase();
      server.setScript(hangingScript());
      const doc = await vscode.workspace.openTextDocument(blockedUri);
      await vscode.window.showTextDocument(doc, { preview: false });
      const before = server.received.length;
      const running = vscode.commands.executeCommand<RunResult | undefined>('verifyPlan.verify', blockedUri);
      await waitFor(() => server.received.slice(before).some((r) => r.role === 'challenger'), 'the challenger request');
      await waitFor(() => /^\$\(sync~spin\) Verify Plan: iteration 1$/.test(api.status().text), `the running status (is: ${api.status().text})`);
      assert.equal(await vscode.commands.executeCommand('verifyPlan.cancel'), true);
      const result = await running;
      assert.equal(result?.verdict, 'CANCELLED');
      assert.equal(result?.partial, true);
      await waitFor(
        () =>
          server.received
            .slice(before)
            .filter((r) => r.role === 'challenger')
            .every((r) => r.aborted),
        'the hanging request to be aborted',
      );
      await waitFor(() => api.status().state.kind === 'verdict' && /Stopped: the run was cancelled/.test(api.status().text), 'the stopped run in the status bar (no verdict word)');
    });

    test('BLOCKED: one review lists the challenge, the options follow, and the answer reaches the next iteration', async function () {
      if (!hasControl()) this.skip(); // answering the QuickPick needs real key presses from the launcher
      const { server, blockedUri } = phase();
      const config = vscode.workspace.getConfiguration('verifyPlan');
      await config.update('maxIterations', 2, vscode.ConfigurationTarget.Workspace);
      try {
        server.setScript(blockedScript());
        await vscode.commands.executeCommand('notifications.clearAll'); // the workbench shows at most three toasts
        const before = server.received.length;
        const running = vscode.commands.executeCommand<RunResult | undefined>('verifyPlan.verify', blockedUri);
        // One review for the moment: the BLOCKING challenges listed with claim and concern, all picked (apply to all).
        const review = await waitFor(
          async () => {
            const title = (await domTexts('.quick-input-widget .quick-input-title')).join(' ');
            const rows = await domTexts('.quick-input-widget .monaco-list-row');
            return /1 BLOCKING challenge open after iteration 1/.test(title) && rows.length >= 1 && rows;
          },
          'the checkpoint review list',
          30_000,
          100,
        );
        assert.match(review[0]!, /C1: /);
        assert.match(review[0]!, /Concern: /);
        await press('Enter'); // answer the picked challenges together
        const options = await waitFor(
          async () => {
            const title = (await domTexts('.quick-input-widget .quick-input-title')).join(' ');
            const rows = await domTexts('.quick-input-widget .monaco-list-row');
            return /what should the run do about C1/.test(title) && rows.length >= 4 && rows;
          },
          'the checkpoint options for C1',
          10_000,
          100,
        );
        const labels = options.map((o) => o.split('\n')[0]!.trim());
        assert.deepEqual(labels.slice(0, 4), ['Provide context', 'Acknowledge risk', 'Override', 'Abort']);
        // The progress notification carries the seed's iteration message and a Cancel button while the run
        // waits. The workbench does not always pop a progress toast (focus, toast limits), so fall back to
        // the notification center, which lists every notification.
        // The iteration message shows first and "waiting for you" is added when the checkpoint opens: wait for both.
        const findToast = async (selector: string) =>
          (await domTexts(selector)).find((x) => x.includes('Iteration 1: 0 resolved, 1 remaining') && /waiting for you: C1 is BLOCKING/.test(x));
        let toast = await waitFor(() => findToast('.notifications-toasts .notification-list-item'), 'the progress toast', 3_000, 100).catch(() => undefined);
        if (!toast) {
          console.log('    (no progress toast popped; reading the notification center)');
          await vscode.commands.executeCommand('notifications.showList');
          toast = await waitFor(() => findToast('.notifications-center .notification-list-item'), 'the progress notification', 10_000, 100);
          await vscode.commands.executeCommand('notifications.hideList');
          await click('.quick-input-widget .quick-input-box input'); // give the checkpoint its keyboard focus back
        }
        assert.match(toast, /waiting for you: C1 is BLOCKING/);
        assert.match(toast, /Cancel/);
        await press('Enter'); // the first option: provide context
        await waitFor(
          async () => (await domTexts('.quick-input-widget .quick-input-message, .quick-input-widget .quick-input-title')).join(' ').includes('context for C1'),
          'the context input box',
          10_000,
          100,
        );
        const answer = 'Only the gateway uses sticky sessions';
        await typeText(answer);
        await press('Enter');
        const result = await running;
        assert.ok(result, 'the run finished');
        const later = server.received.slice(before).filter((r) => r.role === 'synthesizer');
        assert.equal(later.length, 2, 'two syntheses: before and after the checkpoint');
        assert.ok(JSON.stringify(later[1]!.body).includes(answer), 'the user answer is in the second synthesis request');
        assert.ok(!JSON.stringify(later[0]!.body).includes(answer));
        const final = result.iterations.at(-1)!;
        assert.ok(
          final.user_responses.some((r) => r.action === 'provide_context' && r.text === answer) || result.iterations.some((it) => it.user_responses.some((r) => r.text === answer)),
        );
        assert.equal(final.challenges.find((c) => c.quote === BLOCKED_QUOTE)?.status, 'RESOLVED');
      } finally {
        await config.update('maxIterations', 1, vscode.ConfigurationTarget.Workspace);
      }
    });
  });
}
