/**
 * An `LlmProvider` over the editor's Language Model API (`vscode.lm`), for
 * users with an editor model subscription and no Anthropic key.
 *
 * Contract: same one-turn `send` as every provider. The API has no system
 * role, so the system blocks become the first user message; it reports no
 * token usage, so usage is zero and the UI says cost is unknown. The user
 * consents once (stored in globalState) before any plan text is sent.
 * The models are chosen once, before the run's first call
 * (`chooseLanguageModels`, rules in ./lm-selection.ts); every record names
 * the editor model that ran (`vendor/family/id`), not the configured id.
 */
import * as vscode from 'vscode';
import { ProviderError, ZERO_USAGE, type ChatMessage, type ContentBlock, type LlmProvider, type ModelRequest, type ModelResponse } from '../core/llm/provider';
import { chooseLanguageModels as choose, describeLmModel, lmSelector, type LmPreference } from './lm-selection';

export const LM_PROVIDER_ID = 'vscode-lm';
const CONSENT_KEY = 'verifyPlan.languageModelConsent';

/** Asks once; later calls return the stored answer without a prompt. */
export async function ensureLanguageModelConsent(globalState: vscode.Memento): Promise<boolean> {
  if (globalState.get<boolean>(CONSENT_KEY) === true) return true;
  const allow = 'Use Editor Models';
  const answer = await vscode.window.showInformationMessage(
    'No Anthropic API key is set. Verify Plan can use the language models your editor provides instead. The plan text and workspace excerpts the agents read are sent to that model. Token counts and cost are not reported by this API.',
    { modal: true },
    allow,
  );
  if (answer !== allow) return false;
  await globalState.update(CONSENT_KEY, true);
  return true;
}

export async function hasLanguageModels(): Promise<boolean> {
  try {
    return (await vscode.lm.selectChatModels()).length > 0;
  } catch {
    return false;
  }
}

export type LanguageModelSetup = { ok: true; provider: LlmProvider; models: string[] } | { ok: false; message: string };

/**
 * Asks the editor for the models matching the user's preference and picks one
 * per configured model id. Fails (no request sent) when none matches.
 */
export async function chooseLanguageModels(preference: LmPreference, wantedIds: readonly string[]): Promise<LanguageModelSetup> {
  const selector = lmSelector(preference);
  let matching: vscode.LanguageModelChat[];
  let available: readonly vscode.LanguageModelChat[];
  try {
    matching = await vscode.lm.selectChatModels(selector);
    // Every model, only to tell the user what they could pick instead.
    available = matching.length > 0 ? matching : await vscode.lm.selectChatModels();
  } catch (err) {
    return { ok: false, message: `The editor's language models could not be listed: ${err instanceof Error ? err.message : String(err)}` };
  }
  const choice = choose(matching, available, preference, wantedIds);
  if (!choice.ok) return choice;
  return { ok: true, provider: createLanguageModelProvider(choice.byModelId), models: [...new Set([...choice.byModelId.values()].map(describeLmModel))] };
}

/** `models` maps each configured model id to the editor model that serves it. */
export function createLanguageModelProvider(models: ReadonlyMap<string, vscode.LanguageModelChat>): LlmProvider {
  const modelFor = (id: string): vscode.LanguageModelChat => {
    const model = models.get(id);
    if (!model) throw new ProviderError(`No editor language model was chosen for "${id}".`, 'api_error');
    return model;
  };
  return {
    id: LM_PROVIDER_ID,
    reportsUsage: false,
    servedModel: (id) => {
      const model = models.get(id);
      return model ? describeLmModel(model) : id;
    },
    send: (request) => sendOnce(request, modelFor(request.model)),
  };
}

async function sendOnce(request: ModelRequest, model: vscode.LanguageModelChat): Promise<ModelResponse> {
  const cts = new vscode.CancellationTokenSource();
  const onAbort = () => cts.cancel();
  if (request.signal?.aborted) throw new ProviderError('cancelled before the request was sent', 'cancelled');
  request.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const response = await model.sendRequest(
      toLmMessages(request),
      {
        justification: 'Verify Plan runs a team of review agents over your implementation plan.',
        // Anthropic server tools (web search/fetch) run on Anthropic's side only; the editor's models never get them.
        tools: request.tools.filter((t) => !t.server).map((t) => ({ name: t.name, description: t.description, inputSchema: t.input_schema })),
      },
      cts.token,
    );
    const content: ContentBlock[] = [];
    let text = '';
    for await (const part of response.stream) {
      if (part instanceof vscode.LanguageModelTextPart) {
        text += part.value;
        request.onText?.(part.value);
      } else if (part instanceof vscode.LanguageModelToolCallPart) {
        content.push({ type: 'tool_use', id: part.callId, name: part.name, input: part.input });
      }
    }
    if (text) content.unshift({ type: 'text', text });
    const usedTools = content.some((b) => b.type === 'tool_use');
    return { content, stopReason: usedTools ? 'tool_use' : 'end_turn', usage: { ...ZERO_USAGE }, model: describeLmModel(model) };
  } catch (err) {
    throw toProviderError(err, request.signal);
  } finally {
    request.signal?.removeEventListener('abort', onAbort);
    cts.dispose();
  }
}

/** Exported for the integration suite, which checks the mapping against the real vscode classes. */
export function toLmMessages(request: ModelRequest): vscode.LanguageModelChatMessage[] {
  const system = request.system.map((b) => b.text).join('\n\n');
  const out: vscode.LanguageModelChatMessage[] = [];
  if (system) out.push(vscode.LanguageModelChatMessage.User(system));
  for (const m of request.messages) out.push(toLmMessage(m));
  return out;
}

function toLmMessage(m: ChatMessage): vscode.LanguageModelChatMessage {
  if (m.role === 'assistant') {
    const parts = m.content.flatMap((b): (vscode.LanguageModelTextPart | vscode.LanguageModelToolCallPart)[] => {
      if (b.type === 'text') return [new vscode.LanguageModelTextPart(b.text)];
      if (b.type === 'tool_use') return [new vscode.LanguageModelToolCallPart(b.id, b.name, toObject(b.input))];
      return [];
    });
    return vscode.LanguageModelChatMessage.Assistant(parts);
  }
  const parts = m.content.flatMap((b): (vscode.LanguageModelTextPart | vscode.LanguageModelToolResultPart)[] => {
    if (b.type === 'text') return [new vscode.LanguageModelTextPart(b.text)];
    if (b.type === 'tool_result') {
      const body = b.is_error ? `ERROR: ${b.content}` : b.content;
      return [new vscode.LanguageModelToolResultPart(b.tool_use_id, [new vscode.LanguageModelTextPart(body)])];
    }
    return [];
  });
  return vscode.LanguageModelChatMessage.User(parts);
}

function toObject(input: unknown): object {
  return typeof input === 'object' && input !== null ? input : { value: input };
}

function toProviderError(err: unknown, signal: AbortSignal | undefined): ProviderError {
  if (err instanceof ProviderError) return err;
  if (signal?.aborted || err instanceof vscode.CancellationError) return new ProviderError('cancelled', 'cancelled');
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof vscode.LanguageModelError) {
    const kind = err.code === vscode.LanguageModelError.NoPermissions.name ? 'auth' : 'api_error';
    return new ProviderError(`Editor language model: ${message} (${err.code})`, kind);
  }
  return new ProviderError(`Editor language model: ${message}`, 'api_error');
}
