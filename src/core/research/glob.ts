/**
 * Globs written by the model (grep's and list_files' `glob`), compiled ONCE
 * per call into a small automaton and matched in time linear in the path.
 *
 * Why not a regex library: glob-to-regex engines (minimatch, picomatch) turn
 * `*a*a*a*b` or `**\/a/**\/a/**\/b` into backtracking regexes that take
 * seconds to minutes on one long name, and minimatch expands braces again on
 * every call. Here braces are expanded once under a budget, every
 * alternative becomes part of one NFA, and matching keeps a set of states
 * (O(characters × states), no backtracking). Matching is incremental, so a
 * walk advances a directory's state once and shares it with everything
 * below; a directory whose state is empty cannot contain a match and is not
 * entered.
 *
 * Syntax (a subset of minimatch, `dot: true`): `*` and `?` within one path
 * segment, `**` as a whole segment for any number of segments, `[a-z]`,
 * `[!x]` / `[^x]` classes, `{a,b}` alternatives (nestable), `\` escapes.
 * A glob without `/` matches the base name at any depth (`*.md`). Ranges
 * such as `{1..3}` and extglobs are not supported (matched literally).
 */

export const GLOB_LIMITS = { maxChars: 500, maxAlternatives: 64, maxExpandedChars: 2048 } as const;

/** Active automaton states after some prefix of a path; empty means no completion can match. */
export type GlobState = readonly number[];

export interface GlobMatcher {
  readonly start: GlobState;
  /** The state after reading `text` (a name, or `name/` for a directory) from `state`. */
  advance(state: GlobState, text: string): GlobState;
  accepts(state: GlobState): boolean;
  /** Whole-path convenience: `accepts(advance(start, rel))`. */
  matches(rel: string): boolean;
}

export type GlobCompile = { ok: true; matcher: GlobMatcher | null } | { ok: false; message: string };

const enum Kind {
  Char,
  AnyChar,
  Class,
  /** `*`: any characters but `/`, then the next node. */
  Star,
  /** Start of `**\/`: zero or more whole segments, then the next node. */
  SegmentsStart,
  /** Inside one of the segments `**\/` skips. */
  SegmentsInside,
  /** Trailing `**`: everything that is left. */
  Rest,
  Accept,
}

interface Node {
  kind: Kind;
  char?: string;
  test?: (c: string) => boolean;
  /** Where Char / AnyChar / Class / SegmentsInside-on-'/' lead, and the epsilon edge of Star / SegmentsStart / Rest. */
  next: number;
}

/** `null` matcher = no filter (no glob, or one that matches everything). */
export function compileGlob(glob: string | undefined): GlobCompile {
  if (glob === undefined) return { ok: true, matcher: null };
  const trimmed = glob.trim().replace(/^(\.\/)+/, '');
  if (trimmed === '' || trimmed === '**' || trimmed === '**/*') return { ok: true, matcher: null };
  if (trimmed.length > GLOB_LIMITS.maxChars) return refuse(`glob is longer than ${GLOB_LIMITS.maxChars} characters`);
  const expanded = expandBraces(trimmed);
  if (!expanded.ok) return expanded;
  const nodes: Node[] = [];
  const starts: number[] = [];
  for (const alternative of expanded.alternatives) starts.push(compileAlternative(alternative, nodes));
  const matcher = new NfaMatcher(nodes, starts);
  return { ok: true, matcher };
}

function refuse(reason: string): { ok: false; message: string } {
  return {
    ok: false,
    message: `glob refused: ${reason} (limits: ${GLOB_LIMITS.maxChars} characters, ${GLOB_LIMITS.maxAlternatives} brace alternatives, ${GLOB_LIMITS.maxExpandedChars} characters once expanded); use a simpler glob or the dir parameter`,
  };
}

// ── braces ────────────────────────────────────────────────────────────────

/** Index of the `}` closing the `{` at `open`, or -1; escapes are skipped. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return -1;
}

/** Top-level comma-separated parts of `{…}`'s inside; a single part means "not a brace set". */
function splitTopLevel(inside: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < inside.length; i++) {
    const c = inside[i];
    if (c === '\\') i++;
    else if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(inside.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(inside.slice(from));
  return parts;
}

/** Expands `{a,b}` sets left to right, stopping as soon as a budget is exceeded (so `{a,b}{c,d}…` never blows up). */
function expandBraces(glob: string): { ok: true; alternatives: string[] } | { ok: false; message: string } {
  let done: string[] = [];
  const pending = [glob];
  let expandedChars = 0;
  while (pending.length > 0) {
    const text = pending.pop() as string;
    const open = firstBraceSet(text);
    if (!open) {
      done.push(text);
      expandedChars += text.length;
      if (done.length > GLOB_LIMITS.maxAlternatives) return refuse(`more than ${GLOB_LIMITS.maxAlternatives} brace alternatives`);
      if (expandedChars > GLOB_LIMITS.maxExpandedChars) return refuse(`over ${GLOB_LIMITS.maxExpandedChars} characters once braces are expanded`);
      continue;
    }
    const [start, end, parts] = open;
    if (done.length + pending.length + parts.length > GLOB_LIMITS.maxAlternatives) return refuse(`more than ${GLOB_LIMITS.maxAlternatives} brace alternatives`);
    for (const part of parts.reverse()) pending.push(text.slice(0, start) + part + text.slice(end + 1));
  }
  done = [...new Set(done)];
  return { ok: true, alternatives: done };
}

/** The first `{…}` with a top-level comma: [open index, close index, parts]. */
function firstBraceSet(text: string): [number, number, string[]] | null {
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') {
      i++;
      continue;
    }
    if (text[i] !== '{') continue;
    const close = closingBrace(text, i);
    if (close < 0) return null;
    const parts = splitTopLevel(text.slice(i + 1, close));
    if (parts.length > 1) return [i, close, parts];
  }
  return null;
}

