/**
 * The CLI as a function: arguments and an io in, exit code out. Every
 * expected failure is a CliError printed in one line; anything else is
 * reported without a stack trace (and without the API key) as exit 3.
 * Everything printed passes through guardedIo (redaction, terminal safety).
 */
import { parseCliArgs } from './args';
import { checkCommand } from './check-command';
import { doctorCommand } from './doctor-command';
import { evalCommand } from './eval-command';
import { CliError, ExitCode } from './exit-codes';
import { helpText } from './help';
import { githubActionCommand } from './github-action';
import { hookCommand } from './hook';
import { guardedIo, type CliIo } from './io';
import { runCommand } from './run-command';

export async function main(argv: string[], rawIo: CliIo, version: string): Promise<number> {
  const io = guardedIo(rawIo, rawIo.env.ANTHROPIC_API_KEY?.trim());
  try {
    // `eval` has its own flags (eval-command.ts); it never takes a plan path.
    if (argv[0] === 'eval') return await evalCommand(argv.slice(1), io);
    if (argv[0] === 'hook') return await hookCommand(argv.slice(1), io);
    if (argv[0] === 'github-action') return await githubActionCommand(argv.slice(1), io, version);
    if (argv[0] === 'doctor') return await doctorCommand(argv.slice(1), io);
    const command = parseCliArgs(argv);
    switch (command.command) {
      case 'help':
        io.stdout(helpText(version));
        return ExitCode.proceed;
      case 'version':
        io.stdout(`${version}\n`);
        return ExitCode.proceed;
      case 'check':
        return await checkCommand(command, io);
      case 'run':
        return await runCommand(command, io, version);
    }
  } catch (error) {
    if (error instanceof CliError) {
      io.stderr(`verify-plan: ${error.message}\n`);
      return error.exitCode;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(`verify-plan: unexpected error: ${message}\n`);
    return ExitCode.incomplete;
  }
}
