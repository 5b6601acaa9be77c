/**
 * Picks the model provider for a run from the `verifyPlan.provider` setting,
 * the stored key and the editor's models: the Anthropic API when a key is
 * set, else (after consent) the editor's Language Model API. When neither is
 * available the user is told how to fix it; null means "do not run".
 */
import * as vscode from 'vscode';
import { loadEngine } from './engine-loader';
import type { LlmProvider } from '../core/llm/provider';
import type { ApiKeyStore } from './api-key';
import { createLanguageModelProvider, ensureLanguageModelConsent, hasLanguageModels } from './lm-provider';
import type { VerifyPlanSettings } from './settings';

export interface ChosenProvider {
  provider: LlmProvider;
  /** For the log and the UI: "Anthropic API (https://…)" or "editor language model". */
  label: string;
  /** The editor API reports no usage, so cost is unknown rather than zero. */
  costKnown: boolean;
  /** Values the log must redact. */
  secrets: string[];
}

export async function chooseProvider(settings: VerifyPlanSettings, keys: ApiKeyStore, globalState: vscode.Memento): Promise<ChosenProvider | null> {
  if (settings.provider !== 'languageModel') {
    const apiKey = await keys.get();
    if (apiKey) {
      const baseURL = settings.baseUrl || undefined;
      return {
        provider: loadEngine().createAnthropicProvider({ apiKey, ...(baseURL ? { baseURL } : {}) }),
        label: `Anthropic API (${baseURL ?? 'https://api.anthropic.com'})`,
        costKnown: true,
        secrets: [apiKey],
      };
    }
  }
  if (settings.provider !== 'anthropic' && (await hasLanguageModels())) {
    if (!(await ensureLanguageModelConsent(globalState))) return null;
    return { provider: createLanguageModelProvider(), label: 'editor language model (vscode.lm)', costKnown: false, secrets: [] };
  }
  const setKey = 'Set API Key';
  const why =
    settings.provider === 'languageModel'
      ? 'The editor offers no language models.'
      : 'No Anthropic API key is set and the editor offers no language models.';
  void vscode.window.showWarningMessage(`Verify Plan: ${why} The agent team needs a model provider.`, setKey).then((pick) => {
    if (pick === setKey) void vscode.commands.executeCommand('verifyPlan.setApiKey');
  });
  return null;
}
