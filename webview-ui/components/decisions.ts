/**
 * "Your decisions": one current decision per challenge, named by challenge
 * and iteration, with earlier answers behind an expander; then the
 * settlements the final audit disputes. Neither changes the verdict.
 */
import { LitElement, css, html, nothing } from 'lit';
import type { AuditorOutput, Challenge } from '../../src/core/protocol';
import { DECISION_WORDS, type ChallengeDecision, type Decision } from '../decisions';
import { base } from '../styles';

export class DecisionList extends LitElement {
  static override properties = { decisions: { attribute: false }, audit: { attribute: false }, challenges: { attribute: false } };
  declare decisions: ChallengeDecision[];
  declare audit: AuditorOutput | null;
  declare challenges: readonly Challenge[];

  static override styles = [
    base,
    css`
      ul {
        margin: 4px 0;
        padding-left: 20px;
      }
      li {
        margin-bottom: 4px;
        overflow-wrap: anywhere;
      }
      details {
        margin-top: 2px;
      }
      summary {
        cursor: pointer;
        color: var(--vp-muted);
      }
    `,
  ];

  constructor() {
    super();
    this.decisions = [];
    this.audit = null;
    this.challenges = [];
  }

  private decision(d: Decision) {
    return html`you ${DECISION_WORDS[d.action]}${d.text ? html`: <span class="text">“${d.text}”</span>` : nothing}`;
  }

  private item(d: ChallengeDecision) {
    return html`<li data-testid="decision" data-challenge=${d.challengeId}>
      <span class="mono">${d.challengeId}</span> <span class="muted" data-testid="decision-iteration">(iteration ${d.current.iteration})</span>: ${this.decision(d.current)}
      ${
        d.earlier.length
          ? html`<details data-testid="decision-history">
              <summary>${d.earlier.length === 1 ? 'Earlier decision' : `${d.earlier.length} earlier decisions`}</summary>
              <ul>
                ${d.earlier.map((e) => html`<li>Iteration ${e.iteration}: ${this.decision(e)}</li>`)}
              </ul>
            </details>`
          : nothing
      }
    </li>`;
  }

  override render() {
    const disputed = (this.audit?.wrongly_settled ?? []).filter((f) => this.challenges.some((c) => c.id === f.id && c.severity !== 'MINOR'));
    if (this.decisions.length === 0 && disputed.length === 0) return nothing;
    return html`<div role="note" aria-label="Your decisions and audit disputes" data-section="decisions">
      ${
        this.decisions.length
          ? html`<h3>Your decisions</h3>
              <p class="muted">Your latest decision on each challenge. Recorded beside the verdict; they do not change it.</p>
              <ul data-testid="user-decisions">
                ${this.decisions.map((d) => this.item(d))}
              </ul>`
          : nothing
      }
      ${
        disputed.length
          ? html`<h3>The final audit disputes these settlements</h3>
              <ul data-testid="audit-disputes">
                ${disputed.map((f) => html`<li><span class="mono">${f.id}</span> <span class="text">${f.reason}</span></li>`)}
              </ul>`
          : nothing
      }
    </div>`;
  }
}
customElements.define('vp-decisions', DecisionList);

declare global {
  interface HTMLElementTagNameMap {
    'vp-decisions': DecisionList;
  }
}
