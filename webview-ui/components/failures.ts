/** Agent failures during the run, in plain words, with what the loop did about each. */
import { LitElement, css, html } from 'lit';
import type { AgentFailure } from '../../src/core/protocol';
import { describeFailure, forcedExitIterations } from '../failure-text';
import { base } from '../styles';

export class FailureList extends LitElement {
  static override properties = { failures: { attribute: false } };
  declare failures: AgentFailure[];

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
  }

  override render() {
    const forced = forcedExitIterations(this.failures);
    return html`<section class="card" aria-labelledby="failures-heading" data-section="failures">
      <h2 id="failures-heading">Problems during the run</h2>
      <ul>
        ${this.failures.map((f) => {
          const d = describeFailure(f);
          return html`<li data-testid="failure">
            <strong>${d.headline}</strong> ${d.consequence}
            <details>
              <summary class="muted">Details</summary>
              <span class="text mono">${f.message}</span>
            </details>
          </li>`;
        })}
      </ul>
      ${forced.map(
        (i) => html`<p data-testid="forced-exit">Two or more agents failed in iteration ${i}, so the run stopped there with the results it had.</p>`,
      )}
    </section>`;
  }
}
customElements.define('vp-failures', FailureList);

declare global {
  interface HTMLElementTagNameMap {
    'vp-failures': FailureList;
  }
}
