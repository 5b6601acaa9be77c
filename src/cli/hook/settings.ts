/**
 * `verify-plan hook install|uninstall [--user]`: adds or removes our one
 * PreToolUse entry (matcher "ExitPlanMode") in .claude/settings.json (or
 * ~/.claude/settings.json), leaving every other key and hook as it was.
 * Idempotent; a settings file that is not a JSON object is an error and
 * stays untouched.
 */
import { readFile } from 'node:fs/promises';
import { makeFolders } from '../../core/store';
import path from 'node:path';
import { CliError } from '../exit-codes';
import { writeFileAtomic } from '../io';

export const HOOK_COMMAND = 'npx --no-install verify-plan hook claude-code';
/** Seconds; Claude Code's command-hook timeout. The loop's own limit is a bit shorter. */
export const HOOK_TIMEOUT_SECONDS = 600;
const OURS = /\bverify-plan hook claude-code\b/;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export function settingsPath(cwd: string, home: string | undefined, user: boolean): string {
  if (!user) return path.join(cwd, '.claude', 'settings.json');
  if (!home) throw new CliError('hook install --user: HOME is not set.');
  return path.join(home, '.claude', 'settings.json');
}

async function readSettings(file: string): Promise<Json> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new CliError(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'read error'}.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${file} is not valid JSON (${(error as Error).message}); fix it first, nothing was changed.`);
  }
  if (!isObject(parsed)) throw new CliError(`${file} must hold a JSON object; nothing was changed.`);
  if (parsed.hooks !== undefined && !isObject(parsed.hooks)) throw new CliError(`${file}: "hooks" must be an object; nothing was changed.`);
  const pre = isObject(parsed.hooks) ? parsed.hooks.PreToolUse : undefined;
  if (pre !== undefined && !Array.isArray(pre)) throw new CliError(`${file}: "hooks.PreToolUse" must be a list; nothing was changed.`);
  return parsed;
}

const isOurs = (handler: unknown) => isObject(handler) && typeof handler.command === 'string' && OURS.test(handler.command);

/** Settings without our handler; groups left empty by the removal are dropped, others untouched. */
export function withoutHook(settings: Json): Json {
  if (!isObject(settings.hooks) || !Array.isArray(settings.hooks.PreToolUse)) return settings;
  const groups = (settings.hooks.PreToolUse as unknown[]).flatMap((group) => {
    if (!isObject(group) || !Array.isArray(group.hooks) || !group.hooks.some(isOurs)) return [group];
    const rest = group.hooks.filter((h) => !isOurs(h));
    return rest.length > 0 ? [{ ...group, hooks: rest }] : [];
  });
  const hooks: Json = { ...settings.hooks, PreToolUse: groups };
  if (groups.length === 0) delete hooks.PreToolUse;
  return { ...settings, hooks };
}

export function withHook(settings: Json): Json {
  const base = withoutHook(settings);
  const hooks = isObject(base.hooks) ? base.hooks : {};
  const pre: unknown[] = Array.isArray(hooks.PreToolUse) ? (hooks.PreToolUse as unknown[]) : [];
  const entry = { matcher: 'ExitPlanMode', hooks: [{ type: 'command', command: HOOK_COMMAND, timeout: HOOK_TIMEOUT_SECONDS }] };
  return { ...base, hooks: { ...hooks, PreToolUse: [...pre, entry] } };
}

export async function installHook(file: string): Promise<'installed' | 'already installed'> {
  const settings = await readSettings(file);
  const next = withHook(settings);
  if (JSON.stringify(next) === JSON.stringify(settings)) return 'already installed';
  await makeFolders(path.dirname(file));
  await writeFileAtomic(file, `${JSON.stringify(next, null, 2)}\n`);
  return 'installed';
}

export async function uninstallHook(file: string): Promise<'removed' | 'not installed'> {
  const settings = await readSettings(file);
  const next = withoutHook(settings);
  if (JSON.stringify(next) === JSON.stringify(settings)) return 'not installed';
  await writeFileAtomic(file, `${JSON.stringify(next, null, 2)}\n`);
  return 'removed';
}
