/**
 * stale-anchor: a `path:line`, `path:line-line` or `path#L12` whose line does not hold what the plan names there,
 * where that thing is found nearby in the file: the code moved. Quick fix: the new line (a range keeps its length).
 *
 * What the plan names there is either a definition (a code name of symbol-claims.ts the file defines: the anchor
 * should fall in the definition or on the two lines above it), or a snippet or a route written beside the anchor
 * (anchor-snippets.ts: `h.Target("_blank")`, `GET /workflows/discover`): the anchored lines, give or take
 * TOLERANCE, should hold it. A snippet found nowhere (paraphrased) or in several places (no telling which was
 * meant) is no finding; one place in the file, or one within WINDOW lines of the anchor, is the new line. Never when
 * the anchored lines hold anything else named beside the anchor: the anchor may place that one ("`DetectFormat`
 * classifies it as `FormatUI` (`format.go:39`)", where line 39 defines DetectFormat). An anchor whose first line is past
 * the end of the file is stale whatever it names, unless the plan creates the file or first says it adds to it.
 */
import type { Plan, Range } from '../../plan';
import type { RuleEnvironment } from '../catalog';
import type { Draft } from '../text-rules';
import type { SymbolFacts, SymbolLocation } from '../../index/symbols/symbol-index';
import { namesCode, symbolMentions, type SymbolMention } from './symbol-claims';
import { besideAnchor, placesOf, type Beside } from './anchor-snippets';
import { codeTexts } from './code-lines';
import { createdPaths } from '../created-paths';
import { saysFileGrows } from '../../wording/file-operations';

/** A definition this far from its anchor is another one, not the anchor's moved code. */
const MAX_SHIFT = 400;
/** Lines around an anchored line (or range) that still count as it: a plan's line numbers are often a line or two off. */
const TOLERANCE = 2;
/** A snippet found in several places of a file is placed when exactly one is this near the anchor. */
const WINDOW = 150;

interface Anchor {
  path: string;
  file: string;
  range: Range;
  /** Where the `:12` / `#L12` ends on the line. */
  end: number;
  line: number;
  last: number;
  match: RegExpExecArray;
}

