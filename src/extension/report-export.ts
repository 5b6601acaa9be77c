/**
 * Export Report: the core's Markdown report of a run, written where the user
 * chooses (default: next to the plan). The renderer escapes model-written
 * text, so the file is safe to publish.
 */
import * as vscode from 'vscode';
import * as path from 'node:path';
import { renderMarkdownReport } from '../core/report';
import { anchorsForPlan } from '../core/report/anchors';
import type { RunResult } from '../core/run-types';

/** Returns the written file, or undefined when the user cancelled the dialog. */
export async function exportReport(result: RunResult, target?: vscode.Uri): Promise<vscode.Uri | undefined> {
  const plan = vscode.Uri.file(result.planPath);
  const suggested = vscode.Uri.joinPath(plan, '..', `${path.basename(result.planPath, path.extname(result.planPath))}.verify-report.md`);
  const uri = target ?? (await vscode.window.showSaveDialog({ defaultUri: suggested, filters: { Markdown: ['md'] }, title: 'Export Verify Plan report' }));
  if (!uri) return undefined;
  await vscode.workspace.fs.writeFile(uri, Buffer.from(renderMarkdownReport(result, { anchors: anchorsForPlan(result) }), 'utf8'));
  return uri;
}
