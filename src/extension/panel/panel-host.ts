/**
 * Owns the Verify Plan webview panel: creates or reveals it, restores it after
 * a window reload (WebviewPanelSerializer), pushes the latest PanelState once
 * the webview said `ready`, and turns the webview's requests into
 * PanelActions calls, each answered with a reply carrying the request's id.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { PersistedPanelState, WebviewMessage, type HostMessage, type PanelRequest, type PanelState, type RenderedSummary } from '../../shared/webview-protocol';
import { createNonce, renderPanelHtml } from './panel-html';

export const PANEL_VIEW_TYPE = 'verifyPlan.panel';

/** Live runs emit many events; the webview gets at most one state per interval (latest wins). */
const POST_INTERVAL_MS = 100;

export interface PanelActions {
  revealChallenge(planPath: string, challengeId: string): void;
  acknowledge(planPath: string, challengeId: string): Promise<void>;
  reverify(planPath: string): void;
  cancel(): void;
  exportReport(planPath: string): Promise<void>;
  /** Opens the plan at a 1-based line. */
  revealLine(planPath: string, line: number): Promise<void>;
  /** Opens a file an evidence reference cites; rejects when it does not resolve in the workspace. */
  openEvidence(planPath: string, relPath: string, line: number | undefined): Promise<void>;
  setApiKey(): Promise<void>;
  raiseCap(): void;
  showLog(): void;
  /** Optional: the saved state of a plan, used when the panel is shown or restored for a plan it has no state for. */
  loadState?(planPath: string): Promise<PanelState | null>;
}

const EMPTY: PanelState = { planPath: null, result: null, live: null };

