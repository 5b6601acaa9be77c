/**
 * The panel's root: owns the host channel and the state, lays out the
 * sections, turns `vp-request` events into protocol requests and shows their
 * outcome.
 */
import { LitElement, css, html, nothing } from 'lit';
import type { PanelRequest, PanelState } from '../../src/shared/webview-protocol';
import { REQUEST_EVENT, busyKey } from '../actions';
import { HostChannel, type VsCodeApi } from '../host-channel';
import { shortPath } from '../format';
import { base } from '../styles';
import { buildView } from '../view-model';
import './challenge-table';
import './empty-state';
import './failures';
import './findings';
import './iteration-timeline';
import './live-status';
import './quality-chart';
import './verdict-card';

interface Notice {
  text: string;
  error: boolean;
}

const DONE_TEXT: Record<PanelRequest['action'], (r: PanelRequest) => string | null> = {
  reveal: () => null,
  acknowledge: (r) => (r.action === 'acknowledge' ? `Risk of ${r.challengeId} acknowledged. It counts as accepted in the next run.` : null),
  reverify: () => 'Verification started.',
  cancel: () => 'Cancelling the run…',
  export: () => 'Report exported.',
  revealLine: () => null,
  openEvidence: () => null,
  setApiKey: () => null,
  raiseCap: () => null,
  showLog: () => null,
};

export class PanelApp extends LitElement {
  static override properties = {
    state: { state: true },
    problem: { state: true },
    notice: { state: true },
    busy: { state: true },
  };
  declare state: PanelState | null;
  declare problem: string | null;
  declare notice: Notice | null;
  declare busy: ReadonlySet<string>;
  private channel: HostChannel | null = null;

  static override styles = [
    base,
    css`
      :host {
        max-width: 1100px;
        margin: 0 auto;
        padding: 14px 18px 30px;
      }
      header {
        display: flex;
        flex-wrap: wrap;
        align-items: baseline;
        gap: 4px 12px;
        margin-bottom: 12px;
      }
      h1 {
        font-size: 1.35em;
        font-weight: 600;
        margin: 0;
      }
      .banner {
        border: 1px solid var(--vscode-inputValidation-errorBorder, var(--vp-bad));
        background: var(--vscode-inputValidation-errorBackground, transparent);
        padding: 6px 10px;
        margin-bottom: 12px;
      }
      .notice {
        padding: 4px 10px;
        margin-bottom: 12px;
        border-left: 3px solid var(--vp-info);
      }
      .notice.error {
        border-left-color: var(--vp-bad);
      }
    `,
  ];

  constructor() {
    super();
    this.state = null;
    this.problem = null;
    this.notice = null;
    this.busy = new Set();
    this.addEventListener(REQUEST_EVENT, (e) => void this.send((e as CustomEvent<PanelRequest>).detail));
  }

  /** Restores what the webview kept through a reload, then says `ready` to the host. */
  connect(api: VsCodeApi, target: Window): void {
    this.channel?.stop();
    const channel = new HostChannel(api, target, {
      state: (s) => void this.apply(s),
      invalid: (detail) => {
        this.problem = `The panel received a message it could not read (${detail}). The last good state stays on screen.`;
      },
    });
    this.channel = channel;
    const restored = channel.restore();
    if (restored) this.state = restored;
    channel.start();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.channel?.stop();
    this.channel = null;
  }

  private async apply(state: PanelState): Promise<void> {
    this.state = state;
    this.problem = null;
    this.channel?.persist(state);
    await this.updateComplete;
    const view = buildView(state);
    this.channel?.rendered({ planPath: view.planPath, verdict: view.verdict, running: view.running });
  }

  private async send(request: PanelRequest): Promise<void> {
    const channel = this.channel;
    const key = busyKey(request);
    if (!channel || this.busy.has(key)) return;
    this.busy = new Set([...this.busy, key]);
    const reply = await channel.request(request);
    const rest = new Set(this.busy);
    rest.delete(key);
    this.busy = rest;
    if (!reply.ok) {
      this.notice = { text: reply.error ?? 'That did not work.', error: true };
      return;
    }
    const done = DONE_TEXT[request.action](request);
    this.notice = done ? { text: done, error: false } : null;
  }

  override render() {
    const state = this.state;
    const banner = this.problem ? html`<div class="banner" role="alert" data-testid="problem">${this.problem}</div>` : nothing;
    const notice = this.notice
      ? html`<div class="notice ${this.notice.error ? 'error' : ''}" role=${this.notice.error ? 'alert' : 'status'} data-testid="notice">${this.notice.text}</div>`
      : nothing;
    if (!state) {
      return html`<header><h1>Verify Plan</h1></header>
        ${banner}
        <p class="empty" data-testid="waiting">Waiting for the editor…</p>`;
    }
    const view = buildView(state);
    const planPath = view.planPath;
    return html`<header>
        <h1>Verify Plan</h1>
        ${planPath ? html`<span class="mono muted" title=${planPath} data-testid="plan-path">${shortPath(planPath)}</span>` : nothing}
      </header>
      ${banner} ${notice} ${view.live && view.running ? html`<vp-live-status .live=${view.live} .cancelling=${this.busy.has('cancel')}></vp-live-status>` : nothing}
      ${view.running && view.source === 'result' ? html`<p class="muted" data-testid="previous-run">Showing the previous run until the first iteration finishes.</p>` : nothing}
      ${
        view.stoppedLater
          ? html`<p class="muted" data-testid="stopped-later">
              The last run was ${view.stoppedLater === 'ABORTED' ? 'aborted' : 'cancelled'} before it found anything; this is the run before it.
            </p>`
          : nothing
      }
      ${
        view.source === 'none' && !view.running
          ? planPath
            ? html`<vp-empty-state
                .planPath=${planPath}
                .needsApiKey=${state.setup?.needsApiKey ?? false}
                .findings=${state.staticFindings ?? null}
                .busy=${this.busy}
              ></vp-empty-state>`
            : html`<p class="empty" data-testid="no-plan">Open a plan and run “Verify Plan” to see its verdict here.</p>`
          : html`<vp-verdict-card .view=${view} .busy=${this.busy}></vp-verdict-card>`
      }
      ${view.failures.length > 0 ? html`<vp-failures .failures=${view.failures} .forcedExitIteration=${view.forcedExitIteration}></vp-failures>` : nothing}
      ${
        view.source === 'none'
          ? nothing
          : html`<vp-iteration-timeline .view=${view}></vp-iteration-timeline>
              <vp-challenge-table
                .rows=${view.challenges}
                .planPath=${planPath}
                .busy=${this.busy}
                .focusRequest=${this.state?.focus ?? null}
                .planLines=${view.planLines}
                .evidenceTargets=${new Set(state.evidenceTargets ?? [])}
              ></vp-challenge-table>
              <vp-findings .state=${view.final} .assertions=${view.assertions}></vp-findings>
              ${view.quality ? html`<vp-quality-chart .quality=${view.quality} .audit=${view.audit}></vp-quality-chart>` : nothing}`
      }`;
  }
}
customElements.define('vp-app', PanelApp);

declare global {
  interface HTMLElementTagNameMap {
    'vp-app': PanelApp;
  }
}
