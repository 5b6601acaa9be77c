/**
 * Decides the `PlanStatus` of the active plan and feeds it to the status bar:
 * a run in progress wins; otherwise the active Markdown file's verdict (or
 * idle); the item hides when no plan is in view and nothing runs.
 */
import * as vscode from 'vscode';
import * as path from 'node:path';
import { planKey, type FindingsRegistry } from './findings-registry';
import { PlanStatusBar } from './status-bar';
import type { PlanStatus } from './status-model';
import type { VerificationRunner } from './verification-runner';

export class ActivePlanStatus implements vscode.Disposable {
  private readonly bar = new PlanStatusBar();
  private readonly subscriptions: vscode.Disposable[];
  private lastError: { planPath: string | null; message: string } | null = null;

  constructor(
    private readonly registry: FindingsRegistry,
    private readonly runner: VerificationRunner,
  ) {
    this.subscriptions = [
      this.bar,
      vscode.window.onDidChangeActiveTextEditor(() => this.refresh()),
      registry.onDidChange(() => this.refresh()),
      runner.onDidChangeRunning(() => {
        if (runner.runningPlan()) this.lastError = null;
        this.refresh();
      }),
      runner.onDidFail(({ planPath, message }) => this.showError(planPath, message)),
    ];
    this.refresh();
  }

  /** The status-bar text as rendered (for UI-level assertions). */
  get text(): string {
    return this.bar.text;
  }

  get state(): PlanStatus {
    return this.bar.state;
  }

  showError(planPath: string | null, message: string): void {
    this.lastError = { planPath, message };
    this.refresh();
  }

  refresh(): void {
    const state = this.compute();
    if (state) this.bar.update(state);
    else this.bar.hide();
  }

  private compute(): PlanStatus | null {
    const run = this.runner.runningPlan();
    if (run) return { kind: 'running', planName: path.basename(run.planPath), iteration: Math.max(1, run.iteration), message: run.message };
    const doc = vscode.window.activeTextEditor?.document;
    const planPath = doc && doc.uri.scheme === 'file' && doc.languageId === 'markdown' ? planKey(doc.uri) : null;
    if (this.lastError && (this.lastError.planPath === null || this.lastError.planPath === planPath)) {
      return { kind: 'error', planName: this.lastError.planPath ? path.basename(this.lastError.planPath) : null, message: this.lastError.message };
    }
    if (!planPath) return null;
    const pf = this.registry.get(planPath);
    if (pf) return { kind: 'verdict', planName: path.basename(planPath), result: pf.result, stale: pf.findings.some((f) => f.anchor === 'stale') };
    return { kind: 'idle', planName: path.basename(planPath) };
  }

  dispose(): void {
    for (const d of this.subscriptions) d.dispose();
  }
}
