/** `verify-plan hook claude-code | install [--user] [--event E] | uninstall [--user]`. */
import { realpathSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseUsdFlag } from '../args';
import { CliError, ExitCode } from '../exit-codes';
import type { CliIo } from '../io';
import { engineFlagOptions, parseEngineFlags } from '../engine-flags';
import { claudeCodeHook, DEFAULT_HOOK_OPTIONS, type HookOptions } from './claude-code';
import type { HookEvent } from './decision';
import { installLauncher } from '../../core/claude-code/hook-launcher';
import { HookSettingsError, installHook, settingsScope, uninstallHook } from '../../core/claude-code/hook-settings';

const USAGE =
  'Usage: verify-plan hook claude-code [--block-on-static] [--spending-cap USD] [--team auto|base|scaled] [--model-<role> ID] [--effort-<role> LEVEL] [--price MODEL=IN/OUT] [--max-retry-wait SECONDS] | hook install [--user] [--event permission-request|pre-tool-use] | hook uninstall [--user]';

const EVENTS: Record<string, HookEvent> = { 'permission-request': 'PermissionRequest', 'pre-tool-use': 'PreToolUse' };

export type HookArgs = { command: 'claude-code'; options: HookOptions } | { command: 'install'; user: boolean; event: HookEvent } | { command: 'uninstall'; user: boolean };

/** The hook's command line; a bad flag or value is a CliError (exit 4). */
export function parseHookArgs(argv: string[]): HookArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      // The engine flags (model, effort, price, retry wait) are a run's, from the settings table.
      options: {
        user: { type: 'boolean' },
        event: { type: 'string' },
        'block-on-static': { type: 'boolean' },
        'spending-cap': { type: 'string' },
        team: { type: 'string' },
        ...engineFlagOptions(),
      },
    });
  } catch (error) {
    throw new CliError(`${(error as Error).message}. ${USAGE}`);
  }
  const [sub, ...rest] = parsed.positionals;
  if (rest.length > 0) throw new CliError(`Unexpected argument "${rest[0]}". ${USAGE}`);
  const { values } = parsed;
  if (values.event !== undefined && sub !== 'install') throw new CliError(`--event is a flag of "hook install". ${USAGE}`);
  if (sub === 'claude-code') {
    const spendingCapUsd = parseUsdFlag('spending-cap', values['spending-cap']);
    const team = values.team ?? 'auto';
    if (team !== 'auto' && team !== 'base' && team !== 'scaled') throw new CliError(`--team must be auto, base or scaled, got "${team}".`);
    const engine = parseEngineFlags(values);
    return { command: 'claude-code', options: { ...DEFAULT_HOOK_OPTIONS, blockOnStatic: values['block-on-static'] === true, spendingCapUsd, team, engine } };
  }
  if (sub === 'install') {
    const event = EVENTS[values.event ?? 'permission-request'];
    if (!event) throw new CliError(`--event must be permission-request or pre-tool-use, got "${values.event}".`);
    return { command: 'install', user: values.user === true, event };
  }
  if (sub === 'uninstall') return { command: 'uninstall', user: values.user === true };
  throw new CliError(sub ? `Unknown hook command "${sub}". ${USAGE}` : USAGE);
}

const WHY_EVENT: Record<HookEvent, string> = {
  PermissionRequest: 'on PermissionRequest for ExitPlanMode: a denial there returns the open challenges to Claude, which revises the plan',
  PreToolUse: 'on PreToolUse for ExitPlanMode (as asked; a PreToolUse denial of ExitPlanMode was reported ignored by some Claude Code versions, PermissionRequest is the default)',
};

export async function hookCommand(argv: string[], io: CliIo): Promise<number> {
  const args = parseHookArgs(argv);
  if (args.command === 'claude-code') return claudeCodeHook(io, args.options);
  try {
    return await settingsCommand(args, io);
  } catch (error) {
    if (error instanceof HookSettingsError) throw new CliError(error.message);
    throw error;
  }
}

async function settingsCommand(args: Exclude<HookArgs, { command: 'claude-code' }>, io: CliIo): Promise<number> {
  const scope = settingsScope(io.cwd, io.env, args.user);
  if (args.command === 'uninstall') {
    const { outcome, files } = await uninstallHook(scope);
    io.stderr(`verify-plan hook: ${outcome} (${files.join(', ')}).\n`);
    return ExitCode.proceed;
  }
  // The bundled CLI is this very file (dist/cli.js); the hook runs it through the launcher, never through a PATH lookup.
  let launcher;
  try {
    launcher = await installLauncher(io.env, realpathSync(__filename), process.execPath);
  } catch (error) {
    throw new CliError(`hook install: the launcher could not be written (${(error as Error).message}); nothing was changed.`);
  }
  const { outcome, file } = await installHook(scope, launcher.command, args.event);
  io.stderr(`verify-plan hook: ${outcome} ${WHY_EVENT[args.event]} (${file}; runs ${launcher.launcher}).\n`);
  return ExitCode.proceed;
}
