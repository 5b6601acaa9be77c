/**
 * The words every view shows for a finding or a verdict: diagnostic messages,
 * CodeLens titles, hover Markdown, status-bar text. Pure, so the wording is
 * tested once and the same everywhere.
 *
 * Contract: model-written text is untrusted. Hover Markdown escapes it, so a
 * challenge cannot inject links, images, HTML or command URIs.
 */
import { ORIGIN_NAMES, partialReason, verdictTone, type VerdictTone } from '../core/labels';
import type { Challenge } from '../core/protocol';
import type { RunResult, VerdictLabel } from '../core/run-types';
import type { Finding } from './findings';

export function diagnosticMessage(f: Finding): string {
  const c = f.challenge;
  const prefix = f.anchor === 'stale' ? '[stale: quoted text changed — re-verify] ' : f.anchor === 'unanchored' ? '[quote not found in plan] ' : '';
  const ack = c.user_decision === 'acknowledged' ? ' (risk acknowledged)' : '';
  return `${prefix}${c.id} ${c.severity}: ${oneLine(c.claim)}${ack}\nConcern: ${oneLine(c.concern)}`;
}

export function lensTitle(f: Finding): string {
  const c = f.challenge;
  const state = f.anchor === 'stale' ? 'stale' : c.user_decision === 'acknowledged' ? `${c.status} · acknowledged` : c.status;
  return `${c.id} · ${c.severity} · ${state} — details`;
}

/** The codicon of each verdict tone (the tone itself comes from src/core/labels.ts, shared with the panel and the status bar). */
const TONE_ICONS: Record<VerdictTone, string> = { good: '$(check)', warn: '$(warning)', bad: '$(error)', neutral: '$(circle-slash)' };

export function verdictIcon(verdict: VerdictLabel): string {
  return TONE_ICONS[verdictTone(verdict)];
}

/** Why the run stopped before it could give a verdict (cap, cancel, abort, failures), or null for a finished run. */
export function stoppedBecause(result: RunResult): string | null {
  return partialReason(result);
}

/** A score beside RETHINK would read as good news; it is shown only where the verdict lets the plan go ahead. */
const SCORED: readonly VerdictLabel[] = ['PROCEED', 'REVISE', 'REVISE (strong)'];

/**
 * What glanceable surfaces (status bar, lens, toast) say about a run: a
 * stopped run says "Stopped" and why, never a verdict word it did not earn;
 * a finished run its verdict, with "quality N/10" only next to PROCEED/REVISE.
 */
export function verdictSummary(result: RunResult): string {
  const stopped = stoppedBecause(result);
  if (stopped !== null) return `Stopped: ${stopped}`;
  return result.quality && SCORED.includes(result.verdict) ? `${result.verdict} · quality ${result.quality.total}/10` : result.verdict;
}

/** The icon beside `verdictSummary`: a stop sign for a stopped run, else the verdict's tone. */
export function summaryIcon(result: RunResult): string {
  return stoppedBecause(result) !== null ? '$(debug-stop)' : verdictIcon(result.verdict);
}

export function topLensTitle(result: RunResult | null, openProblems: number): string {
  if (!result) return '▶ Verify Plan';
  const open = openProblems === 1 ? '1 open challenge' : `${openProblems} open challenges`;
  return `${summaryIcon(result)} ${verdictSummary(result)} · ${open} — report`;
}

/** The words for a user's decision on a challenge, as the hover and the panel say them. */
const DECISION_TEXT: Record<NonNullable<Challenge['user_decision']>, string> = {
  acknowledged: 'you accepted the risk',
  overridden: 'you overrode it',
  answered: 'you answered it',
};

/**
 * The challenge hover, compact: id, severity and status, who raised it and
 * when, your decision, the resolution if any, and a link to the challenge in
 * the panel. The claim and the concern are NOT repeated here: the editor
 * shows the challenge's diagnostic (`diagnosticMessage`: claim, then concern)
 * in the same hover, right above this. `panelLink` is a command URI built by
 * the caller (hover.ts), or null for none.
 */
export function hoverMarkdown(c: Challenge, stale: boolean, panelLink: string | null = null): string {
  const who = `raised by ${ORIGIN_NAMES[c.origin] ?? esc(c.origin)} in iteration ${c.iteration_introduced}`;
  const decision = c.user_decision ? ` · ${DECISION_TEXT[c.user_decision]}` : '';
  const lines = [`**${c.id} · ${c.severity} · ${c.status}** — ${who}${decision}`];
  if (stale) lines.push('', '_The quoted plan text changed since this run; re-verify to update._');
  if (c.resolution.trim()) lines.push('', `**Resolution:** ${esc(oneLine(c.resolution, 300))}`);
  if (panelLink) lines.push('', `[Open ${c.id} in the Verify Plan panel](${panelLink})`);
  return lines.join('\n');
}

export function oneLine(s: string, max = 240): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Escapes Markdown and HTML so model text renders as text. */
export function esc(s: string): string {
  return oneLine(s, 4000)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/[\\`*_{}[\]()#+\-.!|~>]/g, (ch) => `\\${ch}`);
}
