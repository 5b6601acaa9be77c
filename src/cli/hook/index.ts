/** `verify-plan hook claude-code | install [--user] | uninstall [--user]`. */
import { parseArgs } from 'node:util';
import { parseUsdFlag } from '../args';
import { CliError, ExitCode } from '../exit-codes';
import type { CliIo } from '../io';
import { engineFlagOptions, parseEngineFlags } from '../engine-flags';
import { claudeCodeHook, DEFAULT_HOOK_OPTIONS, type HookOptions } from './claude-code';
import { installHook, settingsPath, uninstallHook } from './settings';

const USAGE =
  'Usage: verify-plan hook claude-code [--block-on-static] [--spending-cap USD] [--team auto|base|scaled] [--model-<role> ID] [--effort-<role> LEVEL] [--price MODEL=IN/OUT] [--max-retry-wait SECONDS] | hook install [--user] | hook uninstall [--user]';

export type HookArgs = { command: 'claude-code'; options: HookOptions } | { command: 'install' | 'uninstall'; user: boolean };

/** The hook's command line; a bad flag or value is a CliError (exit 4). */
export function parseHookArgs(argv: string[]): HookArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      // The engine flags (model, effort, price, retry wait) are a run's, from the settings table.
      options: { user: { type: 'boolean' }, 'block-on-static': { type: 'boolean' }, 'spending-cap': { type: 'string' }, team: { type: 'string' }, ...engineFlagOptions() },
    });
  } catch (error) {
    throw new CliError(`${(error as Error).message}. ${USAGE}`);
  }
  const [sub, ...rest] = parsed.positionals;
  if (rest.length > 0) throw new CliError(`Unexpected argument "${rest[0]}". ${USAGE}`);
  const { values } = parsed;
  if (sub === 'claude-code') {
    const spendingCapUsd = parseUsdFlag('spending-cap', values['spending-cap']);
    const team = values.team ?? 'auto';
    if (team !== 'auto' && team !== 'base' && team !== 'scaled') throw new CliError(`--team must be auto, base or scaled, got "${team}".`);
    const engine = parseEngineFlags(values);
    return { command: 'claude-code', options: { ...DEFAULT_HOOK_OPTIONS, blockOnStatic: values['block-on-static'] === true, spendingCapUsd, team, engine } };
  }
  if (sub === 'install' || sub === 'uninstall') return { command: sub, user: values.user === true };
  throw new CliError(sub ? `Unknown hook command "${sub}". ${USAGE}` : USAGE);
}

export async function hookCommand(argv: string[], io: CliIo): Promise<number> {
  const args = parseHookArgs(argv);
  if (args.command === 'claude-code') return claudeCodeHook(io, args.options);
  const file = settingsPath(io.cwd, io.env.HOME, args.user);
  const outcome = args.command === 'install' ? await installHook(file) : await uninstallHook(file);
  io.stderr(`verify-plan hook: ${outcome} (${file}).\n`);
  return ExitCode.proceed;
}
