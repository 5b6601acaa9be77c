/**
 * The rules that check the code names a plan claims (symbol-claims.ts) against the workspace's symbol index
 * (index/symbols/): unknown-symbol, symbol-elsewhere and stale-anchor. Each is silent while the index is building or
 * incomplete (a language without a grammar, a budget exceeded), so "defined nowhere" means what it says.
 */
import type { Plan, Range } from '../../plan';
import type { RuleEnvironment, RuleScope } from '../catalog';
import type { Draft } from '../text-rules';
import type { SymbolFacts, SymbolLocation } from '../../index/symbols/symbol-index';
import { namesCode, symbolMentions, type SymbolMention } from './symbol-claims';
import { placeClaimOf, sourcePlaceClaimOf } from './place-claims';

/** The symbol facts when the plan names code and the index is complete; asking starts the build. */
function facts(plan: Plan, env: RuleEnvironment): { facts: SymbolFacts; mentions: SymbolMention[] } | null {
  if (!env.symbols || !namesCode(plan)) return null;
  const symbols = env.symbols();
  if (!symbols?.complete) return null;
  const mentions = symbolMentions(plan);
  return mentions.length > 0 ? { facts: symbols, mentions } : null;
}

/**
 * unknown-symbol: a name the plan treats as existing is defined in no file of the workspace and no file's text even
 * uses it (so it is not a library's name the code already calls). Scope `precise`: only on a claim, and only when a
 * defined name is close enough to be what was meant (the did-you-mean), or when the plan places it in a source file as
 * existing (place-claims.ts: the place makes the claim strong); `thorough`: every such name the plan does not create.
 * A dotted name is checked when its owner is defined in the workspace (`UserStore.save()` with a `UserStore` class),
 * never for a library's object (`os.path.join`).
 */
export function unknownSymbolRule(plan: Plan, env: RuleEnvironment, scope: RuleScope = 'precise'): Draft[] {
  const got = facts(plan, env);
  if (!got) return [];
  const out: Draft[] = [];
  for (const m of got.mentions) {
    // A name the plan places in a source file as existing ("Wrap `getFlag()` in `src/flags/client.ts`") needs no close name.
    const placed = sourcePlaceClaimOf(plan, m) !== null;
    if (scope === 'precise' && !m.claimed && !placed) continue;
    if (m.receiver !== null && got.facts.definitions(m.receiver).length === 0) continue;
    if (got.facts.definitions(m.name).length > 0 || got.facts.usedAnywhere(m.name)) continue;
    const suggestion = got.facts.closestDefined(m.name);
    if (scope === 'precise' && suggestion === null && !placed) continue;
    const where = suggestion ? got.facts.definitions(suggestion)[0] : undefined;
    out.push({
      code: 'unknown-symbol',
      message: suggestion
        ? `"${m.name}" is defined nowhere in the workspace; did you mean "${suggestion}"${where ? ` (${where.file}:${where.line + 1})` : ''}?`
        : `"${m.name}" is defined nowhere in the workspace: fix the name, or say the plan adds it.`,
      range: rangeOf(m),
      data: suggestion ? { name: m.name, suggestion } : { name: m.name },
    });
  }
  return out;
}

/**
 * symbol-elsewhere: the plan places a name in a file ("`loadUser()` in `src/users.ts`", or any place claim of
 * place-claims.ts: "In `src/users.ts`, wrap `loadUser()`") that neither defines nor even uses it, while other files
 * define it (at most three: a name defined everywhere is too common to place). Quick fix: the path of the file that
 * defines it, when there is one.
 */
export function symbolElsewhereRule(plan: Plan, env: RuleEnvironment): Draft[] {
  const got = facts(plan, env);
  if (!got) return [];
  const out: Draft[] = [];
  for (const m of got.mentions) {
    const placed = placeOf(plan, m) ?? placeClaimOf(plan, m);
    if (!placed) continue;
    const file = got.facts.indexedFile(placed.path);
    if (file === null || got.facts.usedIn(file, m.name)) continue;
    const elsewhere = [...new Set(got.facts.definitions(m.name).map((d) => d.file))];
    if (elsewhere.length === 0 || elsewhere.length > 3 || elsewhere.includes(file)) continue;
    const only = elsewhere.length === 1 ? (elsewhere[0] as string) : null;
    out.push({
      code: 'symbol-elsewhere',
      message: `"${m.name}" is not in ${placed.path}; it is defined in ${elsewhere.join(', ')}.`,
      range: rangeOf(m),
      data: only ? { name: m.name, path: placed.path, suggestion: only, pathRange: placed.range } : { name: m.name, path: placed.path },
    });
  }
  return out;
}

