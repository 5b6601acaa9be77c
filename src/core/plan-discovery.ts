/**
 * Plan discovery (seed 001 Step 1) when no plan is named: expand the
 * configured plan folders (`verifyPlan.planFolders`, the CLI's
 * `--plan-folders`, same default from src/core/settings.ts) and pick the most
 * recently modified Markdown file. The one discovery for the extension (no
 * plan open) and the CLI (no path given); unit-testable against a temp folder.
 * The same entries also decide which open documents are plans for the
 * language server: `isPlanPath` (the exact rule, without touching the disk)
 * and `planSelectorPatterns` (the editor's document selector, a superset the
 * client narrows with `isPlanPath`), so the CLI, the extension and the server
 * cannot disagree on what a plan is (test/unit/plan-scope.test.ts).
 *
 * Entry syntax: workspace-relative path, `~/` for the home folder, `*` (or any
 * minimatch pattern) within ONE path segment — never `**`, which the seed
 * forbids because it walks whole home folders. A folder contributes the
 * `*.md` files directly inside it; a file contributes itself when it is `.md`.
 * An exported report (`*.verify-report.md`) is never a plan.
 *
 * Discovery never follows a symbolic link (a pull request can add
 * `.claude/plans/notes.md -> ../../.git/config`): a linked folder or plan is
 * skipped, and each candidate carries its `root`, so the reader can check
 * again, on the open file, that nothing on the way is a link
 * (readConfinedFile with `root`).
 */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { minimatch } from 'minimatch';

export interface PlanCandidate {
  path: string;
  mtimeMs: number;
  /** The folder the entry starts from (a workspace root, the home folder, `/`): the plan lies below it with no symbolic link on the way. */
  root: string;
}

export interface DiscoveryInput {
  /** Absolute workspace folder paths (the CLI: the current directory), in order. */
  roots: readonly string[];
  /** The `verifyPlan.planFolders` entries. */
  folders: readonly string[];
  homeDir: string;
}

/** Every Markdown plan the folders name, newest first, without duplicates. */
export async function discoverPlans(input: DiscoveryInput): Promise<PlanCandidate[]> {
  const bases = new Map<string, string>();
  for (const entry of input.folders) {
    for (const start of entryStarts(entry, input)) {
      for (const p of await expand(start.base, start.segments)) if (!bases.has(p)) bases.set(p, start.base);
    }
  }
  const found = new Map<string, PlanCandidate>();
  for (const [p, root] of bases) {
    for (const c of await markdownIn(p, root)) if (!found.has(c.path)) found.set(c.path, c);
  }
  return [...found.values()].sort((a, b) => b.mtimeMs - a.mtimeMs || a.path.localeCompare(b.path));
}

/** The newest plan, or null with the seed's message (where it looked); the front end adds what to do next. */
export async function discoverNewestPlan(input: DiscoveryInput): Promise<{ path: string; root: string } | { path: null; message: string }> {
  const all = await discoverPlans(input);
  const first = all[0];
  if (first) return { path: first.path, root: first.root };
  const where = input.folders.map((f) => `\`${f}\``).join(', ') || '(no plan folders configured)';
  return { path: null, message: `No plan files found in ${where}.` };
}

/**
 * True when `file` is a plan by the entries, decided on the path alone (no
 * disk access): a Markdown file an entry names, or a Markdown file directly
 * inside a folder an entry names. For an existing file this is exactly
 * whether `discoverPlans` lists it.
 */
export function isPlanPath(file: string, input: DiscoveryInput): boolean {
  const target = path.resolve(file);
  if (!isMarkdown(target)) return false;
  for (const entry of input.folders) {
    for (const { base, segments } of entryStarts(entry, input)) {
      if (segments.includes('..')) continue;
      const rel = path.relative(base, target);
      if (rel === '' || rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) continue;
      const names = rel.split(path.sep);
      if (names.length !== segments.length && names.length !== segments.length + 1) continue;
      if (segments.every((segment, i) => segmentMatches(names[i]!, segment))) return true;
    }
  }
  return false;
}

/**
 * What "Verify Plan" may run on without asking: a file discovery takes for a
 * plan, or one already verified (the user chose it before). An exported
 * report never. Pure given the scope.
 */
export function planCheck(file: string, scope: DiscoveryInput, verifiedBefore: boolean): 'plan' | 'report' | 'not-a-plan' {
  if (isReportFile(path.basename(file))) return 'report';
  return verifiedBefore || isPlanPath(file, scope) ? 'plan' : 'not-a-plan';
}

