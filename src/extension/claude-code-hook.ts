/**
 * "Verify Plan: Install Claude Code Hook" and its uninstall twin: the same
 * entry `verify-plan hook install` writes (src/core/claude-code/hook-settings.ts), running
 * this extension's own CLI (dist/cli.js, shipped in the .vsix) through the
 * launcher in the user's data folder (src/core/claude-code/hook-launcher.ts), which finds
 * the newest installed version of the extension at each run, so an update
 * needs no reinstall. The editor's own binary runs it as Node
 * (ELECTRON_RUN_AS_NODE), so no Node install is needed.
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { installLauncher } from '../core/claude-code/hook-launcher';
import { installHook, settingsScope, uninstallHook } from '../core/claude-code/hook-settings';

export type HookScope = 'project' | 'user';

async function chooseScope(arg: unknown, verb: string): Promise<{ user: boolean; folder: string | null } | undefined> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  let scope: HookScope | undefined = arg === 'project' || arg === 'user' ? arg : undefined;
  if (!scope) {
    const picked = await vscode.window.showQuickPick(
      [
        ...(folders.length > 0 ? [{ label: 'This project', description: '.claude/settings.local.json', scope: 'project' as const }] : []),
        { label: 'All projects', description: '~/.claude/settings.json', scope: 'user' as const },
      ],
      { title: `${verb} the Verify Plan hook for Claude Code in…` },
    );
    scope = picked?.scope;
  }
  if (!scope) return undefined;
  if (scope === 'user') return { user: true, folder: null };
  const folder = folders.length > 1 ? (await vscode.window.showWorkspaceFolderPick())?.uri.fsPath : folders[0]?.uri.fsPath;
  if (!folder) {
    void vscode.window.showErrorMessage('Verify Plan: open a folder to install the Claude Code hook for a project.');
    return undefined;
  }
  return { user: false, folder };
}

/** Returns the settings file written and the hook command, or undefined when cancelled or refused. */
export async function installClaudeCodeHook(context: vscode.ExtensionContext, arg: unknown): Promise<{ file: string; command: string } | undefined> {
  const where = await chooseScope(arg, 'Install');
  if (!where) return undefined;
  try {
    const cli = realpathSync(path.join(context.extensionPath, 'dist', 'cli.js'));
    const launcher = await installLauncher(process.env, cli, process.execPath);
    const scope = settingsScope(where.folder ?? process.cwd(), process.env, where.user);
    const { outcome, file } = await installHook(scope, launcher.command);
    void vscode.window.showInformationMessage(
      `Verify Plan: Claude Code hook ${outcome} in ${file} (PermissionRequest for ExitPlanMode: a REVISE or RETHINK plan goes back to Claude with the open challenges).`,
    );
    return { file, command: launcher.command };
  } catch (error) {
    void vscode.window.showErrorMessage(`Verify Plan: the Claude Code hook was not installed: ${(error as Error).message}`);
    return undefined;
  }
}

export async function uninstallClaudeCodeHook(arg: unknown): Promise<string[] | undefined> {
  const where = await chooseScope(arg, 'Uninstall');
  if (!where) return undefined;
  try {
    const { outcome, files } = await uninstallHook(settingsScope(where.folder ?? process.cwd(), process.env, where.user));
    void vscode.window.showInformationMessage(`Verify Plan: Claude Code hook ${outcome} (${files.join(', ')}).`);
    return outcome === 'removed' ? files : [];
  } catch (error) {
    void vscode.window.showErrorMessage(`Verify Plan: the Claude Code hook was not removed: ${(error as Error).message}`);
    return undefined;
  }
}
