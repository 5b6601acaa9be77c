/**
 * The challenges: severity, origin, status per iteration, claim, resolution,
 * evidence; filters by severity and status; per-row Reveal and Acknowledge.
 * Keyboard: Tab reaches filters and row toggles; ArrowUp/ArrowDown/Home/End
 * move between row toggles; Enter or Space opens a row's details.
 */
import { LitElement, css, html, nothing } from 'lit';
import { ChallengeStatus, Severity, type Challenge, type Evidence } from '../../src/core/protocol';
import { askHost, busyKey } from '../actions';
import { ORIGIN_NAMES } from '../format';
import { base } from '../styles';
import type { ChallengeRow } from '../view-model';

type StatusFilter = 'ALL' | 'ATTENTION' | ChallengeStatus;

const CHECKED_TEXT: Record<Evidence['checked'], string> = {
  verified: 'citation checked',
  not_found: 'citation not found in the workspace',
  unchecked: 'citation not checked',
};

const STILL_OPEN: ReadonlySet<ChallengeStatus> = new Set(['OPEN', 'UNRESOLVED']);

export class ChallengeTable extends LitElement {
  static override properties = {
    rows: { attribute: false },
    planPath: { attribute: false },
    busy: { attribute: false },
    severities: { state: true },
    status: { state: true },
    expanded: { state: true },
    focusRequest: { attribute: false },
  };
  declare focusRequest: { challengeId: string; seq: number } | null;
  /** The last focus request acted on: a state re-sent with the same request must not scroll again. */
  private focusedSeq = 0;
  declare rows: ChallengeRow[];
  declare planPath: string | null;
  declare busy: ReadonlySet<string>;
  declare severities: ReadonlySet<Severity>;
  declare status: StatusFilter;
  declare expanded: ReadonlySet<string>;

  static override styles = [
    base,
    css`
      .filters {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 6px 16px;
        margin-bottom: 8px;
      }
      fieldset {
        border: none;
        margin: 0;
        padding: 0;
        display: flex;
        gap: 10px;
        align-items: center;
      }
      legend {
        float: left;
        padding: 0;
        margin-right: 6px;
        color: var(--vp-muted);
      }
      label {
        display: inline-flex;
        align-items: center;
        gap: 3px;
      }
      .count {
        margin-left: auto;
      }
      /* Narrow panels scroll the table sideways instead of squeezing the claim to one letter per line. */
      .scroll {
        overflow-x: auto;
      }
      .scroll table {
        min-width: 760px;
      }
      button.toggle {
        color: inherit;
        background: none;
        border: 1px solid transparent;
        padding: 0 3px;
        font-family: var(--vscode-editor-font-family, monospace);
        font-weight: 600;
        white-space: nowrap;
      }
      button.toggle:hover:not(:disabled) {
        background: var(--vscode-list-hoverBackground, rgba(128, 128, 128, 0.15));
      }
      ol.statuses {
        list-style: none;
        display: flex;
        flex-wrap: wrap;
        gap: 2px 4px;
        margin: 0;
        padding: 0;
      }
      .arrow {
        color: var(--vp-muted);
        margin-right: 4px;
      }
      .iter {
        color: var(--vp-muted);
        font-size: 0.85em;
      }
      .row-actions {
        display: flex;
        flex-direction: column;
        align-items: flex-start;
        gap: 4px;
      }
      tr.details > td {
        background: var(--vscode-textBlockQuote-background, rgba(128, 128, 128, 0.08));
      }
      .details-grid {
        display: grid;
        grid-template-columns: max-content 1fr;
        gap: 4px 12px;
      }
      .details-grid > dt {
        color: var(--vp-muted);
      }
      .details-grid > dd {
        margin: 0;
      }
      blockquote {
        margin: 0;
        padding-left: 8px;
        border-left: 3px solid var(--vscode-textBlockQuote-border, var(--vp-border));
      }
      ul.evidence,
      ul.history {
        margin: 0;
        padding-left: 18px;
      }
    `,
  ];

  constructor() {
    super();
    this.rows = [];
    this.planPath = null;
    this.busy = new Set();
    this.severities = new Set(Severity.options);
    this.status = 'ALL';
    this.expanded = new Set();
    this.focusRequest = null;
  }

