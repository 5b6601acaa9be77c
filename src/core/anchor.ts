/**
 * Quote anchoring: find the plan lines a challenge's `quote` refers to.
 *
 * Contract. Quotes are meant to be verbatim but models paraphrase a little, so
 * both sides are compared as word tokens (letters and digits, lower-cased):
 * case, whitespace and line breaks, punctuation and Markdown markup (`**`,
 * backticks, bullets, `#`) and a plural "s" never matter. Then:
 *
 *   1. exact: the quote's token sequence occurs in the plan. One occurrence (or
 *      several on one line) → found, `exact: true`, score 1. Occurrences on
 *      different lines → not found (ambiguous).
 *   2. fuzzy: windows of n−d … n+d plan tokens (n = quote tokens, d = ¼ n, 1–8)
 *      are scored by multiset overlap, Dice = 2·common / (n + window); windows
 *      with Dice ≥ 0.8 are candidates. Non-maximum suppression keeps one per
 *      place; each place is re-scored in order (2·LCS / (n + matched span)).
 *      The best place counts when its score is ≥ 0.8 and it beats the runner-up
 *      by at least 0.05; otherwise not found — a wrong line is worse than none.
 *   3. a quote with an ellipsis ("… …") that fails whole is retried with its
 *      longest part of three or more words.
 *
 * Empty quotes, quotes with no words and quotes longer than the plan are not
 * found. Ranges span the first to the last matched word and always lie inside
 * the document. The token index is built once per Plan object (WeakMap), so a
 * quote against a 2,000-line plan takes well under 5 ms.
 */
import type { Plan, Range } from './plan';

export type AnchorResult = { found: true; range: Range; exact: boolean; score: number } | { found: false; reason: string };

export const ANCHOR_THRESHOLD = 0.8;
const AMBIGUITY_MARGIN = 0.05;
const MAX_CANDIDATES = 20000;
const MAX_PLACES = 6;
const MAX_LCS_TOKENS = 600;

interface TokenIndex {
  vocab: Map<string, number>;
  ids: Int32Array;
  line: Int32Array;
  start: Int32Array;
  end: Int32Array;
  postings: Map<number, number[]>;
}

// Keyed by Plan identity: a re-parsed plan gets a fresh index, a dropped one frees its index.
const indexCache = new WeakMap<Plan, TokenIndex>();

const TOKEN = /[\p{L}\p{N}]+/gu;

/** Lower-cased, with a plural "s" dropped ("limits" = "limit"; "class", "is" stay). */
function fold(word: string): string {
  const w = word.toLowerCase();
  return w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w;
}

function buildIndex(lines: readonly string[]): TokenIndex {
  const vocab = new Map<string, number>();
  const ids: number[] = [];
  const line: number[] = [];
  const start: number[] = [];
  const end: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i];
    if (typeof text !== 'string') continue;
    for (const m of text.matchAll(TOKEN)) {
      const word = fold(m[0]);
      let id = vocab.get(word);
      if (id === undefined) {
        id = vocab.size;
        vocab.set(word, id);
      }
      ids.push(id);
      line.push(i);
      start.push(m.index ?? 0);
      end.push((m.index ?? 0) + m[0].length);
    }
  }
  const postings = new Map<number, number[]>();
  for (let k = 0; k < ids.length; k++) {
    const id = ids[k] as number;
    const list = postings.get(id);
    if (list) list.push(k);
    else postings.set(id, [k]);
  }
  return { vocab, ids: Int32Array.from(ids), line: Int32Array.from(line), start: Int32Array.from(start), end: Int32Array.from(end), postings };
}

function indexOf(plan: Plan): TokenIndex {
  let index = indexCache.get(plan);
  if (!index) {
    index = buildIndex(plan.lines);
    indexCache.set(plan, index);
  }
  return index;
}

function rangeOf(index: TokenIndex, first: number, last: number): Range {
  return {
    startLine: index.line[first] as number,
    startChar: index.start[first] as number,
    endLine: index.line[last] as number,
    endChar: index.end[last] as number,
  };
}

export function anchorQuote(plan: Plan, quote: string): AnchorResult {
  try {
    if (!plan || !Array.isArray(plan.lines)) return { found: false, reason: 'no plan to anchor in' };
    if (typeof quote !== 'string' || quote.trim() === '') return { found: false, reason: 'the quote is empty' };
    const result = anchorTokens(plan, quote);
    if (result.found || !/\.\.\.|…/.test(quote)) return result;
    const parts = quote.split(/\.\.\.+|…/).map((p) => ({ p, n: [...p.matchAll(TOKEN)].length }));
    const longest = parts.filter((x) => x.n >= 3).sort((a, b) => b.n - a.n)[0];
    return longest ? anchorTokens(plan, longest.p) : result;
  } catch (err) {
    return { found: false, reason: `anchoring failed: ${err instanceof Error ? err.message : String(err)}` };
  }
}

function anchorTokens(plan: Plan, quote: string): AnchorResult {
  const index = indexOf(plan);
  const words = [...quote.matchAll(TOKEN)].map((m) => fold(m[0]));
  const n = words.length;
  if (n === 0) return { found: false, reason: 'the quote has no words' };
  if (n > index.ids.length) return { found: false, reason: 'the quote is longer than the plan' };
  const q = words.map((w) => index.vocab.get(w) ?? -1);
  const exact = exactMatches(index, q);
  if (exact.length === 1 || (exact.length > 1 && exact.every((s) => sameLine(index, s, n, exact[0] as number)))) {
    const s = exact[0] as number;
    return { found: true, range: rangeOf(index, s, s + n - 1), exact: true, score: 1 };
  }
  if (exact.length > 1) return { found: false, reason: `the quote occurs ${exact.length} times in the plan` };
  return fuzzy(index, q);
}

