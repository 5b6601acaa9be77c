/** One row per iteration: challenges opened and resolved, open counts, guards, checkpoints, tokens and cost. */
import { LitElement, css, html, nothing } from 'lit';
import { describeFailure } from '../../src/core/labels';
import { formatCost, formatTokens } from '../format';
import { base } from '../styles';
import type { IterationSummary, RunView } from '../view-model';

const STATUS_TEXT: Record<IterationSummary['status'], string> = {
  CONTINUE: 'continue',
  CONVERGED: 'converged',
  BLOCKED: 'blocked',
  FORCED_EXIT: 'stopped early',
};

const ACTION_TEXT: Record<string, string> = {
  provide_context: 'provided context',
  acknowledge_risk: 'acknowledged the risk',
  override: 'overrode the challenge',
  abort: 'aborted the run',
  continue: 'chose to continue',
};

export class IterationTimeline extends LitElement {
  static override properties = { view: { attribute: false } };
  declare view: RunView;

  static override styles = [
    base,
    css`
      ol {
        list-style: none;
        margin: 0;
        padding: 0;
      }
      li.iteration {
        position: relative;
        padding: 0 0 12px 22px;
        border-left: 2px solid var(--vp-border);
        margin-left: 6px;
      }
      li.iteration:last-child {
        border-left-color: transparent;
      }
      li.iteration::before {
        content: '';
        position: absolute;
        left: -7px;
        top: 3px;
        width: 10px;
        height: 10px;
        border-radius: 50%;
        border: 2px solid var(--vp-info);
        background: var(--vscode-editor-background, #fff);
      }
      li.degraded::before {
        border-color: var(--vp-bad);
      }
      .title {
        display: flex;
        flex-wrap: wrap;
        gap: 6px 10px;
        align-items: baseline;
      }
      .counts {
        display: flex;
        flex-wrap: wrap;
        gap: 4px 14px;
        margin: 3px 0;
      }
      .counts b {
        font-variant-numeric: tabular-nums;
      }
      .flag {
        font-weight: 600;
      }
      ul.notes {
        margin: 2px 0 0;
        padding-left: 18px;
      }
    `,
  ];

  private item(s: IterationSummary) {
    const checkpoints = [
      ...s.userResponses.map((r) => ({ kind: r.checkpoint, challenge: r.challenge_id, action: r.action, text: r.text ?? '' })),
      ...s.liveCheckpoints
        .filter((a) => !s.userResponses.some((r) => r.checkpoint === a.request.kind && r.challenge_id === a.request.challengeId))
        .map((a) => ({ kind: a.request.kind, challenge: a.request.challengeId, action: a.answer.action, text: a.answer.text ?? '' })),
    ];
    return html`<li class="iteration ${s.degradation ? 'degraded' : ''}" data-testid="iteration" data-iteration=${s.iteration}>
      <div class="title">
        <strong>Iteration ${s.iteration}</strong>
        <span class="pill plain ${s.status === 'CONVERGED' ? 'tone-good' : s.status === 'CONTINUE' ? 'tone-neutral' : 'tone-bad'}"><span>${STATUS_TEXT[s.status]}</span></span>
        ${s.degradation ? html`<span class="flag tone-bad" data-testid="degradation">more new challenges than resolved</span>` : nothing}
        ${s.reSweep ? html`<span class="badge">workspace searched again</span>` : nothing} ${s.reProbe ? html`<span class="badge">risks examined again</span>` : nothing}
        <span class="muted" data-testid="iteration-usage">${this.view.usageReported ? `${formatTokens(s.tokens)} tokens · ${formatCost(s.costUsd)} · ` : ''}${s.calls} calls</span>
      </div>
      <div class="counts">
        <span>opened <b data-testid="opened">${s.opened}</b></span>
        <span>resolved <b data-testid="resolved">${s.resolved}</b></span>
        <span class="BLOCKING"><span class="muted">blocking open</span> <b data-testid="blocking-open">${s.blockingOpen}</b></span>
        <span class="SIGNIFICANT"><span class="muted">significant open</span> <b data-testid="significant-open">${s.significantOpen}</b></span>
      </div>
      ${
        checkpoints.length > 0 || s.failures.length > 0 || s.researchUnavailable
          ? html`<ul class="notes">
              ${checkpoints.map(
                (c) =>
                  html`<li data-testid="checkpoint">
                    Checkpoint (${c.kind.replace('_', ' ')}${c.challenge ? html`, <span class="mono">${c.challenge}</span>` : nothing}): you
                    ${ACTION_TEXT[c.action] ?? c.action}${c.text ? html` — <span class="text">“${c.text}”</span>` : nothing}
                  </li>`,
              )}
              ${s.failures.map((f) => html`<li class="tone-bad">${describeFailure(f)}</li>`)}
              ${s.researchUnavailable ? html`<li class="muted">Research was unavailable in this iteration.</li>` : nothing}
            </ul>`
          : nothing
      }
    </li>`;
  }

  override render() {
    const v = this.view;
    const other = v.otherCalls;
    return html`<section class="card" aria-labelledby="timeline-heading" data-section="timeline">
      <h2 id="timeline-heading">Iterations</h2>
      ${
        v.iterations.length === 0
          ? html`<p class="empty">No iteration has finished yet.</p>`
          : html`<ol>
              ${v.iterations.map((s) => this.item(s))}
            </ol>`
      }
      ${
        other.calls > 0
          ? html`<p class="muted" data-testid="other-usage">
              Assessment, audit and report: ${v.usageReported ? `${formatTokens(other.tokens)} tokens · ${formatCost(other.costUsd)} · ` : ''}${other.calls} calls
            </p>`
          : nothing
      }
    </section>`;
  }
}
customElements.define('vp-iteration-timeline', IterationTimeline);

declare global {
  interface HTMLElementTagNameMap {
    'vp-iteration-timeline': IterationTimeline;
  }
}
