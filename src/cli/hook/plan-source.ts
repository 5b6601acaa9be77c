/**
 * Finds the plan ExitPlanMode is about, wherever Claude Code put it, in this
 * order (the first that yields readable text wins):
 *   1. `tool_input.plan` (Claude Code injects the plan file's text there);
 *   2. a plan-file path in the input (`tool_input.planFilePath`, also
 *      `plan_file_path`, or the same keys at the top level);
 *   3. the plan file the session transcript names last (transcript.ts);
 *   4. the newest Markdown file in the plans folder (plans-folder.ts) written
 *      since the session started.
 * A named file is read only through the confined reader, only when it is
 * Markdown and lies in the plans folder or the project, with no link below
 * either. The plan is verified where it lives: nothing is copied or written.
 * Every source that was tried and failed leaves a note, so "no plan" is never
 * silent.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { decodePlanBytes, MAX_PLAN_BYTES } from '../../core/plan-file';
import { readUnderRoots } from '../../core/research/confined-under-root';
import { MAX_INLINE_PLAN_CHARS, PlanFields, type HookInput } from './input';
import { claudeConfigDir, findPlansFolder } from './plans-folder';
import { readTranscript } from './transcript';

/** A plan file modified this long before the session's first recorded moment still counts (clock skew, a plan written just before). */
const SESSION_SLACK_MS = 5_000;
const MARKDOWN = /\.(md|markdown)$/i;

export interface FoundPlan {
  text: string;
  /** The file the plan lives in; for an inline plan without one, a stable per-session label in the project. */
  path: string;
  /** Where it was found, in words, for the report. */
  source: string;
}

export interface PlanSearch {
  plan: FoundPlan | null;
  /** One line per source that was tried and gave nothing. */
  notes: string[];
  /** Settings that were ignored or unreadable: worth telling even when a plan was found. */
  warnings: string[];
}

export interface PlanSearchContext {
  input: HookInput;
  /** Project root (CLAUDE_PROJECT_DIR or cwd). */
  root: string;
  env: NodeJS.ProcessEnv;
}

type FileRead = { ok: true; text: string } | { ok: false; detail: string };

async function readPlanFile(file: string, roots: readonly string[]): Promise<FileRead> {
  if (!path.isAbsolute(file)) return { ok: false, detail: `${file} is not an absolute path` };
  if (!MARKDOWN.test(file)) return { ok: false, detail: `${file} is not a Markdown file` };
  const read = await readUnderRoots(roots, file, { maxBytes: MAX_PLAN_BYTES, singleLink: true });
  if (!read.ok) return { ok: false, detail: `${file} ${read.detail}` };
  // The same content rule as every other front end (core/plan-file.ts); its message names the file.
  const decoded = decodePlanBytes(read.buffer, file);
  return decoded.ok ? decoded : { ok: false, detail: decoded.message };
}

function sessionLabel(root: string, sessionId: string): string {
  const safe = sessionId.replace(/[^\w-]/g, '').slice(0, 40) || 'plan';
  return path.join(root, '.claude', 'plans', `claude-code-${safe}.md`);
}

/** The newest Markdown file directly in `folder` modified since `sinceMs`. */
async function newestPlanIn(folder: string, sinceMs: number): Promise<string | null> {
  const names = await fs.readdir(folder).catch(() => [] as string[]);
  let best: { file: string; mtime: number } | null = null;
  for (const name of names.filter((n) => MARKDOWN.test(n))) {
    const file = path.join(folder, name);
    const stats = await fs.lstat(file).catch(() => null);
    if (!stats?.isFile() || stats.mtimeMs < sinceMs - SESSION_SLACK_MS) continue;
    if (!best || stats.mtimeMs > best.mtime) best = { file, mtime: stats.mtimeMs };
  }
  return best?.file ?? null;
}

export async function findPlan({ input, root, env }: PlanSearchContext): Promise<PlanSearch> {
  const notes: string[] = [];
  const fields = PlanFields.parse(input.tool_input);
  const top = PlanFields.parse(input);
  const namedPath = fields.planFilePath ?? fields.plan_file_path ?? top.planFilePath ?? top.plan_file_path;
  const plans = await findPlansFolder(root, env);
  const warnings = plans.notes;
  const roots = [...(plans.folder ? [plans.folder] : []), root];

  // 1. Inline: the text is already here; its file (when named) is the plan's identity across revisions.
  if (fields.plan !== undefined) {
    const where = namedPath && path.isAbsolute(namedPath) ? path.resolve(namedPath) : sessionLabel(root, input.session_id);
    return { plan: { text: fields.plan, path: where, source: `tool_input.plan${namedPath ? ` (plan file ${where})` : ''}` }, notes, warnings };
  }
  const raw = input.tool_input.plan;
  if (typeof raw === 'string' && raw.length > MAX_INLINE_PLAN_CHARS) notes.push(`tool_input.plan is longer than ${MAX_INLINE_PLAN_CHARS} characters`);
  else if (typeof raw === 'string' && raw.includes('\0')) notes.push('tool_input.plan is not text (it contains NUL bytes)');
  else notes.push('tool_input has no plan text');

  // 2. A path in the input.
  if (namedPath) {
    const read = await readPlanFile(path.resolve(namedPath), roots);
    if (read.ok) return { plan: { text: read.text, path: path.resolve(namedPath), source: `the plan file named in the hook input (${path.resolve(namedPath)})` }, notes, warnings };
    notes.push(`the plan file named in the hook input could not be read: ${read.detail}`);
  } else notes.push('the hook input names no plan file');

  // 3. The transcript.
  const claudeDir = claudeConfigDir(env);
  let sessionStartMs: number | null = null;
  if (input.transcript_path) {
    const transcript = await readTranscript(input.transcript_path, claudeDir, plans.folder);
    if (!transcript.ok) notes.push(`the session transcript could not be read: ${transcript.detail}`);
    else {
      sessionStartMs = transcript.facts.sessionStartMs;
      const named = [...new Set(transcript.facts.planFiles.map((f) => path.resolve(f)))].reverse();
      if (named.length === 0) notes.push('the session transcript names no plan file');
      for (const file of named.slice(0, 5)) {
        const read = await readPlanFile(file, roots);
        if (read.ok) return { plan: { text: read.text, path: file, source: `the plan file named in the session transcript (${file})` }, notes, warnings };
        notes.push(`the plan file named in the session transcript could not be read: ${read.detail}`);
      }
    }
  } else notes.push('the hook input has no transcript_path');

  // 4. The newest plan in the plans folder written during this session.
  if (!plans.folder) notes.push(`no plans folder (${plans.from})`);
  else if (sessionStartMs === null)
    notes.push(`the plans folder ${plans.folder} was not searched: without a readable transcript the session's start is unknown, and an older plan is not this session's`);
  else {
    const newest = await newestPlanIn(plans.folder, sessionStartMs);
    if (!newest) notes.push(`no Markdown file in ${plans.folder} (${plans.from}) was written during this session`);
    else {
      const read = await readPlanFile(newest, roots);
      if (read.ok) return { plan: { text: read.text, path: newest, source: `the newest plan in ${plans.folder} (${plans.from}): ${path.basename(newest)}` }, notes, warnings };
      notes.push(`the newest plan in the plans folder could not be read: ${read.detail}`);
    }
  }
  return { plan: null, notes: [...notes, ...warnings], warnings };
}
