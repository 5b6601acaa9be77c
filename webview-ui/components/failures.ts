/**
 * Agent failures during the run, in plain words, with what the loop did about
 * each. Whether the failures stopped the run is the run's own fact (its stop
 * cause), passed in as `forcedExitIteration`; the panel never recounts it.
 */
import { LitElement, css, html, nothing } from 'lit';
import type { AgentFailure } from '../../src/core/protocol';
import { describeFailure, failureConsequence } from '../../src/core/labels';
import { base } from '../styles';

export class FailureList extends LitElement {
  static override properties = { failures: { attribute: false }, forcedExitIteration: { attribute: false } };
  declare failures: AgentFailure[];
  declare forcedExitIteration: number | null;

  static override styles = [
    base,
    css`
      section.card {
        border-left: 5px solid var(--vp-bad);
      }
      ul {
        margin: 0;
        padding-left: 20px;
      }
      li {
        margin-bottom: 6px;
      }
      details {
        margin-top: 2px;
      }
    `,
  ];

  constructor() {
    super();
    this.failures = [];
    this.forcedExitIteration = null;
  }

  override render() {
    const forced = this.forcedExitIteration;
    return html`<section class="card" aria-labelledby="failures-heading" data-section="failures">
      <h2 id="failures-heading">Problems during the run</h2>
      <ul>
        ${this.failures.map((f) => {
          return html`<li data-testid="failure">
            <strong>${describeFailure(f)}</strong> ${failureConsequence(f)}
            <details>
              <summary class="muted">Details</summary>
              <span class="text mono">${f.message}</span>
            </details>
          </li>`;
        })}
      </ul>
      ${forced === null ? nothing : html`<p data-testid="forced-exit">Agent failures in iteration ${forced} forced the run to stop there, with the results it had.</p>`}
    </section>`;
  }
}
customElements.define('vp-failures', FailureList);

declare global {
  interface HTMLElementTagNameMap {
    'vp-failures': FailureList;
  }
}
