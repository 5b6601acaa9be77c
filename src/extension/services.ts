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
import { FindingsRegistry, planKey } from './findings-registry';
import { planCheck } from '../core/plan-discovery';
import { planScope } from './plan-scope';
import { ChallengeHoverProvider } from './hover';
import { chooseProvider } from './provider-choice';
import { RunHistory, storageDir, unreadableRunWarner } from './run-history';
import { extensionStateKey } from './state-key';
import { WorkspaceSettingsNotice } from './workspace-settings-notice';
import { readSettings, SETTINGS_SECTION, trustedGetter, type VerifyPlanSettings } from './settings';
import { VerificationRunner } from './verification-runner';
import { DeferredDecisionsItem } from './deferred-status-bar';

export interface Services {
  context: vscode.ExtensionContext;
  log: vscode.LogOutputChannel;
  keys: ApiKeyStore;
  registry: FindingsRegistry;
  history: RunHistory;
  runner: VerificationRunner;
  status: ActivePlanStatus;
  /** "N decisions deferred" while a run has BLOCKING challenges left for later. */
  deferred: DeferredDecisionsItem;
  /** The extension's lenses; the language client asks it whether to hide the static line-1 lens. */
  lenses: PlanCodeLensProvider;
  settings(): VerifyPlanSettings;
  /** Live run events, for views that follow a run (the panel subscribes here). */
  readonly onRunEvent: vscode.Event<{ planPath: string; event: RunEvent }>;
}

export const ACTIVE_IS_PLAN_CONTEXT_KEY = 'verifyPlan.activeIsPlan';

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
  const deferred = own(new DeferredDecisionsItem(runner));

  // A repository's .vscode/settings.json setting a user-only setting is logged once (VS Code drops the value itself).
  const notice = new WorkspaceSettingsNotice(log);
  const checkWorkspaceSettings = () =>
    void notice.check((vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath)).catch(() => undefined);
  checkWorkspaceSettings();
  own(vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration(SETTINGS_SECTION) && checkWorkspaceSettings()));
  own(vscode.workspace.onDidChangeWorkspaceFolders(checkWorkspaceSettings));

  own(new ChallengeDiagnostics(registry));
  const lenses = own(new PlanCodeLensProvider(registry, runner));
  // The editor title's Verify button shows only on files "Verify Plan" would take without asking.
  const markActive = () => {
    const doc = vscode.window.activeTextEditor?.document;
    const isPlan = doc?.uri.scheme === 'file' && planCheck(doc.uri.fsPath, planScope(settings().planFolders), registry.get(planKey(doc.uri)) !== undefined) === 'plan';
    void vscode.commands.executeCommand('setContext', ACTIVE_IS_PLAN_CONTEXT_KEY, isPlan);
  };
  own(vscode.window.onDidChangeActiveTextEditor(markActive));
  own(registry.onDidChange(markActive));
  own(vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration(`${SETTINGS_SECTION}.planFolders`) && markActive()));
  markActive();
  own(vscode.languages.registerCodeLensProvider(PLAN_SELECTOR, lenses));
  own(vscode.languages.registerHoverProvider(PLAN_SELECTOR, new ChallengeHoverProvider(registry)));
  own(vscode.languages.registerCodeActionsProvider(PLAN_SELECTOR, new ChallengeCodeActions(), { providedCodeActionKinds: ChallengeCodeActions.kinds }));

  return { context, log, keys, registry, history, runner, status, deferred, lenses, settings, onRunEvent: runEvents.event };
}
