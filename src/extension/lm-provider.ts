/**
 * An `LlmProvider` over the editor's Language Model API (`vscode.lm`), for
 * users with an editor model subscription and no Anthropic key.
 *
 * Contract: same one-turn `send` as every provider. The API has no system
 * role, so the system blocks become the first user message; it reports no
 * token usage, so usage is zero and the UI says cost is unknown. The user
 * consents once (stored in globalState) before any plan text is sent.
 */
import * as vscode from 'vscode';
import { ProviderError, ZERO_USAGE, type ChatMessage, type ContentBlock, type LlmProvider, type ModelRequest, type ModelResponse } from '../core/llm/provider';

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

export function createLanguageModelProvider(): LlmProvider {
  return {
    id: LM_PROVIDER_ID,
    send: (request) => sendOnce(request),
  };
}

async function sendOnce(request: ModelRequest): Promise<ModelResponse> {
  const model = await pickModel(request.model);
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
    return { content, stopReason: usedTools ? 'tool_use' : 'end_turn', usage: { ...ZERO_USAGE }, model: model.id };
  } catch (err) {
    throw toProviderError(err, request.signal);
  } finally {
    request.signal?.removeEventListener('abort', onAbort);
    cts.dispose();
  }
}

/** Prefers a model whose id or family names the requested model; else the first the editor offers. */
async function pickModel(wanted: string): Promise<vscode.LanguageModelChat> {
  const models = await vscode.lm.selectChatModels();
  const lower = wanted.toLowerCase();
  const match = models.find((m) => m.id.toLowerCase() === lower || m.family.toLowerCase() === lower) ?? models.find((m) => m.family.toLowerCase().includes('claude')) ?? models[0];
  if (!match) throw new ProviderError('The editor offers no language models. Set an Anthropic API key instead.', 'auth');
  return match;
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
