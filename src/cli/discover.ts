/**
 * Finding and reading the plan (seed 001 Step 1): an explicit path, else the
 * newest plan in the plan folders (src/core/plan-discovery.ts), then reading
 * it safely.
 */
import { readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { discoverNewestPlan } from '../core/plan-discovery';
import { settingDefault } from '../core/settings';
import { CliError } from './exit-codes';

/** Plans are prose; anything larger is almost certainly the wrong file. */
export const MAX_PLAN_BYTES = 2 * 1024 * 1024;

/**
 * Absolute path of the plan to verify: the explicit path, else the newest
 * Markdown plan in the plan folders (core discovery, the same the editor uses),
 * relative entries resolved against the current directory.
 */
export async function discoverPlan(cwd: string, explicit: string | null, folders: readonly string[] = settingDefault('planFolders'), homeDir = os.homedir()): Promise<string> {
  if (explicit !== null) return path.resolve(cwd, explicit);
  const found = await discoverNewestPlan({ roots: [cwd], folders, homeDir });
  if (found.path === null) throw new CliError(`${found.message} Pass the path to your plan file, or choose where to look with --plan-folders.`);
  return found.path;
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
