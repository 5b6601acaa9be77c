/**
 * Restores the last verdict per plan on start-up (diagnostics, CodeLens,
 * status bar), and for plans opened later. Storage problems are logged and
 * skipped: a missing history never blocks the editor.
 */
import * as vscode from 'vscode';
import { planKey } from './findings-registry';
import type { Services } from './services';

export async function restoreKnownPlans(s: Services): Promise<number> {
  let restored = 0;
  for (const planPath of s.history.knownPlans()) {
    if (await restorePlan(s, vscode.Uri.file(planPath))) restored++;
  }
  s.log.info(`restored the last verdict of ${restored} plan(s)`);
  return restored;
}

/** Restores one plan unless the registry already has it (a run in this session wins). */
export async function restorePlan(s: Services, uri: vscode.Uri): Promise<boolean> {
  const key = planKey(uri);
  if (s.registry.get(key)) return false;
  try {
    const result = await s.history.latest(key);
    if (!result) return false;
    const text = await planText(uri);
    if (text === null || s.registry.get(key)) return false;
    s.registry.setResult(key, result, text);
    return true;
  } catch (err) {
    s.log.warn(`could not restore the last run of ${key}: ${err instanceof Error ? err.message : String(err)}`);
    return false;
  }
}

export function restoreOnOpen(s: Services): vscode.Disposable {
  return vscode.workspace.onDidOpenTextDocument((doc) => {
    if (doc.languageId === 'markdown' && doc.uri.scheme === 'file') void restorePlan(s, doc.uri);
  });
}

async function planText(uri: vscode.Uri): Promise<string | null> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) return open.getText();
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return null;
  }
}
