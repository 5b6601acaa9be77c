/**
 * The research tools themselves: input schemas (zod, the single source of
 * the JSON Schemas the model sees) and one function per tool. Every function
 * answers with text and never throws; budgets and roles are the executor's
 * job (index.ts).
 */
import { spawn } from 'node:child_process';
import { gitOutsideWorkspace } from './git-confine';
import * as z from 'zod';
import type { ToolSpec } from '../llm/provider';
import { strictToolSchema } from '../llm/output-schema';
import type { MemorySource } from '../memory';
import { COMBINED_BUDGET } from './budgets';
import { compileGlob } from './glob';
import { GREP_LIMITS, grepWorkspace } from './grep';
import { checkRelativePath } from './paths';
import type { WalkOutcome, Workspace } from './workspace';

export type ToolAnswer = { content: string; isError: boolean };

export interface ToolContext {
  workspace: Workspace;
  maxResultChars: number;
  memory: MemorySource | null;
  signal?: AbortSignal;
  grepTimeoutMs?: number;
}

const RelPath = z.string().max(4096);

export const ReadFileInput = z.object({
  path: RelPath.describe('Workspace-relative file path, e.g. "src/app.ts"'),
  start_line: z.number().int().min(1).max(1_000_000).optional().describe('First line to return (1-based, default 1)'),
  end_line: z.number().int().min(1).max(1_000_000).optional().describe('Last line to return (inclusive, default: end of file)'),
});
export const GrepInput = z.object({
  pattern: z.string().min(1).max(1000).describe('JavaScript regular expression, matched per line'),
  glob: z.string().max(500).optional().describe('Only files matching this glob, e.g. "src/**/*.ts" or "*.md"'),
  max_results: z.number().int().min(1).max(200).optional().describe('Default 50'),
  ignore_case: z.boolean().optional(),
});
export const ListFilesInput = z.object({
  dir: RelPath.optional().describe('Workspace-relative directory (default: the root)'),
  glob: z.string().max(500).optional().describe('Only paths matching this glob, e.g. "**/*.test.ts"'),
});
export const GitLogInput = z.object({
  path: RelPath.optional().describe('Workspace-relative file or directory (default: the whole workspace)'),
  max_count: z.number().int().min(1).max(30).optional().describe('Default 10'),
});
export const MemorySearchInput = z.object({
  query: z.string().min(1).max(500).describe('Words to look for in past runs: challenges, resolutions, user decisions'),
});
export const WebSearchInput = z.object({ query: z.string().min(1).max(500) });
export const WebFetchInput = z.object({ url: z.string().url().max(2000) });

/** Anthropic server-tool types the provider sends for the web tools (they run on the API, not here). */
export const WEB_SERVER_TOOL_TYPES = { web_search: 'web_search_20250305', web_fetch: 'web_fetch_20250910' } as const;

/** `max_uses` sent with the web server tools: seed 002 §9's per-iteration ceilings (COMBINED_BUDGET), fixed for a run. */
export const WEB_MAX_USES_PER_REQUEST = { web_search: COMBINED_BUDGET.web_search, web_fetch: COMBINED_BUDGET.web_fetch } as const;

const MAX_LIST_ENTRIES = 500;
/** list_files' walk deadline (a call must stay well inside the 3 s per-call budget). */
const LIST_FILES_MS = 2500;
const MAX_READ_LINES = 2000;
const MAX_GREP_LINE_CHARS = 300;

/** Inside the strict subset (output-schema.ts): the client tools are declared strict, zod still checks every input. */
function schemaOf(schema: z.ZodType): Record<string, unknown> {
  return strictToolSchema(z.toJSONSchema(schema));
}

