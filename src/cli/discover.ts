/**
 * Finding and reading the plan (seed 001 Step 1): an explicit path, else the
 * newest plan in the plan folders (src/core/plan-discovery.ts), then reading
 * it through the one plan reader (src/core/plan-file.ts) and removing any
 * secret it holds before it is sent anywhere (src/core/secret-scan.ts).
 */
import os from 'node:os';
import path from 'node:path';
import { discoverNewestPlan } from '../core/plan-discovery';
import { MAX_PLAN_BYTES, readPlanFile } from '../core/plan-file';
import { redactSecrets, secretNote } from '../core/secret-scan';
import { settingDefault } from '../core/settings';
import { terminalLine } from '../core/terminal-text';
import { CliError } from './exit-codes';

export { MAX_PLAN_BYTES };

/** Where the plan is and how it may be read: `root` null for a plan the user named, else the folder discovery started from. */
export interface PlanLocation {
  path: string;
  root: string | null;
}

/**
 * The plan to verify: the explicit path (may lie anywhere), else the newest
 * Markdown plan in the plan folders (core discovery, the same the editor
 * uses), relative entries resolved against the current directory.
 */
export async function discoverPlan(
  cwd: string,
  explicit: string | null,
  folders: readonly string[] = settingDefault('planFolders'),
  homeDir = os.homedir(),
): Promise<PlanLocation> {
  if (explicit !== null) return { path: path.resolve(cwd, explicit), root: null };
  const found = await discoverNewestPlan({ roots: [cwd], folders, homeDir });
  if (found.path === null) throw new CliError(`${found.message} Pass the path to your plan file, or choose where to look with --plan-folders.`);
  return { path: found.path, root: found.root };
}

/**
 * The plan's text with secrets removed (the count and kinds go to `note`,
 * never a value); a missing, unreadable, linked (when `root` is given),
 * oversized, binary or non-UTF-8 file is a CliError (exit 4).
 */
export async function readPlanText(plan: PlanLocation, cwd: string, note: (line: string) => void = () => undefined): Promise<string> {
  const shown = terminalLine(path.relative(cwd, plan.path) || plan.path);
  const read = await readPlanFile(plan.path, plan.root, shown);
  if (!read.ok) throw new CliError(read.message);
  const scan = await redactSecrets(read.text, path.basename(plan.path));
  if (scan.count > 0) note(secretNote(shown, scan));
  return scan.text;
}
