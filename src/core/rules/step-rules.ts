/**
 * Rules over the plan's steps (seed 004: steps with depends_on and success
 * criteria): missing success criteria, dependencies on ids no step has, and
 * ids used twice.
 */
import { openingStepId, openingStepIds, stepPrefix, type Plan } from '../plan';
import { lineRange } from './text-ranges';
import type { Draft } from './text-rules';

/**
 * A step that is itself a check ("Checkpoint – …", "Final verification", "Write
 * property test for …", in es/pt/de/fr "Verificar …", "Validação", "Überprüfung") needs no other criterion, and is the criterion of the
 * sibling steps before it; a documentation-only step's document is its result; a
 * sub-step shares its outer step's criterion, a ticked checkbox step is done, and a group (a step with steps
 * nested in it) has its criteria in its sub-steps.
 */
const CHECK_STEP =
  /^(?:\W*)(?:(?:\w+-[\w-]+|integration|unit|acceptance|regression|e2e|smoke|property|contract)\s+tests?\b|checkpoint|final\s+(?:verification|checkpoint|check)|verify|verification|validate|write\s+(?:\w+\s+){0,2}tests?|run\s+(?:the\s+)?tests?|test)\b|^(?:\W*)(?:verificar|verificaci[oó]n|verifica[cç][aã]o|validar|validaci[oó]n|valida[cç][aã]o|probar|testar|(?:ü|ue)?berpr[üu]fung|pr[üu]fen|v[ée]rification|v[ée]rifier|valider|tester|punto\s+de\s+control|ponto\s+de\s+controle|point\s+de\s+contr[ôo]le|escribir\s+(?:\S+\s+){0,2}pruebas|escrever\s+(?:\S+\s+){0,2}testes|[ée]crire\s+(?:\S+\s+){0,2}tests)(?!\p{L})/iu;

/**
 * A step whose work is testing or reviewing ("Testing and rollout", "Tests", "Review all help texts", "Pruebas y
 * failover", "Testes") is a check itself; unlike CHECK_STEP it speaks for no other step.
 */
const TESTING_STEP =
  /^(?:\W*)(?:(?:[\w-]+\s+){0,2}testing|tests?|qa|review|audit|validation|verification|pruebas|testes|essais|testen|revisar|revis[aã]o|revisi[oó]n|[üu]berpr[üu]fen)(?!\p{L})/iu;

/**
 * A step the plan puts out of its scope ("Phase 8 (Future): …", "Post-MVP ideas", a body that opens
 * "Not in MVP scope."): a list of ideas for later, of which no done criterion is expected yet.
 */
const LATER_TITLE =
  /\(\s*(?:future|later|deferred|post[-\s]?mvp|out\s+of\s+scope|backlog|stretch|nice[-\s]to[-\s]have|futur[oae]?|sp[äa]ter|zuk[üu]nftig|ult[ée]rieure?)\s*\)|^\W*(?:future(?:\s+(?:work|phases?|enhancements?|improvements?|ideas?))?|deferred|post[-\s]?mvp|out\s+of\s+scope|backlog|stretch\s+goals?|nice[-\s]to[-\s]haves?)(?!\p{L})/iu;
const LATER_BODY =
  /^\W*(?:not\s+(?:in|part\s+of)\s+(?:the\s+)?(?:mvp|v1|initial|first\s+release|current)?\s*scope|out\s+of\s+(?:mvp\s+)?scope|deferred\s+(?:to|until)|fuera\s+del\s+alcance|fora\s+do\s+escopo|hors\s+p[ée]rim[èe]tre|au[ßs]erhalb\s+des\s+umfangs)(?!\p{L})/iu;

/**
 * A heading that is only an earlier step's id ("### Phase 1" under "## File-by-File Implementation Order",
 * after "## Phase 1 — Scaffold"): a section about that step, which carries the criterion.
 */