// ── automaton ─────────────────────────────────────────────────────────────

/** Appends one brace-free alternative's nodes; returns its start node. */
function compileAlternative(alternative: string, nodes: Node[]): number {
  const segments = (alternative.includes('/') ? alternative : `**/${alternative}`).split('/');
  const first = nodes.length;
  const add = (node: Omit<Node, 'next'>) => nodes.push({ ...node, next: nodes.length + 1 });
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    if (segment === '**') {
      if (last) add({ kind: Kind.Rest });
      else {
        // SegmentsStart --(c ≠ '/')--> SegmentsInside --(c ≠ '/')--> itself, --'/'--> SegmentsStart; SegmentsStart --ε--> next.
        const startIndex = nodes.length;
        nodes.push({ kind: Kind.SegmentsStart, next: startIndex + 2 });
        nodes.push({ kind: Kind.SegmentsInside, next: startIndex });
      }
      return;
    }
    addSegment(segment, add);
    if (!last) add({ kind: Kind.Char, char: '/' });
  });
  nodes.push({ kind: Kind.Accept, next: -1 });
  return first;
}

function addSegment(segment: string, add: (node: Omit<Node, 'next'>) => void): void {
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i];
    if (c === '\\' && i + 1 < segment.length) add({ kind: Kind.Char, char: segment[++i] });
    else if (c === '*') {
      while (segment[i + 1] === '*') i++;
      add({ kind: Kind.Star });
    } else if (c === '?') add({ kind: Kind.AnyChar });
    else if (c === '[') {
      const parsed = parseClass(segment, i);
      if (parsed) {
        add({ kind: Kind.Class, test: parsed.test });
        i = parsed.end;
      } else add({ kind: Kind.Char, char: c });
    } else add({ kind: Kind.Char, char: c });
  }
}

/** `[…]` starting at `open`: a membership test and the index of `]`, or null when unterminated (then `[` is literal). */
function parseClass(segment: string, open: number): { test: (c: string) => boolean; end: number } | null {
  let i = open + 1;
  const negated = segment[i] === '!' || segment[i] === '^';
  if (negated) i++;
  const singles = new Set<string>();
  const ranges: [string, string][] = [];
  let first = true;
  for (; i < segment.length; i++) {
    let c = segment[i] as string;
    if (c === ']' && !first) {
      return { test: (ch) => ch !== '/' && (singles.has(ch) || ranges.some(([lo, hi]) => ch >= lo && ch <= hi)) !== negated, end: i };
    }
    first = false;
    if (c === '\\' && i + 1 < segment.length) c = segment[++i] as string;
    if (segment[i + 1] === '-' && i + 2 < segment.length && segment[i + 2] !== ']') {
      let hi = segment[i + 2] as string;
      i += 2;
      if (hi === '\\' && i + 1 < segment.length) hi = segment[++i] as string;
      ranges.push([c, hi]);
    } else singles.add(c);
  }
  return null;
}

class NfaMatcher implements GlobMatcher {
  readonly start: GlobState;
  /** Per-node "already in the set being built" stamp, so building a state set is O(states). */
  private readonly seen: Uint32Array;
  private stamp = 0;

  constructor(
    private readonly nodes: Node[],
    starts: number[],
  ) {
    this.seen = new Uint32Array(nodes.length);
    this.start = this.closure(starts);
  }

  advance(state: GlobState, text: string): GlobState {
    let current = state;
    for (let i = 0; i < text.length && current.length > 0; i++) current = this.step(current, text[i] as string);
    return current;
  }

  accepts(state: GlobState): boolean {
    return state.some((n) => this.nodes[n]?.kind === Kind.Accept);
  }

  matches(rel: string): boolean {
    return this.accepts(this.advance(this.start, rel));
  }

  private step(state: GlobState, c: string): GlobState {
    const targets: number[] = [];
    for (const index of state) {
      const node = this.nodes[index] as Node;
      switch (node.kind) {
        case Kind.Char:
          if (node.char === c) targets.push(node.next);
          break;
        case Kind.AnyChar:
          if (c !== '/') targets.push(node.next);
          break;
        case Kind.Class:
          if (node.test?.(c)) targets.push(node.next);
          break;
        case Kind.Star:
          if (c !== '/') targets.push(index);
          break;
        case Kind.SegmentsStart:
          if (c !== '/') targets.push(index + 1);
          break;
        case Kind.SegmentsInside:
          targets.push(c === '/' ? node.next : index);
          break;
        case Kind.Rest:
          targets.push(index);
          break;
        default:
          break;
      }
    }
    return this.closure(targets);
  }

  /** The targets plus everything reachable through epsilon edges (Star, SegmentsStart and Rest may match nothing). */
  private closure(targets: number[]): GlobState {
    this.stamp = this.stamp === 0xffffffff ? 1 : this.stamp + 1;
    if (this.stamp === 1) this.seen.fill(0);
    const out: number[] = [];
    const stack = [...targets];
    while (stack.length > 0) {
      const index = stack.pop() as number;
      if (this.seen[index] === this.stamp) continue;
      this.seen[index] = this.stamp;
      out.push(index);
      const node = this.nodes[index] as Node;
      if (node.kind === Kind.Star || node.kind === Kind.SegmentsStart || node.kind === Kind.Rest) stack.push(node.next);
    }
    return out;
  }
}