/**
 * The entries as glob patterns under an absolute base folder (for the
 * editor's document selector: a RelativePattern each): the place an entry
 * names and what lies directly in it. A superset of `isPlanPath` (any name
 * there, any file type, dot-names too), never a subset; the client sends the
 * server only the documents `isPlanPath` accepts.
 */
export function planSelectorPatterns(input: DiscoveryInput): { base: string; pattern: string }[] {
  const out = new Map<string, { base: string; pattern: string }>();
  for (const entry of input.folders) {
    for (const { base, segments } of entryStarts(entry, input)) {
      if (segments.includes('..')) continue;
      const named = segments.join('/');
      for (const pattern of named ? [named, `${named}/*`] : ['*']) out.set(`${base}\0${pattern}`, { base, pattern });
    }
  }
  return [...out.values()];
}

/** True when `file` lies in (or is) one of the configured plan locations. */
export async function isInPlanFolders(file: string, input: DiscoveryInput): Promise<boolean> {
  const target = path.resolve(file);
  const plans = await discoverPlans(input);
  return plans.some((p) => p.path === target);
}

function entryStarts(entry: string, input: DiscoveryInput): { base: string; segments: string[] }[] {
  const trimmed = entry.trim().replace(/\\/g, '/');
  if (trimmed === '' || trimmed.split('/').includes('**')) return [];
  if (trimmed === '~' || trimmed.startsWith('~/')) {
    return [{ base: input.homeDir, segments: splitSegments(trimmed.slice(1)) }];
  }
  if (path.isAbsolute(trimmed)) {
    const root = path.parse(trimmed).root;
    return [{ base: root, segments: splitSegments(trimmed.slice(root.length)) }];
  }
  return input.roots.map((root) => ({ base: root, segments: splitSegments(trimmed) }));
}

function splitSegments(p: string): string[] {
  return p.split('/').filter((s) => s !== '' && s !== '.');
}

/**
 * Walks one segment at a time; `..` segments are refused so an entry cannot
 * climb out of its base, and a segment that is a symbolic link ends the walk.
 */
async function expand(base: string, segments: string[]): Promise<string[]> {
  let current = [base];
  for (const [i, segment] of segments.entries()) {
    if (segment === '..') return [];
    const next: string[] = [];
    for (const dir of current) {
      const names = hasGlob(segment) ? (await listDir(dir)).filter((name) => segmentMatches(name, segment)) : [segment];
      for (const name of names) {
        const p = path.join(dir, name);
        const s = await lstatOrNull(p);
        if (s && !s.isSymbolicLink() && (s.isDirectory() || (i === segments.length - 1 && s.isFile()))) next.push(p);
      }
    }
    current = next;
  }
  return current;
}

async function markdownIn(p: string, root: string): Promise<PlanCandidate[]> {
  const stat = await lstatOrNull(p);
  if (!stat || stat.isSymbolicLink()) return [];
  if (stat.isFile()) return isMarkdown(p) ? [{ path: path.resolve(p), mtimeMs: stat.mtimeMs, root }] : [];
  if (!stat.isDirectory()) return [];
  const out: PlanCandidate[] = [];
  for (const name of await listDir(p)) {
    if (!isMarkdown(name)) continue;
    const full = path.join(p, name);
    const s = await lstatOrNull(full);
    if (s?.isFile()) out.push({ path: path.resolve(full), mtimeMs: s.mtimeMs, root });
  }
  return out;
}

/** What Export Report names its files (`<plan>.verify-report.md`): a report is never a plan, wherever it is saved. */
export const REPORT_SUFFIX = '.verify-report.md';

export function isReportFile(name: string): boolean {
  return name.toLowerCase().endsWith(REPORT_SUFFIX);
}

/** A Markdown file that is not one of our own reports. */
function isMarkdown(name: string): boolean {
  return /\.(md|markdown)$/i.test(name) && !isReportFile(name);
}

/** One path segment against one entry segment (a name, or a pattern within the segment that never matches dot-names): the one rule discovery and `isPlanPath` share. */
function segmentMatches(name: string, segment: string): boolean {
  return hasGlob(segment) ? minimatch(name, segment, { dot: false }) : name === segment;
}

function hasGlob(segment: string): boolean {
  return /[*?[\]{}]/.test(segment);
}

async function listDir(dir: string): Promise<string[]> {
  try {
    return (await fs.readdir(dir)).sort();
  } catch {
    return [];
  }
}

async function lstatOrNull(p: string) {
  try {
    return await fs.lstat(p);
  } catch {
    return null;
  }
}
