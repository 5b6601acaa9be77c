/**
 * Export Report: the core's Markdown report of a run, written where the user
 * chooses. The default is outside the plan folders (`verify-reports/` in the
 * plan's workspace folder), and the file name ends in `.verify-report.md`,
 * which discovery never takes for a plan (src/core/plan-discovery.ts) — so a
 * report never gets a Verify lens, static checks or a paid run. The renderer
 * escapes model-written text, so the file is safe to publish.
 */
import * as vscode from 'vscode';
import * as path from 'node:path';
import { renderMarkdownReport } from '../core/report';
import { anchorsForPlan } from '../core/report/anchors';
import { REPORT_SUFFIX } from '../core/plan-discovery';
import type { RunResult } from '../core/run-types';

export const REPORTS_FOLDER = 'verify-reports';

/** Where the save dialog starts: `<workspace folder>/verify-reports/<plan>.verify-report.md` (no folder: beside the plan). */
export function suggestedReportUri(planPath: string): vscode.Uri {
  const plan = vscode.Uri.file(planPath);
  const name = `${path.basename(planPath, path.extname(planPath))}${REPORT_SUFFIX}`;
  const folder = vscode.workspace.getWorkspaceFolder(plan);
  return folder ? vscode.Uri.joinPath(folder.uri, REPORTS_FOLDER, name) : vscode.Uri.joinPath(plan, '..', name);
}

/** Returns the written file, or undefined when the user cancelled the dialog. */
export async function exportReport(result: RunResult, target?: vscode.Uri): Promise<vscode.Uri | undefined> {
  const suggested = suggestedReportUri(result.planPath);
  const uri = target ?? (await vscode.window.showSaveDialog({ defaultUri: suggested, filters: { Markdown: ['md'] }, title: 'Export Verify Plan report' }));
  if (!uri) return undefined;
  await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(uri, '..'));
  await vscode.workspace.fs.writeFile(uri, Buffer.from(renderMarkdownReport(result, { anchors: anchorsForPlan(result) }), 'utf8'));
  return uri;
}
