/**
 * Where the plan's own words say a path it names is not one of this workspace's files to check (missing-file,
 * text-rules.ts): a heading that names the folder its list is relative to, one of two places offered as alternatives,
 * a file the plan says was renamed, moved or split away, a path it links outside the workspace. Pure functions of the
 * plan's lines and the host's lookups.
 */
import type { Plan } from '../plan';
import type { RuleEnvironment } from './catalog';
import { readerPath, TICKED_TASK } from './created-paths';
import { titleMarkedDone } from './plan-status';
import { safeExists } from './missing-file-context';
import { ALTERNATIVE } from '../wording/alternatives';
import { movedAwayAfter, moveVerbRightBefore } from '../wording/file-operations';
import { wordMatcher } from '../wording/words';

/** "### What We Can Leverage (packages/nextjs)", "## Backend (`server/`)": a folder path, in parentheses or inline code, in a heading. */
const HEADING_FOLDER = /[(`]\s*\.?\/?([\w@-][\w.@-]*(?:\/[\w.@-]+)+)\/?\s*[)`]/;

/** The folder the innermost heading around `line` names (see HEADING_FOLDER), or null: a file path ("(src/app.ts)") is not one. */
function headingFolder(plan: Plan, line: number): string | null {
  let inner: Plan['sections'][number] | undefined;
  for (const s of plan.sections) if (s.headingLine < line && line <= s.range.endLine && (!inner || s.headingLine > inner.headingLine)) inner = s;
  const m = inner ? HEADING_FOLDER.exec(inner.title) : null;
  if (!m) return null;
  const folder = m[1] as string;
  return /\.[A-Za-z][\w]{0,9}$/.test(folder) ? null : folder;
}

/**
 * A path listed under a heading that names a folder ("### What We Can Leverage (packages/nextjs)" over "`utils/hypersync.ts`")
 * is relative to that folder. Where the folder is not in the workspace (nor made by the plan), the list describes another
 * tree (a parent repository, a sibling project), which the workspace cannot tell about. A path that starts with the
 * folder itself is written in full and checked as it stands.
 */
export function scopedByHeadingFolder(plan: Plan, line: number, path: string, env: RuleEnvironment, created: ReadonlySet<string>): boolean {
  const folder = headingFolder(plan, line);
  if (folder === null || path === folder || path.startsWith(`${folder}/`)) return false;
  // A folder of the workspace: the lookup finds its files by their ends already. A folder the plan makes is this
  // workspace's too: its files are the plan's to write, judged as any other path.
  if (safeExists(env, folder) !== false || [...created].some((c) => c === folder || c.startsWith(`${folder}/`))) return false;
  return true;
}

/** The text between two paths offers them as alternatives: "`a` or `b`", "`a` _oder_ `b`", "`a` 或 `b`". */
const ALTERNATIVE_BETWEEN = wordMatcher(ALTERNATIVE, { lead: '^[`\'"*_]*\\s*', trail: '\\s*[`\'"*_]*$', bounded: false, guarded: false });

/**
 * Is the mention one of two places offered as alternatives ("put them in `utils/web` 或 `composables/shared`"), the
 * other of which is in the workspace? The step settles on the one there; the other place never being made is no wrong path.
 */
export function alternativeOfExisting(plan: Plan, line: number, startChar: number, endChar: number, env: RuleEnvironment): boolean {
  const text = plan.lines[line] ?? '';
  for (const ref of plan.referencedPaths) {
    for (const r of ref.ranges && ref.ranges.length > 0 ? ref.ranges : [ref.range]) {
      if (r.startLine !== line || r.startChar === startChar) continue;
      const between = r.startChar >= endChar ? text.slice(endChar, r.startChar) : r.endChar <= startChar ? text.slice(r.endChar, startChar) : null;
      if (between === null || !ALTERNATIVE_BETWEEN.test(between)) continue;
      const other = readerPath(ref.path);
      if (other !== null && safeExists(env, other) === true) return true;
    }
  }
  return false;
}

/** A move, rename or split of the name on a ticked task or in a section marked done ("### 1.1 Drizzle tables ✅"): the work has run. */
function movedByDoneWork(plan: Plan, r: { startLine: number; startChar: number }): boolean {
  const line = plan.lines[r.startLine] ?? '';
  if (!moveVerbRightBefore(line.slice(Math.max(0, r.startChar - 30), r.startChar))) return false;
  if (TICKED_TASK.test(line)) return true;
  let inner: Plan['sections'][number] | undefined;
  for (const s of plan.sections) if (s.headingLine < r.startLine && r.startLine <= s.range.endLine && (!inner || s.headingLine > inner.headingLine)) inner = s;
  return inner !== undefined && titleMarkedDone(inner.title);
}

/**
 * The paths the plan says were later renamed or moved away ("`scan.yml` renamed to …", "(since moved to `b.ts`)"), named in full or, when the plan
 * names only one file of that name in full, by the bare name ("`scan.yml` renamed to `.disabled`" for an earlier
 * "`.github/workflows/scan.yml`"): the reader is told where the file went.
 */
export function movedAwayPaths(plan: Plan): Set<string> {
  const moved = new Set<string>();
  const fullByName = new Map<string, Set<string>>();
  for (const ref of plan.referencedPaths) {
    const path = readerPath(ref.path);
    if (path === null) continue;
    const name = path.slice(path.lastIndexOf('/') + 1);
    if (path.includes('/')) fullByName.set(name, (fullByName.get(name) ?? new Set()).add(path));
    const mentions = ref.ranges && ref.ranges.length > 0 ? ref.ranges : [ref.range];
    if (mentions.some((r) => movedAwayAfter((plan.lines[r.startLine] ?? '').slice(r.endChar, r.endChar + 60)) || movedByDoneWork(plan, r))) moved.add(path);
  }
  for (const path of [...moved]) {
    const full = path.includes('/') ? undefined : fullByName.get(path);
    if (full && full.size === 1) moved.add([...full][0] as string);
  }
  return moved;
}

/** "[platform/mcp/registry.yaml](../../../platform/mcp/registry.yaml)": a Markdown link whose text is a path and whose target climbs with "../". */
const CLIMBING_LINK = /\[\s*`?([\w.@-]+(?:\/[\w.@-]+)*\/?)`?\s*\]\(\s*<?((?:\.\.\/)+[^)\s>]+)>?\s*\)/g;