/** Tool specs, in a fixed order (part of the cached prompt prefix). */
export function toolSpecs(options: { memory: boolean; webSearch: boolean }): ToolSpec[] {
  const specs: ToolSpec[] = [
    {
      name: 'read_file',
      description:
        'Read a text file of the workspace, optionally a line range. Returns numbered lines as "path:N: text". Secrets (.env, keys, certificates), .git internals, files ignored by .gitignore, binary and oversized files are refused. Counts as Read in the seed 002 §9 budget.',
      input_schema: schemaOf(ReadFileInput),
      strict: true,
    },
    {
      name: 'grep',
      description:
        'Search workspace text files with a JavaScript regular expression, line by line. Returns "path:line: text". Skips secrets, ignored, binary and oversized files and node_modules. Counts as Grep in the budget.',
      input_schema: schemaOf(GrepInput),
      strict: true,
    },
    {
      name: 'list_files',
      description:
        'List files below a workspace directory (recursive), optionally filtered by a glob. Skips secrets, ignored files and node_modules. Counts as Grep in the budget.',
      input_schema: schemaOf(ListFilesInput),
      strict: true,
    },
    {
      name: 'git_log',
      description: 'Recent commits (hash, date, author, subject) touching a workspace path. Read-only. Counts as git log in the budget (Mode 2 SURFACE only).',
      input_schema: schemaOf(GitLogInput),
      strict: true,
    },
  ];
  if (options.memory) {
    specs.push({
      name: 'memory_search',
      description: "Search earlier verification runs of this workspace: past challenges, how they were settled, and the user's decisions. Counts as memory_search in the budget.",
      input_schema: schemaOf(MemorySearchInput),
      strict: true,
    });
  }
  if (options.webSearch) {
    // Server tools: the Anthropic API runs them; max_uses is the fixed per-iteration ceiling (tools must stay
    // byte-identical across calls), the finer per-role / per-mode budget is enforced by accounting.
    specs.push(
      {
        name: 'web_search',
        description:
          'Search the web. ONLY for unknowns of type API_BEHAVIOR, STALE_KNOWLEDGE or INTEGRATION_UNKNOWN (Mode 1 RESOLVE) and for temporal risks such as deprecation or versioning (Mode 3 PROBE). NEVER for anything the workspace or memory can answer. Resolver and researcher only. Budget: 3 in Mode 1, 1 in Mode 3, 4 per iteration in total.',
        input_schema: schemaOf(WebSearchInput),
        server: { type: WEB_SERVER_TOOL_TYPES.web_search, maxUses: WEB_MAX_USES_PER_REQUEST.web_search },
      },
      {
        name: 'web_fetch',
        description: 'Fetch one web page found by web_search. Mode 1 RESOLVE (resolver) only, same restrictions as web_search. Budget: 2 per iteration.',
        input_schema: schemaOf(WebFetchInput),
        server: { type: WEB_SERVER_TOOL_TYPES.web_fetch, maxUses: WEB_MAX_USES_PER_REQUEST.web_fetch },
      },
    );
  }
  return specs;
}

/** Cuts a tool result to `max` characters with a note the model can act on. */
export function boundResult(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.lastIndexOf('\n', max);
  const kept = text.slice(0, cut > max / 2 ? cut : max);
  return `${kept}\n[truncated: ${text.length - kept.length} more characters not shown; narrow the request]`;
}

/** Characters that would break or forge a line of a tool answer, or hide text: control characters, bidi controls, line separators. */
const NAME_UNSAFE = /[\p{Cc}\p{Bidi_Control}\u2028\u2029]/u;
const NAME_UNSAFE_ALL = /[\p{Cc}\p{Bidi_Control}\u2028\u2029]/gu;

/**
 * A workspace path as tool answers show it: as it is, or — when the name
 * holds such characters (a file named "a\n[3 file(s)]" could forge lines) —
 * as a JSON string literal with every such character escaped, which the
 * model can pass back unchanged.
 */
