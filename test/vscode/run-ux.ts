/**
 * Phase "run", the user's view of what goes wrong: a rejected key, an
 * unreachable host, the spending cap, Escape at a checkpoint, a file that is
 * not a plan, and "Verify Plan" with no editor open after a report was
 * exported. Driven through the workbench (real key presses, the notification
 * DOM) where the launcher gives control; each leaves a screenshot.
 * Registered by run.test.ts after the checkpoint suite.
 */
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import type { RunResult } from '../../src/core/run-types';
import type { FakeAnthropicServer } from '../support/fake-anthropic';
import { click, domTexts, hasControl, press, screenshot, useFakeApi, waitFor, waitForLenses, webviewBoxes, webviewClick } from './workbench';
import type { RunPhase } from './run-checkpoint';
import { blockedScript, mainScript } from './scripts';

const TOASTS = '.notifications-toasts .notification-list-item';

/**
 * The notification matching `pattern`. The workbench does not always pop a toast (focus, the three-toast limit, a
 * progress notification closing beside it), so after a while the notification center, which lists every
 * notification, is read too.
 */
async function toast(pattern: RegExp, what: string): Promise<string> {
  const popped = await waitFor(async () => (await domTexts(TOASTS)).find((t) => pattern.test(t)), what, 5_000, 100).catch(() => undefined);
  if (popped) return popped;
  await vscode.commands.executeCommand('notifications.showList');
  try {
    return await waitFor(async () => (await domTexts('.notifications-center .notification-list-item')).find((t) => pattern.test(t)), what, 15_000, 100);
  } finally {
    await vscode.commands.executeCommand('notifications.hideList');
  }
}

async function closedPort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

