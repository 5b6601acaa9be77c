/**
 * Starts the Verify Plan language server (dist/server.js) over IPC with
 * vscode-languageclient, for Markdown files in the configured plan folders.
 * The client restarts a server that dies (at most 5 times in 3 minutes) and
 * says so in the log; a change of `verifyPlan.planFolders` restarts the
 * client with the new document selector. Everything it creates is owned by
 * the returned handle, which is also pushed to `context.subscriptions`.
 */
import * as vscode from 'vscode';
import {
  CloseAction,
  CodeLensRequest,
  ErrorAction,
  LanguageClient,
  TransportKind,
  type CloseHandlerResult,
  type ErrorHandler,
  type ErrorHandlerResult,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';
import { AssessmentChangedNotification, AssessmentRequest, DocumentAssessment, SETTINGS_SECTION, VERIFY_COMMAND } from '../shared/lsp-protocol';
import { isPlanDocument, planDocumentSelector, planFoldersSetting, planScope } from './plan-scope';

export interface PlanLanguageClient extends vscode.Disposable {
  /** The static assessment of an open plan (complexity, team, quality), or null when the server has none. */
  assessment(uri: vscode.Uri): Promise<DocumentAssessment | null>;
  /** Fires when an open plan's score, team or quality changes while it is edited. */
  readonly onDidChangeAssessment: vscode.Event<DocumentAssessment>;
}

/** Who draws line 1 when a run is going or has a result (codelens.ts); the static lens then steps aside. */
export interface LineOneLens {
  hidesStaticLens(document: vscode.TextDocument): boolean;
  readonly onDidChangeCodeLenses: vscode.Event<void>;
}

const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 3 * 60 * 1000;

export function startLanguageClient(context: vscode.ExtensionContext, log: vscode.LogOutputChannel, lineOne: LineOneLens): PlanLanguageClient {
  const handle = new LanguageClientHandle(context, log, lineOne);
  context.subscriptions.push(handle);
  handle.start();
  return handle;
}

class LanguageClientHandle implements PlanLanguageClient {
  private client: LanguageClient | undefined;
  private readonly emitter = new vscode.EventEmitter<DocumentAssessment>();
  private readonly disposables: vscode.Disposable[] = [this.emitter];
  readonly onDidChangeAssessment = this.emitter.event;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly log: vscode.LogOutputChannel,
    private readonly lineOne: LineOneLens,
  ) {
    this.disposables.push(
      // The static lens is asked again when line 1 changes hands (a run starts or ends).
      lineOne.onDidChangeCodeLenses(() => this.refreshLenses()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`${SETTINGS_SECTION}.planFolders`)) {
          this.log.info('Plan folders changed: restarting the Verify Plan language server with the new document selector.');
          void this.restart();
        }
      }),
      // Relative plan folders are anchored at the workspace folders, so the selector changes with them.
      vscode.workspace.onDidChangeWorkspaceFolders(() => {
        this.log.info('Workspace folders changed: restarting the Verify Plan language server with the new document selector.');
        void this.restart();
      }),
    );
  }

  start(): void {
    const client = this.createClient();
    this.client = client;
    // Registered before start so it also survives the client's own restarts.
    this.disposables.push(
      client.onNotification(AssessmentChangedNotification, (raw: unknown) => {
        const parsed = DocumentAssessment.safeParse(raw);
        if (parsed.success) this.emitter.fire(parsed.data);
        else this.log.warn(`Ignoring an invalid assessment notification: ${parsed.error.message}`);
      }),
    );
    client.start().catch((error: unknown) => this.log.error(`The Verify Plan language server could not start: ${String(error)}`));
  }

  async assessment(uri: vscode.Uri): Promise<DocumentAssessment | null> {
    const client = this.client;
    if (!client || !client.isRunning()) return null;
    try {
      const raw: unknown = await client.sendRequest(AssessmentRequest, { uri: uri.toString() });
      const parsed = DocumentAssessment.nullable().safeParse(raw);
      return parsed.success ? parsed.data : null;
    } catch (error) {
      this.log.warn(`Assessment request failed: ${String(error)}`);
      return null;
    }
  }

  private refreshLenses(): void {
    const feature = this.client?.getFeature(CodeLensRequest.method);
    for (const editor of vscode.window.visibleTextEditors) feature?.getProvider(editor.document)?.onDidChangeCodeLensEmitter.fire();
  }

  private async restart(): Promise<void> {
    const old = this.client;
    this.client = undefined;
    await old?.stop().catch(() => undefined);
    this.start();
  }

  private createClient(): LanguageClient {
    const module = this.context.asAbsolutePath('dist/server.js');
    const serverOptions: ServerOptions = {
      run: { module, transport: TransportKind.ipc },
      debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6011'] } },
    };
    // Core discovery decides what a plan is (src/core/plan-discovery.ts): the selector routes Markdown under the plan
    // folders here, and the middleware sends the server only the documents isPlanPath accepts, as the CLI and
    // "Verify Plan" discovery would.
    const scope = planScope(planFoldersSetting());
    const selector = planDocumentSelector(scope);
    const inScope = (doc: vscode.TextDocument) => isPlanDocument(doc, scope);
    this.log.info(`Verify Plan language server: static checks for plans in ${scope.folders.join(', ') || '(no plan folders)'}`);
    const clientOptions: LanguageClientOptions = {
      documentSelector: selector,
      middleware: {
        didOpen: (doc, next) => (inScope(doc) ? next(doc) : Promise.resolve()),
        didChange: (event, next) => (inScope(event.document) ? next(event) : Promise.resolve()),
        didSave: (doc, next) => (inScope(doc) ? next(doc) : Promise.resolve()),
        didClose: (doc, next) => (inScope(doc) ? next(doc) : Promise.resolve()),
        provideCodeLenses: async (doc, token, next) => {
          const lenses = (await next(doc, token)) ?? [];
          return this.lineOne.hidesStaticLens(doc) ? lenses.filter((l) => l.command?.command !== VERIFY_COMMAND) : lenses;
        },
      },
      outputChannel: this.log,
      errorHandler: restartingErrorHandler(this.log),
      initializationOptions: { docsUrl: vscode.Uri.joinPath(this.context.extensionUri, 'README.md').toString() },
    };
    return new LanguageClient('verifyPlan', 'Verify Plan Language Server', serverOptions, clientOptions);
  }

  dispose(): void {
    const client = this.client;
    this.client = undefined;
    void client?.stop().catch(() => undefined);
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}

