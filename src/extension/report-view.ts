/**
 * The Markdown report of a plan's last run, as a read-only virtual document
 * (`verify-plan-report:`) shown in the Markdown preview, and exported to a
 * file on request. The text comes from the core's report renderer, which
 * escapes model-written text.
 */
import * as vscode from 'vscode';
import * as path from 'node:path';
import { renderMarkdownReport } from '../core/report';
import type { RunResult } from '../core/run-types';

export const REPORT_SCHEME = 'verify-plan-report';

export class ReportDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly registration: vscode.Disposable;

  /** `lookup` returns the current result for a plan path (from the findings registry). */
  constructor(private readonly lookup: (planPath: string) => RunResult | undefined) {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(REPORT_SCHEME, this);
  }

  static uriFor(planPath: string): vscode.Uri {
    const name = `${path.basename(planPath, path.extname(planPath))}.verify-report.md`;
    return vscode.Uri.from({ scheme: REPORT_SCHEME, path: `/${name}`, query: encodeURIComponent(planPath) });
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    const planPath = decodeURIComponent(uri.query);
    const result = this.lookup(planPath);
    return result ? renderMarkdownReport(result) : `# No report\n\n${planPath} has not been verified yet. Run **Verify Plan** on it.\n`;
  }

  /** Tells open report views that a plan's result changed. */
  refresh(planPath: string): void {
    this.changed.fire(ReportDocuments.uriFor(planPath));
  }

  async show(planPath: string): Promise<void> {
    const uri = ReportDocuments.uriFor(planPath);
    this.refresh(planPath);
    try {
      await vscode.commands.executeCommand('markdown.showPreviewToSide', uri);
    } catch {
      // Markdown preview unavailable (e.g. the built-in extension is disabled): show the source.
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: true, viewColumn: vscode.ViewColumn.Beside });
    }
  }

  dispose(): void {
    this.registration.dispose();
    this.changed.dispose();
  }
}

/** Asks where to save (default: next to the plan) and writes the Markdown report. Returns the file, or undefined when cancelled. */
export async function exportReport(result: RunResult, target?: vscode.Uri): Promise<vscode.Uri | undefined> {
  const plan = vscode.Uri.file(result.planPath);
  const suggested = vscode.Uri.joinPath(plan, '..', `${path.basename(result.planPath, path.extname(result.planPath))}.verify-report.md`);
  const uri = target ?? (await vscode.window.showSaveDialog({ defaultUri: suggested, filters: { Markdown: ['md'] }, title: 'Export Verify Plan report' }));
  if (!uri) return undefined;
  await vscode.workspace.fs.writeFile(uri, Buffer.from(renderMarkdownReport(result), 'utf8'));
  return uri;
}
