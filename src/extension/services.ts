/**
 * The one context object `activate` builds: every long-lived part of the
 * extension, created once and owned by `context.subscriptions`.
 */
import * as vscode from 'vscode';
import { createFileRunStore } from '../core/store';
import type { RunEvent } from '../core/run-types';
import { ActivePlanStatus } from './active-plan-status';
import { ApiKeyStore } from './api-key';
import { ChallengeCodeActions } from './code-actions';
import { PlanCodeLensProvider } from './codelens';
import { ChallengeDiagnostics } from './diagnostics';
import { FindingsRegistry } from './findings-registry';
import { ChallengeHoverProvider } from './hover';
import { chooseProvider } from './provider-choice';
import { isPlanDocument, planScope } from './plan-scope';
import { RunHistory, storageDir, unreadableRunWarner } from './run-history';
import { extensionStateKey } from './state-key';
import { WorkspaceSettingsNotice } from './workspace-settings-notice';
import { readSettings, SETTINGS_SECTION, trustedGetter, type VerifyPlanSettings } from './settings';
import { VerificationRunner } from './verification-runner';

export interface Services {
  context: vscode.ExtensionContext;
  log: vscode.LogOutputChannel;
  keys: ApiKeyStore;
  registry: FindingsRegistry;
  history: RunHistory;
  runner: VerificationRunner;
  status: ActivePlanStatus;
  settings(): VerifyPlanSettings;
  /** Live run events, for views that follow a run (the panel subscribes here). */
  readonly onRunEvent: vscode.Event<{ planPath: string; event: RunEvent }>;
}

const PLAN_SELECTOR: vscode.DocumentSelector = [{ language: 'markdown', scheme: 'file' }];

export function createServices(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): Services {
  const own = <T extends vscode.Disposable>(d: T): T => {
    context.subscriptions.push(d);
    return d;
  };
  const ignoredOnce = new Set<string>();
  const settings = (): VerifyPlanSettings => {
    const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
    const read = readSettings(
      trustedGetter(
        (key) => config.get(key),
        (key) => config.inspect(key),
        (setting, why) => {
          if (ignoredOnce.has(`${setting}\0${why}`)) return;
          ignoredOnce.add(`${setting}\0${why}`);
          log.warn(`${setting}: ${why}`);
        },
      ),
    );
    for (const problem of read.problems) log.warn(problem);
    return read.settings;
  };
  const keys = new ApiKeyStore(context.secrets);
  const registry = own(new FindingsRegistry());
  const history = new RunHistory(
    createFileRunStore(storageDir(context).fsPath, { onUnreadable: unreadableRunWarner(log), key: () => extensionStateKey(context.secrets) }),
    context.workspaceState,
  );
  const runEvents = own(new vscode.EventEmitter<{ planPath: string; event: RunEvent }>());
  const runner = own(
    new VerificationRunner({
      log,
      registry,
      history,
      settings,
      chooseProvider: (s) => chooseProvider(s, keys, context.globalState),
      onEvent: (planPath, event) => runEvents.fire({ planPath, event }),
    }),
  );
  const status = own(new ActivePlanStatus(registry, runner));

  // A repository's .vscode/settings.json setting a user-only setting is logged once (VS Code drops the value itself).
  const notice = new WorkspaceSettingsNotice(log);
  const checkWorkspaceSettings = () =>
    void notice.check((vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath)).catch(() => undefined);
  checkWorkspaceSettings();
  own(vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration(SETTINGS_SECTION) && checkWorkspaceSettings()));
  own(vscode.workspace.onDidChangeWorkspaceFolders(checkWorkspaceSettings));

  own(new ChallengeDiagnostics(registry));
  // The language server's lens covers exactly the documents the client sends it (plan-scope.ts).
  const staticLensCovers = (doc: vscode.TextDocument) => isPlanDocument(doc, planScope(settings().planFolders));
  const lenses = own(new PlanCodeLensProvider(registry, runner, staticLensCovers));
  own(vscode.languages.registerCodeLensProvider(PLAN_SELECTOR, lenses));
  own(vscode.languages.registerHoverProvider(PLAN_SELECTOR, new ChallengeHoverProvider(registry)));
  own(vscode.languages.registerCodeActionsProvider(PLAN_SELECTOR, new ChallengeCodeActions(), { providedCodeActionKinds: ChallengeCodeActions.kinds }));

  return { context, log, keys, registry, history, runner, status, settings, onRunEvent: runEvents.event };
}
