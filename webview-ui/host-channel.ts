/**
 * The webview's side of src/shared/webview-protocol.ts: posts `ready`,
 * parses every message from the host, numbers requests and matches replies,
 * and keeps the last run through a window reload (vscode.setState).
 */
import { HostMessage, PersistedPanelState, type PanelRequest, type PanelState, type RenderedSummary, type WebviewMessage } from '../src/shared/webview-protocol';

/** The object VS Code's `acquireVsCodeApi()` returns (only what the panel uses). */
export interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

export interface Reply {
  ok: boolean;
  error?: string;
}

export interface ChannelListener {
  state(state: PanelState): void;
  /** A message the protocol does not allow; `detail` says why, for the user. */
  invalid(detail: string): void;
}

/** The host never answered; the user sees this rather than a button stuck in "busy". */
export const REPLY_TIMEOUT_MS = 120_000;

export class HostChannel {
  private nextId = 1;
  private readonly pending = new Map<string, { resolve: (r: Reply) => void; timer: ReturnType<typeof setTimeout> }>();
  private readonly onMessage = (event: MessageEvent): void => this.receive(event.data);

  constructor(
    private readonly api: VsCodeApi,
    private readonly target: Window,
    private readonly listener: ChannelListener,
  ) {}

  /** Starts listening and tells the host this webview is ready for state. */
  start(): void {
    this.target.addEventListener('message', this.onMessage);
    this.post({ type: 'ready' });
  }

  stop(): void {
    this.target.removeEventListener('message', this.onMessage);
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.resolve({ ok: false, error: 'The panel was closed before the editor answered.' });
      this.pending.delete(id);
    }
  }

  /** The state saved before a reload, if it is still readable; a corrupt one is dropped. */
  restore(): PanelState | null {
    const parsed = PersistedPanelState.safeParse(this.api.getState());
    return parsed.success ? { ...parsed.data, live: null } : null;
  }

  /** A live run does not survive a reload (its process is gone), so only the plan and last result are kept. */
  persist(state: PanelState): void {
    const persisted: PersistedPanelState = { planPath: state.planPath, result: state.result };
    this.api.setState(persisted);
  }

  request(request: PanelRequest): Promise<Reply> {
    const id = `r${this.nextId++}`;
    return new Promise<Reply>((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve({ ok: false, error: 'The editor did not answer. Try again.' });
      }, REPLY_TIMEOUT_MS);
      this.pending.set(id, { resolve, timer });
      this.post({ type: 'request', id, request });
    });
  }

  rendered(summary: Omit<RenderedSummary, 'type'>): void {
    this.post({ type: 'rendered', ...summary });
  }

  private post(message: WebviewMessage): void {
    this.api.postMessage(message);
  }

  private receive(data: unknown): void {
    const parsed = HostMessage.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
      this.listener.invalid(`${issue?.message ?? 'unreadable message'}${where}`);
      return;
    }
    const message = parsed.data;
    if (message.type === 'state') {
      this.listener.state(message.state);
      return;
    }
    const waiting = this.pending.get(message.id);
    if (!waiting) return; // a late reply to a request that already timed out
    clearTimeout(waiting.timer);
    this.pending.delete(message.id);
    waiting.resolve(message.error === undefined ? { ok: message.ok } : { ok: message.ok, error: message.error });
  }
}
