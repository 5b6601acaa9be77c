/**
 * The challenges: severity, origin, plan line, status per iteration, claim and
 * concern, resolution, evidence; filters by severity and status; per-row
 * Reveal and Acknowledge. Narrower than the table needs (a panel below
 * about 800 px), each row becomes a card with every field and button.
 * Keyboard: Tab reaches filters and row toggles; ArrowUp/ArrowDown/Home/End
 * move between row toggles; Enter or Space opens a row's details.
 */
import { LitElement, html, nothing } from 'lit';
import { ChallengeStatus, Severity, type Challenge, type Evidence } from '../../src/core/protocol';
import { evidenceKey } from '../../src/shared/webview-protocol';
import { askHost, busyKey } from '../actions';
import { ORIGIN_NAMES } from '../format';
import { base } from '../styles';
import { challengeTableStyles } from './challenge-table-styles';
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
    planLines: { attribute: false },
    evidenceTargets: { attribute: false },
  };
  /** Plan line of each challenge, by id (from the finished result). */
  declare planLines: Readonly<Record<string, number>>;
  /** Evidence references (`evidenceKey`) that resolve in the workspace; only these are links. */
  declare evidenceTargets: ReadonlySet<string>;
  declare focusRequest: { challengeId: string; seq: number } | null;
  /** The last focus request acted on: a state re-sent with the same request must not scroll again. */
  private focusedSeq = 0;
  declare rows: ChallengeRow[];
  declare planPath: string | null;
  declare busy: ReadonlySet<string>;
  declare severities: ReadonlySet<Severity>;
  declare status: StatusFilter;
  declare expanded: ReadonlySet<string>;

  static override styles = [base, challengeTableStyles];

  constructor() {
    super();
    this.rows = [];
    this.planPath = null;
    this.busy = new Set();
    this.severities = new Set(Severity.options);
    this.status = 'ALL';
    this.expanded = new Set();
    this.focusRequest = null;
    this.planLines = {};
    this.evidenceTargets = new Set();
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

  private lineCell(c: Challenge) {
    const line = this.planLines[c.id];
    const planPath = this.planPath;
    if (!planPath) return line ? String(line) : html`<span class="muted">—</span>`;
    const reveal = { action: 'reveal', planPath, challengeId: c.id } as const;
    return html`<button class="link" ?disabled=${this.busy.has(busyKey(reveal))} aria-label=${`Reveal the plan line of ${c.id}`} @click=${() => askHost(this, reveal)}>
      ${line ? `Line ${line}` : 'Reveal line'}
    </button>`;
  }

  private actions(c: Challenge) {
    const planPath = this.planPath;
    if (!planPath) return nothing;
    const ack = { action: 'acknowledge', planPath, challengeId: c.id } as const;
    const canAck = STILL_OPEN.has(c.status) && !c.user_decision;
    return html`<div class="row-actions">
      ${
        canAck
          ? html`<button class="secondary" ?disabled=${this.busy.has(busyKey(ack))} aria-label=${`Acknowledge the risk of ${c.id}`} @click=${() => askHost(this, ack)}>
              Acknowledge
            </button>`
          : nothing
      }
      ${c.user_decision ? html`<span class="badge" data-testid="row-decision">${c.user_decision}</span>` : nothing}
    </div>`;
  }

  /** A link only when the reference resolves to an existing file (and line) in the workspace; anything else is text. */
  private evidenceWhere(e: Evidence) {
    const key = evidenceKey(e);
    const planPath = this.planPath;
    if (key === null || planPath === null || !this.evidenceTargets.has(key)) return html`<span class="mono" data-testid="evidence-text">${key ?? e.source}</span>`;
    const request = { action: 'openEvidence', planPath, path: e.path!, ...(e.line ? { line: e.line } : {}) } as const;
    return html`<button
      class="link mono"
      data-testid="evidence-link"
      ?disabled=${this.busy.has(busyKey(request))}
      aria-label=${`Open ${key}`}
      @click=${() => askHost(this, request)}
    >
      ${key}
    </button>`;
  }

  private evidence(items: Evidence[]) {
    if (items.length === 0) return html`<span class="muted">none</span>`;
    return html`<ul class="evidence">
      ${items.map(
        (e) =>
          html`<li data-testid="evidence">
            ${this.evidenceWhere(e)}
            <span class="muted">(${CHECKED_TEXT[e.checked]})</span>: <span class="text">${e.finding}</span> <span class="muted">Impact:</span> <span class="text">${e.impact}</span>
            ${e.quote ? html`<blockquote class="text mono">${e.quote}</blockquote>` : nothing}
          </li>`,
      )}
    </ul>`;
  }

  private details(c: Challenge) {
    return html`<tr class="details" id=${`details-${c.id}`} data-testid="challenge-details">
      <td colspan="7">
        <dl class="details-grid">
          <dt>Plan says</dt>
          <dd><blockquote class="text">${c.quote}</blockquote></dd>
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
        <td data-label="ID">
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
        <td data-label="Severity">
          <span class="pill ${c.severity}"><span>${c.severity}</span></span>
        </td>
        <td data-label="Line" data-testid="line">${this.lineCell(c)}</td>
        <td data-label="Status">${this.statusCell(r)}</td>
        <td data-label="Claim">
          <div>
            <div class="text" data-testid="claim">${c.claim}</div>
            <div class="text concern" data-testid="concern">${c.concern}</div>
          </div>
        </td>
        <td data-label="Raised by">${ORIGIN_NAMES[c.origin]}</td>
        <td data-label="Resolution">
          <div>
            <div class="text" data-testid="resolution">${c.resolution || html`<span class="muted">—</span>`}</div>
            ${this.actions(c)}
          </div>
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
          : html`<div role="region" aria-label="Challenges table">
              <table>
                <caption class="sr-only">
                  Challenges with severity, plan line, status by iteration, claim and concern, who raised it, and resolution
                </caption>
                <thead>
                  <tr>
                    <th scope="col">ID</th>
                    <th scope="col">Severity</th>
                    <th scope="col">Line</th>
                    <th scope="col">Status by iteration</th>
                    <th scope="col">Claim and concern</th>
                    <th scope="col">Raised by</th>
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
