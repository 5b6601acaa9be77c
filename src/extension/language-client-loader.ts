/**
 * Loads dist/language-client.js (vscode-languageclient and the client glue,
 * about half of the extension's code) after activation has returned, so the
 * editor does not wait for it. The server process it starts takes longer to
 * come up than the deferral, so the first diagnostics are not later for it.
 * esbuild keeps the path external; from sources it resolves language-client.ts.
 */
import type * as vscode from 'vscode';
import type * as Client from './language-client';

export function loadLanguageClient(): typeof Client {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- deliberate lazy load of a separate bundle
  return require('./language-client.js') as typeof Client;
}

/** Starts the language client on the next turn of the event loop; a failure to start is logged and leaves the rest working. */
export function startLanguageClientSoon(context: vscode.ExtensionContext, log: vscode.LogOutputChannel, lenses: Client.LineOneLens): void {
  const timer = setTimeout(() => {
    try {
      loadLanguageClient().startLanguageClient(context, log, lenses);
    } catch (err) {
      log.error(`the static-check language server could not start: ${err instanceof Error ? err.message : String(err)}`);
    }
  }, 0);
  context.subscriptions.push({ dispose: () => clearTimeout(timer) });
}
