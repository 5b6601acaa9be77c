/**
 * Where a plan places a file it names, read from the plan's own layout and words (missing-file, text-rules.ts): a work
 * plan's file table, the tests a testing section lists, a tool's own config folder, an npm package, a plan that starts
 * from an empty repository, a name the file had before; and where a reader finds a name the workspace has elsewhere (a
 * package-relative shorthand, a TypeScript source behind a ".js" import). Pure functions of the plan's lines and the
 * host's lookups; no I/O of their own.
 */
import type { Plan } from '../plan';
import { aboutPackages, defaultPathBefore, formerNameBefore, isFileColumn, isOriginCell, isTargetCell, saysChanged, saysGreenfield, titleIsTests } from '../wording/file-context';
import type { RuleEnvironment } from './catalog';

/**
 * "`@types/jsonwebtoken`" (DefinitelyTyped), "`@aws-sdk/lib-dynamodb`" on a line about installing packages, or any
 * "`@supabase/ssr`" written as npm names its packages (lower case, words joined by hyphens, no extension): an npm
 * package, even where the workspace has a folder of the scope's name ("types/", "supabase/").
 */
export function npmScoped(raw: string, lines: readonly string[]): boolean {
  if (!/^@[\w.-]+\/[\w.-]+$/.test(raw) || /\.(?:md|ts|tsx|js|json|ya?ml)$/i.test(raw)) return false;
  if (raw.startsWith('@types/') || /^@[a-z0-9][a-z0-9-]*\/[a-z0-9][a-z0-9-]*$/.test(raw)) return true;
  return lines.some(aboutPackages);
}

/**
 * "Default storage path: `static/images/`", "default config directory: `~/.app`": where the program reads or writes at
 * run time, in its user's folder or repository, as "(default `./.app/config.json`)" is; not a file of this workspace.
 */
export function defaultPathLabel(line: string, startChar: number): boolean {
  return defaultPathBefore(line.slice(Math.max(0, startChar - 60), startChar));
}

/** The row's own operation says its file is changed ("| `svc/c.go` | editar |", "| `a.rs` | Update the route |"). */
export function rowSaysChanged(row: string, startChar: number): boolean {
  const rest = row
    .slice(startChar)
    .split(/(?<!\\)\|/)
    .slice(1);
  return rest.some((cell) => /^\W*\w+/.test(cell) && saysChanged((/^\W*(\w+)/.exec(cell) as RegExpExecArray)[1] as string));
}

/** A table whose header row (at `header`), or the heading or label right above it, is about changing existing files ("## Files to Modify", "| File | Changes |"). */
export function tableHeaderSaysChanged(lines: readonly string[], header: number): boolean {
  if (!/^\s*\|?\s*:?-{3,}/.test(lines[header + 1] ?? '')) return false;
  if (saysChanged(lines[header] ?? '')) return true;
  for (let i = header - 1; i >= 0 && i >= header - 3; i--) {
    const above = (lines[i] ?? '').trim();
    if (above !== '') return saysChanged(above);
  }
  return false;
}

/**
 * Is the mention in the first cell of a table whose header's first cell names files, and does nothing above or in the
 * header say the files are existing ones to change? Then the table lists files of the work, new ones included.
 */
