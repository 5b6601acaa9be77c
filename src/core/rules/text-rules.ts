/**
 * missing-file: file paths the plan names that do not exist (unknown-signal
 * lives in unknown-signal.ts). Pure functions of (plan, environment); no I/O
 * of their own.
 */
import { citesSource, editedAsText, namesChangeVerb, opensOldSide, placesOutside } from '../wording/file-context';
import type { Plan, Range } from '../plan';
import type { LineMemo } from './line-memo';
import type { RuleEnvironment, RuleScope, StaticFinding } from './catalog';
import { createdPaths, insideRemovedFolder, readerPath, removedFolders } from './created-paths';
import {
  ENV_VAR_FOLDER,
  firstCellOfNeutralFileTable,
  originSideOfTable,
  formerName,
  isScriptTwinOfTypeScript,
  inOutsideProject,
  noSourceYet,
  npmScoped,
  defaultPathLabel,
  projectsOutside,
  safeExists,
  safeNamed,
  shorthandFor,
  startsGreenfield,
  tableHeaderOf,
  TEST_FILE,
  toolFolder,
  underTestingHeading,
} from './missing-file-context';
import { existenceClaims, type ExistenceClaims } from './missing-file-claims';
import { alternativeOfExisting, isLinkedOutside, linkedOutside, movedAwayPaths, scopedByHeadingFolder } from './missing-file-scope';

export type Draft = Omit<StaticFinding, 'level'>;

/**
 * A mention that reads, on its line (and, for a wrapped "（原\n`x`）", the line before), as no claim on a file here: an
 * agent's home reference, spec-kit's template note, a module specifier, a name as text to replace, a former name, a
 * program's default path.
 */
function notAMentionOnItsLine(lines: readonly string[], r: Range, refPath: string): boolean {
  const line = lines[r.startLine] ?? '';
  return (
    AGENT_HOME_REFERENCE.test(line) ||
    TEMPLATE_NOTE.test(line) ||
    moduleSpecifier(line, r.startChar, refPath) ||
    namedAsText(line, r.startChar, r.endChar) ||
    formerName(lines, r.startLine, r.startChar) ||
    defaultPathLabel(line, r.startChar)
  );
}

/** missingFileRule in two steps, pausing after the paths the plan creates (about half the work on a long plan). */
export function* missingFileSteps(plan: Plan, env: RuleEnvironment, scope: RuleScope = 'precise', memo?: LineMemo): Generator<void, Draft[], void> {
  const created = createdPaths(plan, memo);
  yield;
  return missingFileRule(plan, env, scope, memo, created);
}

/**
 * `memo` (optional) keeps the answers of checks that read one line across runs (see LineMemo); findings are the same
 * without it. `created` is createdPaths(plan) when the caller has it.
 */
