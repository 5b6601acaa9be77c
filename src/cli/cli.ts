/**
 * Entry point of `verify-plan` (bundled to dist/cli.js). Binds main() to the
 * real process and exits only after stdout and stderr have drained, so a
 * piped report is never cut short.
 */
import { version } from '../../package.json';
import type { CliIo } from './io';
import { main } from './main';

function processIo(): CliIo {
  return {
    cwd: process.cwd(),
    env: process.env,
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    stdin: process.stdin,
    stderrStream: process.stderr,
    interactive: Boolean(process.stdin.isTTY && process.stderr.isTTY),
    onInterrupt(handler) {
      let count = 0;
      const listener = () => {
        count += 1;
        // A second Ctrl-C means "now": skip the partial report.
        if (count > 1) process.exit(130);
        handler();
      };
      process.on('SIGINT', listener);
      return () => void process.off('SIGINT', listener);
    },
  };
}

function drain(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.writableLength === 0) resolve();
    else stream.write('', () => resolve());
  });
}

// A reader that goes away (`verify-plan | head`) is not an error worth a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

void main(process.argv.slice(2), processIo(), version).then(async (code) => {
  await Promise.all([drain(process.stdout), drain(process.stderr)]);
  process.exit(code);
});
