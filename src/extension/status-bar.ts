/** The status-bar item for the active plan: a thin wrapper that renders a `PlanStatus`. */
import * as vscode from 'vscode';
import { presentStatus, type PlanStatus } from './status-model';

export class PlanStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('verifyPlan.status', vscode.StatusBarAlignment.Left, 50);
  private current: PlanStatus = { kind: 'idle', planName: null };

  constructor() {
    this.item.name = 'Verify Plan';
    this.update(this.current);
  }

  get state(): PlanStatus {
    return this.current;
  }

  /** The rendered text, for the integration tests' UI assertions. */
  get text(): string {
    return this.item.text;
  }

  update(state: PlanStatus): void {
    this.current = state;
    const p = presentStatus(state);
    this.item.text = p.text;
    this.item.tooltip = p.tooltip;
    this.item.command = p.command;
    this.item.backgroundColor =
      p.tone === 'error' ? new vscode.ThemeColor('statusBarItem.errorBackground') : p.tone === 'warning' ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.item.show();
  }

  /** No plan in view and nothing runs: the item hides, and its state says so, never the last one shown (e.g. a run that has ended). */
  hide(): void {
    this.current = { kind: 'idle', planName: null };
    this.item.text = presentStatus(this.current).text;
    this.item.hide();
  }

  dispose(): void {
    this.item.dispose();
  }
}
