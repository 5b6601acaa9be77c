/**
 * Owns the findings of every plan that has a run result, keyed by the plan's
 * absolute file path, and keeps them pinned while the plan is edited. The
 * diagnostics, CodeLens, hover and status views render from it and listen
 * to `onDidChange`.
 */
import * as vscode from 'vscode';
import { createHash } from 'node:crypto';
import type { Challenge } from '../core/protocol';
import type { RunResult } from '../core/run-types';
import { anchorFindings, reanchor, withChallenge, type PlanFindings } from './findings';

export class FindingsRegistry implements vscode.Disposable {
  private readonly byPlan = new Map<string, PlanFindings>();
  private readonly changed = new vscode.EventEmitter<string>();
  private readonly subscriptions: vscode.Disposable[] = [this.changed];
  /** Fires with the plan path whose findings changed. */
  readonly onDidChange = this.changed.event;

  constructor() {
    this.subscriptions.push(
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length === 0) return;
        const key = planKey(e.document.uri);
        const current = this.byPlan.get(key);
        if (!current) return;
        this.byPlan.set(key, reanchor(current, e.document.getText()));
        this.changed.fire(key);
      }),
    );
  }

  get(planPath: string): PlanFindings | undefined {
    return this.byPlan.get(normalize(planPath));
  }

  plans(): string[] {
    return [...this.byPlan.keys()];
  }

  /**
   * Pins a run's result to the plan's current text. A restored result whose
   * plan changed since the run marks vanished quotes stale, not misquoted.
   */
  setResult(planPath: string, result: RunResult, planText: string): PlanFindings {
    const key = normalize(planPath);
    const changedSinceRun = result.planHash !== '' && !hashMatches(result.planHash, planText);
    const pf = anchorFindings(key, result, planText, changedSinceRun ? 'stale' : 'unanchored');
    this.byPlan.set(key, pf);
    this.changed.fire(key);
    return pf;
  }

  updateChallenge(planPath: string, updated: Challenge): PlanFindings | undefined {
    const key = normalize(planPath);
    const current = this.byPlan.get(key);
    if (!current) return undefined;
    const next = withChallenge(current, updated);
    this.byPlan.set(key, next);
    this.changed.fire(key);
    return next;
  }

  dispose(): void {
    for (const d of this.subscriptions) d.dispose();
  }
}

export function planKey(uri: vscode.Uri): string {
  return normalize(uri.fsPath);
}

function normalize(p: string): string {
  return vscode.Uri.file(p).fsPath;
}

/** The loop hashes the normalized plan text (BOM stripped, LF line ends) with sha256, hex. */
function hashMatches(planHash: string, text: string): boolean {
  const normalized = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  return planHash === createHash('sha256').update(normalized).digest('hex');
}
