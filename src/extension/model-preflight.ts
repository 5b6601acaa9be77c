/**
 * Before a run's first paid call: a spending cap needs every
 * model priced, and every model id must be one the API serves. Errors stop
 * the run with a notification naming role, id and replacement; deprecation
 * warnings and an unreachable Models API are shown and the run goes on. Each
 * notification offers "Open Settings" at the setting to change (the cap refusal: "Set a Price" or "Change the Cap").
 */
import * as vscode from 'vscode';
import { spendingCapProblem, type EngineConfig } from '../core/config';
import type { ModelCheck } from '../core/llm/model-lifecycle';
import { SETTINGS_SECTION } from './settings';

export type ModelChecker = (config: EngineConfig, signal: AbortSignal) => Promise<ModelCheck>;

const OPEN_SETTINGS = 'Open Settings';

/** Shows `text` with one button per way out; each button opens the Settings editor at its setting. */
function offerSettings(show: typeof vscode.window.showErrorMessage, text: string, choices: Record<string, string>): void {
  void show(`Verify Plan: ${text}`, ...Object.keys(choices)).then((pick) => {
    const query = pick === undefined ? undefined : choices[pick];
    if (query !== undefined) void vscode.commands.executeCommand('workbench.action.openSettings', query);
  });
}

/**
 * A rejected key or an unreachable host, with the fix as buttons: the key
 * (Set API Key), or the base URL setting and the log. Also used when a key is
 * rejected in the middle of a run.
 */
export function offerFix(blocker: 'auth' | 'unreachable', text: string, log: vscode.LogOutputChannel): void {
  const setKey = 'Set API Key';
  const showLog = 'Show Log';
  const buttons = blocker === 'auth' ? [setKey] : [OPEN_SETTINGS, showLog];
  void vscode.window.showErrorMessage(`Verify Plan: ${text}`, ...buttons).then((pick) => {
    if (pick === setKey) void vscode.commands.executeCommand('verifyPlan.setApiKey');
    if (pick === OPEN_SETTINGS) void vscode.commands.executeCommand('workbench.action.openSettings', `${SETTINGS_SECTION}.baseUrl`);
    if (pick === showLog) log.show(true);
  });
}

/** True when the run may start. `checkModels` is absent for providers without a Models API (vscode.lm). */
export async function modelPreflight(
  config: EngineConfig,
  costKnown: boolean,
  checkModels: ModelChecker | undefined,
  signal: AbortSignal,
  log: vscode.LogOutputChannel,
): Promise<boolean> {
  const capProblem = costKnown ? spendingCapProblem(config) : null;
  if (capProblem) {
    log.warn(capProblem);
    // Two ways out: price the model (the cap then works) or run without a cap.
    offerSettings(vscode.window.showErrorMessage, capProblem, { 'Set a Price': `${SETTINGS_SECTION}.prices`, 'Change the Cap': `${SETTINGS_SECTION}.spendingCapUsd` });
    return false;
  }
  if (!checkModels) return true;
  const check = await checkModels(config, signal);
  for (const note of check.notes) {
    log.info(note);
    void vscode.window.showInformationMessage(`Verify Plan: ${note}`);
  }
  for (const warning of check.warnings) {
    log.warn(warning);
    offerSettings(vscode.window.showWarningMessage, warning, { [OPEN_SETTINGS]: `${SETTINGS_SECTION}.models` });
  }
  if (check.errors.length === 0) return true;
  for (const error of check.errors) log.error(error);
  if (check.blocker) {
    offerFix(check.blocker, check.errors.join(' '), log);
    return false;
  }
  offerSettings(vscode.window.showErrorMessage, `${check.errors.join(' ')} No request was sent.`, { [OPEN_SETTINGS]: `${SETTINGS_SECTION}.models` });
  return false;
}
