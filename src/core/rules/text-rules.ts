/**
 * Rules over the plan's words: unknown signals and file paths that do not
 * exist. Pure functions of (plan, environment); no I/O of their own.
 */
import type { Plan } from '../plan';
import type { RuleEnvironment, StaticFinding } from './catalog';

export type Draft = Omit<StaticFinding, 'level'>;

export function unknownSignalRule(plan: Plan): Draft[] {
  return plan.unknownSignals.map((s) => ({
    code: 'unknown-signal',
    message: `"${s.signal}" marks an undecided point: decide it in the plan, or list it under open questions with who decides and by when.`,
    range: s.range,
    data: { signal: s.signal },
  }));
}

/**
 * A path is exempt when one of its lines says the plan brings it into
 * being: "create", "introduce", "scaffold", "generate", or "rename/move/copy
 * … to" anywhere before it on the line; "add", "write" or "new" right before
 * it ("add `src/a.ts`", "write a new file src/b.ts" — but not "add a check
 * to src/c.ts"); or "(new)" / "(new file)" right after it.
 */
const CREATION_ANYWHERE = /\b(create[sd]?|creating|introduc(e|es|ed|ing)|scaffold(s|ed|ing)?|generat(e|es|ed|ing)|(rename[sd]?|move[sd]?|copy|copie[sd]|split|extract(s|ed)?)\b.*\b(to|into|as))\b/i;
const CREATION_RIGHT_BEFORE = /\b(add(s|ed|ing)?|write|writes|writing|new)\s+((a|an|the)\s+)?(new\s+)?((test\s+)?(file|module|folder|directory|script|config|test))?\s*[`'"(<[]*$/i;
const CREATION_AFTER = /^[`'">)\]]*\s*\(\s*new(\s+file)?\s*\)/i;

export function isCreatedByPlan(line: string, startChar: number, endChar: number): boolean {
  const before = line.slice(0, startChar);
  return CREATION_ANYWHERE.test(before) || CREATION_RIGHT_BEFORE.test(before) || CREATION_AFTER.test(line.slice(endChar));
}

export function missingFileRule(plan: Plan, env: RuleEnvironment): Draft[] {
  const out: Draft[] = [];
  const verdicts = new Map<string, boolean | undefined>();
  for (const ref of plan.referencedPaths) {
    if (!verdicts.has(ref.path)) verdicts.set(ref.path, safeExists(env, ref.path));
    if (verdicts.get(ref.path) !== false) continue;
    const mentions = ref.ranges && ref.ranges.length > 0 ? ref.ranges : [ref.range];
    // When any mention says the plan creates the file, every mention refers to that new file.
    if (mentions.some((r) => isCreatedByPlan(plan.lines[r.startLine] ?? '', r.startChar, r.endChar))) continue;
    for (const range of mentions) {
      out.push({
        code: 'missing-file',
        message: `"${ref.path}" does not exist in the workspace: fix the path, or say the plan creates it (e.g. "create ${ref.path}").`,
        range,
        data: { path: ref.path },
      });
    }
  }
  return out;
}

/** A host whose lookup throws must not take the other rules down with it. */
function safeExists(env: RuleEnvironment, path: string): boolean | undefined {
  try {
    return env.fileExists(path);
  } catch {
    return undefined;
  }
}
