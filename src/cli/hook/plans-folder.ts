/**
 * Where Claude Code keeps plan files: the `plansDirectory` setting ("Path is
 * relative to project root. Default: `~/.claude/plans`", Claude Code settings
 * reference), read from the project's `.claude/settings.local.json`, then
 * `.claude/settings.json`, then the user's `settings.json`; the first that
 * sets it wins. The user folder is `$CLAUDE_CONFIG_DIR` or `~/.claude`.
 *
 * A repository's own settings may only name a folder inside the project (a
 * committed `plansDirectory: "../../.ssh"` is ignored, with a note); the
 * user's settings may name any folder. Every settings file is read through the
 * confined reader (regular file, at most MAX_SETTINGS_BYTES).
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { readConfinedFile } from '../../core/research/confined-read';
import { isInside, readUnderRoots } from '../../core/research/confined-under-root';
import { claudeConfigDir, MAX_SETTINGS_BYTES } from '../../core/claude-code/claude-dirs';

export { claudeConfigDir, MAX_SETTINGS_BYTES };

export interface PlansFolder {
  /** Absolute; null when neither a setting nor a home folder gives one. */
  folder: string | null;
  /** Where the folder came from, for the report. */
  from: string;
  /** Settings that could not be read or were ignored, in words. */
  notes: string[];
}

/** The project root Claude Code names for hooks, else the hook's cwd. */
export function projectRoot(cwd: string, env: NodeJS.ProcessEnv): string {
  const dir = env.CLAUDE_PROJECT_DIR?.trim();
  return dir && path.isAbsolute(dir) ? path.resolve(dir) : path.resolve(cwd);
}

type SettingsRead = { ok: true; settings: Record<string, unknown> } | { ok: false; missing: boolean; detail: string };

async function readJsonObject(read: Promise<{ ok: true; buffer: Buffer } | { ok: false; rule: string; detail: string }>): Promise<SettingsRead> {
  const result = await read;
  if (!result.ok) return { ok: false, missing: result.rule === 'not-found', detail: result.detail };
  try {
    const parsed: unknown = JSON.parse(result.buffer.toString('utf8'));
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return { ok: true, settings: parsed as Record<string, unknown> };
    return { ok: false, missing: false, detail: 'is not a JSON object' };
  } catch {
    return { ok: false, missing: false, detail: 'is not valid JSON' };
  }
}

/** The user's own settings file may be a link (dotfiles); it is followed, and the target must be a regular file. */
async function readUserSettings(file: string): Promise<SettingsRead> {
  const real = await fs.realpath(file).catch(() => null);
  if (real === null) return { ok: false, missing: true, detail: 'does not exist' };
  return readJsonObject(readConfinedFile(real, { maxBytes: MAX_SETTINGS_BYTES, singleLink: false }));
}

export async function findPlansFolder(root: string, env: NodeJS.ProcessEnv): Promise<PlansFolder> {
  const notes: string[] = [];
  const configDir = claudeConfigDir(env);
  const sources: { file: string; project: boolean }[] = [
    { file: path.join(root, '.claude', 'settings.local.json'), project: true },
    { file: path.join(root, '.claude', 'settings.json'), project: true },
    ...(configDir ? [{ file: path.join(configDir, 'settings.json'), project: false }] : []),
  ];
  for (const { file, project } of sources) {
    const read = project ? await readJsonObject(readUnderRoots([root], file, { maxBytes: MAX_SETTINGS_BYTES, singleLink: false })) : await readUserSettings(file);
    if (!read.ok) {
      if (!read.missing) notes.push(`${file} ${read.detail}; its plansDirectory was not read`);
      continue;
    }
    const value = read.settings.plansDirectory;
    if (value === undefined) continue;
    if (typeof value !== 'string' || value.trim() === '') {
      notes.push(`plansDirectory in ${file} is not a folder name; ignored`);
      continue;
    }
    const home = env.HOME?.trim();
    const expanded = value.startsWith('~/') && home ? path.join(home, value.slice(2)) : value;
    const folder = path.resolve(root, expanded);
    if (project && !isInside(root, folder)) {
      notes.push(`plansDirectory "${value}" in ${file} points outside the project; a repository's settings may only name a folder inside it, so it was ignored`);
      continue;
    }
    return { folder, from: `plansDirectory in ${file}`, notes };
  }
  if (!configDir) return { folder: null, from: 'no HOME or CLAUDE_CONFIG_DIR', notes };
  return { folder: path.join(configDir, 'plans'), from: 'the default plans folder', notes };
}
