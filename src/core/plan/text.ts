/**
 * Small text functions shared by the plan parser, signals and anchoring.
 * All functions are total: any string in, a value out, no throw.
 */
import type { Range } from './types';

/** BOM stripped, CRLF and lone CR turned into LF; non-strings become ''. */
export function normalizeText(input: unknown): string {
  if (typeof input !== 'string') return '';
  const noBom = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  return noBom.indexOf('\r') === -1 ? noBom : noBom.replace(/\r\n?/g, '\n');
}

const ALNUM = /[\p{L}\p{N}]/u;

function isAlnum(code: number, text: string, at: number): boolean {
  if (code < 128) return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  return ALNUM.test(text.charAt(at));
}

/** Words: a letter or digit followed by letters, digits, apostrophes, "_" or "-" (a hand loop: this runs on every keystroke). */
export function countWords(text: string, from = 0, to = text.length): number {
  let n = 0;
  let inWord = false;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (isAlnum(c, text, i)) {
      if (!inWord) n++;
      inWord = true;
    } else if (inWord && !(c === 39 || c === 0x2019 || c === 95 || c === 45)) inWord = false;
  }
  return n;
}

/** Offset of the first character of each line in `lines.join('\n')`. */
export function lineStarts(lines: readonly string[]): Int32Array {
  const starts = new Int32Array(lines.length);
  let at = 0;
  for (let i = 0; i < lines.length; i++) {
    starts[i] = at;
    at += (lines[i] ?? '').length + 1;
  }
  return starts;
}

/** The line holding `offset`, by binary search over `lineStarts`. */
export function lineOf(starts: Int32Array, offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] as number) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Inline Markdown reduced to its visible text: links keep their label, emphasis and code markers go. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`+/g, '')
    .replace(/(\*\*|__|~~)/g, '')
    .replace(/(^|\s)[*_]+|[*_]+(?=\s|$|[.,:;!?])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Range covering whole lines `startLine..endLine` (inclusive), clamped into the document. */
export function lineSpan(lines: readonly string[], startLine: number, endLine: number): Range {
  const last = Math.max(0, lines.length - 1);
  const s = Math.min(Math.max(0, startLine), last);
  const e = Math.min(Math.max(s, endLine), last);
  return { startLine: s, startChar: 0, endLine: e, endChar: (lines[e] ?? '').length };
}

/** Range of `length` characters at `line:char`, clamped into the line. */
export function charSpan(lines: readonly string[], line: number, char: number, length: number): Range {
  const text = lines[line] ?? '';
  const start = Math.min(Math.max(0, char), text.length);
  const end = Math.min(text.length, start + Math.max(0, length));
  return { startLine: line, startChar: start, endLine: line, endChar: end };
}

/** Last line in `start..end` that is not blank; `start` when all are blank. */
export function lastContentLine(lines: readonly string[], start: number, end: number): number {
  for (let i = Math.min(end, lines.length - 1); i > start; i--) {
    if ((lines[i] ?? '').trim() !== '') return i;
  }
  return start;
}

/**
 * Line index of the closing `---` of a YAML front matter block, or -1.
 * Only a block that opens on line 0 and closes within 100 lines counts.
 */
export function frontMatterEnd(lines: readonly string[]): number {
  if (lines[0]?.trimEnd() !== '---') return -1;
  const limit = Math.min(lines.length, 100);
  for (let i = 1; i < limit; i++) {
    const l = (lines[i] ?? '').trimEnd();
    if (l === '---' || l === '...') return i;
  }
  return -1;
}

/**
 * Start/end (exclusive, backticks included) of each inline code span on one line, by CommonMark's rule: a run of
 * n backticks opens a span that the next run of exactly n backticks closes; a run no later run matches is text.
 * No backtracking: each search for a closer of length n resumes where the last one stopped, so the cost is the
 * number of runs times the number of distinct run lengths (a 79,000-character line with thousands of unmatched
 * backticks costs a few milliseconds, where the former pattern rescanned the rest of the line from each opener).
 */
export function inlineCodeSpans(line: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let at = line.indexOf('`');
  if (at === -1) return spans;
  const starts: number[] = [];
  const lengths: number[] = [];
  while (at !== -1) {
    let end = at + 1;
    while (line.charCodeAt(end) === 96) end++;
    starts.push(at);
    lengths.push(end - at);
    at = line.indexOf('`', end);
  }
  // Few runs (nearly every line): look ahead for the closer directly. Many: one forward pointer per run length.
  const next = starts.length > 64 ? new Map<number, number>() : null;
  for (let k = 0; k < starts.length; k++) {
    const n = lengths[k] as number;
    let closer = next?.get(n) ?? k + 1;
    if (closer <= k) closer = k + 1;
    while (closer < starts.length && lengths[closer] !== n) closer++;
    next?.set(n, closer);
    if (closer === starts.length) continue;
    spans.push([starts[k] as number, (starts[closer] as number) + n]);
    k = closer;
  }
  return spans;
}

/** The line with the given spans replaced by spaces, so positions stay put. */
export function maskSpans(line: string, spans: ReadonlyArray<readonly [number, number]>): string {
  if (spans.length === 0) return line;
  let out = '';
  let at = 0;
  for (const [s, e] of spans) {
    out += line.slice(at, s) + ' '.repeat(Math.max(0, e - s));
    at = e;
  }
  return out + line.slice(at);
}
