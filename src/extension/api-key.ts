/**
 * The Anthropic API key, kept only in the editor's SecretStorage: never in
 * settings, logs or reports.
 */
import * as vscode from 'vscode';
import { validateApiKey } from './api-key-rules';

const SECRET_KEY = 'verifyPlan.anthropicApiKey';

export class ApiKeyStore {
  constructor(private readonly secrets: vscode.SecretStorage) {}

  async get(): Promise<string | undefined> {
    const key = await this.secrets.get(SECRET_KEY);
    return key && key.trim() !== '' ? key : undefined;
  }

  async set(key: string): Promise<void> {
    await this.secrets.store(SECRET_KEY, key.trim());
  }

  async clear(): Promise<void> {
    await this.secrets.delete(SECRET_KEY);
  }

  /**
   * Command handler. A string argument (from another extension or a test
   * driving the command) is stored as-is after validation; without one the
   * user types the key in a password box.
   */
  async promptAndStore(arg?: unknown): Promise<boolean> {
    const given = typeof arg === 'string' ? arg : undefined;
    const key =
      given ??
      (await vscode.window.showInputBox({
        title: 'Verify Plan: Anthropic API key',
        prompt: "Stored in the editor's secret storage; never written to settings or logs.",
        password: true,
        ignoreFocusOut: true,
        validateInput: validateApiKey,
      }));
    if (key === undefined) return false;
    const problem = validateApiKey(key);
    if (problem) {
      void vscode.window.showErrorMessage(`Verify Plan: ${problem}`);
      return false;
    }
    await this.set(key);
    void vscode.window.showInformationMessage('Verify Plan: API key saved in secret storage.');
    return true;
  }
}