function restatesEarlierStep(plan: Plan, i: number): boolean {
  const step = plan.steps[i] as Plan['steps'][number];
  const p = stepPrefix(step.title);
  if (p.kind !== 'keyword' || p.rest !== '') return false;
  const base = duplicateBase(step.id) ?? step.id;
  for (let j = 0; j < i; j++) if ((duplicateBase((plan.steps[j] as Plan['steps'][number]).id) ?? (plan.steps[j] as Plan['steps'][number]).id) === base) return true;
  return false;
}

/**
 * A step whose whole body is one short command block ("#### 3a. Add the SDK" then "```bash / bun add x / ```"):
 * it is done when the command succeeds.
 */
function singleCommandStep(plan: Plan, step: Plan['steps'][number]): boolean {
  const body: string[] = [];
  for (let l = step.line + 1; l <= step.range.endLine && body.length <= 6; l++) {
    const text = (plan.lines[l] ?? '').trim();
    if (text !== '') body.push(text);
  }
  const fence = /^(`{3,}|~{3,})\s*(?:bash|sh|shell|zsh|console|powershell|cmd)?\s*$/i.exec(body[0] ?? '');
  return fence !== null && body.length >= 3 && body.length <= 5 && (body[body.length - 1] ?? '').startsWith(fence[1] as string);
}

/** Is the step out of the plan's scope, by its title or the first line of its body? */
function laterStep(plan: Plan, step: Plan['steps'][number]): boolean {
  if (LATER_TITLE.test(step.title)) return true;
  for (let l = step.line + 1; l <= Math.min(step.range.endLine, step.line + 3); l++) {
    const text = (plan.lines[l] ?? '').trim();
    // The body opens "Not in MVP scope." or with a sub-heading "### Future Enhancements:".
    if (text !== '') return LATER_BODY.test(text) || (/^#{1,6}\s/.test(text) && LATER_TITLE.test(text.replace(/^#+\s*/, '')));
  }
  return false;
}

/** A heading marked done ("## Phase 4: Domain API ✅", "### M2 (done)"): like a ticked step. */
const DONE_MARK = /[✅✔☑]|\((?:done|complete[d]?|shipped)\)|\[(?:done|complete[d]?)\]/iu;

/** A ticked step ("- [x] …") is done: how to know it is done no longer needs saying. */
const DONE_CHECKBOX = /^\s*(?:[-*+]|\d+[.)])\s+\[[xX]\]/;

/**
 * A success section that speaks for every step ("Phase completion", "Definition of done", "Step completion criteria"),
 * also in es/pt/de/fr ("Criterios de finalización", "Critérios de conclusão", "Abschlusskriterien", "Critères d'achèvement").
 */
const PLAN_WIDE =
  /\b(phase|step|task)\s+completion|definition\s+of\s+done|completion\s+criteria|(?<!\p{L})(criterios\s+de\s+(?:finalizaci[oó]n|terminaci[oó]n)|crit[ée]rios\s+de\s+conclus[aã]o|abschlusskriterien|crit[èe]res\s+d['’]ach[èe]vement|crit[èe]res\s+de\s+fin)(?!\p{L})/iu;

/** spec-kit tasks.md: one-line tasks whose criteria are the spec's acceptance scenarios and the phase checkpoints. */
const SPEC_KIT_ID = /^t\d{3,}$/i;

export function noSuccessCriterionRule(plan: Plan): Draft[] {
  if (plan.sections.some((s) => s.kind === 'success' && !s.isEmpty && PLAN_WIDE.test(s.title))) return [];
  // A top-level "## Success Criteria" / "## Success Metrics" / "## Exit criteria" section that is not a step's own states how
  // the plan is known done, for its steps (88 of the 89 labels on such tuning plans' steps said so).
  const planWide = plan.sections.filter(
    (s) => s.kind === 'success' && !s.isEmpty && s.level <= 2 && !plan.steps.some((st) => st.line === s.headingLine) && !insideStep(plan, s.headingLine),
  );
  // "## Success Criteria by Phase" with "### Phase 1 Success:" … speaks only for the steps it names.
  const named = stepsNamedIn(plan, planWide);
  if (planWide.length > 0 && named.size === 0) return [];
  const nested = nestedSteps(plan);
  // A group: a Kiro task "1" with sub-tasks "1.1"…, or any step with steps nested in it (a phase and its units).
  // The ids that have sub-ids, once (a per-step search over all ids was quadratic on long plans).
  const parents = new Set(
    plan.steps
      .map((s) => s.id.replace(/#\d+$/, ''))
      .filter((id) => /^\d+\./.test(id))
      .map((id) => id.slice(0, id.indexOf('.'))),
  );
  const isGroup = (id: string, i: number): boolean => (/^\d+$/.test(id) && parents.has(id)) || nested[i + 1] === true;
  const checkedLater = checkedByLaterStep(plan, nested);
  const mentions = lazyMentions(plan);
  return plan.steps
    .filter(
      (step, i) =>
        step.successCriteria === null &&
        !nested[i] &&
        !CHECK_STEP.test(step.title) &&
        !TESTING_STEP.test(step.title) &&
        !laterStep(plan, step) &&
        !singleCommandStep(plan, step) &&
        !restatesEarlierStep(plan, i) &&
        !isGroup(step.id, i) &&
        !SPEC_KIT_ID.test(step.id) &&
        !DONE_CHECKBOX.test(plan.lines[step.line] ?? '') &&
        !DONE_MARK.test(step.title) &&
        !allItemsTicked(plan, step) &&
        !markedComplete(plan, step) &&
        !named.has(step.id.replace(/#\d+$/, '')) &&
        !checkedLater[i] &&
        !isDocsOnlyStep(plan, i, mentions),
    )
    .map((step) => ({
      code: 'no-success-criterion',
      message: `${stepLabel(step.id)} has no success criterion: add a line "Success criteria: …" that says how you will know it is done.`,
      range: lineRange(plan, step.line),
      data: { stepId: step.id, stepLine: step.line },
    }));
}

/**
 * For each step: is a later sibling a check step ("6 — Regression tests", "Final
 * verification", "Run the test suite"; not a bare "Checkpoint")? Such a step is the criterion of the
 * steps before it in the same list: siblings are top-level steps (not nested)
 * from the same section and of the same kind (list items or headings), and
 * the run stops at a step that has a criterion of its own, which starts a new
 * stretch.
 */
function checkedByLaterStep(plan: Plan, nested: readonly boolean[]): boolean[] {
  const out = plan.steps.map(() => false);
  // A checkpoint ("Checkpoint - all tests pass") is a gate that runs whatever tests exist; it says nothing about a step no test covers.
  const isCheck = (title: string): boolean => CHECK_STEP.test(title) && !/^\W*checkpoint\b/i.test(title);
  // One pass from the end (plans can have thousands of steps): a run of siblings ends where the section or the kind changes.
  let covered = false;
  let run: string | null = null;
  for (let i = plan.steps.length - 1; i >= 0; i--) {
    const step = plan.steps[i] as (typeof plan.steps)[number];
    if (nested[i]) continue;
    const key = `${step.source}\u0000${step.sectionTitle ?? ''}`;
    if (key !== run) {
      run = key;
      covered = false;
    }
    out[i] = covered;
    if (isCheck(step.title)) covered = true;
  }
  return out;
}

interface PathMention {
  path: string;
  line: number;
}

/** Every mention of every referenced path, computed once per run and only when a docs-titled step needs it. */
function lazyMentions(plan: Plan): () => readonly PathMention[] {
  let all: PathMention[] | null = null;
  return () =>
    (all ??= plan.referencedPaths.flatMap((ref) => (ref.ranges && ref.ranges.length > 0 ? ref.ranges : [ref.range]).map((r) => ({ path: ref.path, line: r.startLine }))));
}

/** A documentation step by its title: "Update docs", "Write README", "Document the flag", "Update CHANGELOG". */
const DOCS_TITLE =
  /^\W*(?:(?:write|update|add|refresh|revise|amend|extend)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}(?:docs?|documentation|readme|changelog|user\s+guide|guide|release\s+notes)\b|document\b)/i;
/** Paths that are documents: Markdown and other prose files, and anything under a docs folder. */
const DOC_PATH = /(?:^|\/)docs?\/|\.(?:md|mdx|markdown|rst|adoc|txt)$|(?:^|\/)(?:README|CHANGELOG|LICENSE|NOTICE|AUTHORS)(?:\.\w+)?$/i;
/** A superpowers-style "Files:" entry ("- Modify: `README.md`", "- Create: `docs/x.md`"). */
const FILES_ENTRY = /^\s*[-*+]\s+(?:\*\*)?(?:create|modify|update|edit|test)(?:\*\*)?\s*:/i;

/**
 * A documentation-only step: its title says it writes or updates docs and
 * every file it names is a document (when it has a "Files:" list, the files
 * listed there). The document is its deliverable: written as the step says,
 * it is done, so it needs no separate criterion.
 */
function isDocsOnlyStep(plan: Plan, i: number, mentions: () => readonly PathMention[]): boolean {
  const step = plan.steps[i];
  if (!step || !DOCS_TITLE.test(step.title)) return false;
  const next = plan.steps[i + 1];
  const end = next !== undefined && next.line <= step.range.endLine ? next.line - 1 : step.range.endLine;
  const own = mentions().filter((m) => m.line >= step.line && m.line <= end);
  const listed = own.filter((m) => FILES_ENTRY.test(plan.lines[m.line] ?? ''));
  const named = listed.length > 0 ? listed : own;
  return named.every((m) => DOC_PATH.test(m.path.replace(/^@/, '')));
}

export function danglingDependencyRule(plan: Plan): Draft[] {
  const ids = uniqueStepIds(plan);
  const known = new Set(ids);
  const index = new StepIdIndex(ids);
  const out: Draft[] = [];
  // An error needs the id to be nowhere in the plan as a heading or list opener, not only missed by the step finder.
  const writtenInText = idWrittenAsOpener(plan);
  for (const step of plan.steps) {
    for (const ref of step.dependsOn) {
      if (known.has(ref.id) || writtenInText(ref.id)) continue;
      const candidates = nearestStepIds(ref.id, ids, 3, index);
      const hint = candidates.length ? ` (nearest: ${candidates.map(stepLabel).join(', ')})` : '';
      out.push({
        code: 'dangling-dependency',
        message: `${stepLabel(step.id)} depends on ${stepLabel(ref.id)}, which no step has${hint}: point it at an existing step or remove the dependency.`,
        range: ref.range,
        data: { stepId: step.id, stepLine: step.line, refId: ref.id, raw: ref.raw, candidates },
      });
    }
  }
  return out;
}

/** Does a heading or list item open with this id ("- [ ] T002 …", "### Step 4")? One scan of the text, made on first use. */
function idWrittenAsOpener(plan: Plan): (id: string) => boolean {
  let ids: Set<string> | null = null;
  return (id) => (ids ??= openingStepIds(plan.text)).has(id);
}

/**
 * The parser keeps ids unique by suffixing later duplicates ("3", "3#2"), so
 * a duplicate is a suffixed id whose base id an earlier step holds. It is a
 * finding only when a reader would take both for the same id:
 *   - both ids were written: a step without one takes its position; and two
 *     ordered-list numbers never clash, since numbering restarts with each list
 *     (a list's "4." and a "### Step 4" heading in one section do);
 *   - both steps sit in the same section: "### Step 1" under "## A2" and under
 *     "## A3", or under "## Phase 1" and "## Phase 2", number within their
 *     section, the way a reader reads them.
 */
export function duplicateStepIdRule(plan: Plan): Draft[] {
  const scopeOf = sectionScopes(plan);
  // Per section and id: the first step holding it, and the first whose id is not a list number.
  const first = new Map<string, { any: number; named: number | null }>();
  const out: Draft[] = [];
  for (const step of plan.steps) {
    if (step.implicitId) continue;
    const ordinal = isListOrdinal(plan, step);
    const base = duplicateBase(step.id) ?? step.id;
    const key = `${scopeOf(step.line)}\u0000${base}`;
    const seen = first.get(key);
    // Two list numbers never clash (a new list restarts at 1); a list number and a "Step 4" heading do.
    const firstLine = seen === undefined ? undefined : ordinal ? (seen.named ?? undefined) : seen.any;
    if (seen === undefined) first.set(key, { any: step.line, named: ordinal ? null : step.line });
    else if (!ordinal && seen.named === null) seen.named = step.line;
    if (firstLine === undefined) continue;
    out.push({
      code: 'duplicate-step-id',
      message: `${stepLabel(base)} is already used on line ${firstLine + 1}: give each step its own id so dependencies on it are unambiguous.`,
      range: lineRange(plan, step.line),
      data: { stepId: base, stepLine: step.line, firstLine },
    });
  }
  return out;
}

/** "3. Add the index" as a list step whose id is its list number. */
function isListOrdinal(plan: Plan, step: Plan['steps'][number]): boolean {
  if (step.source !== 'list') return false;
  const m = /^\s*(\d+)[.)]\s/.exec(plan.lines[step.line] ?? '');
  return m !== null && m[1] === step.rawId;
}

/** For a line, the heading line of the innermost section that holds it (its own heading excluded), or -1 for none. */
function sectionScopes(plan: Plan): (line: number) => number {
  const sections = plan.sections;
  const parent: number[] = [];
  const stack: number[] = [];
  sections.forEach((s, i) => {
    while (stack.length > 0 && (sections[stack[stack.length - 1] as number] as (typeof sections)[number]).range.endLine < s.headingLine) stack.pop();
    parent.push(stack.length > 0 ? (stack[stack.length - 1] as number) : -1);
    stack.push(i);
  });
  return (line) => {
    let lo = 0;
    let hi = sections.length - 1;
    let at = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if ((sections[mid] as (typeof sections)[number]).headingLine < line) {
        at = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    while (at >= 0 && (sections[at] as (typeof sections)[number]).range.endLine < line) at = parent[at] as number;
    return at < 0 ? -1 : (sections[at] as (typeof sections)[number]).headingLine;
  };
}

/** Step ids that open a heading or a bullet inside these sections ("### Phase 2 Success:", "- **Phase 3**: …"). */
function stepsNamedIn(plan: Plan, sections: readonly Plan['sections'][number][]): Set<string> {
  const out = new Set<string>();
  for (const s of sections) {
    for (let l = s.headingLine + 1; l <= s.range.endLine && l - s.headingLine < 2000; l++) {
      const line = plan.lines[l] ?? '';
      // An ordered list's own numbers ("1. Fast startup") name no step.
      if (/^\s*\d+[.)]\s/.test(line)) continue;
      const id = openingStepId(line);
      if (id !== null) out.add(id);
    }
  }
  return out;
}

/** "**Status**: Complete" (or Done, ✅) on the first lines of the step's body: done, like a ticked step. */
function markedComplete(plan: Plan, step: Plan['steps'][number]): boolean {
  for (let l = step.line + 1; l <= Math.min(step.range.endLine, step.line + 4); l++) {
    if (/^\W*status\W{0,4}:\W{0,4}(?:complete[d]?|done|finished|shipped|✅)/i.test(plan.lines[l] ?? '')) return true;
  }
  return false;
}

/** A step whose own checklist is all ticked ("### M0" over "- [x] …" items only): done. */
function allItemsTicked(plan: Plan, step: Plan['steps'][number]): boolean {
  let ticked = 0;
  for (let l = step.line + 1; l <= step.range.endLine && l - step.line < 200; l++) {
    const text = plan.lines[l] ?? '';
    if (/^\s*(?:[-*+]|\d+[.)])\s+\[[xX]\]/.test(text)) ticked++;
    else if (/^\s*(?:[-*+]|\d+[.)])\s+\[ \]/.test(text)) return false;
  }
  return ticked > 0;
}

function insideStep(plan: Plan, line: number): boolean {
  return plan.steps.some((st) => st.line < line && st.range.endLine >= line);
}

/** For each step (in plan order): does it start inside an earlier step's range? */
function nestedSteps(plan: Plan): boolean[] {
  const open: number[] = [];
  return plan.steps.map((step) => {
    while (open.length > 0 && (open[open.length - 1] as number) < step.line) open.pop();
    const inside = open.length > 0;
    open.push(step.range.endLine);
    return inside;
  });
}

function duplicateBase(id: string): string | null {
  const m = /^(.+)#\d+$/.exec(id);
  return m ? (m[1] ?? null) : null;
}

/** "3" → "Step 3"; named ids ("setup-db") are quoted. */
export function stepLabel(id: string): string {
  return /^\d+(\.\d+)*$/.test(id) ? `Step ${id}` : `step "${id}"`;
}

function uniqueStepIds(plan: Plan): string[] {
  return [...new Set(plan.steps.map((s) => s.id).filter((id) => duplicateBase(id) === null))];
}

/**
 * The ids closest to a dangling one, best first: by numeric distance when
 * both are numbers ("9" → "8", "7"), else by edit distance. Ties keep plan
 * order. Numeric targets only fall back to edit distance when too few
 * numeric ids exist.
 */
export function nearestStepIds(target: string, ids: readonly string[], max: number, index: StepIdIndex = new StepIdIndex(ids)): string[] {
  const targetNumber = numericId(target);
  const picked = targetNumber === null ? [] : index.nearestNumeric(targetNumber, target, max);
  if (picked.length >= max) return picked.map((p) => p.id);
  const lowered = target.toLowerCase();
  const scored = [...picked];
  ids.forEach((id, order) => {
    if (id === target || (targetNumber !== null && numericId(id) !== null)) return;
    scored.push({ id, order, distance: 1_000_000 + editDistance(lowered, id.toLowerCase()) });
  });
  scored.sort((a, b) => a.distance - b.distance || a.order - b.order);
  return scored.slice(0, max).map((s) => s.id);
}

/** Numeric step ids sorted by value, for nearest-id lookups in O(log n) (plans can have thousands of steps). */
export class StepIdIndex {
  private readonly sorted: { id: string; order: number; value: number }[];

  constructor(ids: readonly string[]) {
    this.sorted = [];
    ids.forEach((id, order) => {
      const value = numericId(id);
      if (value !== null) this.sorted.push({ id, order, value });
    });
    this.sorted.sort((a, b) => a.value - b.value || a.order - b.order);
  }

  nearestNumeric(target: number, exclude: string, max: number): { id: string; order: number; distance: number }[] {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.sorted[mid] as { value: number }).value < target) lo = mid + 1;
      else hi = mid;
    }
    // Up to `max` on each side are enough to contain the `max` nearest; rank them with the tie rule.
    const window: { id: string; order: number; distance: number }[] = [];
    for (let i = Math.max(0, lo - max - 1); i < Math.min(this.sorted.length, lo + max + 1); i++) {
      const e = this.sorted[i] as { id: string; order: number; value: number };
      if (e.id !== exclude) window.push({ id: e.id, order: e.order, distance: Math.abs(e.value - target) });
    }
    window.sort((a, b) => a.distance - b.distance || a.order - b.order);
    return window.slice(0, max);
  }
}

function numericId(id: string): number | null {
  return /^\d+(\.\d+)?$/.test(id) ? Number(id) : null;
}

/** Levenshtein distance; ids are short, so the O(n·m) table is fine. Long inputs are cut to keep it bounded. */
export function editDistance(a: string, b: string): number {
  const x = a.slice(0, 64);
  const y = b.slice(0, 64);
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost));
    }
    previous = current;
  }
  return previous[y.length] ?? 0;
}
