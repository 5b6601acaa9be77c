/**
 * Phase "panel" (after phase "run", which verified plan.md and left the
 * Verify Plan panel open): a fresh window must bring the panel back through
 * the WebviewPanelSerializer, and the restored webview must show the
 * verdict of the last run. Run with `--phases run,panel` (or add it to the
 * default phases).
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, domTexts, hasControl, nextEvent, screenshot, waitFor } from './workbench';

suite('Verify Plan panel after a reload', () => {
  test('the panel is restored and shows the verdict of the last run', async () => {
    const api = await activateExtension();
    await api.restored;
    const root = vscode.workspace.workspaceFolders![0]!.uri;
    const planPath = vscode.Uri.joinPath(root, '.claude', 'plans', 'plan.md').fsPath;
    const result = api.result(planPath);
    assert.ok(result, 'the last result of plan.md is back');

    // Nothing in this phase opens the panel: only the serializer can have brought it back.
    const tabs = () => JSON.stringify(vscode.window.tabGroups.all.map((g) => g.tabs.map((t) => t.label)));
    await waitFor(() => api.panelOpen(), `the serializer to restore the panel (open tabs: ${tabs()})`, 30_000, 100);

    const rendered = nextEvent(api.onDidRenderPanel, (r) => r.planPath === planPath && r.verdict === result.verdict, 'the restored panel to draw the verdict', 30_000);
    await vscode.commands.executeCommand('verifyPlan.showReport', vscode.Uri.file(planPath));
    const shown = await rendered;
    assert.equal(shown.running, false);
    if (hasControl()) {
      await waitFor(async () => (await domTexts('.tab .label-name')).some((t) => t.includes('Verify Plan')), 'the panel tab in the workbench', 10_000, 100);
      await screenshot('panel-restored');
    }
  });
});