export function displayPath(rel: string): string {
  if (!NAME_UNSAFE.test(rel)) return rel;
  return JSON.stringify(rel).replace(NAME_UNSAFE_ALL, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function inputError(tool: string, error: z.ZodError): ToolAnswer {
  const detail = error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; ');
  return { content: `invalid ${tool} input: ${detail}`, isError: true };
}

export async function readFileTool(ctx: ToolContext, raw: unknown): Promise<ToolAnswer> {
  const input = ReadFileInput.safeParse(raw);
  if (!input.success) return inputError('read_file', input.error);
  const read = await ctx.workspace.readText(input.data.path);
  if (!read.ok) return { content: read.message, isError: true };
  const lines = read.text.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const start = input.data.start_line ?? 1;
  const end = Math.min(input.data.end_line ?? lines.length, lines.length, start + MAX_READ_LINES - 1);
  if (start > lines.length) return { content: `"${read.rel}" has ${lines.length} lines; start_line ${start} is past the end`, isError: true };
  if (input.data.end_line !== undefined && input.data.end_line < start) return { content: 'end_line is before start_line', isError: true };
  const name = displayPath(read.rel);
  const body = lines.slice(start - 1, end).map((text, i) => `${name}:${start + i}: ${text}`);
  const header = `${name} (lines ${start}-${end} of ${lines.length})`;
  return { content: boundResult([header, ...body].join('\n'), ctx.maxResultChars), isError: false };
}

export async function grepTool(ctx: ToolContext, raw: unknown): Promise<ToolAnswer> {
  const input = GrepInput.safeParse(raw);
  if (!input.success) return inputError('grep', input.error);
  const result = await grepWorkspace(ctx.workspace, {
    pattern: input.data.pattern,
    glob: input.data.glob,
    ignoreCase: input.data.ignore_case,
    maxResults: input.data.max_results ?? 50,
    timeoutMs: ctx.grepTimeoutMs,
    signal: ctx.signal,
  });
  if (!result.ok) return { content: result.message, isError: true };
  const lines = result.matches.map((m) => `${displayPath(m.rel)}:${m.line}: ${m.text.length > MAX_GREP_LINE_CHARS ? `${m.text.slice(0, MAX_GREP_LINE_CHARS)}…` : m.text}`);
  const notes = [`${result.matches.length} match(es) in ${result.filesScanned} file(s) scanned`];
  if (result.truncated) notes.push('more matches exist; narrow the pattern or glob');
  if (result.inputCapped) notes.push('the search stopped at its file/size cap; use a glob to target files');
  if (result.timedOut) notes.push(`the search stopped at its ${GREP_LIMITS.walkMs} ms time limit; files after that were not searched, use a glob to target files`);
  return { content: boundResult([...lines, `[${notes.join('; ')}]`].join('\n'), ctx.maxResultChars), isError: false };
}

export async function listFilesTool(ctx: ToolContext, raw: unknown): Promise<ToolAnswer> {
  const input = ListFilesInput.safeParse(raw ?? {});
  if (!input.success) return inputError('list_files', input.error);
  const dir = input.data.dir ?? '';
  const start = await ctx.workspace.resolve(dir);
  if (!start.ok) return { content: start.message, isError: true };
  if (!start.stats.isDirectory()) return { content: `"${start.rel}" is a file, not a directory`, isError: true };
  const glob = compileGlob(input.data.glob);
  if (!glob.ok) return { content: glob.message, isError: true };
  const files: string[] = [];
  const outcome: WalkOutcome = {};
  const walk = { dir: start.rel, glob: glob.matcher, maxFiles: MAX_LIST_ENTRIES + 1, signal: ctx.signal, deadline: Date.now() + LIST_FILES_MS, outcome };
  for await (const file of ctx.workspace.walk(walk)) files.push(displayPath(file.rel));
  const more = files.length > MAX_LIST_ENTRIES;
  const shown = files.slice(0, MAX_LIST_ENTRIES);
  const footer = more
    ? `[${MAX_LIST_ENTRIES}+ files; showing the first ${MAX_LIST_ENTRIES}; narrow with dir or glob]`
    : outcome.stoppedBy === 'deadline'
      ? `[${shown.length} file(s) found before the ${LIST_FILES_MS} ms time limit; the listing is incomplete, narrow with dir or glob]`
      : `[${shown.length} file(s)]`;
  return { content: boundResult([...shown, footer].join('\n'), ctx.maxResultChars), isError: false };
}

/**
 * Config that keeps git from running anything the repository names: `-c`
 * beats `.git/config`, and the flags below beat `-c`. Programs a repository
 * can name for `git log`: gpg.program / gpg.*.program (log.showSignature),
 * core.fsmonitor, core.pager / pager.log, diff.external and
 * diff.<driver>.textconv / .command, core.hooksPath, and fetch programs
 * (core.sshCommand, remote URLs, credential.helper) through a lazy fetch in a
 * partial clone.
 */
const GIT_SAFE_CONFIG = [
  'core.fsmonitor=false',
  'core.pager=cat',
  'pager.log=false',
  'log.showSignature=false',
  'core.hooksPath=/dev/null',
  'credential.helper=',
  'protocol.allow=never',
  // Per protocol too: a repository's `protocol.file.allow=always` beats the general key on older git.
  ...['file', 'ext', 'git', 'http', 'https', 'ssh'].map((p) => `protocol.${p}.allow=never`),
];
const GIT_SAFE_FLAGS = ['--no-show-signature', '--no-ext-diff', '--no-textconv', '--no-mailmap'];

/**
 * A fresh environment, not the user's: no GIT_DIR / GIT_EXTERNAL_DIFF / GIT_SSH
 * or the like leaking in, no system or global config (only the repository's,
 * which GIT_SAFE_CONFIG overrides), pathspecs taken literally.
 */
function gitEnv(): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    LC_ALL: 'C',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_ATTR_NOSYSTEM: '1',
    GIT_LITERAL_PATHSPECS: '1',
    GIT_NO_LAZY_FETCH: '1',
    GIT_NO_REPLACE_OBJECTS: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_OPTIONAL_LOCKS: '0',
    GIT_PAGER: 'cat',
    PAGER: 'cat',
  };
}