export function staleAnchorRule(plan: Plan, env: RuleEnvironment): Draft[] {
  if (!env.symbols || !namesCode(plan)) return [];
  const facts = env.symbols();
  if (!facts?.complete) return [];
  const byLine = new Map<number, SymbolMention[]>();
  for (const m of symbolMentions(plan)) byLine.set(m.line, [...(byLine.get(m.line) ?? []), m]);
  const pathRanges = plan.referencedPaths.flatMap((ref) => (ref.ranges.length > 0 ? ref.ranges : [ref.range]));
  // The plan's own paths are checked against definitions and snippets; the anchors only this rule reads (a span with a
  // route after the number, a bare file name) against snippets: a definition named near them is often not theirs.
  const written = [
    ...plan.referencedPaths.flatMap((ref) => (ref.ranges.length > 0 ? ref.ranges : [ref.range]).map((range) => ({ path: ref.path, range, own: true }))),
    ...spanAnchors(plan, pathRanges).map((a) => ({ ...a, own: false })),
  ];
  const out: Draft[] = [];
  const created = createdPaths(plan);
  for (const { path, range: r, own } of written) {
    const text = plan.lines[r.startLine] ?? '';
    const match = /^(:|#L)(\d{1,6})(?:-L?(\d{1,6}))?/.exec(text.slice(r.endChar));
    if (!match) continue;
    const indexed = facts.indexedFile(path);
    const file = indexed ?? onlyFileNamed(path, facts, env);
    if (file === null) continue;
    const line = Number(match[2]);
    const anchor: Anchor = { path, file, range: r, end: r.endChar + match[0].length, line, last: match[3] ? Number(match[3]) : line, match };
    const beyond = pastEndFinding(plan, facts, anchor, created);
    if (beyond !== undefined) {
      if (beyond !== null) out.push(beyond);
      continue;
    }
    const names = byLine.get(r.startLine) ?? [];
    // An anchor that opens its line may belong to a name at the end of the line it continues (a wrapped sentence).
    const continued = /^[\s`(>*-]*$/.test(text.slice(0, r.startChar)) ? (byLine.get(r.startLine - 1) ?? []) : [];
    const beside = [...names, ...continued.slice(-1)];
    const defined = own && indexed !== null && names.length > 0 ? definitionFinding(facts, anchor, names, beside) : null;
    if (defined === 'placed') continue;
    const draft = defined ?? snippetFinding(plan, facts, anchor, beside, pathRanges);
    if (draft) out.push(draft);
  }
  return out;
}

/**
 * An anchor that starts past the end of the file: stale whatever it names, unless the plan creates the file or says
 * on an earlier line that it adds to it. undefined: within the file (the other checks go on); null: past the end but
 * the plan may have made the lines (no finding, nothing else to check).
 */
function pastEndFinding(plan: Plan, facts: SymbolFacts, a: Anchor, created: ReadonlySet<string>): Draft | null | undefined {
  const lines = facts.linesOf(a.file);
  if (lines === undefined) return undefined;
  const count = lines.length > 0 && lines[lines.length - 1] === '' ? lines.length - 1 : lines.length;
  if (a.line <= count) return undefined;
  const base = a.path.slice(a.path.lastIndexOf('/') + 1);
  if ([...created].some((c) => c === a.file || c === a.path || c.endsWith(`/${a.path}`))) return null;
  for (let i = 0; i < a.range.startLine; i++) {
    const text = plan.lines[i] ?? '';
    if (text.includes(base) && saysFileGrows(text)) return null;
  }
  const numberStart = a.range.endChar + (a.match[1] as string).length;
  return {
    code: 'stale-anchor',
    message: `${a.path}${a.match[0]} starts past the end of the file: it has ${count} line${count === 1 ? '' : 's'}.`,
    range: { startLine: a.range.startLine, startChar: numberStart, endLine: a.range.startLine, endChar: a.end },
    data: { line: a.line, lineCount: count },
  };
}

/** "`builders.ts:138`": a bare file name anchors the one indexed source file of that name, if there is exactly one. */
function onlyFileNamed(name: string, facts: SymbolFacts, env: RuleEnvironment): string | null {
  if (name.includes('/') || !env.pathsNamed) return null;
  const indexed = env
    .pathsNamed(name)
    .map((p) => facts.indexedFile(p))
    .filter((f): f is string => f !== null);
  return new Set(indexed).size === 1 ? (indexed[0] as string) : null;
}

/** The paths the plan anchors a line in (`a.ts:12`, `a.ts#L3`, `a.ts:12 GET /x`): whose texts stale-anchor reads. */
export function anchoredPaths(plan: Plan): string[] {
  const out = new Set<string>();
  for (const ref of plan.referencedPaths) {
    if ((ref.ranges.length > 0 ? ref.ranges : [ref.range]).some((m) => /^(?::|#L)\d/.test((plan.lines[m.startLine] ?? '').slice(m.endChar)))) out.add(ref.path);
  }
  for (const a of spanAnchors(plan)) out.add(a.path);
  return [...out];
}

const SPAN_ANCHOR = /^(\s*)([\w@.+-]+(?:\/[\w@.+-]+)*\.[A-Za-z][A-Za-z0-9]{0,7})(?::\d{1,6}(?:-\d{1,6})?|#L\d{1,6}(?:-L?\d{1,6})?)(?:\s+\S.*)?$/;

/**
 * "`server.go:373 GET /workflows/discover`", "`builders.ts:138-143`": an anchor that opens a span, with more after it
 * or a bare file name (the plan's paths leave such spans out; the ones they hold are not repeated).
 */
function spanAnchors(plan: Plan, known: readonly Range[] = []): Array<{ path: string; range: Range }> {
  const out: Array<{ path: string; range: Range }> = [];
  for (const span of codeTexts(plan)) {
    if (span.language !== null) continue;
    const m = SPAN_ANCHOR.exec(span.text);
    if (!m) continue;
    const startChar = span.startChar + (m[1] as string).length;
    if (known.some((k) => k.startLine === span.line && k.startChar === startChar)) continue;
    out.push({ path: m[2] as string, range: { startLine: span.line, startChar, endLine: span.line, endChar: startChar + (m[2] as string).length } });
  }
  return out;
}

/** The anchor against the definition of the name nearest it; 'placed' when the file defines that name (found or fine). */
function definitionFinding(facts: SymbolFacts, a: Anchor, names: readonly SymbolMention[], beside: readonly SymbolMention[]): Draft | 'placed' | null {
  const m = [...names].sort((x, y) => Math.abs(x.startChar - a.range.startChar) - Math.abs(y.startChar - a.range.startChar))[0] as SymbolMention;
  const defs = facts.definitions(m.name).filter((d) => d.file === a.file);
  if (defs.length === 0) return null;
  if (defs.some((d) => covers(d, a.line, a.last))) return 'placed';
  const held = facts.lineOf(a.file, a.line - 1);
  if (held === undefined || held.includes(m.name)) return 'placed';
  // The line holds another name given beside the anchor: the anchor may be that one's ("`a` classifies it as `B` (`f.go:39`)").
  if (beside.some((o) => o.name !== m.name && new RegExp(`\\b${o.name.replace(/[$]/g, '\\$&')}\\b`).test(held))) return 'placed';
  const nearest = defs.sort((x, y) => Math.abs(x.line + 1 - a.line) - Math.abs(y.line + 1 - a.line))[0] as SymbolLocation;
  if (Math.abs(nearest.line + 1 - a.line) > MAX_SHIFT) return 'placed';
  return draft(a, `"${m.name}"`, `it is defined at line ${nearest.line + 1}`, m.name, nearest.line + 1);
}

/** The anchor against a snippet or route written beside it. */
function snippetFinding(plan: Plan, facts: SymbolFacts, a: Anchor, names: readonly SymbolMention[], pathRanges: readonly Range[]): Draft | null {
  const written = besideAnchor(plan, a.range, a.end, pathRanges);
  const candidates = written.filter((b) => b.kind !== 'name');
  if (candidates.length === 0) return null;
  const lines = facts.linesOf(a.file);
  if (lines === undefined) return null;
  const from = a.line - 1 - TOLERANCE;
  const to = a.last - 1 + TOLERANCE;
  const everything: Beside[] = [...written, ...names.map((n) => ({ text: n.name, kind: 'name' as const, distance: 0 }))];
  if (everything.some((b) => placesOf(lines, b).some((p) => p >= from && p <= to))) return null;
  for (const c of candidates) {
    const places = placesOf(lines, c);
    if (places.length === 0) continue;
    const near = places.filter((p) => Math.abs(p - (a.line - 1)) <= WINDOW);
    const only = places.length === 1 ? places[0] : near.length === 1 ? near[0] : undefined;
    if (only === undefined) return null;
    return draft(a, `\`${c.text}\``, `it is at line ${only + 1}`, c.text, only + 1);
  }
  return null;
}

function draft(a: Anchor, what: string, where: string, name: string, newLine: number): Draft {
  const numberStart = a.range.endChar + (a.match[1] as string).length;
  const newText = a.match[3] ? `${newLine}-${a.match[0].includes('-L') ? 'L' : ''}${a.last + newLine - a.line}` : String(newLine);
  return {
    code: 'stale-anchor',
    message: `${a.path}${a.match[0]} does not hold ${what}; ${where}.`,
    range: { startLine: a.range.startLine, startChar: numberStart, endLine: a.range.startLine, endChar: a.end },
    data: { name, line: a.line, newLine, newText },
  };
}

/** Does the anchored line range fall in the definition (or the two lines above it: a decorator, a comment)? */
function covers(d: SymbolLocation, line: number, end: number): boolean {
  return end >= d.line + 1 - 2 && line <= d.endLine + 1;
}