export function missingFileRule(plan: Plan, env: RuleEnvironment, scope: RuleScope = 'precise', memo?: LineMemo, created = createdPaths(plan, memo)): Draft[] {
  const out: Draft[] = [];
  let greenfield: boolean | undefined;
  let removed: string[] | undefined;
  let emptyWorkspace: boolean | undefined;
  let outsideProjects: Set<string> | undefined;
  let claims: ExistenceClaims | undefined;
  let movedAway: Set<string> | undefined;
  let linkedAway: Set<string> | undefined;
  // Every proper tail of a created path ("code-reviewer/prompt.md" of "skills/code-reviewer/prompt.md"): a fragment names that file.
  const createdEnds = new Set<string>();
  for (const c of created) for (let at = c.indexOf('/'); at !== -1; at = c.indexOf('/', at + 1)) createdEnds.add(c.slice(at + 1));
  // The file names of the paths with a folder the plan names ("server/include/config.h" → "config.h"): a bare name
  // among them is that file, judged where the plan names it in full (see the end).
  const namedInFull = new Set<string>();
  for (const ref of plan.referencedPaths) {
    const full = readerPath(ref.path);
    if (full !== null && !isBareName(full)) namedInFull.add(full.slice(full.lastIndexOf('/') + 1));
  }
  for (const ref of plan.referencedPaths) {
    const path = readerPath(ref.path);
    if (path === null) continue;
    const mentions = (ref.ranges && ref.ranges.length > 0 ? ref.ranges : [ref.range]).filter((r) => {
      const line = plan.lines[r.startLine] ?? '';
      // formerName reads the line before too, so it is part of the key.
      const before = r.startLine > 0 ? (plan.lines[r.startLine - 1] ?? '') : null;
      const local = () => notAMentionOnItsLine(plan.lines, r, ref.path);
      const skipped = memo ? memo.get(line, ['not-a-mention', r.startChar, r.endChar, ref.path, before], local) : local();
      return !skipped && !oldSideOfTable(plan.lines, r.startLine, r.startChar);
    });
    if (mentions.length === 0) continue;
    if (
      ref.path.startsWith('@') &&
      (isPackageName(path, env) ||
        npmScoped(
          ref.path,
          mentions.map((r) => plan.lines[r.startLine] ?? ''),
        ))
    )
      continue;
    const exists = safeExists(env, path);
    if (exists !== false) continue;
    // "@/infrastructure/repositories": a TypeScript / Vite path alias (tsconfig "@/*"), which points into src/ by
    // convention; where src/ has it, it is there, and otherwise the alias's target cannot be told.
    if (ref.path.startsWith('@/')) continue;
    if (notAWorkspacePath(plan, path, env) || placedOutside(plan, path) || inOutsideProject(path, (outsideProjects ??= projectsOutside(plan)))) continue;
    if (mentions.every((r) => inNamedProject(plan.lines[r.startLine] ?? '', r.startChar, r.endChar, path, env))) continue;
    if (!hasExtension(path) && safeExists(env, path.split('/')[0] ?? '') === false) continue; // "production/main", "log/10": not a file path
    // "docs/09" for docs/09-go-architecture.md, "issues/42": a numbered reference (no file in the 41,730 of the corpus
    // repositories has a digits-only name without an extension).
    if (!hasExtension(path) && /(?:^|\/)\d+\/?$/.test(path)) continue;
    if (created.has(path) || (!path.includes('/') && created.has(`/${path}`)) || createdEnds.has(path)) continue;
    // The plan says where the file went, or the line offers it as one of two places or lists it under a folder's heading.
    if ((movedAway ??= movedAwayPaths(plan)).has(path)) continue;
    if (isLinkedOutside(path, (linkedAway ??= linkedOutside(plan, env)))) continue;
    if (mentions.every((r) => alternativeOfExisting(plan, r.startLine, r.startChar, r.endChar, env) || scopedByHeadingFolder(plan, r.startLine, path, env, created))) continue;
    // A file in a folder the plan deletes whole is gone by design.
    if (insideRemovedFolder(path, (removed ??= removedFolders(plan)))) continue;
    if (mentions.every((r) => citedAsSource(plan.lines, r.startLine, r.startChar))) continue;
    // "Note: `current/CLAUDE.md` is outside the wonderland repo": the plan itself says the file is not in this workspace.
    if (mentions.some((r) => placesOutside(plan.lines[r.startLine] ?? ''))) continue;
    if (isScriptTwinOfTypeScript(path, env)) continue;
    const elsewhere = safeNamed(env, path);
    // A bare name or a path fragment that ends a workspace path names that file (or one of a few), as a reader takes it;
    // so does a crate- or package-relative shorthand ("plugin-api/events.rs" for "src/lib/plugin-api/src/events.rs").
    if (elsewhere.suffix.length >= 1 || elsewhere.basename.some((p) => shorthandFor(path, p))) continue;
    const suggestion = elsewhere.suffix[0] ?? (elsewhere.basename.length === 1 ? elsewhere.basename[0] : undefined);
    // A bare file name ("RunStatusChip.vue", "m_sasl.c", and JavaScript libraries: "matter.js", "Chart.js") that no
    // workspace file has claims no place in the tree: it names a file to write as often as a wrong one, and a reader
    // cannot say which (none of 52 labels on such findings across the real-plan corpus was a real problem). A path with a
    // folder claims a place, and is checked; so does a bare name written beside one ("`src/session/handler.go` +
    // `example_test.go`", "`src/ui/app.ts` + `worker.js`"), which it sits next to.
    if (suggestion === undefined && isBareName(path) && !mentions.some((r) => besideFolderPath(plan.lines[r.startLine] ?? '', r.startChar))) continue;
    // "WebLLM/transformers.js", "DuckDB/sql.js": two library names joined by a slash, the first no folder of the workspace.
    // Written as prose (not in inline code), with a capital in the first name, as products are: "cache/index.js" is a path.
    if (
      suggestion === undefined &&
      /^[A-Za-z][\w-]*[A-Z][\w-]*\/[\w-]+\.js$|^[A-Z][\w-]*\/[\w-]+\.js$/.test(path) &&
      safeExists(env, path.split('/')[0] as string) === false &&
      mentions.every((r) => (plan.lines[r.startLine] ?? '').charAt(r.startChar - 1) !== '`')
    )
      continue;
    // A design document describes the system to be: its new files are proposals, only a wrong path to an existing file is a finding.
    // A GSD plan that depends on earlier plans reads what they create before they have run: the same holds there.
    // A plan that says it starts from an empty repository ("Greenfield project — no code exists yet.") creates what it names,
    // and so does one whose workspace holds no code yet (only the plan and other documents).
    if ((plan.format === 'descriptive' || (plan.format === 'gsd' && dependsOnEarlierPlans(plan.lines)) || (greenfield ??= startsGreenfield(plan))) && suggestion === undefined)
      continue;
    // A workspace that holds no code yet: what the plan names there is what it will write, unless it says it changes the
    // file ("Replace the in-memory map in src/server.ts": that file should be there).
    if (
      suggestion === undefined &&
      (emptyWorkspace ??= noSourceYet(env)) &&
      !mentions.some((r) => namesChangeVerb((plan.lines[r.startLine] ?? '').slice(Math.max(0, r.startChar - 120), r.startChar)))
    )
      continue;
    // A work plan's "| File | Action |" table lists what each step touches, new files among them: one no workspace file
    // is named like is one the step writes (not under "Files to Modify", whose files must exist).
    if (suggestion === undefined && mentions.every((r) => firstCellOfNeutralFileTable(plan.lines, r.startLine, r.startChar))) continue;
    // "| v1 source | v2 destination |": the origin of a port or a move, not a file this workspace must hold.
    if (mentions.every((r) => originSideOfTable(plan.lines, r.startLine, r.startChar))) continue;
    // "## Testing Strategy" / "### Unit Tests" then "**`tests/test_stage7.py`:** - Test query loading": the tests the plan will write.
    if (suggestion === undefined && TEST_FILE.test(path) && mentions.every((r) => underTestingHeading(plan, r.startLine))) continue;
    // Only where the plan says the file is there (see missing-file-claims.ts), with or without a file of that name
    // elsewhere: a new file is often named like one in another folder ("src/__tests__/setup.ts" beside "src/test/setup.ts").
    const claimed = scope === 'precise' ? mentions.filter((r) => (claims ??= existenceClaims(plan)).at(r)) : mentions;
    for (const range of claimed) {
      out.push({
        code: 'missing-file',
        message: suggestion
          ? `"${ref.path}" does not exist in the workspace; did you mean "${suggestion}"?`
          : `"${ref.path}" does not exist in the workspace: fix the path, or say the plan creates it (e.g. "create ${ref.path}").`,
        range,
        data: suggestion ? { path: ref.path, suggestion } : { path: ref.path },
      });
    }
  }
  // A bare name that is the file name of a path the plan names in full is flagged only when that path is.
  const flaggedInFull = new Set(
    out
      .map((d) => (d.data as { path: string }).path)
      .filter((p) => p.includes('/'))
      .map((p) => p.slice(p.lastIndexOf('/') + 1)),
  );
  return out.filter((d) => {
    const p = readerPath((d.data as { path: string }).path) ?? '';
    return !isBareName(p) || !namedInFull.has(p) || flaggedInFull.has(p);
  });
}

