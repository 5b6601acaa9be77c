/**
 * Where run results live between sessions: the core's file store in the
 * workspace's storage folder, plus an index of verified plans in
 * workspaceState so the last verdict per plan is restored on start-up.
 */
import * as vscode from 'vscode';
import type { FileRunStore } from '../core/store';
import type { RunResult } from '../core/run-types';
import { replacesLastVerdict } from './findings';

const INDEX_KEY = 'verifyPlan.verifiedPlans';
const INDEX_LIMIT = 200;

export class RunHistory {
  constructor(
    readonly store: FileRunStore,
    private readonly workspaceState: vscode.Memento,
  ) {}

  /** Plans with at least one saved run, most recent first. */
  knownPlans(): string[] {
    const raw = this.workspaceState.get<unknown>(INDEX_KEY);
    return Array.isArray(raw) ? raw.filter((p): p is string => typeof p === 'string') : [];
  }

  async remember(planPath: string): Promise<void> {
    const next = [planPath, ...this.knownPlans().filter((p) => p !== planPath)].slice(0, INDEX_LIMIT);
    await this.workspaceState.update(INDEX_KEY, next);
  }

  /** Saves a changed result (e.g. an acknowledged risk); a store that cannot write is a warning, never an error. */
  async save(result: RunResult): Promise<void> {
    try {
      await this.store.save(result);
    } catch (error) {
      warnNotKept(error instanceof Error ? error.message : String(error));
      return;
    }
    await this.remember(result.planPath);
  }

  /**
   * The run whose verdict the plan shows: the newest one, skipping runs the
   * user stopped before they found anything. Never throws: a corrupt or
   * missing store means "no previous run".
   */
  async latest(planPath: string): Promise<RunResult | null> {
    try {
      const recent = await this.store.loadHistory(planPath, 5);
      return recent.find(replacesLastVerdict) ?? recent[0] ?? (await this.store.loadLatest(planPath));
    } catch {
      return null;
    }
  }
}

/** Workspace storage when a folder is open, else the extension's global storage. */
export function storageDir(context: vscode.ExtensionContext): vscode.Uri {
  return vscode.Uri.joinPath(context.storageUri ?? context.globalStorageUri, 'runs');
}

/** The warning shown when run state could not be written (the result on screen stays as it is). */
export function warnNotKept(cause: string): void {
  void vscode.window.showWarningMessage(
    `Verify Plan: the run could not be saved (${cause}). Its result is shown, but it will not be restored after a restart or remembered by the next run.`,
  );
}

/** Warns once per file about a stored run that cannot be used (memory_search may read it again and again). */
export function unreadableRunWarner(log: vscode.LogOutputChannel): (file: string, reason: string) => void {
  const warned = new Set<string>();
  return (file, reason) => {
    if (warned.has(file)) return;
    warned.add(file);
    log.warn(`stored run skipped: ${file}: ${reason}`);
    void vscode.window.showWarningMessage(`Verify Plan: a stored run cannot be used and was skipped: ${file} (${reason}).`);
  };
}