/** Restarts a crashed server up to MAX_RESTARTS times per RESTART_WINDOW_MS, logging each restart. */
function restartingErrorHandler(log: vscode.LogOutputChannel): ErrorHandler {
  const restarts: number[] = [];
  return {
    error(error, _message, count): ErrorHandlerResult {
      log.error(`Verify Plan language server connection error (${count ?? 1}): ${error.message}`);
      return { action: (count ?? 1) <= 3 ? ErrorAction.Continue : ErrorAction.Shutdown, handled: true };
    },
    closed(): CloseHandlerResult {
      const now = Date.now();
      while (restarts.length > 0 && now - (restarts[0] ?? 0) > RESTART_WINDOW_MS) restarts.shift();
      if (restarts.length >= MAX_RESTARTS) {
        const message = `The Verify Plan language server stopped ${MAX_RESTARTS + 1} times in 3 minutes and will not be restarted. Static plan checks are off until the window reloads.`;
        log.error(message);
        return { action: CloseAction.DoNotRestart, message, handled: false };
      }
      restarts.push(now);
      log.warn(`The Verify Plan language server stopped unexpectedly; restarting it (restart ${restarts.length} of ${MAX_RESTARTS} within 3 minutes).`);
      return { action: CloseAction.Restart, handled: true };
    },
  };
}
