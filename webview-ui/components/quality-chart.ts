/**
 * The quality score's six weighted dimensions as bars (report-only: it never
 * steers the loop), with the auditor's score where it disagrees. Bars are SVG
 * with numeric attributes, so no style is ever built from data.
 */
import { LitElement, css, html, nothing, svg } from 'lit';
import { QUALITY_WEIGHTS, QualityDimension, type AuditorOutput } from '../../src/core/protocol';
import type { QualityResult } from '../../src/core/run-types';
import { DIMENSION_NAMES } from '../format';
import { base } from '../styles';

export class QualityChart extends LitElement {
  static override properties = { quality: { attribute: false }, audit: { attribute: false } };
  declare quality: QualityResult;
  declare audit: AuditorOutput | null;

  static override styles = [
    base,
    css`
      .bars {
        display: grid;
        grid-template-columns: minmax(150px, max-content) 1fr 5.5em;
        gap: 6px 10px;
        align-items: center;
      }
      svg {
        width: 100%;
        height: 14px;
        display: block;
      }
      .track {
        fill: var(--vp-border);
      }
      :host-context(.vscode-high-contrast) .track,
      :host-context(.vscode-high-contrast-light) .track {
        fill: none;
        stroke: var(--vp-border);
        vector-effect: non-scaling-stroke;
      }
      .bar {
        fill: var(--vscode-charts-blue, #1a85ff);
      }
      .bar.disputed {
        fill: var(--vp-warn);
      }
      .auditor {
        stroke: var(--vscode-foreground, #333);
        stroke-width: 2.5;
      }
      .score {
        font-variant-numeric: tabular-nums;
        text-align: right;
        white-space: nowrap;
      }
      .evidence {
        grid-column: 1 / -1;
        margin: -3px 0 4px;
        font-size: 0.92em;
      }
      .dispute {
        grid-column: 1 / -1;
        border-left: 3px solid var(--vp-warn);
        padding-left: 8px;
        margin-bottom: 4px;
      }
    `,
  ];

  constructor() {
    super();
    this.audit = null;
  }

  private bar(dim: QualityDimension) {
    const s = this.quality.scores[dim];
    const dispute = this.audit?.discrepancies.find((d) => d.dimension === dim);
    const name = DIMENSION_NAMES[dim];
    const weight = Math.round(QUALITY_WEIGHTS[dim] * 100);
    const label = dispute ? `${name}: ${s.score} out of 10; the auditor scored ${dispute.auditor_score}` : `${name}: ${s.score} out of 10`;
    return html`<span data-testid="dimension">${name} <span class="muted">(${weight}%)</span></span>
      <svg viewBox="0 0 100 10" preserveAspectRatio="none" role="img" aria-label=${label} data-testid="dimension-bar" data-score=${s.score}>
        ${svg`<rect class="track" x="0" y="2" width="100" height="6" rx="1"></rect>
        <rect class="bar ${dispute ? 'disputed' : ''}" x="0" y="2" width=${s.score * 10} height="6" rx="1"></rect>
        ${dispute ? svg`<line class="auditor" x1=${dispute.auditor_score * 10} x2=${dispute.auditor_score * 10} y1="0" y2="10"></line>` : nothing}`}
      </svg>
      <span class="score">${s.score}/10${dispute ? html` <span class="tone-warn">(${dispute.auditor_score})</span>` : nothing}</span>
      <div class="evidence text muted">${s.evidence}</div>
      ${
        dispute
          ? html`<div class="dispute" data-testid="discrepancy">
              <strong>Score dispute:</strong> synthesizer ${dispute.synthesizer_score}, auditor ${dispute.auditor_score} —
              <span class="text">${dispute.evidence}</span>
            </div>`
          : nothing
      }`;
  }

  override render() {
    const q = this.quality;
    const audit = this.audit;
    return html`<section class="card" aria-labelledby="quality-heading" data-section="quality">
      <h2 id="quality-heading">${q.label}: ${q.total}/10</h2>
      <p class="muted">Weighted over six dimensions. Informational only: the verdict comes from the challenges, not from this score.</p>
      <div class="bars">${QualityDimension.options.map((d) => this.bar(d))}</div>
      ${
        audit
          ? html`<p data-testid="audit-summary">
              ${audit.confirmed ? 'The auditor confirmed the score.' : 'The auditor disputes the score.'} ${audit.note ? html`<span class="text">${audit.note}</span>` : nothing}
            </p>`
          : html`<p class="muted">The score was not audited.</p>`
      }
    </section>`;
  }
}
customElements.define('vp-quality-chart', QualityChart);

declare global {
  interface HTMLElementTagNameMap {
    'vp-quality-chart': QualityChart;
  }
}
