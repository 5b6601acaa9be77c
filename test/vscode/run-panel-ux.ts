/**
 * Phase "run", the panel as a user sees it in the workbench: narrowed to
 * below 500 px the challenges read as cards with every button inside the
 * panel, and before any run of a plan the panel says what a run needs (a
 * key: Set API Key, clicked and typed for real) and lists the plan's static
 * findings. The webview's own DOM is read through the launcher (frame boxes),
 * and each test leaves a screenshot. Registered by run.test.ts after the
 * user-experience suite.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { VerifyPlanApi } from '../../src/extension/extension';
import { STATIC_DIAGNOSTIC_SOURCE } from '../../src/shared/lsp-protocol';
import { domTexts, hasControl, nextEvent, press, screenshot, typeText, waitFor, webviewBoxes, webviewClick, type FrameBox } from './workbench';

/** Two editor groups side by side, the panel's (the second) taking `share` of the width. */
async function panelShare(share: number): Promise<void> {
  await vscode.commands.executeCommand('vscode.setEditorLayout', { orientation: 0, groups: [{ size: 1 - share }, { size: share }] });
}

const outside = (b: FrameBox) => b.left < 0 || b.right > b.viewportWidth + 0.5 || b.width <= 0 || b.height <= 0 || b.visibility !== 'visible';

