/**
 * Quick fixes on a challenge diagnostic: acknowledge the risk, mark it
 * addressed (re-verify the plan), open it in the report.
 */
import * as vscode from 'vscode';
import { DIAGNOSTIC_SOURCE } from './diagnostics';

export class ChallengeCodeActions implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const actions: vscode.CodeAction[] = [];
    for (const d of context.diagnostics) {
      if (d.source !== DIAGNOSTIC_SOURCE || typeof d.code !== 'string') continue;
      const id = d.code;
      actions.push(
        action(`Acknowledge risk ${id}`, d, { command: 'verifyPlan.acknowledgeRisk', title: 'Acknowledge risk', arguments: [document.uri, id] }),
        action(`Mark ${id} addressed and re-verify`, d, { command: 'verifyPlan.reverify', title: 'Re-verify', arguments: [document.uri] }),
        action(`Open ${id} in the report`, d, { command: 'verifyPlan.revealChallenge', title: 'Open in report', arguments: [document.uri, id] }),
      );
    }
    return actions;
  }
}

function action(title: string, diagnostic: vscode.Diagnostic, command: vscode.Command): vscode.CodeAction {
  const a = new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix);
  a.diagnostics = [diagnostic];
  a.command = command;
  return a;
}
