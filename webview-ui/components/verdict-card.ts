/** The verdict card: verdict, quality score, why, what to change, next step, costs and the run's actions. */
import { LitElement, css, html, nothing } from 'lit';
import type { PanelRequest } from '../../src/shared/webview-protocol';
import { askHost, busyKey } from '../actions';
import { ROLE_NAMES, USAGE_NOT_REPORTED, formatCost, formatTokens, plural, verdictTone } from '../format';
import { base } from '../styles';
import './decisions';
import { totalTokens, type RunView } from '../view-model';
import { itemTags, whatToChange, whatToChangeLead } from '../../src/core/report/what-to-change';

/** Seed 002 §7: five or more DEFERRED challenges earn a technical-debt warning. */
const TECH_DEBT_THRESHOLD = 5;

export class VerdictCard extends LitElement {
  static override properties = { view: { attribute: false }, busy: { attribute: false } };
  declare view: RunView;
  declare busy: ReadonlySet<string>;

  static override styles = [
    base,
    css`
      .head {
        display: flex;
        flex-wrap: wrap;
        align-items: baseline;
        gap: 8px 18px;
      }
      .verdict {
        font-size: 1.9em;
        font-weight: 700;
        letter-spacing: 0.02em;
      }
      .verdict.stopped {
        font-size: 1.35em;
        overflow-wrap: anywhere;
      }
      section.card {
        border-left-width: 5px;
      }
      section.edge-good {
        border-left-color: var(--vp-good);
      }
      section.edge-warn {
        border-left-color: var(--vp-warn);
      }
      section.edge-bad {
        border-left-color: var(--vp-bad);
      }
      .score {
        font-size: 1.3em;
        font-weight: 600;
        color: var(--vscode-foreground, #333);
      }
      .score small {
        font-size: 0.7em;
        font-weight: 400;
      }
      dl {
        display: grid;
        grid-template-columns: max-content 1fr;
        gap: 2px 12px;
        margin: 10px 0;
      }
      dt {
        color: var(--vp-muted);
      }
      dd {
        margin: 0;
      }
      .actions {
        display: flex;
        flex-wrap: wrap;
        gap: 8px;
        margin-top: 10px;
      }
      .warning {
        border: 1px solid var(--vp-warn);
        border-radius: 3px;
        padding: 8px 10px;
        margin-top: 10px;
      }
      .warning h3 {
        margin-top: 0;
        color: var(--vp-warn);
      }
      ul {
        margin: 4px 0;
        padding-left: 20px;
      }
      ol.changes {
        margin: 6px 0;
        padding-left: 22px;
      }
      ol.changes > li {
        margin-bottom: 8px;
        overflow-wrap: anywhere;
      }
      ol.changes blockquote {
        margin: 2px 0;
        padding-left: 8px;
        border-left: 3px solid var(--vp-muted);
      }
      .tags {
        color: var(--vp-muted);
      }
    `,
  ];

  constructor() {
    super();
    this.busy = new Set();
  }

  private button(label: string, request: PanelRequest, secondary: boolean, ariaLabel?: string) {
    const busy = this.busy.has(busyKey(request));
    return html`<button
      class=${secondary ? 'secondary' : ''}
      ?disabled=${busy}
      aria-busy=${busy ? 'true' : 'false'}
      aria-label=${ariaLabel ?? label}
      @click=${() => askHost(this, request)}
    >
      ${label}
    </button>`;
  }

  /** "What to change" (core report/what-to-change.ts): the challenges that decide the verdict, most severe first, then deferred ones. */
  private changes() {
    const v = this.view;
    if (v.source !== 'result' || !v.final) return nothing;
    const w = whatToChange(v.final, { lines: v.planLines });
    if (w.deciding.length === 0 && w.deferred.length === 0) return nothing;
    // A stopped run earned no verdict: the lead says what is still open, not what decides a verdict.
    const lead = whatToChangeLead(v.stopped ? null : v.verdict, w);
    return html`<div data-section="what-to-change" data-testid="what-to-change">
      <h3>What to change</h3>
      ${lead ? html`<p>${lead}</p>` : nothing}
      <ol class="changes">
        ${w.deciding.map(
          (item) =>
            html`<li data-testid="change-item" data-challenge=${item.id}>
              <span class="mono">${item.id}</span> <span class="tags">${itemTags(item).join(' · ')} · ${item.line === null ? 'plan line unknown' : `plan line ${item.line}`}</span>
              <blockquote class="text">${item.quote}</blockquote>
              <div><strong>${item.changeFrom === 'synthesizer' ? 'Change' : 'Change (the challenger’s alternative)'}:</strong> <span class="text">${item.change}</span></div>
              ${item.reopenedByAudit !== null ? html`<div class="muted">Reopened by the final audit: <span class="text">${item.reopenedByAudit}</span></div>` : nothing}
            </li>`,
        )}
      </ol>
      ${
        w.deferred.length
          ? html`<p class="muted">Deferred by the caps (not tracked in this run):</p>
              <ul data-testid="deferred-changes">
                ${w.deferred.map((d) => html`<li><span class="tags">${d.severity}</span> <span class="text">${d.claim}</span></li>`)}
              </ul>`
          : nothing
      }
    </div>`;
  }

