/**
 * Where run results live between sessions: the core's file store in the
 * workspace's storage folder, plus an index of verified plans in
 * workspaceState so the last verdict per plan is restored on start-up.
 */
import * as vscode from 'vscode';
import type { RunResult, RunStore } from '../core/run-types';

const INDEX_KEY = 'verifyPlan.verifiedPlans';
const INDEX_LIMIT = 200;

export class RunHistory {
  constructor(
    readonly store: RunStore,
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

  async save(result: RunResult): Promise<void> {
    await this.store.save(result);
    await this.remember(result.planPath);
  }

  /** Never throws: a corrupt or missing store means "no previous run". */
  async latest(planPath: string): Promise<RunResult | null> {
    try {
      return await this.store.loadLatest(planPath);
    } catch {
      return null;
    }
  }
}

/** Workspace storage when a folder is open, else the extension's global storage. */
export function storageDir(context: vscode.ExtensionContext): vscode.Uri {
  return vscode.Uri.joinPath(context.storageUri ?? context.globalStorageUri, 'runs');
}
