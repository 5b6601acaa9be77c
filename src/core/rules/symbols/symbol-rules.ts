/**
 * The rules that check the code names a plan claims (symbol-claims.ts) against the workspace's symbol index
 * (index/symbols/): unknown-symbol and symbol-elsewhere (stale-anchor.ts reads the same facts). Each is silent while the index is building or
 * incomplete (a language without a grammar, a budget exceeded), so "defined nowhere" means what it says.
 */
import type { Plan, Range } from '../../plan';
import type { RuleEnvironment, RuleScope } from '../catalog';
import type { Draft } from '../text-rules';
import type { SymbolFacts } from '../../index/symbols/symbol-index';
import { namesCode, symbolMentions, type SymbolMention } from './symbol-claims';
import { placeClaimOf, sourcePlaceClaimOf } from './place-claims';

/** The symbol facts when the plan names code and the index is complete; asking starts the build. */
export function facts(plan: Plan, env: RuleEnvironment): { facts: SymbolFacts; mentions: SymbolMention[] } | null {
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
