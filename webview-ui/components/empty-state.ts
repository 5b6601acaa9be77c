/**
 * Before any run of the plan: what a run needs (a key, when none is set),
 * how to start one, and the plan's static findings from the language
 * server, each a link to its line.
 */
import { LitElement, css, html, nothing } from 'lit';
import type { StaticFinding } from '../../src/shared/webview-protocol';
import { askHost, busyKey } from '../actions';
import { plural } from '../format';
import { base } from '../styles';

const SEVERITY_WORDS: Record<StaticFinding['severity'], string> = { error: 'error', warning: 'warning', information: 'note', hint: 'hint' };

export class EmptyState extends LitElement {
  static override properties = {
    planPath: { attribute: false },
    needsApiKey: { attribute: false },
    findings: { attribute: false },
    busy: { attribute: false },
  };
  declare planPath: string;
  declare needsApiKey: boolean;
  /** null: the editor has not said (no language server result yet). */
  declare findings: StaticFinding[] | null;
  declare busy: ReadonlySet<string>;

  static override styles = [
    base,
    css`
      .actions {
        display: flex;
        flex-wrap: wrap;
        gap: 8px;
        margin-top: 8px;
      }
      .key {
        border-left: 3px solid var(--vp-warn);
        padding: 4px 10px;
        margin: 10px 0;
      }
      ul {
        list-style: none;
        margin: 0;
        padding: 0;
      }
      li {
        padding: 4px 0;
        border-bottom: 1px solid var(--vp-border);
        overflow-wrap: anywhere;
      }
      li:last-child {
        border-bottom: none;
      }
      .where {
        margin-right: 6px;
      }
    `,
  ];

  constructor() {
    super();
    this.needsApiKey = false;
    this.findings = null;
    this.busy = new Set();
  }

  private findingList() {
    const findings = this.findings;
    if (findings === null) return nothing;
    const sorted = [...findings].sort((a, b) => a.line - b.line);
    return html`<section class="card" aria-labelledby="static-heading" data-section="static-findings">
      <h2 id="static-heading">Static checks</h2>
      ${
        sorted.length === 0
          ? html`<p class="empty" data-testid="no-static-findings">The static checks found nothing in this plan.</p>`
          : html`<p class="muted">${plural(sorted.length, 'finding')} in the plan as it is now (no model was asked):</p>
              <ul aria-label="Static findings">
                ${sorted.map((f) => {
                  const request = { action: 'revealLine', planPath: this.planPath, line: f.line } as const;
                  return html`<li data-testid="static-finding" data-line=${f.line}>
                    <button class="link where" ?disabled=${this.busy.has(busyKey(request))} aria-label=${`Go to line ${f.line}`} @click=${() => askHost(this, request)}>
                      Line ${f.line}
                    </button>
                    <span class="muted">${SEVERITY_WORDS[f.severity]}${f.code ? ` · ${f.code}` : ''}:</span>
                    <span class="text">${f.message}</span>
                  </li>`;
                })}
              </ul>`
      }
    </section>`;
  }

  override render() {
    const verify = { action: 'reverify', planPath: this.planPath } as const;
    const setKey = { action: 'setApiKey' } as const;
    return html`<section class="card" aria-labelledby="empty-heading" data-section="empty">
        <h2 id="empty-heading" data-testid="no-run">No run yet. Verify this plan to have it challenged.</h2>
        <p class="muted">A team of model agents questions the plan against your workspace and gives a verdict: proceed, revise or rethink.</p>
        ${
          this.needsApiKey
            ? html`<p class="key" role="note" data-testid="needs-key">
                A run needs an Anthropic API key (or a language model offered by the editor). The key is kept in the editor's secret storage.
              </p>`
            : nothing
        }
        <div class="actions">
          ${
            this.needsApiKey
              ? html`<button ?disabled=${this.busy.has(busyKey(setKey))} @click=${() => askHost(this, setKey)}>Set API Key</button>
                  <button class="secondary" ?disabled=${this.busy.has(busyKey(verify))} aria-label="Verify the plan" @click=${() => askHost(this, verify)}>Verify</button>`
              : html`<button ?disabled=${this.busy.has(busyKey(verify))} aria-label="Verify the plan" @click=${() => askHost(this, verify)}>Verify</button>`
          }
        </div>
      </section>
      ${this.findingList()}`;
  }
}
customElements.define('vp-empty-state', EmptyState);

declare global {
  interface HTMLElementTagNameMap {
    'vp-empty-state': EmptyState;
  }
}
