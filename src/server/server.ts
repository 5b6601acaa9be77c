/**
 * Entry of dist/server.js. The transport comes from the command line, as
 * vscode-languageserver reads it: `--node-ipc` (VS Code, via
 * vscode-languageclient), `--stdio` (Neovim, Helix, Zed…), `--socket=N`,
 * `--pipe=NAME`. Over stdio the input passes the frame guard first
 * (frame-guard.ts: bad or huge Content-Length refused, memory bounded).
 */
import { format } from 'node:util';
import { ProposedFeatures, createConnection, type Connection } from 'vscode-languageserver/node';
import { createFrameGuard } from './frame-guard';
import { PlanLanguageServer } from './plan-server';

function stdioConnection(): Connection {
  const guarded = process.stdin.pipe(createFrameGuard((line) => connection.console.error(line)));
  const created = createConnection(ProposedFeatures.all, guarded, process.stdout);
  // stdout carries the protocol: console output goes to the client's log instead (the library does this for its own --stdio).
  const toLog =
    (write: (message: string) => void) =>
    (...args: unknown[]) =>
      write(format(...args));
  console.log = console.info = toLog((m) => created.console.log(m));
  console.debug = toLog((m) => created.console.log(m));
  console.warn = toLog((m) => created.console.warn(m));
  console.error = console.trace = toLog((m) => created.console.error(m));
  return created;
}

const connection: Connection = process.argv.includes('--stdio') ? stdioConnection() : createConnection(ProposedFeatures.all);

// Last line of defence: a bug in one handler is logged, and the server keeps serving the others.
process.on('uncaughtException', (error) => connection.console.error(`Uncaught: ${error.stack ?? String(error)}`));
process.on('unhandledRejection', (reason) => connection.console.error(`Unhandled rejection: ${String(reason)}`));

new PlanLanguageServer(connection).listen();
