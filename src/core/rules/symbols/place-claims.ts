/**
 * Place claims: the plan puts a code name it treats as existing in a file. The name is one of symbol-claims.ts (an
 * inline code name the plan does not create), a word of its sentence says it is there (wording/place.ts: "Wrap",
 * "Reuse", "Extend the", "the existing"), and the plan writes the file next to it:
 *
 *   "Wrap `getFlag()` in `src/flags/client.ts`", "Reuse `fetchOrders()` from `src/db/orders.ts`",
 *   "Extend the `RequestContext` type in `src/context.ts`", "the existing `uploadObject()` function in" + a next line
 *   that opens with `src/storage/s3Client.ts`, "Update `src/flags/client.ts`'s `getFlag()`",
 *   "In `src/flags/client.ts`, wrap `getFlag()`".
 *
 * A file the plan creates (created-paths.ts) is no place claim: the name may be what the plan writes there. Two rules
 * read the claims: missing-file takes the path as one the plan says is there (missing-file-claims.ts), and
 * unknown-symbol reports a name placed in a source file that is defined and used nowhere even without a close
 * name (symbol-rules.ts). Pure functions of the plan; computed once per plan, on the first question.
 */
import type { Plan, Range } from '../../plan';
import { languageOf } from '../../index/symbols/language';
import { createdPaths, readerPath } from '../created-paths';
import { clauseUsesExisting, inFileOpening, opensWithPath, placeAtLineEnd, placesBetween, possessiveBetween, usesExistingBefore } from '../wording/placement';
import { namesCode, symbolMentions, type SymbolMention } from './symbol-claims';

export interface PlaceClaim {
  mention: SymbolMention;
  /** The path as the plan writes it (its referencedPaths entry). */
  path: string;
  /** This mention of the path. */
  range: Range;
}

const MEMO = new WeakMap<Plan, PlaceClaim[]>();

/** Every place claim of the plan, in the order of its names. */
export function placeClaims(plan: Plan): readonly PlaceClaim[] {
  const known = MEMO.get(plan);
  if (known) return known;
  const found = namesCode(plan) ? findClaims(plan) : [];
  MEMO.set(plan, found);
  return found;
}

/** Is the path mention at `range` the file of a place claim (the plan says an existing name is in it)? */
export function placesNameIn(plan: Plan, range: Range): boolean {
  return placeClaims(plan).some((c) => c.range.startLine === range.startLine && c.range.startChar === range.startChar);
}

/** The place claim of this name mention, or null. */
export function placeClaimOf(plan: Plan, m: SymbolMention): PlaceClaim | null {
  return placeClaims(plan).find((c) => c.mention === m) ?? null;
}

/** The place claim of this name mention when its file is a source file the symbol index reads (not a config or a document). */
export function sourcePlaceClaimOf(plan: Plan, m: SymbolMention): PlaceClaim | null {
  const claim = placeClaimOf(plan, m);
  return claim !== null && languageOf(readerPath(claim.path) ?? '') !== null ? claim : null;
}

interface PathMention {
  path: string;
  range: Range;
}

function findClaims(plan: Plan): PlaceClaim[] {
  const mentions = symbolMentions(plan);
  if (mentions.length === 0) return [];
  const byLine = new Map<number, PathMention[]>();
  for (const ref of plan.referencedPaths) {
    for (const range of ref.ranges.length > 0 ? ref.ranges : [ref.range]) {
      const list = byLine.get(range.startLine);
      if (list) list.push({ path: ref.path, range });
      else byLine.set(range.startLine, [{ path: ref.path, range }]);
    }
  }
  if (byLine.size === 0) return [];
  const out: PlaceClaim[] = [];
  for (const m of mentions) {
    const place = placeOnLine(plan, m, byLine.get(m.line) ?? []) ?? placeOnNextLine(plan, m, byLine.get(m.line + 1) ?? []);
    if (place) out.push({ mention: m, path: place.path, range: place.range });
  }
  if (out.length === 0) return out;
  const created = createdPaths(plan);
  return out.filter((c) => {
    const p = readerPath(c.path);
    return p !== null && !created.has(p);
  });
}

/** The opening backtick of the name's code span (a name is always inside one). */
function spanStart(line: string, char: number): number {
  const tick = line.lastIndexOf('`', char - 1);
  return tick === -1 ? char : tick;
}

/** Where the path's mention opens: its backtick when it is in code, else its first character. */
function pathStart(line: string, range: Range): number {
  return line.charAt(range.startChar - 1) === '`' ? range.startChar - 1 : range.startChar;
}

function placeOnLine(plan: Plan, m: SymbolMention, paths: readonly PathMention[]): PathMention | null {
  const line = plan.lines[m.line] ?? '';
  // The path right after the name: "Wrap `getFlag()` in `src/flags/client.ts`".
  const after = nearest(
    paths.filter((p) => p.range.startChar >= m.endChar),
    (p) => p.range.startChar - m.endChar,
  );
  if (after && placesBetween(line.slice(m.endChar, after.range.startChar)) && usesExistingBefore(line, spanStart(line, m.startChar))) return after;
  // The path right before it: "Update `src/flags/client.ts`'s `getFlag()`", "In `src/flags/client.ts`, wrap `getFlag()`".
  const before = nearest(
    paths.filter((p) => p.range.endChar <= m.startChar),
    (p) => m.startChar - p.range.endChar,
  );
  if (!before) return null;
  const between = line.slice(before.range.endChar, spanStart(line, m.startChar));
  const pathAt = pathStart(line, before.range);
  if (possessiveBetween(between) && usesExistingBefore(line, pathAt)) return before;
  if (inFileOpening(line.slice(0, pathAt)) && clauseUsesExisting(between)) return before;
  return null;
}

/** "the existing `uploadObject()` function in" at the end of the line, the path opening the next one. */
function placeOnNextLine(plan: Plan, m: SymbolMention, paths: readonly PathMention[]): PathMention | null {
  const line = plan.lines[m.line] ?? '';
  if (!placeAtLineEnd(line.slice(m.endChar))) return null;
  const next = plan.lines[m.line + 1] ?? '';
  const first = nearest(paths, (p) => p.range.startChar);
  if (!first || !opensWithPath(next.slice(0, first.range.startChar))) return null;
  return usesExistingBefore(line, spanStart(line, m.startChar)) ? first : null;
}

function nearest<T>(items: readonly T[], distance: (item: T) => number): T | undefined {
  let best: T | undefined;
  for (const item of items) if (best === undefined || distance(item) < distance(best)) best = item;
  return best;
}
