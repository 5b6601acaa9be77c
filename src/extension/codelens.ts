/**
 * CodeLens on plans. Line 1 shows the plan's state, one state at a time: before a run
 * the language server's static lens (`Complexity 9/16 · base team · ▶ Verify
 * Plan`, only on files discovery takes for plans); while a run goes, Cancel
 * and its progress; after it, the verdict and Re-verify. The language
 * client hides the static lens in the last two states (`hidesStaticLens`).
 * Above each anchored challenge: `C3 · SIGNIFICANT · UNRESOLVED — details`.
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

  constructor(
    private readonly registry: FindingsRegistry,
    private readonly running: RunningInfo,
  ) {
    this.subscriptions = [this.changed, registry.onDidChange(() => this.changed.fire()), running.onDidChangeRunning(() => this.changed.fire())];
  }

  /** True when this provider draws line 1 (a run in progress or a result), so the static "▶ Verify" lens must not. */
  hidesStaticLens(document: vscode.TextDocument): boolean {
    const key = planKey(document.uri);
    return this.running.runningPlan()?.planPath === key || this.registry.get(key) !== undefined;
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const key = planKey(document.uri);
    const pf = this.registry.get(key);
    const top = new vscode.Range(0, 0, 0, 0);
    const run = this.running.runningPlan();
    const lenses: vscode.CodeLens[] = [];
    if (run && run.planPath === key) {
      // Cancel comes first: a long progress message is cut at the editor's edge, and the way out must stay visible.
      lenses.push(
        new vscode.CodeLens(top, { title: '$(debug-stop) Cancel', command: 'verifyPlan.cancel', tooltip: 'Cancel the run (partial results are kept)' }),
        new vscode.CodeLens(top, { title: `$(sync~spin) ${run.message}`, command: '', tooltip: run.message }),
      );
    } else if (pf) {
      const open = pf.findings.filter((f) => f.challenge.user_decision !== 'acknowledged').length;
      lenses.push(
        new vscode.CodeLens(top, { title: topLensTitle(pf.result, open), command: 'verifyPlan.showReport', arguments: [document.uri] }),
        new vscode.CodeLens(top, { title: '$(refresh) Re-verify', command: 'verifyPlan.reverify', arguments: [document.uri] }),
      );
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