  private techDebt() {
    const v = this.view;
    const deferred = v.challenges.filter((r) => r.challenge.status === 'DEFERRED').map((r) => r.challenge);
    const deferredSurfaced = v.final?.deferred_surfaced ?? [];
    if (!v.technicalDebtWarning && deferred.length < TECH_DEBT_THRESHOLD) return nothing;
    return html`<div class="warning" role="note" aria-label="Technical debt warning" data-section="tech-debt">
      <h3>Technical debt warning</h3>
      <p>${plural(deferred.length, 'challenge was', 'challenges were')} deferred to implementation. They do not change the verdict, but they add up:</p>
      <ul>
        ${deferred.map((c) => html`<li><span class="mono">${c.id}</span> <span class="text">${c.claim}</span></li>`)}
        ${deferredSurfaced.map((d) => html`<li><span class="muted">not tracked (cap reached):</span> <span class="text">${d.claim}</span></li>`)}
      </ul>
    </div>`;
  }

  override render() {
    const v = this.view;
    const planPath = v.planPath;
    const tone = v.stopped ? 'warn' : verdictTone(v.verdict);
    const tokens = totalTokens(v.usage);
    const stopped = v.stopped;
    const verdictText = stopped ? `Stopped — ${stopped.why}` : (v.verdict ?? (v.running ? 'Running…' : 'Not verified yet'));
    return html`<section class="card edge-${tone}" aria-labelledby="verdict-heading" data-section="verdict">
      <h2 id="verdict-heading" class="sr-only">Verdict</h2>
      <div class="head">
        <span class="verdict tone-${tone} ${stopped ? 'stopped' : ''}" data-testid="verdict">${verdictText}</span>
        ${
          v.quality && !stopped
            ? html`<span class="score" data-testid="quality-score" aria-label=${`${v.quality.label}: ${v.quality.total} out of 10`}
                >${v.quality.total}<small>/10</small> <small class="muted">${v.quality.label}</small></span
              >`
            : nothing
        }
        ${
          v.confidence && v.confidence.total > 0
            ? html`<span class="badge" data-testid="confidence"
                >Confidence ${Math.round((100 * v.confidence.passed) / v.confidence.total)}% (${v.confidence.passed}/${v.confidence.total} assertions passing)</span
              >`
            : nothing
        }
        ${stopped ? html`<span class="badge" data-testid="partial">Partial results below</span>` : nothing}
      </div>
      ${v.reason ? html`<p class="text" data-testid="reason">${v.reason}</p>` : nothing} ${this.changes()}
      <vp-decisions .decisions=${v.decisions} .audit=${v.audit} .challenges=${v.final?.challenges ?? []}></vp-decisions>
      ${v.nextStep ? html`<p><strong>Next step:</strong> <span class="text" data-testid="next-step">${v.nextStep}</span></p>` : nothing}
      <dl>
        ${
          v.assessment
            ? html`<dt>Complexity</dt>
                <dd>${v.assessment.score}/16 · ${v.assessment.team ? `${v.assessment.team} team` : 'no team (trivial plan)'} · plan ${v.assessment.quality.toLowerCase()}</dd>`
            : nothing
        }
        <dt>Iterations</dt>
        <dd>${v.iterations.length}</dd>
        ${
          v.models.length > 0
            ? html`<dt>${v.models.length === 1 ? 'Model' : 'Models'}</dt>
                <dd data-testid="models">
                  ${v.models.map((m, i) => html`${i > 0 ? '; ' : ''}<span data-testid="model"><code>${m.model}</code> (${m.roles.map((r) => ROLE_NAMES[r]).join(', ')})</span>`)}
                </dd>`
            : nothing
        }
        <dt>Tokens</dt>
        <dd data-testid="total-tokens">${v.usageReported ? `${formatTokens(tokens)} (${formatTokens(v.usage.cache_read_input_tokens)} from cache)` : USAGE_NOT_REPORTED}</dd>
        <dt>Cost</dt>
        <dd data-testid="total-cost">${v.usageReported ? formatCost(v.costUsd) : USAGE_NOT_REPORTED}</dd>
      </dl>
      ${this.techDebt()}
      ${
        planPath
          ? html`<div class="actions">
              ${stopped?.actions.includes('raise_cap') ? this.button('Raise Cap', { action: 'raiseCap' }, false) : nothing}
              ${stopped?.actions.includes('show_log') ? this.button('Show Log', { action: 'showLog' }, false) : nothing}
              ${
                v.running
                  ? nothing
                  : this.button(v.verdict ? 'Re-verify' : 'Verify', { action: 'reverify', planPath }, stopped !== null, v.verdict ? 'Re-verify the plan' : 'Verify the plan')
              }
              ${v.verdict ? this.button('Export report', { action: 'export', planPath }, true, 'Export the report as Markdown') : nothing}
            </div>`
          : nothing
      }
    </section>`;
  }
}
customElements.define('vp-verdict-card', VerdictCard);

declare global {
  interface HTMLElementTagNameMap {
    'vp-verdict-card': VerdictCard;
  }
}
