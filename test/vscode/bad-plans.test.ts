/**
 * Phase "bad-plans" (`node scripts/run-vscode-tests.mjs --phases bad-plans`):
 * the hostile plan corpus (test/support/fault-bad-plans.ts) opened in a real
 * VS Code, in a plan folder, so the language server checks each one (the
 * static path, no model). Each must get an answer — CodeLens and
 * diagnostics, or VS Code's own clear refusal to open a binary file — within
 * a deadline, and the extension and its server must still work afterwards.
 * The files are removed at the end, so later phases see the fixture as it was.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { STATIC_DIAGNOSTIC_SOURCE } from '../../src/shared/lsp-protocol';
import { BAD_PLANS } from '../support/fault-bad-plans';
import { activateExtension, waitFor } from './workbench';

const DEADLINE_MS = 20_000;

function staticDiagnostics(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === STATIC_DIAGNOSTIC_SOURCE);
}

suite('Verify Plan with hostile plan files', function () {
  this.timeout(180_000);
  const written: vscode.Uri[] = [];
  let plans: vscode.Uri;

  suiteSetup(async () => {
    await activateExtension();
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the fixture workspace is open');
    plans = vscode.Uri.joinPath(folder.uri, '.claude', 'plans');
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const uri of written) await vscode.workspace.fs.delete(uri).then(undefined, () => undefined);
  });

  for (const plan of BAD_PLANS) {
    test(`${plan.name}: the static checks answer (or VS Code refuses clearly) within ${DEADLINE_MS / 1000} s`, async () => {
      const uri = vscode.Uri.joinPath(plans, `bad-${plan.file}`);
      await vscode.workspace.fs.writeFile(uri, plan.bytes());
      written.push(uri);
      let doc: vscode.TextDocument;
      try {
        doc = await vscode.workspace.openTextDocument(uri);
      } catch (error) {
        // VS Code itself declines binary files; that message is the user's answer, and the extension was never involved.
        assert.match(String(error), /binary|cannot open|unable to open/i, `an unclear refusal: ${String(error)}`);
        return;
      }
      await vscode.window.showTextDocument(doc, { preview: true });
      const lenses = await waitFor(
        async () => {
          const found = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
          return found && found.length > 0 ? found : null;
        },
        `CodeLens for ${plan.name}`,
        DEADLINE_MS,
        100,
      );
      assert.ok(
        lenses.every((l) => l.range.start.line < Math.max(1, doc.lineCount)),
        'lenses lie inside the document',
      );
      for (const d of staticDiagnostics(uri)) assert.ok(d.range.end.line < Math.max(1, doc.lineCount), 'diagnostics lie inside the document');
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    });
  }

  test('afterwards the server still checks a normal plan (nothing crashed)', async () => {
    const uri = vscode.Uri.joinPath(plans, 'bad-control.md');
    await vscode.workspace.fs.writeFile(uri, Buffer.from('# Plan\n\n## Steps\n\n1. Add a cache to src/auth.ts. Size TBD.\n'));
    written.push(uri);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    const diagnostics = await waitFor(
      () => {
        const found = staticDiagnostics(uri);
        return found.length > 0 ? found : null;
      },
      'diagnostics on the control plan',
      DEADLINE_MS,
    );
    assert.ok(
      diagnostics.some((d) => /TBD/.test(d.message) || JSON.stringify(d.code ?? '').includes('unknown-signal')),
      'the TBD is flagged',
    );
    await activateExtension();
  });
});
