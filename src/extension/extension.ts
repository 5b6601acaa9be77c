/**
 * Entry point. `activate` builds the services, registers the command table,
 * restores the last verdicts and returns a small read-only API (used by the
 * integration tests and available to other extensions). Activation errors
 * are caught, logged and shown; they never leave a half-registered extension
 * silently broken.
 */
import * as vscode from 'vscode';
import type { RunResult } from '../core/run-types';
import { commandTable } from './commands';
import { restoreKnownPlans, restoreOnOpen } from './restore';
import { createServices } from './services';
import type { PlanStatus } from './status-model';

export interface VerifyPlanApi {
  /** The current result for a plan (from this session or restored). */
  result(planPath: string): RunResult | undefined;
  /** The status bar's state and rendered text. */
  status(): { state: PlanStatus; text: string };
  /** Fires with the plan path whose findings changed. */
  readonly onDidChangeFindings: vscode.Event<string>;
  /** Resolves when the last verdicts have been restored after activation. */
  readonly restored: Promise<number>;
}

export function activate(context: vscode.ExtensionContext): VerifyPlanApi | undefined {
  const log = vscode.window.createOutputChannel('Verify Plan', { log: true });
  context.subscriptions.push(log);
  try {
    const services = createServices(context, log);
    for (const [id, handler] of Object.entries(commandTable(services))) {
      context.subscriptions.push(vscode.commands.registerCommand(id, handler));
    }
    context.subscriptions.push(restoreOnOpen(services));
    const restored = restoreKnownPlans(services).catch((err: unknown) => {
      log.error(`restoring verdicts failed: ${String(err)}`);
      return 0;
    });
    return {
      result: (planPath) => services.registry.get(planPath)?.result,
      status: () => ({ state: services.status.state, text: services.status.text }),
      onDidChangeFindings: services.registry.onDidChange,
      restored,
    };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    log.error(`activation failed: ${err instanceof Error && err.stack ? err.stack : message}`);
    void vscode.window.showErrorMessage(`Verify Plan could not start: ${message}`, 'Show Log').then((pick) => pick && log.show());
    return undefined;
  }
}

export function deactivate(): void {
  // Everything is owned by context.subscriptions and disposed by the editor.
}