/**
 * stale-anchor: a `path:line` (or `path#L12`) on a line that names a code name, where that line of the file does not
 * hold the name and the file defines it elsewhere (within MAX_SHIFT lines): the code moved. Quick fix: the new line.
 * Not when the line holds another name the plan gives beside the anchor (on its line, or at the end of the line it
 * continues when the anchor opens its line): the anchor may place that one.
 */
export function staleAnchorRule(plan: Plan, env: RuleEnvironment): Draft[] {
  const got = facts(plan, env);
  if (!got) return [];
  const byLine = new Map<number, SymbolMention[]>();
  for (const m of got.mentions) byLine.set(m.line, [...(byLine.get(m.line) ?? []), m]);
  const out: Draft[] = [];
  for (const ref of plan.referencedPaths) {
    for (const r of ref.ranges.length > 0 ? ref.ranges : [ref.range]) {
      const names = byLine.get(r.startLine);
      if (!names) continue;
      const text = plan.lines[r.startLine] ?? '';
      // An anchor that opens its line may belong to a name at the end of the line it continues (a wrapped sentence).
      const continued = /^[\s`(>*-]*$/.test(text.slice(0, r.startChar)) ? (byLine.get(r.startLine - 1) ?? []) : [];
      const beside = [...names, ...continued.slice(-1)];
      const anchor = /^(:|#L)(\d{1,6})(?:-L?(\d{1,6}))?/.exec(text.slice(r.endChar));
      if (!anchor) continue;
      const file = got.facts.indexedFile(ref.path);
      if (file === null) continue;
      const line = Number(anchor[2]);
      const end = anchor[3] ? Number(anchor[3]) : line;
      // The name nearest the anchor is the one it places.
      const m = [...names].sort((a, b) => Math.abs(a.startChar - r.startChar) - Math.abs(b.startChar - r.startChar))[0] as SymbolMention;
      const defs = got.facts.definitions(m.name).filter((d) => d.file === file);
      if (defs.length === 0 || defs.some((d) => covers(d, line, end))) continue;
      const held = got.facts.lineOf(file, line - 1);
      if (held === undefined || held.includes(m.name)) continue;
      // The line holds another name given beside the anchor: the anchor may be that one's ("`a` classifies it as `B` (`f.go:39`)").
      if (beside.some((o) => o.name !== m.name && new RegExp(`\\b${o.name.replace(/[$]/g, '\\$&')}\\b`).test(held))) continue;
      const nearest = defs.sort((a, b) => Math.abs(a.line + 1 - line) - Math.abs(b.line + 1 - line))[0] as SymbolLocation;
      if (Math.abs(nearest.line + 1 - line) > MAX_SHIFT) continue;
      const numberStart = r.endChar + (anchor[1] as string).length;
      const newLine = nearest.line + 1;
      const newText = anchor[3] ? `${newLine}-${anchor[0].includes('-L') ? 'L' : ''}${end + newLine - line}` : String(newLine);
      out.push({
        code: 'stale-anchor',
        message: `${ref.path}:${line} does not hold "${m.name}"; it is defined at line ${newLine}.`,
        range: { startLine: r.startLine, startChar: numberStart, endLine: r.startLine, endChar: r.endChar + anchor[0].length },
        data: { name: m.name, line, newLine, newText },
      });
    }
  }
  return out;
}

const MAX_SHIFT = 400;

/** Does the anchored line range fall in the definition (or the two lines above it: a decorator, a comment)? */
function covers(d: SymbolLocation, line: number, end: number): boolean {
  return end >= d.line + 1 - 2 && line <= d.endLine + 1;
}

function rangeOf(m: SymbolMention): Range {
  return { startLine: m.line, startChar: m.startChar, endLine: m.line, endChar: m.endChar };
}

/** "`x` in `a.ts`", "`a.ts`: `x()`", "`a.ts` — `x`", "(`a.ts`) `x`": the path written next to the name, joined by a word that places it. */
function placeOf(plan: Plan, m: SymbolMention): { path: string; range: Range } | null {
  const line = plan.lines[m.line] ?? '';
  for (const ref of plan.referencedPaths) {
    for (const r of ref.ranges.length > 0 ? ref.ranges : [ref.range]) {
      if (r.startLine !== m.line) continue;
      const between = r.startChar > m.endChar ? line.slice(m.endChar, r.startChar) : line.slice(r.endChar, m.startChar);
      const joined =
        r.startChar > m.endChar
          ? /^[`()\s]*(?:is\s+)?(?:in|inside|within|from|of|defined\s+in|located\s+in|lives\s+in)\s+[`(]*$/i
          : /^(?::\d+(?:-\d+)?)?[`)\s]*(?::|::|#|—|-|→)?[`(\s]*$/;
      if (joined.test(between)) return { path: ref.path, range: r };
    }
  }
  return null;
}
