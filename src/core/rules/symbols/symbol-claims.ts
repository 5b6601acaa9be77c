/**
 * The code names a plan treats as existing, for unknown-symbol, symbol-elsewhere and stale-anchor. A code name is an
 * inline code span of the prose that reads as one identifier: `loadUser()`, `load_user(id)`, `UserStore.save()`,
 * `UserStore::save`, `UserStore`, `user_store` (a bare name needs two words joined by "_" or a capital, so `config` or
 * `data` are never taken for code). Not a path ("a/b.ts"), not a constant written in capitals (`DATABASE_URL` is more
 * often an environment variable), not a keyword.
 *
 * A name is the plan's own, never a claim, when the plan brings it into being anywhere: a line that creates it
 * (created-paths.ts's verbs, and "add / implement / define / introduce / extract / expose / declare … `x`" before
 * it on the line), or code of the plan that defines it (`def x`, `function x`, `class X`, `fn x`, `x = …`, `x: …`).
 * What makes a mention a claim (the default scope reports only these): a verb that uses what exists before it on the
 * line ("call", "wrap", "reuse", "invoke", "extend", "modify", "update", "refactor", "rename", "replace", "move",
 * "the existing"), a line marked done, or a place in a file ("`x` in `a.ts`", "`a.ts:42`").
 */
import type { Plan } from '../../plan';
import { isCreatedByPlan } from '../created-paths';
import { codeTexts } from './code-lines';
import { createsCodeBefore, madeByStepAfter, usesCodeBefore } from '../../wording/code-claim-words';

export interface SymbolMention {
  /** The name looked up: the last segment of a dotted or qualified name. */
  name: string;
  /** The owner written before it ("UserStore" of `UserStore.save()`), when there is one. */
  receiver: string | null;
  line: number;
  /** Range of `name` on the line. */
  startChar: number;
  endChar: number;
  /** The line says the name exists (see the module comment). */
  claimed: boolean;
  /** Written as a call: `x()`. */
  call: boolean;
}

const SPAN_NAME = /^(?:([A-Za-z_$][\w$]*)(?:\.|::|#|->))?([A-Za-z_$][\w$]*)(\s*\([^()]{0,80}\))?;?$/;
const TWO_WORDS = /[a-z0-9][A-Z]|[A-Za-z0-9]_[A-Za-z0-9]/;
const KEYWORDS = new Set([
  'async',
  'await',
  'return',
  'import',
  'export',
  'default',
  'function',
  'class',
  'const',
  'let',
  'var',
  'self',
  'this',
  'super',
  'None',
  'null',
  'true',
  'false',
  'undefined',
  'print',
  'console',
  'require',
  'main',
  'init',
  '__init__',
  '__name__',
  '__main__',
]);
const DONE = /^\s*(?:[-*+]|\d+[.)])\s+\[[xX]\]|[✅✔☑]/u;
const CODE_DEFINES = (name: string): RegExp =>
  new RegExp(
    `(?:\\b(?:def|function|class|func|fn|interface|type|struct|enum|trait|const|let|var|val|fun|record|object|module|impl|protocol)\\s+(?:\\([^)]*\\)\\s*)?\\*?${name}\\b|(?:^|\\s)(?:async\\s+)?${name}\\s*(?:\\([^)]*\\)\\s*(?::\\s*[^={]+)?\\{|[:=](?!=)))`,
  );

/** Shared by the three symbol rules of one run (a Plan is never changed after parsing). */
const RAW = new WeakMap<Plan, SymbolMention[]>();
const MEMO = new WeakMap<Plan, SymbolMention[]>();

/** Every code name of the plan's prose, with whether its line claims it exists; names the plan creates are left out. */
export function symbolMentions(plan: Plan): SymbolMention[] {
  const known = MEMO.get(plan);
  if (known) return known;
  const raw = candidateMentions(plan);
  const found = raw.length === 0 ? raw : withoutCreated(plan, raw);
  MEMO.set(plan, found);
  return found;
}

/**
 * Does the plan write any code name at all? The cheap first pass (one scan of inline spans), so a host builds the
 * symbol index, and a rule asks for it, only for a plan that names code; which names the plan creates is read later.
 */
export function namesCode(plan: Plan): boolean {
  return candidateMentions(plan).length > 0;
}

function candidateMentions(plan: Plan): SymbolMention[] {
  const known = RAW.get(plan);
  if (known) return known;
  const found = scan(plan);
  RAW.set(plan, found);
  return found;
}

function withoutCreated(plan: Plan, raw: SymbolMention[]): SymbolMention[] {
  const created = createdNames(plan, raw);
  return raw.filter((m) => !created.has(m.name));
}

function scan(plan: Plan): SymbolMention[] {
  const raw: SymbolMention[] = [];
  for (const span of codeTexts(plan)) {
    if (span.language !== null) continue;
    const m = SPAN_NAME.exec(span.text.trim());
    if (!m) continue;
    const receiver = m[1] ?? null;
    const name = m[2] as string;
    const call = m[3] !== undefined;
    if (KEYWORDS.has(name) || name.length < 3 || /^[A-Z0-9_]+$/.test(name)) continue;
    if (!call && receiver === null && !TWO_WORDS.test(name)) continue;
    const lead = span.text.length - span.text.trimStart().length;
    const startChar = span.startChar + lead + (receiver ? span.text.trim().indexOf(name, receiver.length) : 0);
    const lineText = plan.lines[span.line] ?? '';
    const before = lineText.slice(0, span.startChar);
    raw.push({
      name,
      receiver,
      line: span.line,
      startChar,
      endChar: startChar + name.length,
      call,
      claimed: usesCodeBefore(before) || DONE.test(lineText) || placedInFile(lineText, span.startChar),
    });
  }
  return raw;
}

/** "`loadUser` in `src/a.ts`", "`src/a.ts`: `loadUser()`", "(`src/a.ts:42`)" on the line: a place the plan gives the name. */
function placedInFile(line: string, at: number): boolean {
  return /`[^`\s]+\.[A-Za-z]{1,5}(?::\d+(?:-\d+)?|#L\d+)?`/.test(line) && /\b(?:in|from|at|inside|within|of)\s+`[^`\s]+\.[A-Za-z]{1,5}/i.test(line.slice(at))
    ? true
    : /`[^`\s]+\.[A-Za-z]{1,5}(?::\d+|#L\d+)[^`]*`/.test(line);
}

/**
 * The names the plan brings into being: a creating line anywhere, a line that says a numbered step or sub-plan creates
 * it ("Reuses `SprintDto` from the modules created in 121.3.2.1–5"), or a definition in the plan's own code.
 */
function createdNames(plan: Plan, mentions: readonly SymbolMention[]): Set<string> {
  const out = new Set<string>();
  for (const m of mentions) {
    const line = plan.lines[m.line] ?? '';
    if (createsCodeBefore(line.slice(0, m.startChar)) || isCreatedByPlan(line, m.startChar, m.endChar) || madeByStepAfter(line.slice(m.endChar))) out.add(m.name);
  }
  const pending = [...new Set(mentions.map((m) => m.name))].filter((n) => !out.has(n));
  if (pending.length === 0) return out;
  const code = codeTexts(plan)
    .filter((c) => c.language !== null)
    .map((c) => c.text)
    .join('\n');
  for (const name of pending) {
    const escaped = name.replace(/[$]/g, '\\$');
    if (code.includes(name) && CODE_DEFINES(escaped).test(code)) out.add(name);
  }
  return out;
}