export function firstCellOfNeutralFileTable(lines: readonly string[], line: number, startChar: number): boolean {
  const row = lines[line] ?? '';
  if (!inFirstCell(row, startChar) || rowSaysChanged(row, startChar)) return false;
  const header = tableHeaderOf(lines, line);
  if (header === null) return false;
  const first = (lines[header] ?? '').split(/(?<!\\)\|/)[1] ?? '';
  return isFileColumn(first.replace(/[*_`]/g, '')) && !tableHeaderSaysChanged(lines, header);
}

/** Is the character at `at` in the first cell of a table row ("| `a.ts` | … |")? */
function inFirstCell(row: string, at: number): boolean {
  return /^\s*\|/.test(row) && !row.slice(row.indexOf('|') + 1, at).includes('|');
}

/** The header row of the table that holds row `line` (the row above a "|---|" line), or null when it has none. */
export function tableHeaderOf(lines: readonly string[], line: number): number | null {
  if (!/^\s*\|/.test(lines[line] ?? '')) return null;
  let header = line;
  while (header > 0 && /^\s*\|/.test(lines[header - 1] ?? '') && line - header < 500) header--;
  return header === line || !/^\s*\|?\s*:?-{3,}/.test(lines[header + 1] ?? '') ? null : header;
}

/**
 * The first cell of a port or move table ("| v1 source | v2 destination |", "| Old path | New path |"): where the work
 * takes the file from, another repository's or a path the move empties, not one the workspace must hold.
 */
export function originSideOfTable(lines: readonly string[], line: number, startChar: number): boolean {
  const header = inFirstCell(lines[line] ?? '', startChar) ? tableHeaderOf(lines, line) : null;
  if (header === null) return false;
  const cells = (lines[header] ?? '')
    .split(/(?<!\\)\|/)
    .slice(1)
    .map((c) => c.replace(/[*_`]/g, '').trim());
  return isOriginCell(cells[0] ?? '') && cells.slice(1).some(isTargetCell);
}

/**
 * Is `path` a config or settings file under a dot-folder the workspace lacks, named after a tool the plan names as a
 * word (".chainlit/config.toml" beside "Chainlit", ".claude/settings.json" beside "Claude Code")?
 */
