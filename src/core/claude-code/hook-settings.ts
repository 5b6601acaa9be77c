/**
 * The Claude Code hook entry in Claude Code's settings, for `verify-plan hook
 * install|uninstall [--user] [--event permission-request|pre-tool-use]` and the
 * editor's Install / Uninstall Claude Code Hook commands: adds or removes our one entry (matcher "ExitPlanMode") in Claude Code's
 * settings, leaving every other key and hook as it was. Idempotent; a
 * settings file that is not a JSON object is an error and stays untouched.
 *
 * Where: the project's `.claude/settings.local.json` (personal, not
 * committed: the entry holds an absolute path into this user's folder), or
 * with `--user` the user's `settings.json` (`$CLAUDE_CONFIG_DIR` or
 * `~/.claude`). Uninstall also cleans an entry an older version wrote to the
 * project's `.claude/settings.json`.
 *
 * Which event: PermissionRequest by default. A PreToolUse deny on
 * ExitPlanMode was reported ignored (anthropics/claude-code#50660), while a
 * PermissionRequest deny with a message returns the feedback to Claude, which
 * revises the plan (see README). `--event pre-tool-use` keeps PreToolUse.
 * Installing one event removes ours from the other.
 *
 * A settings file that is a symbolic link (a dotfiles link) is written
 * THROUGH to its target, which must be a regular file, inside the project for
 * the project's settings; a dangling link, a link to a device or FIFO, and a
 * file over MAX_SETTINGS_BYTES are refused with a message and nothing changes.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { readConfinedFile } from '../research/confined-read';
import { isInside, resolveUnderRoot } from '../research/confined-under-root';
import { makeFolders, writeAtomic } from '../store';
import { claudeConfigDir, MAX_SETTINGS_BYTES } from './claude-dirs';

/** The two events the hook answers (hooks reference: PermissionRequest, PreToolUse). */
export type HookEvent = 'PreToolUse' | 'PermissionRequest';

/** A settings file that cannot be changed safely; the message says why, and nothing was changed. */
export class HookSettingsError extends Error {}

/** Seconds; Claude Code's command-hook timeout. The loop's own limit is a bit shorter. */
export const HOOK_TIMEOUT_SECONDS = 600;
export const HOOK_EVENTS: readonly HookEvent[] = ['PermissionRequest', 'PreToolUse'];
/** Ours: any command that runs `verify-plan … hook claude-code` (the launcher lives in a verify-plan folder; older entries used npx). */
const OURS = /verify-plan.*\bhook claude-code\b/;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface SettingsScope {
  /** The file to write. */
  file: string;
  /** Files uninstall also cleans. */
  legacy: string[];
  /** A linked file's target must lie inside this folder (the project), or null (the user's own file). */
  confineTo: string | null;
}

export function settingsScope(cwd: string, env: NodeJS.ProcessEnv, user: boolean): SettingsScope {
  if (!user) {
    const dir = path.join(cwd, '.claude');
    return { file: path.join(dir, 'settings.local.json'), legacy: [path.join(dir, 'settings.json')], confineTo: path.resolve(cwd) };
  }
  const configDir = claudeConfigDir(env);
  if (!configDir) throw new HookSettingsError('hook install --user: HOME is not set.');
  return { file: path.join(configDir, 'settings.json'), legacy: [], confineTo: null };
}

/** The file to read and write: `file` itself, or a link's regular-file target (write-through). */
async function target(file: string, confineTo: string | null): Promise<string | null> {
  if (confineTo !== null) {
    const under = await resolveUnderRoot(confineTo, file);
    if (!under.ok && under.rule === 'symlink') throw new HookSettingsError(`${file} ${under.detail}; nothing was changed.`);
  }
  const stats = await fs.lstat(file).catch(() => null);
  if (!stats) return null;
  if (!stats.isSymbolicLink()) return file;
  const real = await fs.realpath(file).catch(() => null);
  if (real === null) throw new HookSettingsError(`${file} is a symbolic link to a file that does not exist; fix the link first, nothing was changed.`);
  if (confineTo !== null) {
    const realRoot = await fs.realpath(confineTo).catch(() => confineTo);
    if (!isInside(realRoot, real)) throw new HookSettingsError(`${file} is a symbolic link out of the project (to ${real}); nothing was changed.`);
  }
  return real;
}

