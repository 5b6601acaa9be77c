/**
 * Finding and reading the plan (seed 001 Step 1): an explicit path, else the
 * newest `.claude/plans/*.md` by modification time in the current directory
 * (one directory listing, never a recursive glob).
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { CliError } from './exit-codes';

export const PLAN_FOLDER = path.join('.claude', 'plans');
export const NO_PLAN_MESSAGE = 'No plan files found in .claude/plans/. Pass the path to your plan file.';
/** Plans are prose; anything larger is almost certainly the wrong file. */
export const MAX_PLAN_BYTES = 2 * 1024 * 1024;

/** Absolute path of the plan to verify. */
export async function discoverPlan(cwd: string, explicit: string | null): Promise<string> {
  if (explicit !== null) return path.resolve(cwd, explicit);
  const folder = path.join(cwd, PLAN_FOLDER);
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch {
    throw new CliError(NO_PLAN_MESSAGE);
  }
  const candidates = await Promise.all(
    entries
      .filter((e) => e.isFile() && /\.md$/i.test(e.name))
      .map(async (e) => {
        const full = path.join(folder, e.name);
        const s = await stat(full).catch(() => null);
        return s ? { full, mtimeMs: s.mtimeMs } : null;
      }),
  );
  const newest = candidates
    .filter((c): c is { full: string; mtimeMs: number } => c !== null)
    // Newest first; equal times fall back to name order so the pick is deterministic.
    .sort((a, b) => b.mtimeMs - a.mtimeMs || a.full.localeCompare(b.full))[0];
  if (!newest) throw new CliError(NO_PLAN_MESSAGE);
  return newest.full;
}

/** The plan's text; a missing, unreadable, oversized, binary or non-UTF-8 file is a CliError (exit 4). */
export async function readPlanText(planPath: string, cwd: string): Promise<string> {
  const shown = path.relative(cwd, planPath) || planPath;
  let info;
  try {
    info = await stat(planPath);
  } catch {
    throw new CliError(`Plan file not found: ${shown}`);
  }
  if (!info.isFile()) throw new CliError(`Not a file: ${shown}. Pass the path to a Markdown plan.`);
  if (info.size > MAX_PLAN_BYTES) throw new CliError(`Plan file too large (${info.size} bytes, limit ${MAX_PLAN_BYTES}): ${shown}`);
  let bytes: Buffer;
  try {
    bytes = await readFile(planPath);
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'read error';
    throw new CliError(`Cannot read the plan file ${shown} (${code}).`);
  }
  if (bytes.includes(0)) throw new CliError(`The plan file ${shown} is not text (it contains NUL bytes).`);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new CliError(`The plan file ${shown} is not valid UTF-8 text.`);
  }
  if (text.trim() === '') throw new CliError(`The plan file ${shown} is empty.`);
  return text;
}