/**
 * The paths the plan links to a target outside the workspace ("[platform/x.yaml](../../../platform/x.yaml)", from a
 * plan at the root): another repository's files, which the plan names by their path there wherever it names them.
 * Only where the link's target ends with its text (or its text's last folder), so the text is the other tree's path.
 */
export function linkedOutside(plan: Plan, env: RuleEnvironment): Set<string> {
  const out = new Set<string>();
  if (!plan.text.includes('](../')) return out;
  for (const line of plan.lines) {
    for (const m of line.matchAll(CLIMBING_LINK)) {
      const text = (m[1] as string).replace(/\/+$/, '');
      const target = (m[2] as string).replace(/\/+$/, '');
      const last = text.slice(text.lastIndexOf('/') + 1);
      if (!(target.endsWith(`/${text}`) || target.endsWith(`/${last}`)) || safeExists(env, target) !== undefined) continue;
      out.add(text);
    }
  }
  return out;
}

/** Is `path` one of the paths linked outside the workspace (see linkedOutside), or inside one of those folders? */
export function isLinkedOutside(path: string, linked: ReadonlySet<string>): boolean {
  const p = path.replace(/\/+$/, '');
  if (linked.has(p)) return true;
  for (let at = p.lastIndexOf('/'); at > 0; at = p.lastIndexOf('/', at - 1)) if (linked.has(p.slice(0, at))) return true;
  return false;
}