async function readSettings(file: string): Promise<Json> {
  const read = await readConfinedFile(file, { maxBytes: MAX_SETTINGS_BYTES, singleLink: false });
  if (!read.ok) {
    if (read.rule === 'not-found') return {};
    throw new HookSettingsError(`Cannot read ${file}: it ${read.detail}; nothing was changed.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(read.buffer.toString('utf8'));
  } catch (error) {
    throw new HookSettingsError(`${file} is not valid JSON (${(error as Error).message}); fix it first, nothing was changed.`);
  }
  if (!isObject(parsed)) throw new HookSettingsError(`${file} must hold a JSON object; nothing was changed.`);
  if (parsed.hooks !== undefined && !isObject(parsed.hooks)) throw new HookSettingsError(`${file}: "hooks" must be an object; nothing was changed.`);
  for (const event of HOOK_EVENTS) {
    const groups = isObject(parsed.hooks) ? parsed.hooks[event] : undefined;
    if (groups !== undefined && !Array.isArray(groups)) throw new HookSettingsError(`${file}: "hooks.${event}" must be a list; nothing was changed.`);
  }
  return parsed;
}

const isOurs = (handler: unknown) => isObject(handler) && typeof handler.command === 'string' && OURS.test(handler.command);

/** Settings without our handler on any event; groups and event lists left empty by the removal are dropped, others untouched. */
export function withoutHook(settings: Json): Json {
  if (!isObject(settings.hooks)) return settings;
  let hooks: Json = settings.hooks;
  for (const event of HOOK_EVENTS) {
    if (!Array.isArray(hooks[event])) continue;
    const groups = (hooks[event] as unknown[]).flatMap((group) => {
      if (!isObject(group) || !Array.isArray(group.hooks) || !group.hooks.some(isOurs)) return [group];
      const rest = group.hooks.filter((h) => !isOurs(h));
      return rest.length > 0 ? [{ ...group, hooks: rest }] : [];
    });
    if (groups.length === (hooks[event] as unknown[]).length && groups.every((g, i) => g === (hooks[event] as unknown[])[i])) continue;
    hooks = { ...hooks, [event]: groups };
    if (groups.length === 0) delete hooks[event];
  }
  return hooks === settings.hooks ? settings : { ...settings, hooks };
}

export function withHook(settings: Json, command: string, event: HookEvent = 'PermissionRequest'): Json {
  const base = withoutHook(settings);
  const hooks = isObject(base.hooks) ? base.hooks : {};
  const groups: unknown[] = Array.isArray(hooks[event]) ? (hooks[event] as unknown[]) : [];
  const entry = { matcher: 'ExitPlanMode', hooks: [{ type: 'command', command, timeout: HOOK_TIMEOUT_SECONDS }] };
  return { ...base, hooks: { ...hooks, [event]: [...groups, entry] } };
}

export async function installHook(
  scope: SettingsScope,
  command: string,
  event: HookEvent = 'PermissionRequest',
): Promise<{ outcome: 'installed' | 'already installed'; file: string }> {
  const file = (await target(scope.file, scope.confineTo)) ?? scope.file;
  const settings = await readSettings(file);
  const next = withHook(settings, command, event);
  if (JSON.stringify(next) === JSON.stringify(settings)) return { outcome: 'already installed', file };
  await makeFolders(path.dirname(file));
  await writeAtomic(file, `${JSON.stringify(next, null, 2)}\n`);
  return { outcome: 'installed', file };
}

export async function uninstallHook(scope: SettingsScope): Promise<{ outcome: 'removed' | 'not installed'; files: string[] }> {
  const removedFrom: string[] = [];
  for (const name of [scope.file, ...scope.legacy]) {
    const file = await target(name, scope.confineTo);
    if (file === null) continue;
    const settings = await readSettings(file);
    const next = withoutHook(settings);
    if (JSON.stringify(next) === JSON.stringify(settings)) continue;
    await writeAtomic(file, `${JSON.stringify(next, null, 2)}\n`);
    removedFrom.push(file);
  }
  return removedFrom.length > 0 ? { outcome: 'removed', files: removedFrom } : { outcome: 'not installed', files: [scope.file] };
}