export class PlanPanelHost implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private panelSubscriptions: vscode.Disposable[] = [];
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly renderedEmitter = new vscode.EventEmitter<RenderedSummary>();
  private state: PanelState = EMPTY;
  private ready = false;
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private lastPost = 0;

  /** Fires when the webview has drawn a state: what the user now sees. */
  readonly onDidRender = this.renderedEmitter.event;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly actions: PanelActions,
  ) {
    this.subscriptions.push(
      this.renderedEmitter,
      vscode.window.registerWebviewPanelSerializer(PANEL_VIEW_TYPE, {
        deserializeWebviewPanel: async (panel, saved) => this.restore(panel, saved),
      }),
    );
  }

  /** The plan the panel shows, or null. */
  get planPath(): string | null {
    return this.state.planPath;
  }

  get isOpen(): boolean {
    return this.panel !== undefined;
  }

  /** Creates or reveals the panel beside the editor; a different plan starts from that plan's saved state. */
  show(planPath?: string): void {
    if (planPath !== undefined && planPath !== this.state.planPath) {
      this.state = { planPath, result: null, live: null };
      void this.loadSaved(planPath);
    }
    if (this.panel) {
      this.panel.reveal(vscode.ViewColumn.Beside, true);
      this.retitle();
      this.schedulePost();
      return;
    }
    const panel = vscode.window.createWebviewPanel(PANEL_VIEW_TYPE, this.title(), { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, this.webviewOptions());
    this.adopt(panel);
  }

  /** Pushes after the webview said `ready`; the latest state wins. */
  update(state: PanelState): void {
    this.state = state;
    this.retitle();
    this.schedulePost();
  }

  dispose(): void {
    this.clearTimer();
    this.panel?.dispose();
    this.disposePanelSubscriptions();
    for (const d of this.subscriptions.splice(0)) d.dispose();
  }

  private webviewOptions(): vscode.WebviewPanelOptions & vscode.WebviewOptions {
    const root = this.context.extensionUri;
    return {
      enableScripts: true,
      enableFindWidget: true,
      localResourceRoots: [vscode.Uri.joinPath(root, 'dist'), vscode.Uri.joinPath(root, 'media')],
    };
  }

  private title(): string {
    return this.state.planPath ? `Verify Plan: ${path.basename(this.state.planPath)}` : 'Verify Plan';
  }

  private retitle(): void {
    if (this.panel) this.panel.title = this.title();
  }

  private async restore(panel: vscode.WebviewPanel, saved: unknown): Promise<void> {
    if (this.panel) {
      // One panel per window; a second restored one would show the same thing.
      panel.dispose();
      return;
    }
    const parsed = PersistedPanelState.safeParse(saved);
    if (parsed.success && this.state.planPath === null) this.state = { ...parsed.data, live: null };
    panel.webview.options = this.webviewOptions();
    this.adopt(panel);
    if (this.state.planPath && !this.state.result) await this.loadSaved(this.state.planPath);
  }

  private adopt(panel: vscode.WebviewPanel): void {
    this.disposePanelSubscriptions();
    this.panel = panel;
    this.ready = false;
    panel.iconPath = vscode.Uri.joinPath(this.context.extensionUri, 'media', 'icon.png');
    panel.title = this.title();
    this.panelSubscriptions.push(
      panel.webview.onDidReceiveMessage((raw: unknown) => void this.receive(raw)),
      panel.onDidDispose(() => {
        if (this.panel !== panel) return;
        this.panel = undefined;
        this.ready = false;
        this.clearTimer();
        this.disposePanelSubscriptions();
      }),
    );
    const scriptUri = panel.webview.asWebviewUri(vscode.Uri.joinPath(this.context.extensionUri, 'dist', 'webview.js'));
    panel.webview.html = renderPanelHtml({ cspSource: panel.webview.cspSource, scriptUri: scriptUri.toString(), nonce: createNonce(), title: this.title() });
  }

  private async loadSaved(planPath: string): Promise<void> {
    if (!this.actions.loadState) return;
    try {
      const saved = await this.actions.loadState(planPath);
      // Only fill in: a newer update() or a switch to another plan wins.
      if (saved && this.state.planPath === planPath && !this.state.result && !this.state.live) this.update(saved);
    } catch {
      // A missing or unreadable saved run leaves the panel showing "not verified yet".
    }
  }

  private async receive(raw: unknown): Promise<void> {
    const parsed = WebviewMessage.safeParse(raw);
    if (!parsed.success) {
      const id = typeof raw === 'object' && raw !== null && 'id' in raw && typeof raw.id === 'string' ? raw.id : null;
      if (id) this.post({ type: 'reply', id, ok: false, error: 'The editor could not read this request.' });
      return;
    }
    const message = parsed.data;
    switch (message.type) {
      case 'ready':
        this.ready = true;
        this.flush();
        return;
      case 'rendered':
        this.renderedEmitter.fire(message);
        return;
      case 'request':
        this.post({ type: 'reply', id: message.id, ...(await this.perform(message.request)) });
        return;
    }
  }

  private async perform(request: PanelRequest): Promise<{ ok: boolean; error?: string }> {
    if ('planPath' in request && request.planPath !== this.state.planPath) {
      return { ok: false, error: 'The panel now shows another plan. Try again.' };
    }
    try {
      switch (request.action) {
        case 'reveal':
          this.actions.revealChallenge(request.planPath, request.challengeId);
          break;
        case 'acknowledge':
          await this.actions.acknowledge(request.planPath, request.challengeId);
          break;
        case 'reverify':
          this.actions.reverify(request.planPath);
          break;
        case 'cancel':
          this.actions.cancel();
          break;
        case 'export':
          await this.actions.exportReport(request.planPath);
          break;
        case 'revealLine':
          await this.actions.revealLine(request.planPath, request.line);
          break;
        case 'openEvidence':
          await this.actions.openEvidence(request.planPath, request.path, request.line);
          break;
        case 'setApiKey':
          await this.actions.setApiKey();
          break;
        case 'raiseCap':
          this.actions.raiseCap();
          break;
        case 'showLog':
          this.actions.showLog();
          break;
      }
      return { ok: true };
    } catch (err) {
      return { ok: false, error: err instanceof Error ? err.message : String(err) };
    }
  }

  private schedulePost(): void {
    if (!this.panel || !this.ready || this.flushTimer) return;
    const wait = Math.max(0, this.lastPost + POST_INTERVAL_MS - Date.now());
    this.flushTimer = setTimeout(() => this.flush(), wait);
  }

  private flush(): void {
    this.clearTimer();
    if (!this.panel || !this.ready) return;
    this.lastPost = Date.now();
    this.post({ type: 'state', state: this.state });
  }

  private post(message: HostMessage): void {
    void this.panel?.webview.postMessage(message);
  }

  private clearTimer(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
  }

  private disposePanelSubscriptions(): void {
    for (const d of this.panelSubscriptions.splice(0)) d.dispose();
  }
}
