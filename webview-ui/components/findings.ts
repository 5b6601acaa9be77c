/** What research found: unknowns (and their answers), surfaced context, probed risks, assertions. */
import { LitElement, css, html, nothing } from 'lit';
import type { Assertion, IterationState } from '../../src/core/protocol';
import { base } from '../styles';

const UNKNOWN_TYPE_TEXT: Record<string, string> = {
  FILE_MISSING: 'file missing',
  API_BEHAVIOR: 'API behaviour',
  PRIOR_DECISION: 'prior decision',
  STALE_KNOWLEDGE: 'stale knowledge',
  INTEGRATION_UNKNOWN: 'integration',
};

const SOURCE_TEXT: Record<string, string> = {
  memory: 'memory',
  codebase: 'codebase',
  claude_md: 'CLAUDE.md',
  git_history: 'git history',
};

const IMPACT: Record<string, { text: string; tone: string }> = {
  changes_needed: { text: 'changes needed', tone: 'tone-warn' },
  confirms_approach: { text: 'confirms approach', tone: 'tone-good' },
  contradicts_plan: { text: 'contradicts plan', tone: 'tone-bad' },
};

const RESOLUTION_TONE: Record<string, string> = {
  CONFIRMED: 'tone-good',
  REFUTED: 'tone-bad',
  UNRESOLVABLE: 'tone-neutral',
  PARTIALLY_RESOLVED: 'tone-warn',
};

const ASSERTION_TONE: Record<string, string> = { PASS: 'tone-good', FAIL: 'tone-bad', SKIPPED: 'tone-neutral' };

export class Findings extends LitElement {
  static override properties = { state: { attribute: false }, assertions: { attribute: false } };
  declare state: IterationState | null;
  declare assertions: Assertion[];

  static override styles = [
    base,
    css`
      .grid {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(300px, 1fr));
        gap: 0 20px;
      }
      ul {
        list-style: none;
        margin: 0;
        padding: 0;
      }
      li {
        padding: 5px 0;
        border-bottom: 1px solid var(--vp-border);
      }
      li:last-child {
        border-bottom: none;
      }
      .meta {
        display: flex;
        flex-wrap: wrap;
        gap: 4px 8px;
        align-items: center;
        margin-bottom: 2px;
      }
      .finding {
        margin-top: 2px;
      }
    `,
  ];

  constructor() {
    super();
    this.state = null;
    this.assertions = [];
  }

  private unknowns(s: IterationState) {
    return html`<div data-section="unknowns">
      <h3>Open questions (${s.unknowns.length})</h3>
      ${
        s.unknowns.length === 0
          ? html`<p class="empty">None.</p>`
          : html`<ul aria-label="Open questions">
              ${s.unknowns.map(
                (u) =>
                  html`<li data-testid="unknown">
                    <div class="meta">
                      <span class="mono">${u.id}</span>
                      <span class="badge">${UNKNOWN_TYPE_TEXT[u.type] ?? u.type}</span>
                      ${u.affects_challenge ? html`<span class="muted">affects <span class="mono">${u.affects_challenge}</span></span>` : nothing}
                      ${
                        u.resolution
                          ? html`<span class="pill plain ${RESOLUTION_TONE[u.resolution] ?? ''}"><span>${u.resolution.replace('_', ' ').toLowerCase()}</span></span>`
                          : html`<span class="muted">not answered yet</span>`
                      }
                    </div>
                    <div class="text">${u.description}</div>
                    ${u.finding ? html`<div class="finding text muted">${u.finding}</div>` : nothing}
                  </li>`,
              )}
            </ul>`
      }
    </div>`;
  }

  private surfaced(s: IterationState) {
    return html`<div data-section="surfaced">
      <h3>Context found in the workspace (${s.surfaced_contexts.length})</h3>
      ${
        s.surfaced_contexts.length === 0
          ? html`<p class="empty">None.</p>`
          : html`<ul aria-label="Context found in the workspace">
              ${s.surfaced_contexts.map((x) => {
                const impact = IMPACT[x.impact] ?? { text: x.impact, tone: '' };
                return html`<li data-testid="surfaced">
                  <div class="meta">
                    <span class="mono">${x.id}</span>
                    <span class="badge">${SOURCE_TEXT[x.source] ?? x.source}</span>
                    <span class="pill plain ${impact.tone}"><span>${impact.text}</span></span>
                    ${x.generates_challenge ? html`<span class="muted">→ <span class="mono">${x.generates_challenge}</span></span>` : nothing}
                  </div>
                  <div class="mono text">${x.location}</div>
                  <div class="text">${x.relevance}</div>
                </li>`;
              })}
            </ul>`
      }
    </div>`;
  }

  private probed(s: IterationState) {
    return html`<div data-section="probed">
      <h3>Risks examined (${s.probed_risks.length})</h3>
      ${
        s.probed_risks.length === 0
          ? html`<p class="empty">None.</p>`
          : html`<ul aria-label="Risks examined">
              ${s.probed_risks.map(
                (p) =>
                  html`<li data-testid="probed">
                    <div class="meta">
                      <span class="mono">${p.id}</span>
                      <span class="pill ${p.severity}"><span>${p.severity}</span></span>
                      <span class="muted">probability ${p.probability.toLowerCase()}</span>
                      ${p.generates_challenge ? html`<span class="muted">→ <span class="mono">${p.generates_challenge}</span></span>` : nothing}
                    </div>
                    <div class="text">${p.risk}</div>
                    <div class="text muted">Trigger: ${p.trigger}</div>
                    <div class="text muted">Cascade: ${p.cascade}</div>
                  </li>`,
              )}
            </ul>`
      }
    </div>`;
  }

  private assertionList() {
    if (this.assertions.length === 0) return nothing;
    return html`<div data-section="assertions">
      <h3>Assertions (${this.assertions.length})</h3>
      <ul aria-label="Assertions">
        ${this.assertions.map(
          (a) =>
            html`<li data-testid="assertion">
              <div class="meta">
                <span class="mono">${a.id}</span>
                <span class="pill plain ${ASSERTION_TONE[a.status ?? ''] ?? 'tone-neutral'}"><span>${a.status ?? 'not run'}</span></span>
                <span class="badge">${a.type.replaceAll('_', ' ')}</span>
                ${a.challenge_id ? html`<span class="muted">for <span class="mono">${a.challenge_id}</span></span>` : nothing}
              </div>
              <div class="text">${a.description}</div>
              ${a.failure_output ? html`<div class="text mono muted">${a.failure_output}</div>` : nothing}
            </li>`,
        )}
      </ul>
    </div>`;
  }

  override render() {
    const s = this.state;
    return html`<section class="card" aria-labelledby="findings-heading" data-section="findings">
      <h2 id="findings-heading">Research</h2>
      ${s ? html`<div class="grid">${this.unknowns(s)} ${this.surfaced(s)} ${this.probed(s)} ${this.assertionList()}</div>` : html`<p class="empty">No research results yet.</p>`}
    </section>`;
  }
}
customElements.define('vp-findings', Findings);

declare global {
  interface HTMLElementTagNameMap {
    'vp-findings': Findings;
  }
}
