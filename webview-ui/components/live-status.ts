/** The run in progress: phase, which agents are working, tool calls, a waiting checkpoint, Cancel. */
import { LitElement, css, html, nothing } from 'lit';
import type { LiveRun } from '../../src/shared/webview-protocol';
import { askHost } from '../actions';
import { PHASE_NAMES, ROLE_NAMES, USAGE_NOT_REPORTED, formatCost, formatTokens } from '../format';
import { base } from '../styles';
import { totalTokens } from '../view-model';

const CHECKPOINT_TITLES: Record<string, string> = {
  blocked: 'A blocking challenge needs your decision',
  stall: 'The loop stopped making progress',
  contradiction: 'Research findings contradict each other',
  max_iterations: 'The iteration limit was reached',
};

export class LiveStatus extends LitElement {
  static override properties = { live: { attribute: false }, cancelling: { attribute: false } };
  declare live: LiveRun;
  declare cancelling: boolean;

  static override styles = [
    base,
    css`
      section.card {
        border-left: 5px solid var(--vp-info);
      }
      .row {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 6px 14px;
      }
      .spinner {
        width: 12px;
        height: 12px;
        border-radius: 50%;
        border: 2px solid var(--vp-border);
        border-top-color: var(--vp-info);
        animation: spin 1s linear infinite;
      }
      @keyframes spin {
        to {
          transform: rotate(360deg);
        }
      }
      @media (prefers-reduced-motion: reduce) {
        .spinner {
          animation: none;
        }
      }
      .grow {
        flex: 1;
      }
      ul {
        margin: 6px 0 0;
        padding-left: 20px;
      }
      .checkpoint {
        border: 1px solid var(--vp-warn);
        border-radius: 3px;
        padding: 6px 10px;
        margin-top: 8px;
      }
      .fail {
        color: var(--vp-bad);
      }
    `,
  ];

  constructor() {
    super();
    this.cancelling = false;
  }

  override render() {
    const live = this.live;
    const phase = live.phase ? (PHASE_NAMES[live.phase] ?? live.phase) : 'Starting';
    const where = live.iteration > 0 ? `Iteration ${live.iteration} · ${phase}` : phase;
    return html`<section class="card" aria-labelledby="live-heading" data-section="live">
      <div class="row">
        <span class="spinner" aria-hidden="true"></span>
        <h2 id="live-heading" class="grow" aria-live="polite" data-testid="live-phase">${where}</h2>
        <span class="muted" data-testid="live-cost"
          >${live.usageReported ? `${formatTokens(totalTokens(live.usage))} tokens · ${formatCost(live.costUsd)}` : `tokens and cost ${USAGE_NOT_REPORTED}`}</span
        >
        <button class="secondary" ?disabled=${this.cancelling} aria-label="Cancel the verification" @click=${() => askHost(this, { action: 'cancel' })}>
          ${this.cancelling ? 'Cancelling…' : 'Cancel'}
        </button>
      </div>
      ${live.message ? html`<p class="text" data-testid="live-message">${live.message}</p>` : nothing}
      ${
        live.agents.length > 0
          ? html`<div aria-label="Agents working" data-testid="live-agents">
              <span class="muted">Working now:</span>
              ${live.agents.map(
                (a) =>
                  html`<span class="badge" title=${a.model}
                    >${ROLE_NAMES[a.role]} ·
                    ${a.model}${a.thinking ? html` · thinking` : a.outputChars > 0 ? html` · ${formatTokens(a.outputChars)} chars` : nothing}${
                      a.waiting ? html` · <span data-testid="live-agent-waiting">${a.waiting}</span>` : nothing
                    }</span
                  > `,
              )}
            </div>`
          : live.phaseRoles.length > 0
            ? html`<div class="muted">Waiting for ${live.phaseRoles.map((r) => ROLE_NAMES[r]).join(', ')}</div>`
            : nothing
      }
      ${
        live.tools.length > 0
          ? html`<details>
              <summary>Research tool calls (${live.tools.length} most recent)</summary>
              <ul data-testid="live-tools">
                ${live.tools.map(
                  (t) =>
                    html`<li class=${t.ok ? '' : 'fail'}>
                      <span class="mono">${t.tool}</span> by ${ROLE_NAMES[t.role]}: <span class="text">${t.summary}</span>${t.ok ? nothing : ' (refused or failed)'}
                    </li>`,
                )}
              </ul>
            </details>`
          : nothing
      }
      ${
        live.checkpoint
          ? html`<div class="checkpoint" role="status" data-testid="live-checkpoint">
              <strong>${CHECKPOINT_TITLES[live.checkpoint.kind] ?? 'Your decision is needed'}:</strong>
              <span class="text">${live.checkpoint.title}</span>
              <div class="muted">Answer in the prompt at the top of the editor window.</div>
            </div>`
          : nothing
      }
    </section>`;
  }
}
customElements.define('vp-live-status', LiveStatus);

declare global {
  interface HTMLElementTagNameMap {
    'vp-live-status': LiveStatus;
  }
}