export async function gitLogTool(ctx: ToolContext, raw: unknown): Promise<ToolAnswer> {
  const input = GitLogInput.safeParse(raw ?? {});
  if (!input.success) return inputError('git_log', input.error);
  const syntax = checkRelativePath(input.data.path ?? '');
  if (!syntax.ok) return { content: `refused: ${syntax.message}`, isError: true };
  const resolved = await ctx.workspace.resolve(syntax.rel);
  // A deleted file still has history, so "not found" is fine once the path itself passes the deny list and ignore rules.
  if (!resolved.ok && resolved.rule !== 'not-found') return { content: resolved.message, isError: true };
  if (!resolved.ok) {
    const denial = await ctx.workspace.denialFor(syntax.rel);
    if (denial) return { content: denial.message, isError: true };
  }
  const safe = GIT_SAFE_CONFIG.flatMap((c) => ['-c', c]);
  const outside = await gitOutsideWorkspace(ctx.workspace.root, (query) => runGit([...safe, ...query], ctx.workspace.root, ctx.signal));
  if (outside) return { content: outside, isError: true };
  const args = [
    ...safe,
    '--no-pager',
    '--literal-pathspecs',
    'log',
    ...GIT_SAFE_FLAGS,
    `--max-count=${input.data.max_count ?? 10}`,
    '--date=short',
    '--no-color',
    '--pretty=format:%h %ad %an: %s',
    '--',
    syntax.rel === '' ? '.' : syntax.rel,
  ];
  const result = await runGit(args, ctx.workspace.root, ctx.signal);
  if (!result.ok) {
    const text = result.stderr;
    if (/not a git repository/i.test(text)) return { content: 'git_log: the workspace is not a git repository, so there is no history to show', isError: true };
    if (result.code === 'ENOENT') return { content: 'git_log: git is not installed or not on PATH', isError: true };
    if (/does not have any commits/i.test(text)) return { content: 'git_log: the repository has no commits yet', isError: true };
    return { content: `git_log failed: ${text.trim().slice(0, 500) || result.message}`, isError: true };
  }
  const out = result.stdout.trim();
  return { content: boundResult(out === '' ? `no commits touch "${syntax.rel || '.'}"` : out, ctx.maxResultChars), isError: false };
}

const GIT_TIMEOUT_MS = 2500;
const GIT_MAX_OUTPUT = 512 * 1024;

type GitRun = { ok: true; stdout: string } | { ok: false; stderr: string; code?: string; message: string };

/** git with stdin closed (a config `include.path=/dev/stdin` cannot wait on us), a deadline and an output cap. */
function runGit(args: string[], cwd: string, signal?: AbortSignal): Promise<GitRun> {
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    let settled = false;
    const child = spawn('git', args, { cwd, env: gitEnv(), stdio: ['ignore', 'pipe', 'pipe'], signal, windowsHide: true });
    const finish = (result: GitRun) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGKILL');
      resolve(result);
    };
    const timer = setTimeout(() => finish({ ok: false, stderr, message: `git did not answer within ${GIT_TIMEOUT_MS} ms` }), GIT_TIMEOUT_MS);
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      if (stdout.length > GIT_MAX_OUTPUT) finish({ ok: true, stdout: stdout.slice(0, GIT_MAX_OUTPUT) });
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      if (stderr.length < 64 * 1024) stderr += d;
    });
    child.on('error', (error: NodeJS.ErrnoException) => finish({ ok: false, stderr, code: error.code, message: error.message }));
    child.on('close', (code) => finish(code === 0 ? { ok: true, stdout } : { ok: false, stderr, message: `git exited with code ${code}` }));
  });
}

export async function memorySearchTool(ctx: ToolContext, raw: unknown): Promise<ToolAnswer> {
  const input = MemorySearchInput.safeParse(raw);
  if (!input.success) return inputError('memory_search', input.error);
  if (!ctx.memory) return { content: 'memory_search: no memory of earlier runs is available', isError: true };
  const hits = await ctx.memory.search(input.data.query, ctx.signal);
  if (hits.length === 0) return { content: `no earlier runs mention "${input.data.query}"`, isError: false };
  const lines = hits.map((h) => `[${h.runStartedAt} ${h.planPath}] ${h.kind} ${h.id}: ${h.text}`);
  return { content: boundResult(lines.join('\n'), ctx.maxResultChars), isError: false };
}