  /** "Open in report": make the row visible (clearing filters that hide it), expand it, scroll to it, focus it. */
  protected override updated(changed: Map<string, unknown>): void {
    const focus = this.focusRequest;
    if (!changed.has('focusRequest') && !changed.has('rows')) return;
    if (!focus || focus.seq === this.focusedSeq || !this.rows.some((r) => r.challenge.id === focus.challengeId)) return;
    this.focusedSeq = focus.seq;
    if (!this.visibleRows().some((r) => r.challenge.id === focus.challengeId)) {
      this.severities = new Set(Severity.options);
      this.status = 'ALL';
    }
    this.expanded = new Set([...this.expanded, focus.challengeId]);
    void this.updateComplete.then(() => {
      const row = this.renderRoot.querySelector<HTMLElement>(`tr[data-id="${focus.challengeId}"]`);
      row?.scrollIntoView({ block: 'center' });
      row?.querySelector<HTMLButtonElement>('button.toggle')?.focus();
    });
  }

  private visibleRows(): ChallengeRow[] {
    return this.rows.filter(({ challenge: c }) => {
      if (!this.severities.has(c.severity)) return false;
      if (this.status === 'ALL') return true;
      if (this.status === 'ATTENTION') return STILL_OPEN.has(c.status);
      return c.status === this.status;
    });
  }

  private toggleSeverity(s: Severity, on: boolean): void {
    const next = new Set(this.severities);
    if (on) next.add(s);
    else next.delete(s);
    this.severities = next;
  }

  private toggleRow(id: string): void {
    const next = new Set(this.expanded);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    this.expanded = next;
  }

  private onToggleKey(event: KeyboardEvent): void {
    const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
    if (!keys.includes(event.key)) return;
    const toggles = [...this.renderRoot.querySelectorAll<HTMLButtonElement>('button.toggle')];
    const at = toggles.indexOf(event.currentTarget as HTMLButtonElement);
    const target = event.key === 'Home' ? 0 : event.key === 'End' ? toggles.length - 1 : event.key === 'ArrowDown' ? Math.min(at + 1, toggles.length - 1) : Math.max(at - 1, 0);
    toggles[target]?.focus();
    event.preventDefault();
  }

  private statusCell(row: ChallengeRow) {
    const steps = row.statuses.filter((s) => s.status !== null);
    return html`<ol class="statuses" aria-label=${`Status of ${row.challenge.id} by iteration`} data-testid="status-history">
      ${steps.map(
        (s, i) =>
          html`<li>
            ${i > 0 ? html`<span class="arrow" aria-hidden="true">→</span> ` : nothing}<span class="iter">I${s.iteration}</span>
            <span class="pill ${s.status}"><span>${s.status}</span></span>
          </li>`,
      )}
    </ol>`;
  }

  private actions(c: Challenge) {
    const planPath = this.planPath;
    if (!planPath) return nothing;
    const reveal = { action: 'reveal', planPath, challengeId: c.id } as const;
    const ack = { action: 'acknowledge', planPath, challengeId: c.id } as const;
    const canAck = STILL_OPEN.has(c.status) && !c.user_decision;
    return html`<div class="row-actions">
      <button class="link" ?disabled=${this.busy.has(busyKey(reveal))} aria-label=${`Reveal the plan line of ${c.id}`} @click=${() => askHost(this, reveal)}>Reveal line</button>
      ${
        canAck
          ? html`<button class="secondary" ?disabled=${this.busy.has(busyKey(ack))} aria-label=${`Acknowledge the risk of ${c.id}`} @click=${() => askHost(this, ack)}>
              Acknowledge
            </button>`
          : nothing
      }
      ${c.user_decision ? html`<span class="badge">${c.user_decision}</span>` : nothing}
    </div>`;
  }

  private evidence(items: Evidence[]) {
    if (items.length === 0) return html`<span class="muted">none</span>`;
    return html`<ul class="evidence">
      ${items.map(
        (e) =>
          html`<li data-testid="evidence">
            <span class="mono">${e.path ? `${e.path}${e.line ? `:${e.line}` : ''}` : e.source}</span>
            <span class="muted">(${CHECKED_TEXT[e.checked]})</span>: <span class="text">${e.finding}</span> <span class="muted">Impact:</span> <span class="text">${e.impact}</span>
            ${e.quote ? html`<blockquote class="text mono">${e.quote}</blockquote>` : nothing}
          </li>`,
      )}
    </ul>`;
  }

