/**
 * "Verify Plan: Check Setup": thin glue over the core setup check
 * (src/core/llm/doctor.ts), the editor twin of `verify-plan doctor`. With the
 * stored key and the user's settings it runs the check under a cancellable
 * progress notification, writes each result to the log, and ends with one
 * summary (OK, or the first failure and its fix). Without a key it says what
 * it would check and offers to set one.
 */
import * as vscode from 'vscode';
import { loadEngine } from './engine-loader';
import type { Services } from './services';
import { toEngineConfig } from './settings';
import { formatUsd } from '../core/money';

export async function checkSetup(s: Services): Promise<boolean> {
  const settings = s.settings();
  const config = toEngineConfig(settings);
  const engine = loadEngine();
  const apiKey = await s.keys.get();
  if (!apiKey) {
    s.log.info('Check Setup: no API key is stored, so nothing was checked. With a key it would check:');
    for (const step of engine.doctorPlan(config.models, config.effort)) s.log.info(`  - ${step}`);
    const choice = await vscode.window.showInformationMessage(
      'Verify Plan: no API key is set. Check Setup makes the smallest real calls for each request shape a run uses (the log lists them); set a key first.',
      'Set API Key',
      'Show Log',
    );
    if (choice === 'Set API Key') await vscode.commands.executeCommand('verifyPlan.setApiKey');
    if (choice === 'Show Log') s.log.show(true);
    return false;
  }
  const baseURL = settings.baseUrl || undefined;
  const endpoint = { apiKey, ...(baseURL ? { baseURL } : {}) };
  const report = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: 'Verify Plan: checking setup', cancellable: true },
    (progress, token) => {
      const controller = new AbortController();
      token.onCancellationRequested(() => controller.abort());
      return engine.runDoctor({
        provider: engine.createAnthropicProvider({ ...endpoint, maxRetryWaitMs: settings.maxRetryWaitSeconds * 1000 }),
        lookup: engine.createAnthropicModelLookup(endpoint),
        models: config.models,
        effort: config.effort,
        prices: config.prices,
        signal: controller.signal,
        onCheck: (check) => {
          const line = `Check Setup: ${check.ok ? 'OK' : 'FAIL'} ${check.name}: ${check.detail}${check.fix ? ` — fix: ${check.fix}` : ''}`;
          if (check.ok) s.log.info(line);
          else s.log.warn(line);
          progress.report({ message: check.name });
        },
      });
    },
  );
  const cost = formatUsd(report.costUsd);
  const failed = report.checks.filter((c) => !c.ok);
  if (failed.length === 0) {
    void vscode.window.showInformationMessage(`Verify Plan: all ${report.checks.length} setup checks passed (cost ${cost}).`);
    return true;
  }
  const first = failed[0]!;
  const choice = await vscode.window.showWarningMessage(
    `Verify Plan: ${failed.length} of ${report.checks.length} setup checks failed (cost ${cost}). ${first.name}: ${first.detail}${first.fix ? ` Fix: ${first.fix}.` : ''}`,
    'Show Log',
  );
  if (choice === 'Show Log') s.log.show(true);
  return false;
}
