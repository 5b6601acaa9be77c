/**
 * What a plan names beside a line anchor when it is not a definition: a code snippet (an inline span such as
 * `h.Target("_blank")` or `if (!data) return [];`, or a call written in prose, `x.y(...)`) or a route
 * (`GET /workflows/discover`), and where such a thing sits in a file. For stale-anchor (stale-anchor.ts).
 *
 * Beside = on the anchor's line (the rest of the anchor's own span: `server.go:373 GET /x`; the other spans and calls
 * of the line), or, when the anchor ends its line mid-sentence, the first one on the next line that continues it.
 * A snippet must say something particular: not a bare name (those are the symbol rules' own), not a path, and with
 * a word of at least three letters that is not a keyword (`return []`, `nil` are generic). Matching ignores blanks,
 * braces, semicolons and the kind of quote, and may run over several lines: `if (!data) return [];` is found in
 * `if (!data) { return []; }`. Pure functions; no I/O.
 */
import type { Plan, Range } from '../../plan';

export interface Beside {
  /** As the plan writes it. */
  text: string;
  kind: 'snippet' | 'route' | 'name';
  /** Characters from the anchor (a continued line counts as further than any on the anchor's line). */
  distance: number;
}

const SPAN = /(`+)([^`]+?)\1(?!`)/g;
const PROSE_CALL = /(?<![\w.$`])[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+\([^()\n`]{0,80}\)/g;
const ROUTE = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+(\/[\w\-./:{}[\]*]*)$/;
const BARE_NAME = /^[A-Za-z_$][\w$]*(?:\(\))?$/;
const PATH_LIKE = /^[\w.@~-]*\/[\w./@-]*$|^[\w-]+\.[A-Za-z]{1,5}(?::\d+(?:-\d+)?)?$/;
const GENERIC = new Set('return if else for while null nil none None true false this self await async const let var new err undefined void def func function fn'.split(' '));

/** The snippets, routes and names written beside the anchor at `r` (its path's range) whose number ends at `anchorEnd`. */
export function besideAnchor(plan: Plan, r: Range, anchorEnd: number, pathRanges: readonly Range[]): Beside[] {
  const text = plan.lines[r.startLine] ?? '';
  const out: Beside[] = [];
  // The rest of the anchor's own span: "`server.go:373 GET /workflows/discover`".
  const tick = text.lastIndexOf('`', r.startChar);
  if (tick !== -1 && text.slice(tick + 1, r.startChar).trim() === '') {
    const close = text.indexOf('`', anchorEnd);
    const rest = close === -1 ? '' : text.slice(anchorEnd, close).trim();
    if (rest !== '') push(out, rest, 0);
  }
  const onPath = (line: number, from: number, to: number): boolean => pathRanges.some((p) => p.startLine === line && p.startChar < to && p.endChar > from);
  for (const m of text.matchAll(SPAN)) {
    const from = (m.index ?? 0) + (m[1] as string).length;
    const to = from + (m[2] as string).length;
    if (onPath(r.startLine, from, to)) continue;
    push(out, m[2] as string, from >= anchorEnd ? from - anchorEnd : r.startChar - to);
  }
  for (const m of outsideSpans(text).matchAll(PROSE_CALL)) push(out, m[0], Math.abs((m.index ?? 0) - anchorEnd));
  // Mid-sentence at the end of the line: the next line's first snippet, if it continues the sentence.
  const after = text.slice(anchorEnd).replace(/`/g, '');
  const next = plan.lines[r.startLine + 1] ?? '';
  if (!out.some((b) => b.kind !== 'name') && /^[\s,)(]*$/.test(after) && !/^\s*(?:$|#|[-*+]\s|\d+[.)]\s|\|)/.test(next)) {
    for (const m of next.matchAll(SPAN)) {
      const from = (m.index ?? 0) + (m[1] as string).length;
      if (onPath(r.startLine + 1, from, from + (m[2] as string).length)) continue;
      const before = out.length;
      push(out, m[2] as string, 10_000 + from);
      if (out.length > before && out[out.length - 1]?.kind !== 'name') break;
    }
  }
  return out.sort((a, b) => a.distance - b.distance);
}

function push(out: Beside[], raw: string, distance: number): void {
  const text = raw.trim();
  const route = ROUTE.exec(text);
  if (route) {
    out.push({ text, kind: 'route', distance });
    return;
  }
  if (BARE_NAME.test(text)) {
    out.push({ text: text.replace(/\(\)$/, ''), kind: 'name', distance });
    return;
  }
  if (PATH_LIKE.test(text) || !particular(text)) return;
  out.push({ text, kind: 'snippet', distance });
}

/** Says something particular: long enough, with a word of three letters or more that is not a keyword. */
function particular(text: string): boolean {
  if (normalCode(text).length < 8) return false;
  return [...text.matchAll(/[A-Za-z_$][\w$]{2,}/g)].some((w) => !GENERIC.has(w[0]));
}

function outsideSpans(text: string): string {
  return text.replace(SPAN, (m) => ' '.repeat(m.length));
}

/** Blanks, braces and semicolons dropped (a blank kept only between two word characters), one kind of quote. */
export function normalCode(text: string): string {
  return text
    .replace(/['`]/g, '"')
    .replace(/[{};]/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/ (?=\W)|(?<=\W) /g, '')
    .trim();
}

interface NormalFile {
  text: string;
  /** For each character of `text`, the 0-based line it comes from. */
  lineAt: Int32Array;
}

const NORMAL = new WeakMap<readonly string[], NormalFile>();

function normalFile(lines: readonly string[]): NormalFile {
  const known = NORMAL.get(lines);
  if (known) return known;
  const parts: string[] = [];
  const owners: number[] = [];
  let previous = '';
  lines.forEach((line, i) => {
    let n = normalCode(line);
    if (n === '') return;
    // A line break between two words is a blank.
    if (/\w$/.test(previous) && /^\w/.test(n)) n = ` ${n}`;
    parts.push(n);
    for (let k = 0; k < n.length; k++) owners.push(i);
    previous = n;
  });
  const file = { text: parts.join(''), lineAt: Int32Array.from(owners) };
  NORMAL.set(lines, file);
  return file;
}

/** The 0-based lines where what the plan names starts, in order (at most `limit`). */
export function placesOf(lines: readonly string[], beside: Beside, limit = 50): number[] {
  const out: number[] = [];
  if (beside.kind === 'route') {
    const [method, route] = beside.text.split(/\s+/) as [string, string];
    const quoted = new RegExp(`["'\`](?:${method}\\s+)?${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["'\`]`);
    const verb = new RegExp(`\\b${method}\\b`, 'i');
    for (let i = 0; i < lines.length && out.length < limit; i++) {
      const line = lines[i] as string;
      if (line.length < 2000 && quoted.test(line) && verb.test(line)) out.push(i);
    }
    return out;
  }
  if (beside.kind === 'name') {
    const word = new RegExp(`(?<![\\w$])${beside.text.replace(/[$]/g, '\\$&')}(?![\\w$])`);
    for (let i = 0; i < lines.length && out.length < limit; i++) if (word.test(lines[i] as string)) out.push(i);
    return out;
  }
  const needle = normalCode(beside.text);
  const file = normalFile(lines);
  for (let at = file.text.indexOf(needle); at !== -1 && out.length < limit; at = file.text.indexOf(needle, at + 1)) {
    const line = file.lineAt[at] as number;
    if (out[out.length - 1] !== line) out.push(line);
  }
  return out;
}