export function panelUserSuite(phase: () => { api: VerifyPlanApi; key: string; root: vscode.Uri; planUri: vscode.Uri }): void {
  suite('the panel in the workbench', () => {
    suiteTeardown(async () => {
      await panelShare(0.5);
      await vscode.commands.executeCommand('workbench.view.explorer');
    });

    test('narrowed below 500 px, the challenges are cards: every field labelled, every button inside the panel', async function () {
      if (!hasControl()) this.skip();
      const { api, planUri } = phase();
      const result = api.result(planUri.fsPath);
      assert.ok(result, 'plan.md has a result');
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(planUri), { preview: false, viewColumn: vscode.ViewColumn.One });
      const rendered = nextEvent(api.onDidRenderPanel, (r) => r.planPath === planUri.fsPath && r.verdict === result.verdict, 'the panel to draw plan.md', 30_000);
      await vscode.commands.executeCommand('verifyPlan.showReport', planUri);
      await rendered;
      await vscode.commands.executeCommand('workbench.action.closeSidebar');
      await panelShare(0.3);
      const rows = await waitFor(
        async () => {
          const found = await webviewBoxes('[data-testid=challenge-row]');
          return found.length > 0 && found.every((b) => b.display === 'block' && b.viewportWidth < 500) && found;
        },
        'the challenge rows drawn as cards in a panel narrower than 500 px',
        20_000,
        200,
      );
      const open = result.iterations.at(-1)!.challenges.length;
      assert.equal(rows.length, open, 'one card per challenge');
      // Every field of every card: id, severity, plan line, status, claim, concern, who raised it, resolution.
      for (const c of result.iterations.at(-1)!.challenges) {
        const card = rows.find((r) => r.text.startsWith(`▸ ${c.id}\n`));
        assert.ok(card, `a card for ${c.id}`);
        for (const field of [c.severity, c.status, c.claim, c.concern, c.resolution]) assert.ok(card.text.includes(field), `${c.id} shows "${field}":\n${card.text}`);
        assert.match(card.text, /\nLine \d+\n/);
      }
      const buttons = await webviewBoxes('vp-challenge-table [data-testid=challenge-row] button');
      assert.ok(buttons.length >= 2 * open, `a toggle and a line button per card (${buttons.length})`);
      assert.deepEqual(buttons.filter(outside), [], 'every row button lies inside the panel');
      const clipped = (await webviewBoxes('vp-challenge-table [data-testid=challenge-row] td')).filter((b) => b.scrollWidth > b.clientWidth + 1);
      assert.deepEqual(clipped, [], 'no cell cuts off its text');
      // "Open in report" scrolls the panel to C1 and opens it: the cards, not the verdict, are in the shot.
      await vscode.commands.executeCommand('notifications.clearAll');
      await vscode.commands.executeCommand('verifyPlan.revealChallenge', planUri, 'C1');
      await waitFor(async () => (await webviewBoxes('#details-C1')).length === 1, 'C1 opened in the panel', 20_000, 200);
      console.log(`    panel width ${rows[0]!.viewportWidth} px; screenshot: ${await screenshot('ux-panel-narrow')}`);
    });

    test('before any run, the panel says what a run needs and lists the static findings; Set API Key asks for the key', async function () {
      if (!hasControl()) this.skip();
      const { api, key, root } = phase();
      const fresh = vscode.Uri.joinPath(root, '.claude', 'plans', 'fresh-plan.md');
      const text = [
        '# Plan: cache search results',
        '',
        '## Steps',
        '',
        '1. Modify `src/search-cache.ts` to keep the last 100 results.',
        '2. After Step 7, call the cache from `src/gateway.ts`.',
        '3. Decide the eviction policy (TBD).',
        '',
      ].join('\n');
      await vscode.workspace.fs.writeFile(fresh, Buffer.from(text));
      await vscode.commands.executeCommand('verifyPlan.clearApiKey');
      try {
        await panelShare(0.45);
        await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(fresh), { preview: false, viewColumn: vscode.ViewColumn.One });
        const diagnostics = await waitFor(
          () => {
            const found = vscode.languages.getDiagnostics(fresh).filter((d) => d.source === STATIC_DIAGNOSTIC_SOURCE);
            return found.length > 0 && found;
          },
          'the static checks on the fresh plan',
          30_000,
          100,
        );
        await vscode.commands.executeCommand('verifyPlan.showReport', fresh);
        const listed = await waitFor(
          async () => {
            const items = await webviewBoxes('[data-testid=static-finding]');
            const needsKey = await webviewBoxes('[data-testid=needs-key]');
            return items.length === diagnostics.length && needsKey.length === 1 && items;
          },
          `the empty state with ${diagnostics.length} static findings and the key note`,
          30_000,
          200,
        );
        const lines = diagnostics.map((d) => d.range.start.line + 1).sort((a, b) => a - b);
        assert.deepEqual(
          listed.map((b) => Number(/^Line (\d+)/.exec(b.text)?.[1])),
          lines,
        );
        const heading = await webviewBoxes('[data-testid=no-run]');
        assert.deepEqual(
          heading.map((b) => b.text),
          ['No run yet. Verify this plan to have it challenged.'],
        );
        assert.deepEqual(await webviewBoxes('[data-testid=total-cost]'), [], 'no empty cost figures');
        await vscode.commands.executeCommand('notifications.clearAll');
        console.log(`    screenshot: ${await screenshot('ux-panel-empty')}`);

        // A finding's "Line N" opens the plan at that line.
        const target = lines.at(-1)!;
        await webviewClick(`[data-testid=static-finding][data-line="${target}"] button`);
        await waitFor(
          () => vscode.window.activeTextEditor?.document.uri.fsPath === fresh.fsPath && vscode.window.activeTextEditor.selection.active.line === target - 1,
          `the plan's line ${target} selected`,
          10_000,
        );

        // Set API Key in the panel opens the editor's password box; the key typed there is stored, and the note goes.
        await webviewClick('vp-empty-state button:text("Set API Key")');
        await typeTextWhenAsked(key);
        await waitFor(async () => (await webviewBoxes('[data-testid=needs-key]')).length === 0, 'the key note to go once a key is stored', 20_000, 200);
        assert.ok(api.status(), 'still active');
      } finally {
        await vscode.commands.executeCommand('verifyPlan.setApiKey', key);
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        await vscode.workspace.fs.delete(fresh);
      }
    });
  });
}

/** Types into the editor's input box once it is open (the password box of Set API Key), then Enter. */
async function typeTextWhenAsked(text: string): Promise<void> {
  await waitFor(async () => (await domTexts('.quick-input-widget .quick-input-title')).some((t) => /API key/i.test(t)), 'the API key input box', 20_000, 100);
  await typeText(text);
  await press('Enter');
}
