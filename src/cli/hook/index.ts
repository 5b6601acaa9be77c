/** `verify-plan hook claude-code | install [--user] | uninstall [--user]`. */
import { parseArgs } from 'node:util';
import { parseUsdFlag } from '../args';
import { CliError, ExitCode } from '../exit-codes';
import type { CliIo } from '../io';
import { claudeCodeHook, DEFAULT_HOOK_OPTIONS } from './claude-code';
import { installHook, settingsPath, uninstallHook } from './settings';

const USAGE = 'Usage: verify-plan hook claude-code [--block-on-static] [--spending-cap USD] [--team auto|base|scaled] | hook install [--user] | hook uninstall [--user]';

export async function hookCommand(argv: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: { user: { type: 'boolean' }, 'block-on-static': { type: 'boolean' }, 'spending-cap': { type: 'string' }, team: { type: 'string' } },
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
    return claudeCodeHook(io, { ...DEFAULT_HOOK_OPTIONS, blockOnStatic: values['block-on-static'] === true, spendingCapUsd, team });
  }
  if (sub === 'install' || sub === 'uninstall') {
    const file = settingsPath(io.cwd, io.env.HOME, values.user === true);
    const outcome = sub === 'install' ? await installHook(file) : await uninstallHook(file);
    io.stderr(`verify-plan hook: ${outcome} (${file}).\n`);
    return ExitCode.proceed;
  }
  throw new CliError(sub ? `Unknown hook command "${sub}". ${USAGE}` : USAGE);
}
