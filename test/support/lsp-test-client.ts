/**
 * A raw JSON-RPC LSP client for server tests in plain Node (the VS Code
 * language client cannot run outside VS Code). Runs the server in-process
 * over in-memory streams, or as a child process over stdio. Answers the
 * server's requests (workspace/configuration, registerCapability, refresh)
 * and records what the server pushed, so tests can wait on it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import {
  ProposedFeatures,
  StreamMessageReader,
  StreamMessageWriter,
  createConnection,
  createMessageConnection,
  type ClientCapabilities,
  type CodeAction,
  type CodeLens,
  type Diagnostic,
  type DocumentDiagnosticReport,
  type Hover,
  type MessageConnection,
  type PublishDiagnosticsParams,
  type TextDocumentContentChangeEvent,
} from 'vscode-languageserver/node';
import { PlanLanguageServer } from '../../src/server/plan-server';

export interface TestClientOptions {
  rootDir: string;
  /** 'pull' = LSP 3.17 client (VS Code), 'push' = a client without textDocument/diagnostic. */
  diagnostics?: 'pull' | 'push';
  /** The `verifyPlan` section served to workspace/configuration. */
  settings?: unknown;
  initializationOptions?: unknown;
  /** Run `src/server/server.ts --stdio` in a child process instead of in-process. */
  childProcess?: boolean;
}

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

export class LspTestClient {
  readonly pushed = new Map<string, PublishDiagnosticsParams>();
  readonly logs: string[] = [];
  readonly registrations: string[] = [];
  diagnosticRefreshes = 0;
  assessmentNotifications: unknown[] = [];
  settings: unknown;
  private readonly listeners = new Set<() => void>();

  private constructor(
    readonly connection: MessageConnection,
    readonly child: ChildProcess | null,
    readonly stderr: string[],
  ) {}

  static async start(options: TestClientOptions): Promise<LspTestClient> {
    const stderr: string[] = [];
    let connection: MessageConnection;
    let child: ChildProcess | null = null;
    if (options.childProcess) {
      child = spawn(process.execPath, ['--require', 'tsx/cjs', path.join(REPO_ROOT, 'src/server/server.ts'), '--stdio'], { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
      child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString('utf8')));
      connection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    } else {
      const toServer = new PassThrough();
      const toClient = new PassThrough();
      const serverConnection = createConnection(ProposedFeatures.all, new StreamMessageReader(toServer), new StreamMessageWriter(toClient));
      new PlanLanguageServer(serverConnection).listen();
      connection = createMessageConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
    }
    const client = new LspTestClient(connection, child, stderr);
    client.settings = options.settings ?? {};
    client.wire();
    connection.listen();
    await connection.sendRequest('initialize', {
      processId: null,
      rootUri: pathToFileURL(options.rootDir).href,
      workspaceFolders: [{ uri: pathToFileURL(options.rootDir).href, name: 'root' }],
      capabilities: clientCapabilities(options.diagnostics ?? 'pull'),
      initializationOptions: options.initializationOptions ?? {},
    });
    await connection.sendNotification('initialized', {});
    return client;
  }