export function toolFolder(plan: Plan, path: string, env: RuleEnvironment): boolean {
  const m = /^\.([A-Za-z][\w-]{2,30})\/(?:[\w-]+\/)?(?:config|settings)(?:\.local)?\.(?:toml|json|ya?ml|ini)$/.exec(path);
  if (!m || safeExists(env, `.${m[1]}`) !== false) return false;
  return new RegExp(`(?<![\\w./-])${m[1]}(?![\\w/-])`, 'i').test(plan.text.replace(/`[^`\n]*`/g, ' '));
}

/** A test file by its name: test_x.py, x_test.go, x.test.ts, x.spec.tsx, XTests.cs. */
export const TEST_FILE = /(?:^|\/)(?:test_[\w-]+\.py|[\w-]+_test\.(?:go|py|rb|exs?|dart)|[\w.-]+\.(?:test|spec)\.[cm]?[jt]sx?|[\w-]+Tests?\.(?:cs|java|kt|swift))$/;
/** Is the line inside a section (or a sub-section of one) whose title is about the tests to write? */
export function underTestingHeading(plan: Plan, line: number): boolean {
  return plan.sections.some((s) => s.headingLine <= line && line <= s.range.endLine && titleIsTests(s.title));
}

/** Does the project start empty ("Greenfield project", "no code exists yet", "the repository is empty"), said before the first step? */
export function startsGreenfield(plan: Plan): boolean {
  const end = Math.min(plan.steps[0]?.line ?? plan.lines.length, 80);
  for (let i = 0; i < end; i++) if (saysGreenfield(plan.lines[i] ?? '')) return true;
  return false;
}

/** A host whose lookup throws must not take the other rules down with it. */
export function safeExists(env: RuleEnvironment, path: string): boolean | undefined {
  try {
    return env.fileExists(path);
  } catch {
    return undefined;
  }
}

/** The workspace files named like `path`'s file: those that end with the whole path, and all of that name. */
export function safeNamed(env: RuleEnvironment, path: string): { suffix: string[]; basename: string[] } {
  try {
    const base = path.slice(path.lastIndexOf('/') + 1);
    const byName = [...(env.pathsNamed?.(base) ?? [])];
    const suffix = byName.filter((p) => p === path || p.endsWith(`/${path}`));
    return { suffix, basename: byName };
  } catch {
    return { suffix: [], basename: [] };
  }
}

/**
 * "plugin-api/events.rs" names "src/lib/plugin-api/src/events.rs": relative to a package folder below the root, its
 * folders appear in order in the path, which ends with its name.
 */
export function shorthandFor(reference: string, workspacePath: string): boolean {
  const parts = reference.split('/');
  if (parts.length < 2 || parts.length > 6) return false;
  // A package's own subpath ("packages/schemas/tools.ts" for packages/schemas/src/tools.ts): packages export "./*" from src/.
  const slash = reference.lastIndexOf('/');
  if (workspacePath === `${reference.slice(0, slash)}/src${reference.slice(slash)}`) return true;
  const segments = workspacePath.split('/');
  // Relative to a package folder below the root: "src/client.go" for "src/vmware/client.go" is a wrong path, not a shorthand.
  let at = 0;
  // The first folder may be a project's short name, the end of its dotted name ("Tests.Unit/Services/a.cs" for
  // "Backend/Scriban.Tests.Unit/Services/a.cs", as .NET solutions abbreviate their projects).
  const sameFolder = (segment: string, part: string, first: boolean): boolean => segment === part || (first && part.includes('.') && segment.endsWith(`.${part}`));
  for (const [k, part] of parts.slice(0, -1).entries()) {
    while (at < segments.length - 1 && !sameFolder(segments[at] as string, part, k === 0)) at++;
    if (at >= segments.length - 1 || (k === 0 && at === 0)) return false;
    at++;
  }
  return segments[segments.length - 1] === parts[parts.length - 1];
}

/**
 * TypeScript's ESM convention: an import names the emitted ".js" ("from './config/index.js'") of a ".ts" source.
 * A ".js"/".mjs"/".cjs"/".jsx" path whose TypeScript twin exists (at that path, or as the end of one) is that file.
 */
export function isScriptTwinOfTypeScript(path: string, env: RuleEnvironment): boolean {
  const m = /^(.*)\.([mc]?)js(x?)$/.exec(path);
  if (!m) return false;
  const twin = `${m[1]}.${m[2]}ts${m[3]}`;
  return safeExists(env, twin) === true || safeNamed(env, twin).suffix.length > 0;
}

/** An environment variable's name: upper-case words joined by "_" ("OUTPUT_DIR"), or one ending HOME, DIR, PATH or ROOT ("GNUPGHOME"). */
export const ENV_VAR_FOLDER = /^\$?(?:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{2,}(?:HOME|DIR|PATH|ROOT))$/;

export function noSourceYet(env: RuleEnvironment): boolean {
  try {
    return env.hasSourceFiles?.() === false;
  } catch {
    return false;
  }
}

/**
 * The folders the plan places on the machine outside the workspace by an absolute path ("**Linked backend:**
 * `C:\\Projects\\promptscore-proxy`", "`~/code/shared-ui`", "/Users/me/dev/api"): their last names. A path that starts
 * with one ("promptscore-proxy/api/rewrite.js") is in that project, not in this workspace.
 */
export function projectsOutside(plan: Plan): Set<string> {
  const out = new Set<string>();
  if (plan.text.length > 2_000_000) return out;
  for (const m of plan.text.matchAll(/(?<![\w.-])(?:[A-Za-z]:\\(?:[^\\\s`'"|]+\\)*|(?:~|\/(?:Users|home)\/[^/\s`'"|]+)\/(?:[^/\s`'"|]+\/)*)([\w.-]+)(?=[`'"\s|)]|$)/gm)) {
    const name = m[1] as string;
    if (!/\.[A-Za-z0-9]{1,8}$/.test(name)) out.add(name);
  }
  return out;
}

export function inOutsideProject(path: string, projects: ReadonlySet<string>): boolean {
  const slash = path.indexOf('/');
  return slash > 0 && projects.has(path.slice(0, slash));
}

/**
 * The name a file or folder had before ("legacy/backend（原 `packages/backend`）", "(formerly `src/old.ts`)", "renamed
 * from `a.ts`"): gone by design, named so the reader can follow the move. Reads the words before the mention, from the
 * line before when it opens the line (a wrapped "（原\n`packages/backend`）").
 */
export function formerName(lines: readonly string[], line: number, startChar: number): boolean {
  const text = lines[line] ?? '';
  const before = text.slice(Math.max(0, startChar - 40), startChar);
  const opensLine = before.replace(/[`'"*_]/g, '').trim() === '';
  return formerNameBefore(opensLine && line > 0 ? `${(lines[line - 1] ?? '').slice(-40)}${before.trim()}` : before);
}
