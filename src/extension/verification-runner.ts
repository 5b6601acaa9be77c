/**
 * Runs the engine on one plan from the editor: a progress notification with
 * Cancel (which aborts in-flight requests), checkpoints as QuickPicks, the
 * result pinned to the plan and saved. Holds no verification logic: it only
 * wires `runVerification` to the editor.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { loadEngine } from './engine-loader';
import type { RunEvent, RunResult } from '../core/run-types';
import type { Challenge } from '../core/protocol';
import { askCheckpoint, reviewDeferred } from './checkpoint-prompt';
import { CheckpointBook } from './checkpoint-batch';
import { replacesLastVerdict } from './findings';
import { CHECKING_MODELS_MESSAGE, PREPARING_MESSAGE, progressMessage } from './progress-message';
import type { FindingsRegistry } from './findings-registry';
import { planKey } from './findings-registry';
import type { ChosenProvider } from './provider-choice';
import { warnNotKept, type RunHistory } from './run-history';
import { RunLogger } from './run-log';
import { SETTINGS_SECTION, toEngineConfig, type VerifyPlanSettings } from './settings';
import type { EngineConfig } from '../core/config';
import { announcement } from './run-announcement';
import { isAuthFailure } from '../core/labels';
import { modelPreflight, offerFix } from './model-preflight';

export interface RunnerDeps {
  log: vscode.LogOutputChannel;
  registry: FindingsRegistry;
  history: RunHistory;
  settings: () => VerifyPlanSettings;
  chooseProvider: (settings: VerifyPlanSettings) => Promise<ChosenProvider | null>;
  /** Every engine event, for live views (panel). */
  onEvent?: (planPath: string, event: RunEvent) => void;
}

interface ActiveRun {
  planPath: string;
  planUri: vscode.Uri;
  /** The run's checkpoint answers, and the decisions it left for later. */
  book: CheckpointBook;
  controller: AbortController;
  message: string;
  iteration: number;
  /** The API rejected the key mid-run: the run was stopped, and this is what to tell the user. */
  authRejected: string | null;
}

export const RUNNING_CONTEXT_KEY = 'verifyPlan.running';

interface PreparedRun {
  result: RunResult;
  document: vscode.TextDocument;
  chosen: ChosenProvider;
  config: EngineConfig;
}

export class VerificationRunner implements vscode.Disposable {
  private active: ActiveRun | null = null;
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly failed = new vscode.EventEmitter<{ planPath: string; message: string }>();
  private readonly deferredChanged = new vscode.EventEmitter<void>();
  readonly onDidChangeRunning = this.changed.event;
  /** The run's deferred decisions changed (left for later, answered, settled by the run), or the run ended. */
  readonly onDidChangeDeferred = this.deferredChanged.event;
  /** A run that could not produce a result (a bug, or storage/editor failure — not a model problem). */
  readonly onDidFail = this.failed.event;

  constructor(private readonly deps: RunnerDeps) {}

  runningPlan(): { planPath: string; message: string; iteration: number } | null {
    return this.active ? { planPath: this.active.planPath, message: this.active.message, iteration: this.active.iteration } : null;
  }

  /** The BLOCKING challenges the run in flight has left for later, or null. */
  deferredDecisions(): { planPath: string; challenges: Challenge[] } | null {
    const pending = this.active?.book.deferred();
    return this.active && pending ? { planPath: this.active.planPath, challenges: pending.challenges } : null;
  }

  /** Opens the review of the deferred decisions of the run in flight; false when there is none. Abort there stops the run. */
  async answerDeferred(): Promise<boolean> {
    const run = this.active;
    if (!run?.book.deferred()) return false;
    if (await reviewDeferred(run.book, run.planUri, run.controller.signal)) run.controller.abort();
    return true;
  }

  /** Aborts the run in flight; false when nothing runs. */
  cancel(): boolean {
    if (!this.active) return false;
    this.active.controller.abort();
    return true;
  }