  private wire(): void {
    const c = this.connection;
    c.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => this.settings));
    c.onRequest('client/registerCapability', (params: { registrations: { method: string }[] }) => {
      this.registrations.push(...params.registrations.map((r) => r.method));
      this.changed();
      return null;
    });
    c.onRequest('workspace/diagnostic/refresh', () => {
      this.diagnosticRefreshes++;
      this.changed();
      return null;
    });
    c.onRequest('workspace/codeLens/refresh', () => null);
    c.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
      this.pushed.set(params.uri, params);
      this.changed();
    });
    c.onNotification('window/logMessage', (params: { message: string }) => {
      this.logs.push(params.message);
      this.changed();
    });
    c.onNotification('verifyPlan/assessmentChanged', (params: unknown) => {
      this.assessmentNotifications.push(params);
      this.changed();
    });
  }

  private changed(): void {
    for (const listener of [...this.listeners]) listener();
  }

  /** Resolves once `check` returns a value other than undefined; re-checked on every server message and every 25 ms. */
  async waitFor<T>(what: string, check: () => T | undefined | Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await check();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const listener = () => done();
        const timer = setTimeout(() => done(), 25);
        const done = () => {
          clearTimeout(timer);
          this.listeners.delete(listener);
          resolve();
        };
        this.listeners.add(listener);
      });
    }
  }

  open(uri: string, text: string, version = 1): Promise<void> {
    return this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'markdown', version, text } });
  }

  change(uri: string, version: number, changes: TextDocumentContentChangeEvent[]): Promise<void> {
    return this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: changes });
  }

  close(uri: string): Promise<void> {
    return this.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  async pull(uri: string): Promise<Diagnostic[]> {
    const report = await this.connection.sendRequest<DocumentDiagnosticReport>('textDocument/diagnostic', { textDocument: { uri } });
    return report.kind === 'full' ? report.items : [];
  }

  pullReport(uri: string, previousResultId?: string): Promise<DocumentDiagnosticReport> {
    return this.connection.sendRequest('textDocument/diagnostic', { textDocument: { uri }, ...(previousResultId ? { previousResultId } : {}) });
  }

  codeLens(uri: string): Promise<CodeLens[] | null> {
    return this.connection.sendRequest('textDocument/codeLens', { textDocument: { uri } });
  }

  hover(uri: string, line: number, character: number): Promise<Hover | null> {
    return this.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line, character } });
  }

  codeActions(uri: string, diagnostic: Diagnostic): Promise<CodeAction[] | null> {
    return this.connection.sendRequest('textDocument/codeAction', { textDocument: { uri }, range: diagnostic.range, context: { diagnostics: [diagnostic] } });
  }

  async setSettings(settings: unknown): Promise<void> {
    this.settings = settings;
    await this.connection.sendNotification('workspace/didChangeConfiguration', { settings: { verifyPlan: settings } });
  }

  watchedFiles(changes: { uri: string; type: 1 | 2 | 3 }[]): Promise<void> {
    return this.connection.sendNotification('workspace/didChangeWatchedFiles', { changes });
  }

  indexStatus(): Promise<{ ready: boolean; files: number; truncated: boolean; roots: string[] }> {
    return this.connection.sendRequest('verifyPlan/indexStatus', null);
  }

  async waitForIndex(): Promise<void> {
    await this.waitFor('the file index', async () => ((await this.indexStatus()).ready ? true : undefined));
  }

  async dispose(): Promise<void> {
    try {
      await Promise.race([this.connection.sendRequest('shutdown'), new Promise((resolve) => setTimeout(resolve, 2000))]);
      if (this.child) await this.connection.sendNotification('exit');
    } catch {
      // Already gone.
    }
    this.connection.dispose();
    if (this.child && this.child.exitCode === null) {
      await Promise.race([new Promise((resolve) => this.child?.once('exit', resolve)), new Promise((resolve) => setTimeout(resolve, 3000))]);
      if (this.child.exitCode === null) this.child.kill();
    }
  }
}

function clientCapabilities(mode: 'pull' | 'push'): ClientCapabilities {
  return {
    workspace: {
      configuration: true,
      didChangeConfiguration: { dynamicRegistration: true },
      didChangeWatchedFiles: { dynamicRegistration: true },
      diagnostics: { refreshSupport: true },
      codeLens: { refreshSupport: true },
      workspaceFolders: true,
    },
    textDocument: {
      synchronization: { dynamicRegistration: false },
      codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } }, dataSupport: true },
      hover: { contentFormat: ['markdown', 'plaintext'] },
      publishDiagnostics: { versionSupport: true, codeDescriptionSupport: true, dataSupport: true },
      ...(mode === 'pull' ? { diagnostic: { dynamicRegistration: false } } : {}),
    },
  };
}

export function fileUri(...segments: string[]): string {
  return pathToFileURL(path.join(...segments)).href;
}
