/**
 * Phase "restore": a fresh window on the same workspace and storage after
 * phase "run". Nothing runs here: the last verdict of plan.md must come
 * back from storage — diagnostics, CodeLens, status bar, the acknowledged
 * risk — with no request to any model.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, ourDiagnostics, waitFor, waitForLenses } from './workbench';
import { MAIN_LINES } from './scripts';

suite('Verify Plan after a reload', () => {
  test('restores diagnostics, CodeLens and the status bar for plan.md', async () => {
    const api = await activateExtension();
    assert.ok((await api.restored) >= 1, 'at least one plan restored');
    const root = vscode.workspace.workspaceFolders![0]!.uri;
    const planUri = vscode.Uri.joinPath(root, '.claude', 'plans', 'plan.md');
    const result = api.result(planUri.fsPath);
    assert.ok(result, 'the last result of plan.md is back');
    assert.match(result.verdict, /^(REVISE|PROCEED)/);

    const diags = await waitFor(() => {
      const d = ourDiagnostics(planUri);
      return d.length === 2 && d;
    }, 'restored diagnostics');
    const byId = new Map(diags.map((d) => [d.code, d]));
    assert.equal(byId.get('C1')?.range.start.line, MAIN_LINES.c1);
    assert.equal(byId.get('C1')?.severity, vscode.DiagnosticSeverity.Warning);
    assert.equal(byId.get('C3')?.severity, vscode.DiagnosticSeverity.Hint, 'the acknowledged risk stays acknowledged');

    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(planUri), { preview: false });
    await waitForLenses(
      planUri,
      (lenses) =>
        lenses.some((l) => l.range.start.line === MAIN_LINES.c1 && l.command?.title === 'C1 · SIGNIFICANT · UNRESOLVED — details') &&
        lenses.some((l) => l.range.start.line === 0 && l.command?.title.includes(result.verdict)),
      'the restored challenge and verdict lenses',
    );
    const status = await waitFor(() => api.status().state.kind === 'verdict' && api.status(), 'verdict status');
    assert.equal(status.text, `$(warning) ${result.verdict} · quality 6/10`);
  });
});
