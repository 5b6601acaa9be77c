/**
 * Entry of dist/server.js. The transport comes from the command line, as
 * vscode-languageserver reads it: `--node-ipc` (VS Code, via
 * vscode-languageclient), `--stdio` (Neovim, Helix, Zed…), `--socket=N`,
 * `--pipe=NAME`.
 */
import { ProposedFeatures, createConnection } from 'vscode-languageserver/node';
import { PlanLanguageServer } from './plan-server';

const connection = createConnection(ProposedFeatures.all);

// Last line of defence: a bug in one handler is logged, and the server keeps serving the others.
process.on('uncaughtException', (error) => connection.console.error(`Uncaught: ${error.stack ?? String(error)}`));
process.on('unhandledRejection', (reason) => connection.console.error(`Unhandled rejection: ${String(reason)}`));

new PlanLanguageServer(connection).listen();
