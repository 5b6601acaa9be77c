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
import { chooseLanguageModels, ensureLanguageModelConsent, hasLanguageModels } from './lm-provider';
import { LM_SETTINGS_QUERY } from './lm-selection';
import type { VerifyPlanSettings } from './settings';
import type { ModelLifecycle } from '../core/llm/model-lifecycle';
import { DEFAULT_MODELS } from '../core/config';
import type { ModelChecker } from './model-preflight';

export interface ChosenProvider {
  provider: LlmProvider;
  /** For the log and the UI: "Anthropic API (https://…)" or "editor language model". */
  label: string;
  /** The editor API reports no usage, so cost is unknown rather than zero. */
  costKnown: boolean;
  /** Values the log must redact. */
  secrets: string[];
  /** Looks the configured ids up in the provider's Models API; absent when the provider has none. */
  checkModels?: ModelChecker;
}

/** One lifecycle (lookup cache, warn-once) per editor session and endpoint + key. */
let session: { endpoint: string; apiKey: string; lifecycle: ModelLifecycle } | null = null;

function lifecycleFor(apiKey: string, baseURL: string | undefined): ModelLifecycle {
  const endpoint = baseURL ?? '';
  if (!session || session.endpoint !== endpoint || session.apiKey !== apiKey) {
    const engine = loadEngine();
    session = { endpoint, apiKey, lifecycle: new engine.ModelLifecycle(engine.createAnthropicModelLookup({ apiKey, ...(baseURL ? { baseURL } : {}) })) };
  }
  return session.lifecycle;
}

/**
 * Whether a run would stop for want of a model provider: the same choice as
 * `chooseProvider` (a stored key, else the editor's models unless the
 * setting asks for the Anthropic API), asked without prompting anyone.
 */
export async function needsApiKey(settings: VerifyPlanSettings, keys: ApiKeyStore): Promise<boolean> {
  if (settings.provider !== 'languageModel' && (await keys.get())) return false;
  if (settings.provider === 'anthropic') return true;
  return !(await hasLanguageModels());
}

export async function chooseProvider(settings: VerifyPlanSettings, keys: ApiKeyStore, globalState: vscode.Memento): Promise<ChosenProvider | null> {
  if (settings.provider !== 'languageModel') {
    const apiKey = await keys.get();
    if (apiKey) {
      const baseURL = settings.baseUrl || undefined;
      return {
        provider: loadEngine().createAnthropicProvider({ apiKey, ...(baseURL ? { baseURL } : {}), maxRetryWaitMs: settings.maxRetryWaitSeconds * 1000 }),
        label: `Anthropic API (${baseURL ?? 'https://api.anthropic.com'})`,
        costKnown: true,
        secrets: [apiKey],
        checkModels: (config, signal) => lifecycleFor(apiKey, baseURL).check(config.models, DEFAULT_MODELS, signal),
      };
    }
  }
  if (settings.provider !== 'anthropic' && (await hasLanguageModels())) {
    if (!(await ensureLanguageModelConsent(globalState))) return null;
    const setup = await chooseLanguageModels(settings.languageModel, [...new Set(Object.values(settings.models))]);
    if (!setup.ok) {
      // Before any request: a preference the editor cannot meet is never replaced by another vendor's model.
      const openSettings = 'Open Settings';
      void vscode.window.showErrorMessage(`Verify Plan: ${setup.message} No request was sent.`, openSettings).then((pick) => {
        if (pick === openSettings) void vscode.commands.executeCommand('workbench.action.openSettings', LM_SETTINGS_QUERY);
      });
      return null;
    }
    return { provider: setup.provider, label: `editor language model (vscode.lm: ${setup.models.join(', ')})`, costKnown: false, secrets: [] };
  }
  const setKey = 'Set API Key';
  const why = settings.provider === 'languageModel' ? 'The editor offers no language models.' : 'No Anthropic API key is set and the editor offers no language models.';
  void vscode.window.showWarningMessage(`Verify Plan: ${why} The agent team needs a model provider.`, setKey).then((pick) => {
    if (pick === setKey) void vscode.commands.executeCommand('verifyPlan.setApiKey');
  });
  return null;
}