export function userExperienceSuite(phase: () => ReturnType<RunPhase> & { key: string; root: vscode.Uri; planUri: vscode.Uri }): void {
  suite('what the user sees when something goes wrong', () => {
    const config = () => vscode.workspace.getConfiguration('verifyPlan');
    let server: FakeAnthropicServer;
    // The runs here verify a copy of the fixture plan, so plan.md keeps the verdict the restore phase checks.
    let uxPlan: vscode.Uri;
    suiteSetup(async () => {
      uxPlan = vscode.Uri.joinPath(phase().root, '.claude', 'plans', 'ux-plan.md');
      await vscode.workspace.fs.writeFile(uxPlan, await vscode.workspace.fs.readFile(phase().planUri));
    });
    suiteTeardown(async () => {
      await vscode.workspace.fs.delete(uxPlan);
    });
    setup(async () => {
      server = phase().server;
      await vscode.commands.executeCommand('notifications.clearAll');
    });
    // Every test ends with no run in flight, so the next suite starts from rest (a run still going is named and cancelled).
    teardown(async () => {
      await vscode.commands.executeCommand('notifications.clearAll');
      const rest = await waitFor(() => phase().api.status().state.kind !== 'running', 'no run in flight', 10_000).then(
        () => true,
        () => false,
      );
      if (!rest) {
        const state = phase().api.status().state;
        console.log(`    a run was still in flight after the test: ${state.kind === 'running' ? state.planName : ''} ${phase().api.status().text}; cancelling it`);
        await vscode.commands.executeCommand('verifyPlan.cancel');
        await waitFor(() => phase().api.status().state.kind !== 'running', 'the cancelled run to end', 30_000);
      }
    });

    test('a rejected key stops before any paid call: "Anthropic rejected the API key" with Set API Key', async function () {
      if (!hasControl()) this.skip();
      const { key } = phase();
      server.setAcceptedKeys([key]);
      try {
        await useFakeApi(server.baseURL, 'sk-ant-wrong-key-0000');
        const before = server.received.length;
        const result = await vscode.commands.executeCommand<RunResult | undefined>('verifyPlan.verify', phase().planUri);
        assert.equal(result, undefined, 'no run');
        assert.equal(server.received.length, before, 'no Messages API request');
        const text = await toast(/Anthropic rejected the API key/, 'the rejected-key notification');
        assert.match(text, /Set API Key/);
        assert.doesNotMatch(text, /[{}]|FAILED/, 'no raw API JSON, no FAILED');
        console.log(`    screenshot: ${await screenshot('ux-invalid-key')}`);
      } finally {
        server.setAcceptedKeys(null);
        await useFakeApi(server.baseURL, key);
      }
    });

    test('an unreachable host is named, with Open Settings and Show Log', async function () {
      if (!hasControl()) this.skip();
      const port = await closedPort();
      // baseUrl is a user-only (machine-scoped) setting: written to User settings, restored after.
      await config().update('baseUrl', `http://127.0.0.1:${port}`, vscode.ConfigurationTarget.Global);
      try {
        const result = await vscode.commands.executeCommand<RunResult | undefined>('verifyPlan.verify', phase().planUri);
        assert.equal(result, undefined);
        const text = await toast(new RegExp(`Could not reach the Anthropic API at http://127\\.0\\.0\\.1:${port}`), 'the unreachable-host notification');
        assert.match(text, /Open Settings/);
        assert.match(text, /Show Log/);
        console.log(`    screenshot: ${await screenshot('ux-unreachable')}`);
      } finally {
        await config().update('baseUrl', server.baseURL, vscode.ConfigurationTarget.Global);
      }
    });

    test('the spending cap: "stopped" and why on the status bar and the toast, never a verdict word, with Raise Cap', async function () {
      if (!hasControl()) this.skip();
      const { api } = phase();
      const planUri = uxPlan;
      server.setScript(mainScript());
      // spendingCapUsd is user-only (machine-scoped) as well.
      await config().update('spendingCapUsd', 0.0001, vscode.ConfigurationTarget.Global);
      try {
        await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(planUri), { preview: false });
        const result = await vscode.commands.executeCommand<RunResult | undefined>('verifyPlan.verify', planUri);
        assert.equal(result?.stopCause, 'spending_cap');
        const text = await toast(/Verify Plan stopped at the spending cap \(\$0\.00 spent of \$0\.0001\)/, 'the cap notification');
        assert.match(text, /Raise Cap/);
        assert.doesNotMatch(text, /PROCEED|REVISE|RETHINK/);
        await waitFor(() => /^\$\(debug-stop\) Stopped: the spending cap was reached/.test(api.status().text), `the stopped status (is: ${api.status().text})`);
        console.log(`    screenshot: ${await screenshot('ux-cap')}`);
        // The panel on the stopped plan says the same, never a verdict word, and offers Raise Cap as the toast does.
        await vscode.commands.executeCommand('notifications.clearAll');
        await vscode.commands.executeCommand('verifyPlan.showReport', planUri);
        const shown = await waitFor(
          async () => (await webviewBoxes('vp-verdict-card [data-testid=verdict]')).find((b) => b.text.startsWith('Stopped — ')),
          'the panel to say the run stopped',
          20_000,
          200,
        );
        assert.equal(shown.text, 'Stopped — the spending cap was reached');
        const card = (await webviewBoxes('vp-verdict-card section'))[0]!;
        assert.doesNotMatch(card.text, /\b(PROCEED|REVISE|RETHINK)\b/, card.text);
        console.log(`    screenshot: ${await screenshot('ux-cap-panel')}`);
        await webviewClick('vp-verdict-card button:text("Raise Cap")');
        await waitFor(() => vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => /Settings/.test(t.label))), 'Raise Cap in the panel to open the settings', 10_000, 100);
        await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      } finally {
        await config().update('spendingCapUsd', undefined, vscode.ConfigurationTarget.Global);
      }
    });

    test('Escape at a checkpoint decides later: the run goes on, "1 decision deferred" stays on the status bar, and its click answers it', async function () {
      if (!hasControl()) this.skip();
      const { blockedUri, api } = phase();
      // Once the first review is left for later, the next requests wait here: the run is between checkpoints while the item is looked at.
      let hold = false;
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const inner = blockedScript();
      server.setScript(async (req, i) => {
        if (hold) await gate;
        return inner(req, i);
      });
      // Two iterations: the first one's checkpoint is left for later while the second runs.
      await config().update('maxIterations', 2, vscode.ConfigurationTarget.Workspace);
      let done = false;
      const deferredIds: string[] = [];
      const running = vscode.commands.executeCommand<RunResult | undefined>('verifyPlan.verify', blockedUri).then((r) => ((done = true), r));
      // A hidden quick input stays in the DOM with display: none.
      const VISIBLE = '.quick-input-widget:not([style*="display: none"])';
      const reviewOpen = async () => (await domTexts(`${VISIBLE} .quick-input-title`)).some((t) => /BLOCKING challenge/.test(t));
      const ITEM = '.statusbar-item[id$="verifyPlan.deferred"]';
      try {
        await waitFor(reviewOpen, 'the first review', 30_000, 100);
        assert.match((await domTexts(`${VISIBLE} .quick-input-title`)).join(' '), /open after iteration 1/);
        console.log(`    screenshot: ${await screenshot('ux-checkpoint-review')}`);
        hold = true;
        await press('Escape');
        await waitFor(async () => !(await reviewOpen()), 'the review to close', 10_000, 100);
        assert.notEqual(api.status().state.kind, 'verdict', 'the run goes on');

        // Decided later: the item says so, in the workbench's own status bar.
        const shown = await waitFor(() => api.deferredStatus(), 'the deferred-decisions item', 10_000, 100);
        const count = Number(/^\$\(bell\) (\d+) decisions? deferred$/.exec(shown.text)?.[1]);
        assert.ok(count >= 1, shown.text);
        assert.match(shown.tooltip, /^Answer needed: you chose to decide later about .*BLOCKING challenges? C\d+.*\. The run goes on without your answer\. Click to answer now/);
        deferredIds.push(...(shown.tooltip.match(/\bC\d+\b/g) ?? []));
        assert.equal(deferredIds.length, count, shown.tooltip);
        await waitFor(async () => (await domTexts(ITEM)).some((t) => /decisions? deferred/.test(t)), 'the item in the workbench DOM', 10_000, 100);
        // The plan's line 1 shows the run in progress with Cancel, not the verdict of an earlier run.
        await vscode.window.showTextDocument(blockedUri, { preview: false, preserveFocus: true });
        const provided = await waitForLenses(
          blockedUri,
          (l) => l.some((x) => x.command?.command === 'verifyPlan.cancel') && l.some((x) => /iteration 2/i.test(x.command?.title ?? '')),
          'the Cancel lens and the progress of the running plan in iteration 2',
        );
        // The run is held between requests, so its message stays put: the rendered lenses must catch up with it.
        const message = (provided.find((x) => /iteration 2/i.test(x.command?.title ?? ''))?.command?.title ?? '').replace(/\$\([^)]*\)\s*/g, '');
        const lensTexts = await waitFor(
          async () => {
            const t = await domTexts('.codelens-decoration');
            // Cancel first: a long message is cut at the editor's edge, Cancel never is.
            return t.some((x) => /^\s*Cancel\b/.test(x) && x.includes(message)) && t;
          },
          `Cancel, then the run's current message ("${message}"), on line 1 in the editor DOM`,
          10_000,
          100,
        );
        assert.ok(!lensTexts.some((t) => /Re-verify|PROCEED|REVISE|RETHINK/.test(t)), `no verdict lens while the run goes on: ${JSON.stringify(lensTexts)}`);
        console.log(`    screenshot: ${await screenshot('ux-deferred-item')}`);

        // Its click reopens the same review; Enter takes the picked challenges (all), then "Acknowledge risk" (second option).
        await click(ITEM);
        await waitFor(reviewOpen, 'the review reopened by the item', 10_000, 100);
        const reopened = (await domTexts(`${VISIBLE} .quick-input-list`)).join(' | ');
        for (const id of deferredIds) assert.ok(reopened.includes(`${id}:`), `the reopened review lists ${id}: ${reopened}`);
        await press('Enter');
        await waitFor(async () => (await domTexts(`${VISIBLE} .quick-input-title`)).some((t) => /what should the run do about/.test(t)), 'the choice', 10_000, 100);
        await press('ArrowDown');
        await press('Enter');
        await waitFor(() => api.deferredStatus() === null, 'the item to go once they are answered', 10_000, 100);
        await waitFor(async () => (await domTexts(ITEM)).length === 0, 'the item to leave the status bar', 10_000, 100);
      } finally {
        release();
        // Read once at the run's start: the run in flight keeps its two iterations.
        await config().update('maxIterations', 1, vscode.ConfigurationTarget.Workspace);
      }
      // Nothing answered is asked again: any later review (there should be none for C1) is left for later too.
      while (!done) {
        const open = await waitFor(async () => done || (await reviewOpen()), 'a review or the end', 30_000, 100);
        if (done || open !== true) break;
        const items = (await domTexts(`${VISIBLE} .quick-input-list`)).join(' | ');
        for (const id of deferredIds) assert.ok(!items.includes(`${id}:`), `${id} was answered, yet asked again: ${items}`);
        await press('Escape');
        await waitFor(async () => done || !(await reviewOpen()), 'the review to close', 10_000, 100);
      }
      const result = await running;
      assert.ok(result);
      assert.notEqual(result.verdict, 'ABORTED');
      for (const id of deferredIds) {
        const c: { user_decision?: string | null } | undefined = result.iterations.at(-1)?.challenges.find((x) => x.id === id);
        assert.equal(c?.user_decision, 'acknowledged', `the answer about ${id} given through the item reached the run`);
      }
      assert.equal(api.deferredStatus(), null, 'no item once the run has ended');
    });

    test('README.md is not a plan: no Verify lens, and "Verify Plan" says so before any paid call', async function () {
      if (!hasControl()) this.skip();
      const readme = vscode.Uri.joinPath(phase().root, 'README.md');
      await vscode.workspace.fs.writeFile(readme, Buffer.from('# Project\n\nSome words.\n\n1. Install it.\n2. Run it.\n'));
      try {
        await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(readme), { preview: false });
        const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', readme)) ?? [];
        assert.deepEqual(
          lenses.map((l) => l.command?.title),
          [],
        );
        const before = server.received.length;
        const running = vscode.commands.executeCommand<RunResult | undefined>('verifyPlan.verify');
        await toast(/README\.md does not look like a plan/, 'the not-a-plan notification');
        console.log(`    screenshot: ${await screenshot('ux-not-a-plan')}`);
        await vscode.commands.executeCommand('notifications.clearAll');
        assert.equal(await running, undefined);
        assert.equal(server.received.length, before, 'nothing was sent');
      } finally {
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        await vscode.workspace.fs.delete(readme);
      }
    });

    test('after Export Report, "Verify Plan" with no editor open never verifies the report', async function () {
      if (!hasControl()) this.skip();
      const { root } = phase();
      server.setScript(mainScript());
      // The newest plan is ux-plan.md, and the worst case: a report saved into the plan folder itself, newer still.
      await vscode.workspace.fs.writeFile(uxPlan, await vscode.workspace.fs.readFile(uxPlan));
      const report = vscode.Uri.joinPath(root, '.claude', 'plans', 'ux-plan.verify-report.md');
      assert.ok(await vscode.commands.executeCommand('verifyPlan.exportReport', uxPlan, report));
      try {
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        const result = await vscode.commands.executeCommand<RunResult | undefined>('verifyPlan.verify');
        assert.ok(result, 'a plan was verified');
        assert.equal(result.planPath, uxPlan.fsPath, 'the newest plan, not the newer report');
        // No plan in view once the run has ended: the hidden status item says "idle", not the run's last progress.
        assert.notEqual(phase().api.status().state.kind, 'running', `status after the run: ${phase().api.status().text}`);
        console.log(`    screenshot: ${await screenshot('ux-export-then-verify')}`);
      } finally {
        await vscode.workspace.fs.delete(report);
      }
    });
  });
}
