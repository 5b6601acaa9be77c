/**
 * Challenges as diagnostics (source "verify-plan", code = challenge id):
 * BLOCKING → Error, SIGNIFICANT → Warning, MINOR → Information. Evidence
 * goes into relatedInformation. Stale findings are faded (Unnecessary tag,
 * Information); acknowledged risks drop to Hint so they leave the Problems
 * panel but stay visible in the editor.
 */
import * as vscode from 'vscode';
import type { Challenge, Evidence, Severity } from '../core/protocol';
import { evidenceKey } from '../shared/webview-protocol';
import { resolvableEvidence } from './evidence-targets';
import { diagnosticMessage, oneLine } from './finding-text';
import type { Finding } from './findings';
import type { FindingsRegistry } from './findings-registry';

export const DIAGNOSTIC_SOURCE = 'verify-plan';

const SEVERITY: Record<Severity, vscode.DiagnosticSeverity> = {
  BLOCKING: vscode.DiagnosticSeverity.Error,
  SIGNIFICANT: vscode.DiagnosticSeverity.Warning,
  MINOR: vscode.DiagnosticSeverity.Information,
};

const CHECKED_WORDS: Record<Evidence['checked'], string> = { verified: 'citation checked', not_found: 'citation not found', unchecked: 'citation not checked' };

export class ChallengeDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection(DIAGNOSTIC_SOURCE);
  private readonly subscription: vscode.Disposable;
  /** Per plan: the run whose evidence was looked up, and the references (`evidenceKey`) that resolve in the workspace. */
  private readonly resolved = new Map<string, { runId: string; keys: ReadonlySet<string> }>();

  constructor(private readonly registry: FindingsRegistry) {
    this.subscription = registry.onDidChange((planPath) => this.render(planPath));
    for (const p of registry.plans()) this.render(p);
  }

  private render(planPath: string): void {
    const uri = vscode.Uri.file(planPath);
    const pf = this.registry.get(planPath);
    if (!pf) {
      this.collection.delete(uri);
      return;
    }
    const root = vscode.workspace.getWorkspaceFolder(uri)?.uri ?? null;
    const known = this.resolved.get(planPath);
    if (known?.runId !== pf.result.runId)
      this.lookUpEvidence(
        planPath,
        pf.result.runId,
        pf.findings.map((f) => f.challenge),
      );
    const keys = known?.runId === pf.result.runId ? known.keys : new Set<string>();
    this.collection.set(
      uri,
      pf.findings.map((f) => toDiagnostic(f, uri, root, keys)),
    );
  }

  /** Once per run: which cited files and lines exist (evidence-targets.ts); the diagnostics are drawn again when known. */
  private lookUpEvidence(planPath: string, runId: string, challenges: Challenge[]): void {
    this.resolved.set(planPath, { runId, keys: new Set() });
    const roots = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
    void resolvableEvidence(roots, challenges).then((keys) => {
      if (this.resolved.get(planPath)?.runId !== runId) return;
      this.resolved.set(planPath, { runId, keys: new Set(keys) });
      if (keys.length > 0) this.render(planPath);
    });
  }

  dispose(): void {
    this.subscription.dispose();
    this.collection.dispose();
  }
}

export function toRange(f: Finding): vscode.Range {
  return new vscode.Range(f.range.startLine, f.range.startChar, f.range.endLine, f.range.endChar);
}

function toDiagnostic(f: Finding, planUri: vscode.Uri, root: vscode.Uri | null, resolves: ReadonlySet<string>): vscode.Diagnostic {
  const c = f.challenge;
  const severity = c.user_decision === 'acknowledged' ? vscode.DiagnosticSeverity.Hint : f.anchor === 'stale' ? vscode.DiagnosticSeverity.Information : SEVERITY[c.severity];
  const d = new vscode.Diagnostic(toRange(f), diagnosticMessage(f), severity);
  d.source = DIAGNOSTIC_SOURCE;
  d.code = c.id;
  if (f.anchor === 'stale') d.tags = [vscode.DiagnosticTag.Unnecessary];
  d.relatedInformation = c.evidence.map((e) => {
    const text = `${e.source} (${CHECKED_WORDS[e.checked]}): ${oneLine(e.finding)}`;
    // Only a citation of an existing file (and line) in the workspace links there; any other points at the challenged plan line.
    const key = evidenceKey(e);
    const target = key !== null && resolves.has(key) && e.path && root && isRelativeInside(e.path) ? vscode.Uri.joinPath(root, e.path) : planUri;
    const line = target === planUri ? f.range.startLine : Math.max(0, (e.line ?? 1) - 1);
    return new vscode.DiagnosticRelatedInformation(new vscode.Location(target, new vscode.Position(line, 0)), text);
  });
  return d;
}

/** Evidence paths come from a model: only workspace-relative paths that stay inside become links. */
function isRelativeInside(p: string): boolean {
  return !p.startsWith('/') && !/^[a-zA-Z]:/.test(p) && !p.split(/[\\/]/).includes('..');
}
