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
import { startLanguageClientSoon } from './language-client-loader';
import { PanelLink } from './panel-link';
import { restoreKnownPlans, restoreOnOpen } from './restore';
import { createServices } from './services';
import type { PlanStatus } from './status-model';

export interface VerifyPlanApi {
  /** The current result for a plan (from this session or restored). */
  result(planPath: string): RunResult | undefined;
  /** The status bar's state and rendered text. */
  status(): { state: PlanStatus; text: string };
  /** The "decisions deferred" item as shown, or null while hidden. */
  deferredStatus(): { text: string; tooltip: string } | null;
  /** Fires with the plan path whose findings changed. */
  readonly onDidChangeFindings: vscode.Event<string>;
  /** Resolves when the last verdicts have been restored after activation. */
  readonly restored: Promise<number>;
  /** Whether the Verify Plan panel is open. */
  panelOpen(): boolean;
  /** The folder of this extension's log files (the "Verify Plan" log channel writes there). */
  readonly logFolder: vscode.Uri;
  /** Fires when the panel's webview has drawn a state (what the user now sees). */
  readonly onDidRenderPanel: vscode.Event<{ planPath: string | null; verdict: string | null; running: boolean }>;
}

export function activate(context: vscode.ExtensionContext): VerifyPlanApi | undefined {
  const log = vscode.window.createOutputChannel('Verify Plan', { log: true });
  context.subscriptions.push(log);
  try {
    const services = createServices(context, log);
    const panel = new PanelLink(services);
    context.subscriptions.push(panel);
    for (const [id, handler] of Object.entries(commandTable(services, panel))) {
      context.subscriptions.push(vscode.commands.registerCommand(id, handler));
    }
    context.subscriptions.push(restoreOnOpen(services));
    const restored = restoreKnownPlans(services).catch((err: unknown) => {
      log.error(`restoring verdicts failed: ${String(err)}`);
      return 0;
    });
    // The language server (static checks) is independent of the agent loop: if it cannot start, the rest still works.
    startLanguageClientSoon(context, log, services.lenses);
    return {
      result: (planPath) => services.registry.get(planPath)?.result,
      status: () => ({ state: services.status.state, text: services.status.text }),
      deferredStatus: () => services.deferred.presented,
      onDidChangeFindings: services.registry.onDidChange,
      restored,
      panelOpen: () => panel.isOpen,
      logFolder: context.logUri,
      onDidRenderPanel: panel.panelHost.onDidRender,
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
