/**
 * Which documents are plans in the editor: `verifyPlan.planFolders` (read by
 * the one settings reader, src/extension/settings.ts) over the open workspace
 * folders, decided by core discovery (src/core/plan-discovery.ts), the same
 * rule the CLI and the language server's document filter use. A document
 * outside a `file:` folder is never a plan by folder.
 */
import * as os from 'node:os';
import * as vscode from 'vscode';
import type { DocumentSelector } from 'vscode-languageclient/node';
import { isPlanPath, planSelectorPatterns, type DiscoveryInput } from '../core/plan-discovery';
import { readSettings, SETTINGS_SECTION, trustedGetter } from './settings';

/** The current plan folders (invalid values fall back to the default, as everywhere). */
export function planFoldersSetting(): string[] {
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  // Ignored entries are logged by the services' reader, which reads the same values.
  return readSettings(
    trustedGetter(
      (key) => config.get(key),
      (key) => config.inspect(key),
      () => undefined,
    ),
  ).settings.planFolders;
}

/** Discovery's input for these folders: the workspace's `file:` folders as roots, the user's home for `~`. */
export function planScope(folders: readonly string[]): DiscoveryInput {
  return {
    roots: (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath),
    folders,
    homeDir: os.homedir(),
  };
}

export function isPlanDocument(doc: vscode.TextDocument, scope: DiscoveryInput): boolean {
  return doc.uri.scheme === 'file' && isPlanPath(doc.uri.fsPath, scope);
}

/**
 * The language client's document selector (LSP 3.17 filters with a RelativePattern each): Markdown under each
 * plan location, a superset that `isPlanDocument` narrows.
 */
export function planDocumentSelector(scope: DiscoveryInput): DocumentSelector {
  return planSelectorPatterns(scope).map(({ base, pattern }) => ({ language: 'markdown', scheme: 'file', pattern: { baseUri: vscode.Uri.file(base).toString(), pattern } }));
}
