/**
 * "What to change" (what-to-change.ts) as text: Markdown for the report and
 * the GitHub job summary, plain text for the hook's deny reason, the
 * status-bar hover and terminals. Both wrap at a width (80 by default) so a
 * terminal 80 columns wide shows them without broken words; model text is
 * made inert first (escapeInline / terminalLine).
 */
import type { RunResult, VerdictLabel } from '../run-types';
import { terminalLine } from '../terminal-text';
import { escapeInline } from './escape';
import { changeSinceLastRun, itemTags, whatToChange, whatToChangeLead, type ChangeItem, type WhatToChange } from './what-to-change';

export const WHAT_TO_CHANGE_HEADING = 'What to change';

/** Words that would open a Markdown block at the start of a wrapped line: never break right before one. */
const OPENS_BLOCK = /^(#|[-+*=>]|\d{1,9}[.)]$|\d{1,9}[.)]\s)/;

/** Greedy word wrap: the first line gets `first` as prefix, the rest `rest`; a word longer than the width stays whole. */
export function wrap(text: string, width: number, first: string, rest: string = ' '.repeat(first.length), markdown = false): string[] {
  const words = text.split(' ').filter(Boolean);
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const word of words) {
    const fits = line.length + (empty ? 0 : 1) + word.length <= width;
    if (empty || fits || (markdown && OPENS_BLOCK.test(word))) {
      line += (empty ? '' : ' ') + word;
      empty = false;
      continue;
    }
    lines.push(line);
    line = rest + word;
  }
  lines.push(line);
  return lines;
}

const lineText = (item: ChangeItem) => (item.line === null ? 'plan line unknown' : `plan line ${item.line}`);

/** The Markdown section, or null when nothing decides the verdict and nothing was deferred or found. */
export function whatToChangeMarkdown(verdict: VerdictLabel | null, w: WhatToChange, width = 80): string | null {
  if (w.deciding.length === 0 && w.deferred.length === 0 && w.staticErrors.length === 0) return null;
  const out: string[] = [`## ${WHAT_TO_CHANGE_HEADING}`, ''];
  const lead = whatToChangeLead(verdict, w);
  if (lead) out.push(...wrap(lead, width, '', '', true), '');
  w.deciding.forEach((item, i) => {
    const n = `${i + 1}. `;
    const pad = ' '.repeat(n.length);
    out.push(`${n}**${item.id}** · ${itemTags(item).join(' · ')} · ${lineText(item)}`);
    out.push(...wrap(escapeInline(item.quote), width, `${pad}> `, `${pad}> `, true));
    out.push('');
    const who = item.changeFrom === 'synthesizer' ? 'Change' : 'Change (the challenger’s alternative)';
    out.push(...wrap(`**${who}:** ${escapeInline(item.change)}`, width, pad, pad, true));
    if (item.reopenedByAudit !== null) out.push(...wrap(`Reopened by the final audit: ${escapeInline(item.reopenedByAudit)}`, width, pad, pad, true));
    out.push('');
  });
  if (w.deferred.length > 0) {
    out.push(...wrap('**Deferred by the caps** (not tracked in this run; seed 002 §8 keeps the most severe, these were over the cap):', width, '', '', true), '');
    for (const d of w.deferred) out.push(...wrap(`${d.severity}: ${escapeInline(d.claim)} — “${escapeInline(d.quote)}”`, width, '- ', '  ', true));
    out.push('');
  }
  if (w.staticErrors.length > 0) {
    out.push('**Static checks (errors):**', '');
    for (const f of w.staticErrors) out.push(...wrap(`plan line ${f.line}: ${escapeInline(f.code)}: ${escapeInline(f.message)}`, width, '- ', '  ', true));
    out.push('');
  }
  return out.join('\n').trimEnd();
}

export interface PlainOptions {
  width?: number;
  /** Show each challenge's concern (for an agent that must fix the plan). */
  concern?: boolean;
  /** Stop adding items past this many characters, and say how many more there are. */
  limit?: number;
  /** Where the rest can be read. */
  moreWhere?: string;
}

/** Plain text (no Markdown): the hook's deny reason, the status-bar hover, a terminal. */
export function whatToChangeText(verdict: VerdictLabel | null, w: WhatToChange, options: PlainOptions = {}): string {
  const width = options.width ?? 80;
  const limit = options.limit ?? Infinity;
  const lead = whatToChangeLead(verdict, w);
  const blocks: string[] = [];
  if (lead) blocks.push(wrap(`${WHAT_TO_CHANGE_HEADING}: ${lead}`, width, '', '').join('\n'));
  w.deciding.forEach((item, i) => {
    const tags = [item.severity, item.carried ?? 'new', ...(item.reopenedByAudit !== null ? ['reopened by the final audit'] : [])];
    const n = `${i + 1}. `;
    const pad = ' '.repeat(n.length);
    const lines = wrap(`${n}[${tags.join(', ')}] ${item.id} (${item.status}), ${lineText(item)}`, width, '', pad);
    lines.push(...wrap(`Plan says: "${terminalLine(item.quote)}"`, width, pad));
    if (options.concern) lines.push(...wrap(`Concern: ${terminalLine(item.concern)}`, width, pad));
    lines.push(...wrap(`Change: ${terminalLine(item.change)}`, width, pad));
    if (item.reopenedByAudit !== null) lines.push(...wrap(`Reopened by the final audit: ${terminalLine(item.reopenedByAudit)}`, width, pad));
    blocks.push(lines.join('\n'));
  });
  if (w.deferred.length > 0) {
    const lines = ['Deferred by the caps (not tracked in this run):'];
    for (const d of w.deferred) lines.push(...wrap(`[${d.severity}] ${terminalLine(d.claim)} ("${terminalLine(d.quote)}")`, width, '- ', '  '));
    blocks.push(lines.join('\n'));
  }
  if (w.staticErrors.length > 0) {
    const lines = ['Static check errors:'];
    for (const f of w.staticErrors) lines.push(...wrap(`plan line ${f.line}: ${f.code}: ${terminalLine(f.message)}`, width, '- ', '  '));
    blocks.push(lines.join('\n'));
  }
  let text = '';
  for (const [k, block] of blocks.entries()) {
    const next = text ? `${text}\n\n${block}` : block;
    if (next.length > limit && text) {
      const left = blocks.length - k;
      return `${text}\n\n(${left} more not shown${options.moreWhere ? `; ${options.moreWhere}` : ''}.)`;
    }
    text = next;
  }
  return text;
}

/** The Claude Code hook's deny reason: the verdict, what to change (with each concern, for the agent that revises the plan), within `limit` characters. */
export function gateDenialReason(result: RunResult, limit = 8000): string {
  const state = result.iterations.at(-1);
  const w = whatToChange(state, result.planLines ? { lines: result.planLines } : {});
  const fixed = (state?.challenges ?? []).filter((c) => changeSinceLastRun(c) === 'fixed').length;
  const head = [
    `Verify Plan verdict: ${result.verdict}. Revise the plan to address these ${w.deciding.length} open challenge(s), then call ExitPlanMode again.`,
    ...(fixed > 0 ? [`${fixed} challenge(s) from the previous version are fixed.`] : []),
  ].join(' ');
  const body = whatToChangeText(result.verdict, w, { concern: true, limit: limit - head.length - 200, moreWhere: 'run "verify-plan" for the full report' });
  return `${head}\n\n${body}`.slice(0, limit);
}