/** A file name without a folder ("store.hpp", "./store.hpp"), as opposed to a path that places the file ("include/store.hpp"). */
function isBareName(path: string): boolean {
  return !path.replace(/^\.?\//, '').includes('/');
}

/** Another path with a folder on the line, before the bare name ("`src/a/handler.go` + `example_test.go`"). */
function besideFolderPath(line: string, startChar: number): boolean {
  return /[\w.-]+\/[\w.-]+\.\w+/.test(line.slice(Math.max(0, startChar - 300), startChar));
}

/**
 * Where a plan says what it was made from ("Consolidated from two reviews
 * (`a.md` and `b.md`)", "Compiled from …", "Distilled from …"): those sources
 * are its provenance, not files it reads or changes, and are often working
 * notes that were never committed. Judged on the sentence that holds the
 * mention (the paragraph up to it, back to the last sentence end).
 */
function citedAsSource(lines: readonly string[], line: number, startChar: number): boolean {
  let text = (lines[line] ?? '').slice(0, startChar);
  for (let i = line - 1; i >= 0 && i >= line - 6; i--) {
    const previous = lines[i] ?? '';
    if (previous.trim() === '' || /^\s*#/.test(previous)) break;
    text = `${previous} ${text}`;
  }
  const sentence = text.split(/[.!?](?:\s|$)/).pop() ?? text;
  return citesSource(sentence);
}

/** Folders a build or an install fills; a path under one that the repository does not track exists only after that build. */
const BUILD_OUTPUT = new Set(['dist', 'build', 'out', 'target', '.next', '.nuxt', '.output', '.turbo', 'coverage', 'node_modules', '__pycache__', '.venv', 'venv']);
/** Folders that hold vendored dependencies; one the repository lacks is a dependency's own tree ("DuckDB makes httplib available at `third_party/httplib/httplib.hpp`"). */
const VENDORED = new Set(['third_party', 'thirdparty', '3rdparty', 'third-party', 'vendor', 'external', 'deps']);
/**
 * A name pattern, not a file: "adr-NNN-slug.md", "XX-YY-PLAN.md", "YYYY-MM-DD-topic.md", "YYYYMMDDHHMMSS_add_shares.sql",
 * and a stand-in written in capitals for a file still to be named ("supabase/migrations/NEW.sql").
 */
const PLACEHOLDER = /(?:^|[/._-])(?:N{2,}|X{2,}|x{2,}|YYYY|MM|DD|YYYYMMDD(?:HHMM(?:SS)?)?|TIMESTAMP|timestamp|slug|name)(?=$|[/._-])|(?:^|\/)(?:NEW|NEXT|TBD)$/;
/** A stand-in name ("`FooView.tsx`" in a recipe for adding a view, "src/bar.ts"): foo, bar, baz, qux as a name's first word. */
const METASYNTACTIC = /(?:^|\/)(?:foo|bar|baz|qux|quux)(?=[A-Z_.-]|$)/;
/** A kind of file named by its compound extension ("`.module.css`", "`.test.ts`", "`.d.ts`"), not a file. */
const COMPOUND_EXTENSION = /^\.(?:module|test|spec|d|stories|story|config|min|e2e|integration)\.[A-Za-z]\w*$/;
/**
 * A package manager's lockfile ("Cargo.lock", "package-lock.json", "uv.lock"): the tool writes it on install or build,
 * so one the repository does not track is generated, or belongs to a project the plan's tool works on.
 */
const LOCKFILE =
  /(?:^|\/)(?:Cargo\.lock|package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?|poetry\.lock|uv\.lock|Pipfile\.lock|pdm\.lock|Gemfile\.lock|composer\.lock|go\.sum|flake\.lock|mix\.lock|pubspec\.lock|Podfile\.lock|packages\.lock\.json|gradle\.lockfile|conan\.lock)$/;
/** GSD: an earlier plan's "NN-MM-SUMMARY.md" is written when that plan executes. */
const GSD_SUMMARY = /(?:^|\/)\d[\w.-]*-SUMMARY\.md$/;
/**
 * "`S.json`" in a plan that writes `S.union`, `S.string`, `S.nullish`: a member of the module `S`, not a file.
 * Two other members of the same object in inline code make the reading.
 */
function isModuleMember(plan: Plan, name: string): boolean {
  const dot = name.indexOf('.');
  if (dot <= 0 || name.length > 100) return false;
  const stem = name.slice(0, dot).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const members = new Set<string>();
  for (const m of plan.text.matchAll(new RegExp(`\`${stem}\\.([A-Za-z_$][\\w$]*)`, 'g'))) {
    const member = m[1] as string;
    if (!MODULE_EXTENSIONS.includes(member.toLowerCase()) && !/^(?:json|mjs|cjs|md|txt|ya?ml|toml|lock|html?|css)$/i.test(member)) members.add(member);
    if (members.size >= 2) return true;
  }
  return false;
}

/** A module named without its extension ("tests/fixtures/golden_a10" for golden_a10.py). */
const MODULE_EXTENSIONS = ['py', 'ts', 'tsx', 'js', 'jsx', 'mjs', 'rs', 'go', 'rb', 'dart', 'java', 'kt', 'swift', 'md'];

/**
 * Paths that are missing but not wrong: build output under an untracked
 * output folder, a package manager's lockfile, a model id ("openai/gpt-4.1"), a
 * program's default path ("(default `./.app/config.json`)"), a name pattern, a GSD summary still to be written, a module
 * named without its extension, Claude Code's MEMORY.md (its memory lives in
 * the user's home, outside the repository).
 */
function notAWorkspacePath(plan: Plan, path: string, env: RuleEnvironment): boolean {
  const first = path.split('/')[0] ?? '';
  if (path.includes('/') && (BUILD_OUTPUT.has(first) || VENDORED.has(first)) && safeExists(env, first) !== true) return true;
  if (!path.includes('/') && isModuleMember(plan, path)) return true;
  if (PLACEHOLDER.test(path.replace(/\.[^./]+$/, '')) || METASYNTACTIC.test(path) || COMPOUND_EXTENSION.test(path) || LOCKFILE.test(path)) return true;
  // "`.test.js/.test.jsx`": kinds of file listed by their compound extensions.
  if (path.includes('/') && path.split('/').every((part) => COMPOUND_EXTENSION.test(part))) return true;
  // "openai/gpt-4.1-mini", "google/gemini-2.5-flash": a provider's model id whose last dot starts a version number, not an extension.
  if (path.includes('/') && /\.\d[\w-]*$/.test(path.slice(path.lastIndexOf('/') + 1))) return true;
  // ".chainlit/config.toml" in a plan about Chainlit, ".claude/settings.json" in one about Claude Code: the tool's own
  // folder, which the tool writes in the project where it runs; the repository has no such folder yet.
  if (toolFolder(plan, path, env)) return true;
  // "(default `./.autopilot/config.json`)": where the program looks at run time, in the user's working directory.
  if (plan.text.includes(`default \`${path}\``) || plan.text.includes(`default \`./${path}\``)) return true;
  // "GNUPGHOME/gpgsmith.yaml", "REDRAW_E2E_CASE_OUTPUT_DIR/run-manifest.json": a folder an environment variable names
  // at run time, like "$HOME/…", not a folder of the repository.
  if (path.includes('/') && ENV_VAR_FOLDER.test(first)) return true;
  // "./internal/...": Go's package pattern (every package below), not a file. "src/.../HarnessTests.cs", "src/…/a.ts": a path
  // with its middle elided, which names a file the reader finds by its ends, not one to look up as written; so does a
  // name whose start is elided ("..._Bjoern_Ueber_Meier.pdf": the tail of a file name the program writes).
  if (/\/\.\.\.$/.test(path) || /(?:^|\/)(?:\.{3}|…)\//.test(path) || /(?:^|\/)(?:\.{3}|…)[^./]/.test(path)) return true;
  if (plan.format === 'gsd' && GSD_SUMMARY.test(path)) return true;
  if (path === 'MEMORY.md') return true;
  return !hasExtension(path) && path.includes('/') && MODULE_EXTENSIONS.some((ext) => safeExists(env, `${path}.${ext}`) === true);
}

/**
 * "Replace any `CLAUDE.md` references", "remove all `config.yml` mentions": the name is text the step
 * edits in other files (a string to find), not a file the plan needs.
 */
function namedAsText(line: string, startChar: number, endChar: number): boolean {
  return editedAsText(line.slice(0, startChar), line.slice(endChar));
}

/**
 * A path in the "Old path" column of a mapping table ("| Old path (in tutorial) | New path |"): the
 * name the step replaces, which is expected not to exist any more.
 */
function oldSideOfTable(lines: readonly string[], line: number, startChar: number): boolean {
  const row = lines[line] ?? '';
  const header = tableHeaderOf(lines, line);
  if (header === null) return false;
  const column = (text: string, at: number): number => {
    let n = -1;
    for (let i = 0; i < at && i < text.length; i++) if (text[i] === '|' && text[i - 1] !== '\\') n++;
    return n;
  };
  const cells = (lines[header] ?? '').split(/(?<!\\)\|/).slice(1);
  const name = cells[column(row, startChar)] ?? '';
  return opensOldSide(name.replace(/[*_`]/g, ''));
}

/**
 * "implemented in `openclaw/src/utils.ts` … has shipped in OpenClaw", "(in `duckdb/common/http_util.hpp`)" beside
 * "DuckDB's …": a path whose first folder is not in the workspace but names a project the sentence talks
 * about lies in that project's source tree, not in this repository.
 */
function inNamedProject(line: string, startChar: number, endChar: number, path: string, env: RuleEnvironment): boolean {
  const first = path.split('/')[0] ?? '';
  if (!path.includes('/') || first.length < 3 || first.length > 60 || safeExists(env, first) !== false) return false;
  // The project is named as a name, outside code: capitalised ("OpenClaw", "DuckDB's"), not the word `cache`.
  const rest = `${line.slice(0, startChar)} ${line.slice(endChar)}`.replace(/`[^`]*`/g, ' ');
  const name = first.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`(?<![\\w/.-])${name}(?![\\w/.-]|\\.\\w)`, 'i').exec(rest);
  return m !== null && /[A-Z]/.test(m[0]);
}

/** "Import types from '../types/index.js'": a module specifier relative to the importing file, not to the plan. */
function moduleSpecifier(line: string, startChar: number, path: string): boolean {
  return /^\.\.?\//.test(path) && /\b(?:from|import|require)\s*\(?\s*['"`]$/i.test(line.slice(Math.max(0, startChar - 40), startChar));
}

/**
 * spec-kit's template note ("**Note**: This template is filled in by the `/speckit.plan` command. See
 * `.specify/templates/commands/plan.md` …", in any language: "此模板由 `/speckit.plan` 指令填寫。執行流程請參閱
 * `.specify/templates/commands/plan.md`"): it points at the tool's own layout, not at this plan's work.
 */
const TEMPLATE_NOTE = /\btemplate is filled in by the `?\/[\w.-]+`? command\b|`\/speckit\.[\w-]+`[^\n]{0,200}\.specify\/templates\/commands\//i;

/**
 * A bare name the plan also writes as a path out of its folder ("`coaching_state.md`" beside
 * "COACHING_STATE_PATH=../coaching_state.md"): the plan places that file outside the workspace.
 */
function placedOutside(plan: Plan, path: string): boolean {
  if (path.includes('/') || path.length > 200) return false;
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?:^|[^\\w./-])(?:\\.\\./)+${escaped}(?![\\w.-])`).test(plan.text);
}

/** A line that is an agent's reference into its home folder ("@/Users/me/.claude/…", "@~/…", "@$HOME/…"): outside the workspace, spaces and all. */
const AGENT_HOME_REFERENCE = /^\s*@(?:\/|~|\$\{?HOME\b|(?:\.\/)?\.claude\/get-shit-done\/)/;

function hasExtension(path: string): boolean {
  const base = path.slice(path.lastIndexOf('/') + 1);
  return base.lastIndexOf('.') > 0 || /^[A-Z][a-z]+file$|^(LICENSE|README|CODEOWNERS)$/.test(base);
}

/** "@scope/pkg/sub.js" whose first folder is not in the workspace is an npm package, not a file. */
function isPackageName(path: string, env: RuleEnvironment): boolean {
  const first = path.split('/')[0] ?? '';
  return !first.startsWith('.') && path.includes('/') && safeExists(env, first) === false;
}

/** A GSD PLAN.md whose frontmatter names earlier plans ("depends_on: [\"04-01\"]", or a "depends_on:" list): a later wave. */
function dependsOnEarlierPlans(lines: readonly string[]): boolean {
  if ((lines[0] ?? '').trim() !== '---') return false;
  for (let i = 1; i < Math.min(lines.length, 200); i++) {
    const l = lines[i] ?? '';
    if (l.trim() === '---') return false;
    const m = /^depends_on:\s*(.*)$/.exec(l);
    if (!m) continue;
    const inline = (m[1] ?? '').trim();
    if (inline !== '') return !/^\[\s*\]$|^(?:none|null|~)$/i.test(inline);
    return /^\s+-\s*\S/.test(lines[i + 1] ?? '');
  }
  return false;
}