  /** Resolves with the run's result, or undefined when it did not start (no provider, untrusted, already running). */
  async verify(planUri: vscode.Uri): Promise<RunResult | undefined> {
    if (this.active) {
      void vscode.window.showInformationMessage(`Verify Plan is already running on ${vscode.workspace.asRelativePath(this.active.planPath)}.`);
      return undefined;
    }
    if (!vscode.workspace.isTrusted) {
      const manage = 'Manage Workspace Trust';
      void vscode.window
        .showWarningMessage('Verify Plan: this workspace is not trusted, so only the static plan checks run. Trust the workspace to run the agent team.', manage)
        .then((pick) => pick === manage && vscode.commands.executeCommand('workbench.trust.manage'));
      return undefined;
    }
    const planPath = planKey(planUri);
    // Claimed before the first await, so a second Verify cannot start alongside (e.g. during the consent prompt).
    const run: ActiveRun = { planPath, planUri, book: new CheckpointBook(), controller: new AbortController(), message: 'Starting…', iteration: 0, authRejected: null };
    const unsubscribe = run.book.onChange(() => this.deferredChanged.fire());
    this.setActive(run);
    try {
      // The notification opens before anything slow (provider, model check, the engine bundle): the user sees the run
      // start at once, and its first message says what is being done until the engine reports the assessment.
      const outcome = await vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification, // The file name only: the phase, not the folder path, is what the toast's width is for.
          title: `Verify Plan: ${path.basename(planUri.fsPath)}`,
          cancellable: true,
        },
        (progress, token) => {
          token.onCancellationRequested(() => run.controller.abort());
          return this.prepareAndRun(run, planUri, (message) => {
            run.message = message;
            progress.report({ message });
            this.changed.fire();
          });
        },
      );
      if (!outcome) return undefined;
      const { result, document, chosen, config } = outcome;
      if (run.authRejected !== null) {
        offerFix('auth', `${run.authRejected} Set a valid key and verify again.`, this.deps.log);
        return result;
      }
      if (replacesLastVerdict(result) || !this.deps.registry.get(planPath)) this.deps.registry.setResult(planPath, result, document.getText());
      announce(result, chosen.costKnown, config.spendingCapUsd, this.deps.log);
      return result;
    } catch (err) {
      // runVerification resolves on model/agent problems; reaching here is a bug or a storage/editor failure.
      const message = err instanceof Error ? err.message : String(err);
      this.deps.log.error(`run failed: ${err instanceof Error && err.stack ? err.stack : message}`);
      void vscode.window.showErrorMessage(`Verify Plan failed: ${message}`, 'Show Log').then((pick) => pick && this.deps.log.show());
      this.setActive(null);
      this.failed.fire({ planPath, message });
      return undefined;
    } finally {
      unsubscribe();
      if (this.active === run) this.setActive(null);
    }
  }

  /** Everything from the provider choice to the engine's result, reporting through `say`; undefined when the run does not start. */
  private async prepareAndRun(run: ActiveRun, planUri: vscode.Uri, say: (message: string) => void): Promise<PreparedRun | undefined> {
    say(PREPARING_MESSAGE);
    // The stored run (a file read) is independent of the provider choice and the model check: both waits run together.
    const inRegistry = this.deps.registry.get(run.planPath)?.result;
    const previousRun = inRegistry ? Promise.resolve(inRegistry) : this.deps.history.latest(run.planPath);
    const document = await vscode.workspace.openTextDocument(planUri);
    const settings = this.deps.settings();
    const chosen = await this.deps.chooseProvider(settings);
    if (!chosen || run.controller.signal.aborted) return undefined;
    const config = toEngineConfig(settings);
    if (chosen.checkModels) say(CHECKING_MODELS_MESSAGE);
    if (!(await modelPreflight(config, chosen.costKnown, chosen.checkModels, run.controller.signal, this.deps.log)) || run.controller.signal.aborted) return undefined;
    const logger = new RunLogger(this.deps.log, chosen.secrets);
    this.deps.log.info(`verifying ${run.planPath} with ${chosen.label}`);
    const root = vscode.workspace.getWorkspaceFolder(planUri)?.uri.fsPath ?? null;
    const previous = await previousRun;
    // The index of verified plans is for the next start-up; the run does not wait for its write.
    void this.deps.history
      .remember(run.planPath)
      .catch((error: unknown) => this.deps.log.warn(`the list of verified plans was not updated: ${error instanceof Error ? error.message : String(error)}`));
    let lastSummary: string | null = null;
    const book = run.book;
    let warnedNotSaved = false;
    const onEvent = (event: RunEvent) => {
      logger.handle(event);
      // A store that cannot write never breaks the run: one warning per run, with the cause.
      if (event.type === 'state-not-saved' && !warnedNotSaved) {
        warnedNotSaved = true;
        warnNotKept(event.error);
      }
      if (event.type === 'iteration-finished') {
        lastSummary = event.message;
        book.noteState(event.state);
      }
      // Every further call would be rejected the same way: stop now rather than end in a FAILED that hides why.
      if (event.type === 'agent-failed' && isAuthFailure(event.failure) && run.authRejected === null) {
        run.authRejected = 'Anthropic rejected the API key during the run, so the run stopped.';
        run.controller.abort();
      }
      const message = progressMessage(event, lastSummary);
      if (message) {
        if (event.type === 'iteration-finished' || event.type === 'phase-started') run.iteration = event.iteration;
        say(message);
      }
      this.deps.onEvent?.(run.planPath, event);
    };
    const engine = loadEngine();
    // The plan leaves the machine: a plan that is not a regular file (a device, a FIFO) is refused, and secrets in it are removed.
    const problem = await engine.planFileProblem(planUri.fsPath, vscode.workspace.asRelativePath(planUri));
    if (problem) throw new Error(problem);
    const scan = await engine.redactSecrets(document.getText(), path.basename(planUri.fsPath));
    if (scan.count > 0) this.deps.log.warn(engine.secretNote(vscode.workspace.asRelativePath(planUri), scan));
    const result = await engine.runVerification({
      planPath: run.planPath,
      planText: scan.text,
      workspaceRoot: root,
      provider: chosen.provider,
      config,
      signal: run.controller.signal,
      onEvent,
      onCheckpoint: (request) => askCheckpoint(request, book, planUri, run.controller.signal),
      store: this.deps.history.store,
      previous,
      research: root
        ? engine.createResearchToolbox({
            root,
            denyGlobs: settings.denyGlobs,
            webSearch: settings.webSearch,
            memory: engine.createStoreMemorySource(this.deps.history.store, { planPath: run.planPath }),
            onSecretsRemoved: (where, found) => this.deps.log.warn(engine.secretNote(where, found)),
          })
        : null,
      trusted: vscode.workspace.isTrusted,
    });
    return { result, document, chosen, config };
  }

  private setActive(run: ActiveRun | null): void {
    this.active = run;
    void vscode.commands.executeCommand('setContext', RUNNING_CONTEXT_KEY, run !== null);
    this.changed.fire();
    this.deferredChanged.fire();
  }

  dispose(): void {
    this.active?.controller.abort();
    this.changed.dispose();
    this.failed.dispose();
    this.deferredChanged.dispose();
  }
}

function announce(result: RunResult, costKnown: boolean, capUsd: number, log: vscode.LogOutputChannel): void {
  const a = announcement(result, costKnown, capUsd);
  const notify = a.severity === 'warning' ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
  void notify(a.text, ...a.buttons).then((pick) => {
    if (pick === 'Show Report') void vscode.commands.executeCommand('verifyPlan.showReport', vscode.Uri.file(result.planPath));
    if (pick === 'Raise Cap') void vscode.commands.executeCommand('workbench.action.openSettings', `${SETTINGS_SECTION}.spendingCapUsd`);
    if (pick === 'Show Log') log.show(true);
  });
}