  private details(c: Challenge) {
    return html`<tr class="details" id=${`details-${c.id}`} data-testid="challenge-details">
      <td colspan="6">
        <dl class="details-grid">
          <dt>Plan says</dt>
          <dd><blockquote class="text">${c.quote}</blockquote></dd>
          <dt>Concern</dt>
          <dd class="text">${c.concern}</dd>
          <dt>Failure scenario</dt>
          <dd class="text">${c.failure_scenario}</dd>
          <dt>Alternative</dt>
          <dd class="text">${c.alternative}</dd>
          <dt>Confidence</dt>
          <dd>${c.confidence}</dd>
          <dt>Evidence</dt>
          <dd>${this.evidence(c.evidence)}</dd>
          <dt>History</dt>
          <dd>
            <ul class="history">
              ${c.history.map((h) => html`<li>Iteration ${h.iteration}: ${h.status}${h.note ? html` — <span class="text">${h.note}</span>` : nothing}</li>`)}
            </ul>
          </dd>
        </dl>
      </td>
    </tr>`;
  }

  private row(r: ChallengeRow) {
    const c = r.challenge;
    const open = this.expanded.has(c.id);
    return html`<tr data-testid="challenge-row" data-id=${c.id} data-severity=${c.severity} data-status=${c.status}>
        <td>
          <button
            class="toggle"
            aria-expanded=${open ? 'true' : 'false'}
            aria-controls=${`details-${c.id}`}
            aria-label=${`${c.id}: ${open ? 'hide' : 'show'} details`}
            @click=${() => this.toggleRow(c.id)}
            @keydown=${(e: KeyboardEvent) => this.onToggleKey(e)}
          >
            ${open ? '▾' : '▸'} ${c.id}
          </button>
        </td>
        <td>
          <span class="pill ${c.severity}"><span>${c.severity}</span></span>
        </td>
        <td>${ORIGIN_NAMES[c.origin]}</td>
        <td>${this.statusCell(r)}</td>
        <td class="text" data-testid="claim">${c.claim}</td>
        <td>
          <div class="text" data-testid="resolution">${c.resolution || html`<span class="muted">—</span>`}</div>
          ${this.actions(c)}
        </td>
      </tr>
      ${open ? this.details(c) : nothing}`;
  }

  override render() {
    const visible = this.visibleRows();
    return html`<section class="card" aria-labelledby="challenges-heading" data-section="challenges">
      <h2 id="challenges-heading">Challenges</h2>
      <div class="filters">
        <fieldset>
          <legend>Severity</legend>
          ${Severity.options.map(
            (s) =>
              html`<label
                ><input
                  type="checkbox"
                  name="severity"
                  value=${s}
                  .checked=${this.severities.has(s)}
                  @change=${(e: Event) => this.toggleSeverity(s, (e.target as HTMLInputElement).checked)}
                />${s.toLowerCase()}</label
              >`,
          )}
        </fieldset>
        <label
          >Status
          <select aria-label="Filter by status" .value=${this.status} @change=${(e: Event) => (this.status = (e.target as HTMLSelectElement).value as StatusFilter)}>
            <option value="ALL">all</option>
            <option value="ATTENTION">open or unresolved</option>
            ${ChallengeStatus.options.map((s) => html`<option value=${s}>${s.toLowerCase()}</option>`)}
          </select></label
        >
        <span class="count muted" role="status" aria-live="polite" data-testid="challenge-count">Showing ${visible.length} of ${this.rows.length}</span>
      </div>
      ${
        this.rows.length === 0
          ? html`<p class="empty">No challenges yet.</p>`
          : html`<div class="scroll" role="region" aria-label="Challenges table" tabindex="0">
              <table>
                <caption class="sr-only">
                  Challenges with severity, origin, status by iteration, claim and resolution
                </caption>
                <thead>
                  <tr>
                    <th scope="col">ID</th>
                    <th scope="col">Severity</th>
                    <th scope="col">Origin</th>
                    <th scope="col">Status by iteration</th>
                    <th scope="col">Claim</th>
                    <th scope="col">Resolution</th>
                  </tr>
                </thead>
                <tbody>
                  ${visible.map((r) => this.row(r))}
                </tbody>
              </table>
            </div>`
      }
    </section>`;
  }
}
customElements.define('vp-challenge-table', ChallengeTable);

declare global {
  interface HTMLElementTagNameMap {
    'vp-challenge-table': ChallengeTable;
  }
}
