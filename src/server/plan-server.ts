/**
 * The Verify Plan language server: static plan checks as diagnostics, the
 * complexity CodeLens and hover, quick fixes, and the custom messages of
 * src/shared/lsp-protocol.ts. Transport-agnostic: server.ts hands it a
 * connection over IPC or stdio, tests hand it an in-memory one.
 *
 * Diagnostics are pulled (LSP 3.17 textDocument/diagnostic) when the client
 * supports it, else pushed after a debounce (push-diagnostics.ts). Every
 * handler catches its own errors and answers empty, so one bad document can
 * never take the server down.
 */
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CodeLensRefreshRequest,
  DidChangeConfigurationNotification,
  DiagnosticSeverity,
  DidChangeWatchedFilesNotification,
  ErrorCodes,
  FileChangeType,
  LSPErrorCodes,
  ResponseError,
  TextDocumentSyncKind,
  TextDocuments,
  type Connection,
  type Diagnostic,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  AssessmentChangedNotification,
  AssessmentParams,
  AssessmentRequest,
  IndexStatusRequest,
  InitializationOptions,
  SETTINGS_SECTION,
  STATIC_DIAGNOSTIC_SOURCE,
  type DocumentAssessment,
} from '../shared/lsp-protocol';
import { quickFixes } from './code-actions';
import { DocumentAnalyzer, fsPathOf, type Analysis } from './document-analyzer';
import { WorkspaceFileIndex, type FileChange } from '../core/file-index';
import { topHover, topLens } from './lens-and-hover';
import { toDiagnostic } from './lsp-convert';
import { DEFAULT_DEBOUNCE_MS, PushDiagnostics } from './push-diagnostics';
import { DEFAULT_SETTINGS, parseSettings, type ServerSettings } from './settings';

/** A plan with more findings than this is mostly noise; sending them all would cost more than it tells. */
export const MAX_DIAGNOSTICS = 1000;
const ASSESSMENT_NOTICE_DELAY_MS = 300;

interface ClientSupport {
  pullDiagnostics: boolean;
  diagnosticRefresh: boolean;
  codeLensRefresh: boolean;
  configurationPull: boolean;
  configurationRegistration: boolean;
  watchedFilesRegistration: boolean;
}

