/**
 * The status-bar item "N decisions deferred": shown while the run in flight
 * has BLOCKING challenges the user left for later at a checkpoint (Escape,
 * or "decide later"), until they are answered, settled by the run, or the run
 * ends. Its click (`verifyPlan.answerDeferred`) reopens their review. Words
 * come from `presentDeferred` (checkpoint-batch.ts, pure).
 */
import * as vscode from 'vscode';
import { presentDeferred } from './checkpoint-batch';
import type { VerificationRunner } from './verification-runner';

export const ANSWER_DEFERRED_COMMAND = 'verifyPlan.answerDeferred';

export class DeferredDecisionsItem implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('verifyPlan.deferred', vscode.StatusBarAlignment.Left, 49);
  private readonly subscription: vscode.Disposable;
  private shown: { text: string; tooltip: string } | null = null;
  /** Where the deferred decisions were last seen: the panel opens there when the run has ended by the time of the click. */
  private lastSeen: { planPath: string; challengeId: string } | null = null;

  constructor(private readonly runner: VerificationRunner) {
    this.item.name = 'Verify Plan: deferred decisions';
    this.item.command = ANSWER_DEFERRED_COMMAND;
    this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
    this.subscription = runner.onDidChangeDeferred(() => this.refresh());
    this.refresh();
  }

  /** What the item shows, or null while hidden (for the integration tests). */
  get presented(): { text: string; tooltip: string } | null {
    return this.shown;
  }

  get lastDeferred(): { planPath: string; challengeId: string } | null {
    return this.lastSeen;
  }

  private refresh(): void {
    const deferred = this.runner.deferredDecisions();
    this.shown = presentDeferred(deferred);
    if (deferred && deferred.challenges[0]) this.lastSeen = { planPath: deferred.planPath, challengeId: deferred.challenges[0].id };
    if (!this.shown) {
      this.item.hide();
      return;
    }
    this.item.text = this.shown.text;
    this.item.tooltip = this.shown.tooltip;
    this.item.show();
  }

  dispose(): void {
    this.subscription.dispose();
    this.item.dispose();
  }
}
