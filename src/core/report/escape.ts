/**
 * Escaping for model-written text placed into Markdown. Every string that
 * came from a model, a plan or a workspace file goes through one of these
 * before it is concatenated into the report.
 *
 * Contract: the output is a single line (whitespace collapsed) that renders
 * as the literal input text in any CommonMark/GFM renderer: no raw HTML, no
 * emphasis, links, code spans, headings or list markers, and no `|` that
 * could split a table cell. Backslash escapes are used (not HTML entities) so
 * the raw Markdown stays readable in a terminal.
 */

import { unsafeForTerminal } from '../terminal-text';

/** Characters that change meaning anywhere in a line. */
const ALWAYS = new Set(['\\', '`', '*', '[', ']', '<', '>', '|', '~']);

/** `&` only matters when it starts a character reference such as `&lt;` or `&#60;`. */
const ENTITY = /^&(#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/;

/** Block markers that only matter at the start of a line (or cell). */
const LEADING_BLOCK = /^(#|[-+=]|\d{1,9}[.)](?=\s|$))/;

function isWordChar(ch: string | undefined): boolean {
  return ch !== undefined && /[\p{L}\p{N}]/u.test(ch);
}

/** One-line, Markdown- and HTML-inert rendering of untrusted text. */
export function escapeInline(text: string): string {
  // Whitespace (line breaks included) becomes one space; then what a terminal would act on is dropped (terminal-text.ts).
  const flat = text.replace(/\s+/g, ' ').replace(unsafeForTerminal(), '').replace(/\s+/g, ' ').trim();
  let out = '';
  const chars = Array.from(flat);
  chars.forEach((ch, i) => {
    if (ALWAYS.has(ch)) out += `\\${ch}`;
    else if (ch === '&' && ENTITY.test(chars.slice(i, i + 40).join(''))) out += '\\&';
    // Intra-word underscores (snake_case) cannot open emphasis; leave them readable.
    else if (ch === '_' && !(isWordChar(chars[i - 1]) && isWordChar(chars[i + 1]))) out += '\\_';
    else out += ch;
  });
  const lead = LEADING_BLOCK.exec(out);
  if (lead) {
    const marker = lead[0];
    const last = marker.length - 1;
    // "1." → "1\." and "#" / "-" → "\#" / "\-": enough to stop a block from opening.
    out = /\d/.test(marker[0] ?? '') ? `${marker.slice(0, last)}\\${marker.slice(last)}${out.slice(marker.length)}` : `\\${out}`;
  }
  return out;
}

/** Like escapeInline, shortened to `max` characters (before escaping) with an ellipsis. */
export function escapeShort(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return escapeInline(chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : flat);
}

/** A table cell: escaped, never empty (an empty cell is shown as an em dash). */
export function cell(text: string | null | undefined, max = 300): string {
  if (text === null || text === undefined || text.trim() === '') return '—';
  return escapeShort(text, max);
}

/** A GFM table from a header row and body rows of already-escaped cells. */
export function table(header: string[], rows: string[][], align?: ('left' | 'right')[]): string {
  const sep = header.map((_, i) => (align?.[i] === 'right' ? '---:' : '---'));
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(sep), ...rows.map(line)].join('\n');
}