export class PlanLanguageServer {
  private readonly documents = new TextDocuments(TextDocument);
  private settings: ServerSettings = DEFAULT_SETTINGS;
  private settingsGeneration = 0;
  private index = new WorkspaceFileIndex([]);
  private readonly analyzer: DocumentAnalyzer;
  private push: PushDiagnostics | null = null;
  private support: ClientSupport | null = null;
  private docsUrl = defaultDocsUrl();
  private readonly lastAssessment = new Map<string, string>();
  private readonly noticeTimers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly connection: Connection) {
    this.analyzer = new DocumentAnalyzer({
      lookup: (planPath, reference) => this.index.lookup(planPath, reference),
      pathsNamed: (name) => this.index.pathsNamed(name),
      markdownText: (planPath, reference) => this.index.markdownText(planPath, reference),
      hasSourceFiles: () => this.index.hasSourceFiles(),
      manifests: () => this.index.manifests(),
      symbolFacts: (planPath) => this.index.symbolFacts(planPath),
      indexGeneration: () => this.index.generation,
      settings: () => this.settings,
      settingsGeneration: () => this.settingsGeneration,
      log: (m) => this.log(m),
    });
  }

  listen(): void {
    const c = this.connection;
    c.onInitialize((params) => this.initialize(params));
    c.onInitialized(() => void this.initialized());
    c.onShutdown(() => this.dispose());
    c.onDidChangeConfiguration((params) => void this.reloadSettings((params.settings as Record<string, unknown> | undefined)?.[SETTINGS_SECTION]));
    c.onDidChangeWatchedFiles((params) => {
      const changes: FileChange[] = [];
      for (const change of params.changes) {
        const fsPath = fsPathOf(change.uri);
        if (!fsPath) continue;
        const type = change.type === FileChangeType.Created ? 'created' : change.type === FileChangeType.Deleted ? 'deleted' : 'changed';
        changes.push({ fsPath, type });
      }
      this.index.applyChanges(changes).catch((e: unknown) => this.log(`File index update failed: ${String(e)}`));
    });
    c.onCodeLens((params) =>
      this.guard('codeLens', [], () => {
        const analysis = this.analysisOf(params.textDocument.uri);
        return analysis ? [topLens(analysis)] : [];
      }),
    );
    c.onHover((params) =>
      this.guard('hover', null, () => {
        const analysis = this.analysisOf(params.textDocument.uri);
        return analysis ? topHover(analysis, params.position) : null;
      }),
    );
    c.onCodeAction((params) =>
      this.guard('codeAction', [], () => {
        const document = this.documents.get(params.textDocument.uri);
        const analysis = this.analysisOf(params.textDocument.uri);
        if (!document || !analysis) return [];
        return quickFixes(analysis, params, document.getText().includes('\r\n') ? '\r\n' : '\n', this.docsUrl);
      }),
    );
    c.languages.diagnostics.on(async (params, token) => {
      if (!this.support?.pullDiagnostics) throw new ResponseError(ErrorCodes.MethodNotFound, 'This client gets pushed diagnostics.');
      // Let a newer edit or a $/cancelRequest queued behind this request arrive first.
      await new Promise((resolve) => setImmediate(resolve));
      if (token.isCancellationRequested) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'Superseded by a newer request.');
      const analysis = await this.slicedAnalysisOf(params.textDocument.uri, () => token.isCancellationRequested);
      if (analysis === 'superseded') throw new ResponseError(LSPErrorCodes.RequestCancelled, 'Superseded by a newer request.');
      return this.guard('diagnostics', { kind: 'full', items: [] }, () => {
        if (!analysis) return { kind: 'full', items: [] };
        if (params.previousResultId === analysis.resultId) return { kind: 'unchanged', resultId: analysis.resultId };
        return { kind: 'full', resultId: analysis.resultId, items: this.diagnosticsOf(analysis) };
      });
    });
    c.onRequest(AssessmentRequest, (raw) =>
      this.guard('assessment', null, () => {
        const params = AssessmentParams.safeParse(raw);
        if (!params.success) throw new ResponseError(-32602, `Invalid params: ${params.error.message}`);
        const analysis = this.analysisOf(params.data.uri);
        return analysis ? documentAssessment(analysis) : null;
      }),
    );
    c.onRequest(IndexStatusRequest, () => ({ ready: this.index.ready, files: this.index.size, truncated: this.index.truncated, roots: this.index.rootPaths }));
    this.documents.onDidChangeContent((e) => this.push?.schedule(e.document.uri));
    this.documents.onDidClose((e) => {
      this.analyzer.forget(e.document.uri);
      this.lastAssessment.delete(e.document.uri);
      clearTimeout(this.noticeTimers.get(e.document.uri));
      this.noticeTimers.delete(e.document.uri);
      this.push?.closed(e.document.uri);
    });
    this.documents.listen(c);
    c.listen();
  }

  private initialize(params: InitializeParams): InitializeResult {
    const caps = params.capabilities;
    this.support = {
      pullDiagnostics: caps.textDocument?.diagnostic !== undefined,
      diagnosticRefresh: caps.workspace?.diagnostics?.refreshSupport === true,
      codeLensRefresh: caps.workspace?.codeLens?.refreshSupport === true,
      configurationPull: caps.workspace?.configuration === true,
      configurationRegistration: caps.workspace?.didChangeConfiguration?.dynamicRegistration === true,
      watchedFilesRegistration: caps.workspace?.didChangeWatchedFiles?.dynamicRegistration === true,
    };
    const options = InitializationOptions.safeParse(params.initializationOptions ?? {});
    const init = options.success ? options.data : {};
    if (!options.success) this.log(`Ignoring invalid initializationOptions: ${options.error.message}`);
    if (init.docsUrl) this.docsUrl = init.docsUrl;
    if (init.settings !== undefined) this.applySettings(init.settings);
    if (!this.support.pullDiagnostics) {
      this.push = new PushDiagnostics(
        {
          compute: async (uri) => {
            const analysis = await this.slicedAnalysisOf(uri, () => false);
            return analysis && analysis !== 'superseded'
              ? this.guard('push diagnostics', null, () => ({ version: analysis.version, diagnostics: this.diagnosticsOf(analysis) }))
              : null;
          },
          send: (uri, version, diagnostics) => void this.connection.sendDiagnostics({ uri, version, diagnostics }),
        },
        init.debounceMs ?? DEFAULT_DEBOUNCE_MS,
      );
    }
    this.index = new WorkspaceFileIndex(workspaceRoots(params), { onError: (m) => this.log(m) });
    this.index.onDidChange(() => this.refreshAll());
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        codeLensProvider: { resolveProvider: false },
        hoverProvider: true,
        codeActionProvider: { codeActionKinds: ['quickfix'] },
        ...(this.support.pullDiagnostics ? { diagnosticProvider: { interFileDependencies: false, workspaceDiagnostics: false } } : {}),
      },
      serverInfo: { name: 'verify-plan-language-server' },
    };
  }

  private async initialized(): Promise<void> {
    const support = this.support;
    if (support?.watchedFilesRegistration) {
      await this.connection.client
        .register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/*' }] })
        .catch((e: unknown) => this.log(`Cannot watch files: ${String(e)}`));
    }
    if (support?.configurationRegistration) {
      await this.connection.client.register(DidChangeConfigurationNotification.type, { section: SETTINGS_SECTION }).catch(() => undefined);
    }
    await this.reloadSettings(undefined);
    await this.index.start();
    if (!this.index.ready) return; // shut down while listing
    this.log(`File index ready: ${this.index.size} entries${this.index.truncated ? ' (truncated)' : ''} in ${this.index.rootPaths.length} root(s).`);
  }

  /** Pulls `verifyPlan` settings when the client can answer workspace/configuration; else uses what was pushed. */
  private async reloadSettings(pushed: unknown): Promise<void> {
    let raw = pushed;
    if (this.support?.configurationPull) {
      try {
        raw = await this.connection.workspace.getConfiguration(SETTINGS_SECTION);
      } catch (error) {
        this.log(`Cannot read settings: ${String(error)}`);
        return;
      }
    } else if (pushed === undefined) {
      return;
    }
    this.applySettings(raw);
    this.refreshAll();
  }

  private applySettings(raw: unknown): void {
    const { settings, problems } = parseSettings(raw);
    for (const problem of problems) this.log(problem);
    this.settings = settings;
    this.settingsGeneration++;
  }

  /** Settings or files changed: every open document's findings may differ. */
  private refreshAll(): void {
    if (this.push) {
      for (const document of this.documents.all()) this.push.schedule(document.uri);
    } else if (this.support?.diagnosticRefresh) {
      this.connection.languages.diagnostics.refresh().catch(() => undefined);
    }
    if (this.support?.codeLensRefresh) this.connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined);
  }

  private analysisOf(uri: string): Analysis | null {
    const document = this.documents.get(uri);
    if (!document) return null;
    const analysis = this.analyzer.analyze(document);
    this.scheduleAssessmentNotice(uri);
    return analysis;
  }

  /**
   * The analysis of the document's newest version with its findings, computed a rule at a time with the event loop
   * turning in between (other requests and newer edits get in); an edit during the run restarts it on the new text.
   * 'superseded' when `cancelled` says so; null when the document is not open; a failure is logged and gives no findings.
   */
  private async slicedAnalysisOf(uri: string, cancelled: () => boolean): Promise<Analysis | 'superseded' | null> {
    const pause = () => new Promise<void>((resolve) => setImmediate(resolve));
    for (;;) {
      const document = this.documents.get(uri);
      if (!document) return null;
      const version = document.version;
      const current = () => !cancelled() && this.documents.get(uri) === document && document.version === version;
      let analysis: Analysis | null;
      try {
        analysis = await this.analyzer.analyzeInSlices(document, pause, current);
      } catch (error) {
        this.log(`diagnostics failed: ${(error as Error).stack ?? String(error)}`);
        return null;
      }
      if (cancelled()) return 'superseded';
      if (analysis) {
        this.scheduleAssessmentNotice(uri);
        return analysis;
      }
    }
  }

  /** The assessment notification waits until edits pause, off the diagnostics path (assess() is whole-plan work). */
  private scheduleAssessmentNotice(uri: string): void {
    clearTimeout(this.noticeTimers.get(uri));
    this.noticeTimers.set(
      uri,
      setTimeout(() => {
        this.noticeTimers.delete(uri);
        this.guard('assessment notice', undefined, () => {
          const document = this.documents.get(uri);
          if (document) this.notifyAssessment(this.analyzer.analyze(document));
        });
      }, ASSESSMENT_NOTICE_DELAY_MS),
    );
  }

  /** At most MAX_DIAGNOSTICS per document (the first by position), plus one line saying how many were left out. */
  private diagnosticsOf(analysis: Analysis): Diagnostic[] {
    const shown = analysis.findings.slice(0, MAX_DIAGNOSTICS).map((f) => toDiagnostic(f, this.docsUrl, analysis.bomOffset));
    const hidden = analysis.findings.length - shown.length;
    if (hidden > 0) {
      shown.push({
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        severity: DiagnosticSeverity.Information,
        source: STATIC_DIAGNOSTIC_SOURCE,
        message: `${hidden.toLocaleString('en-US')} more static findings are not shown (the first ${MAX_DIAGNOSTICS.toLocaleString('en-US')} are).`,
      });
    }
    return shown;
  }

  private notifyAssessment(analysis: Analysis): void {
    const payload = documentAssessment(analysis);
    if (!payload) return;
    const a = payload.assessment;
    const key = `${a.score}|${a.team}|${a.quality}|${a.threshold}`;
    if (this.lastAssessment.get(analysis.uri) === key) return;
    this.lastAssessment.set(analysis.uri, key);
    this.connection.sendNotification(AssessmentChangedNotification, payload).catch(() => undefined);
  }

  private guard<T>(name: string, fallback: T, run: () => T): T {
    try {
      return run();
    } catch (error) {
      if (error instanceof ResponseError) throw error;
      this.log(`${name} failed: ${(error as Error).stack ?? String(error)}`);
      return fallback;
    }
  }

  private log(message: string): void {
    this.connection.console.log(message);
  }

  private dispose(): void {
    for (const timer of this.noticeTimers.values()) clearTimeout(timer);
    this.noticeTimers.clear();
    this.push?.dispose();
    this.index.dispose();
  }
}

function documentAssessment(analysis: Analysis): DocumentAssessment | null {
  return analysis.assessment ? { uri: analysis.uri, version: analysis.version, assessment: analysis.assessment } : null;
}

function workspaceRoots(params: InitializeParams): string[] {
  const uris = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
  const roots = uris.map(fsPathOf).filter((p): p is string => p !== null);
  if (roots.length === 0 && params.rootPath) roots.push(params.rootPath);
  return roots;
}

/** The README of the package this server ships in (dist/server.js → ../README.md; from source, the nearest package.json's folder). */
function defaultDocsUrl(): string {
  let dir = __dirname;
  for (let i = 0; i < 6 && !existsSync(path.join(dir, 'package.json')); i++) dir = path.dirname(dir);
  return pathToFileURL(path.join(dir, 'README.md')).href;
}
