/**
 * What the panel's buttons do in the editor (PanelActions of
 * panel/panel-host.ts): the same commands the editor's own views use, plus
 * opening a plan line and a cited file. A cited file is opened only when
 * it resolves in the workspace now (evidence-targets.ts), whatever the
 * webview asked for.
 */
import * as vscode from 'vscode';
import type { PanelActions } from './panel/panel-host';
import { resolveEvidence } from './evidence-targets';
import { SETTINGS_SECTION } from './settings';
import type { Services } from './services';

/** Where a plan or a cited file opens: the editor group that is not the panel's. */
async function openAt(uri: vscode.Uri, line: number | undefined): Promise<void> {
  const position = new vscode.Position(Math.max(0, (line ?? 1) - 1), 0);
  const editor = await vscode.window.showTextDocument(uri, { preview: false, viewColumn: vscode.ViewColumn.One, selection: new vscode.Range(position, position) });
  editor.revealRange(new vscode.Range(position, position), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}

export function workspaceRoots(): string[] {
  return (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
}

export function panelActions(s: Services, onKeyChange: () => void): Omit<PanelActions, 'loadState'> {
  const uri = (planPath: string) => vscode.Uri.file(planPath);
  return {
    revealChallenge: (planPath, id) => void vscode.commands.executeCommand('verifyPlan.showChallenge', uri(planPath), id),
    acknowledge: async (planPath, id) => {
      await vscode.commands.executeCommand('verifyPlan.acknowledgeRisk', uri(planPath), id);
    },
    reverify: (planPath) => void vscode.commands.executeCommand('verifyPlan.reverify', uri(planPath)),
    cancel: () => void s.runner.cancel(),
    exportReport: async (planPath) => {
      await vscode.commands.executeCommand('verifyPlan.exportReport', uri(planPath));
    },
    revealLine: (planPath, line) => openAt(uri(planPath), line),
    openEvidence: async (_planPath, relPath, line) => {
      const target = await resolveEvidence(workspaceRoots(), { path: relPath, line });
      if (!target) throw new Error(`${relPath}${line ? `:${line}` : ''} is not in the workspace (any more).`);
      await openAt(vscode.Uri.file(target.file), target.line);
    },
    setApiKey: async () => {
      await vscode.commands.executeCommand('verifyPlan.setApiKey');
      onKeyChange();
    },
    raiseCap: () => void vscode.commands.executeCommand('workbench.action.openSettings', `${SETTINGS_SECTION}.spendingCapUsd`),
    showLog: () => void vscode.commands.executeCommand('verifyPlan.showLog'),
  };
}
