/**
 * CodeLens on plans: one at the top (the verdict, or "▶ Verify Plan"; while
 * a run is going, its progress) and one above each anchored challenge
 * (`C3 · SIGNIFICANT · UNRESOLVED — details`, which shows its hover).
 */
import * as vscode from 'vscode';
import { lensTitle, topLensTitle } from './finding-text';
import { planKey, type FindingsRegistry } from './findings-registry';

/** What the top lens needs to know about a run in progress. */
export interface RunningInfo {
  runningPlan(): { planPath: string; message: string } | null;
  readonly onDidChangeRunning: vscode.Event<void>;
}

export class PlanCodeLensProvider implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly subscriptions: vscode.Disposable[];
  readonly onDidChangeCodeLenses = this.changed.event;

  /**
   * `staticLensCovers(doc)`: the language server already puts "▶ Verify" in
   * its complexity lens on this document, so an unverified plan gets no
   * second one from here.
   */
  constructor(
    private readonly registry: FindingsRegistry,
    private readonly running: RunningInfo,
    private readonly staticLensCovers: (document: vscode.TextDocument) => boolean = () => false,
  ) {
    this.subscriptions = [this.changed, registry.onDidChange(() => this.changed.fire()), running.onDidChangeRunning(() => this.changed.fire())];
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const key = planKey(document.uri);
    const pf = this.registry.get(key);
    const top = new vscode.Range(0, 0, 0, 0);
    const run = this.running.runningPlan();
    const lenses: vscode.CodeLens[] = [];
    if (run && run.planPath === key) {
      lenses.push(new vscode.CodeLens(top, { title: `$(sync~spin) ${run.message} — cancel`, command: 'verifyPlan.cancel' }));
    } else if (pf) {
      const open = pf.findings.filter((f) => f.challenge.user_decision !== 'acknowledged').length;
      lenses.push(
        new vscode.CodeLens(top, { title: topLensTitle(pf.result, open), command: 'verifyPlan.showReport', arguments: [document.uri] }),
        new vscode.CodeLens(top, { title: '$(refresh) Re-verify', command: 'verifyPlan.reverify', arguments: [document.uri] }),
      );
    } else if (!this.staticLensCovers(document)) {
      lenses.push(new vscode.CodeLens(top, { title: topLensTitle(null, 0), command: 'verifyPlan.verify', arguments: [document.uri] }));
    }
    for (const f of pf?.findings ?? []) {
      if (f.anchor === 'unanchored') continue;
      const at = new vscode.Range(f.range.startLine, 0, f.range.startLine, 0);
      lenses.push(
        new vscode.CodeLens(at, {
          title: lensTitle(f),
          command: 'verifyPlan.showChallenge',
          tooltip: f.challenge.claim,
          arguments: [document.uri, f.challenge.id],
        }),
      );
    }
    return lenses;
  }

  dispose(): void {
    for (const d of this.subscriptions) d.dispose();
  }
}