function sameLine(index: TokenIndex, s: number, n: number, first: number): boolean {
  const line = index.line[first];
  return index.line[s] === line && index.line[s + n - 1] === line;
}

/** Start positions where the quote's ids occur verbatim. */
function exactMatches(index: TokenIndex, q: readonly number[]): number[] {
  if (q.some((id) => id < 0)) return [];
  let pivot = 0;
  let rarest = Infinity;
  for (let k = 0; k < q.length; k++) {
    const count = index.postings.get(q[k] as number)?.length ?? 0;
    if (count < rarest) {
      rarest = count;
      pivot = k;
    }
  }
  const out: number[] = [];
  for (const p of index.postings.get(q[pivot] as number) ?? []) {
    const s = p - pivot;
    if (s < 0 || s + q.length > index.ids.length) continue;
    let ok = true;
    for (let k = 0; k < q.length && ok; k++) ok = index.ids[s + k] === q[k];
    if (ok) out.push(s);
  }
  return out;
}

interface Place {
  first: number;
  last: number;
  dice: number;
}

function fuzzy(index: TokenIndex, q: readonly number[]): AnchorResult {
  const n = q.length;
  const total = index.ids.length;
  const slotOf = new Map<number, number>();
  for (const id of q) if (id >= 0 && !slotOf.has(id)) slotOf.set(id, slotOf.size);
  const known = q.filter((id) => id >= 0).length;
  const d = Math.max(1, Math.min(8, Math.ceil(n / 4)));
  if ((2 * known) / (n + Math.max(known, n - d)) < ANCHOR_THRESHOLD) {
    return { found: false, reason: 'no passage of the plan is close enough to the quote' };
  }
  const need = new Int32Array(slotOf.size);
  for (const id of q) if (id >= 0) (need[slotOf.get(id) as number] as number)++;
  const slots = new Int32Array(total);
  for (let k = 0; k < total; k++) slots[k] = slotOf.get(index.ids[k] as number) ?? -1;

  const candidates: Place[] = [];
  const have = new Int32Array(slotOf.size);
  for (let w = Math.max(1, n - d); w <= Math.min(total, n + d); w++) {
    have.fill(0);
    let common = 0;
    const cut = (ANCHOR_THRESHOLD * (n + w)) / 2;
    for (let k = 0; k < total; k++) {
      const inSlot = slots[k] as number;
      if (inSlot >= 0 && (have[inSlot] as number)++ < (need[inSlot] as number)) common++;
      if (k >= w) {
        const outSlot = slots[k - w] as number;
        if (outSlot >= 0 && --(have[outSlot] as number) < (need[outSlot] as number)) common--;
      }
      if (k >= w - 1 && common >= cut) {
        if (candidates.length >= MAX_CANDIDATES) return { found: false, reason: 'too many similar passages: the quote is ambiguous' };
        let first = k - w + 1;
        let last = k;
        while (first < last && (slots[first] as number) < 0) first++;
        while (last > first && (slots[last] as number) < 0) last--;
        candidates.push({ first, last, dice: (2 * common) / (n + w) });
      }
    }
  }
  if (candidates.length === 0) return { found: false, reason: 'no passage of the plan is close enough to the quote' };
  candidates.sort((a, b) => b.dice - a.dice || Math.abs(a.last - a.first + 1 - n) - Math.abs(b.last - b.first + 1 - n) || a.first - b.first);
  const places: Place[] = [];
  for (const c of candidates) {
    if (places.some((p) => overlaps(p, c))) continue;
    places.push(c);
    if (places.length >= MAX_PLACES) break;
  }
  const scored = places.map((p) => ({ p, score: orderedScore(index, q, p) })).sort((a, b) => b.score - a.score || a.p.first - b.p.first);
  const best = scored[0];
  if (!best || best.score < ANCHOR_THRESHOLD) return { found: false, reason: 'no passage of the plan is close enough to the quote' };
  const second = scored[1];
  if (second && best.score - second.score < AMBIGUITY_MARGIN) {
    return { found: false, reason: 'the quote matches several places about equally well' };
  }
  return { found: true, range: rangeOf(index, best.p.first, best.p.last), exact: false, score: Math.round(best.score * 1000) / 1000 };
}

/** Two places are the same when their matched spans share at least half of the shorter one. */
function overlaps(a: Place, b: Place): boolean {
  const shared = Math.min(a.last, b.last) - Math.max(a.first, b.first) + 1;
  return shared > 0 && shared * 2 >= Math.min(a.last - a.first + 1, b.last - b.first + 1);
}

/** Dice over the longest common subsequence, so word order counts; falls back to multiset Dice for huge quotes. */
function orderedScore(index: TokenIndex, q: readonly number[], p: Place): number {
  const len = p.last - p.first + 1;
  if (q.length > MAX_LCS_TOKENS || len > MAX_LCS_TOKENS) return p.dice;
  let prev = new Int32Array(len + 1);
  let cur = new Int32Array(len + 1);
  for (let i = 1; i <= q.length; i++) {
    const qi = q[i - 1];
    for (let j = 1; j <= len; j++) {
      cur[j] = index.ids[p.first + j - 1] === qi ? (prev[j - 1] as number) + 1 : Math.max(prev[j] as number, cur[j - 1] as number);
    }
    [prev, cur] = [cur, prev];
  }
  return (2 * (prev[len] as number)) / (q.length + len);
}
