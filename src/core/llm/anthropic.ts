/**
 * The Anthropic provider: one model turn over `@anthropic-ai/sdk`, streamed.
 *
 * Contracts:
 * - Configuration is explicit. This module reads no environment variables:
 *   front ends resolve the key and base URL (the CLI from `ANTHROPIC_API_KEY`
 *   / `ANTHROPIC_BASE_URL`, the extension from SecretStorage and settings)
 *   and pass them in. No `baseURL` means the SDK's default API host.
 * - Retries for 429 / 408 / 409 / 5xx / 529 and connection failures are
 *   retry.ts's (the SDK's are off, so nothing retries twice): backoff or the
 *   API's `retry-after`, bounded by `maxRetryWaitMs`, each wait announced
 *   through `request.onRetry`. A stream that broke after it started is
 *   `connection_lost`, not retried (the answer may be billed).
 * - `timeoutMs` bounds the wait for response headers (the SDK's timeout) and
 *   every silence between stream events (ours), so a stalled stream ends.
 * - Every failure is a `ProviderError`; its message never contains the key.
 * - Specs with `server` are sent as server tools (`{ type, name, max_uses }`);
 *   every response block other than text and tool_use (server tool uses and
 *   results, thinking) becomes an `OpaqueBlock` and goes back byte-for-byte.
 *   `pause_turn` is reported as is: `callAgent` continues the turn.
 * - Request shape per model comes from the model table (models.ts): adaptive
 *   thinking where the model takes it (`thinking: { type: 'adaptive' }`, the
 *   equivalent of the default where thinking is always on), `effort` in
 *   `output_config` where supported, `outputSchema` as
 *   `output_config.format` where structured outputs are supported. Thinking
 *   blocks come back as opaque blocks and are sent back unchanged (the API
 *   checks them); `tool_choice` is never sent: the newest models reject
 *   forced tool use, and `auto` is the default.
 */
import Anthropic, { APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import type { MessageStream } from '@anthropic-ai/sdk/lib/MessageStream';
import type { Usage } from '../protocol';
import { capabilitiesOf } from '../models';
import { configurationProblem, createModelFacts, redact } from './anthropic-models';
import { requestedWaitMs, withRetries } from './retry';
import {
  ProviderError,
  type ChatMessage,
  type ContentBlock,
  type LlmProvider,
  type ModelRequest,
  type ModelResponse,
  type StopReason,
  type TextBlock,
  type ToolSpec,
} from './provider';

export interface AnthropicProviderOptions {
  apiKey: string;
  baseURL?: string;
  /** Retries for 429 / 408 / 409 / 5xx / 529 / connection errors (retry.ts; the SDK's own are off). Default 4. */
  maxRetries?: number;
  /** Longest wait a `retry-after` may ask for before the call fails instead of waiting. Default 60000. */
  maxRetryWaitMs?: number;
  /** Per request: the wait for headers and any silence mid-stream. Default 120000. */
  timeoutMs?: number;
  defaultHeaders?: Record<string, string>;
}

const EPHEMERAL = { type: 'ephemeral' } as const;
const STOP_REASONS: ReadonlySet<string> = new Set(['end_turn', 'tool_use', 'max_tokens', 'refusal', 'stop_sequence', 'pause_turn']);

export function toApiText(block: TextBlock): Anthropic.TextBlockParam {
  // A block of a model's answer goes back as received; only the cache marker may be added.
  const base = block.raw !== undefined ? (block.raw as Anthropic.TextBlockParam) : { type: 'text' as const, text: block.text };
  return block.cache ? { ...base, cache_control: EPHEMERAL } : base;
}

function toApiBlock(block: ContentBlock): Anthropic.ContentBlockParam {
  switch (block.type) {
    case 'text':
      return toApiText(block);
    case 'tool_use':
      return block.raw !== undefined ? (block.raw as Anthropic.ToolUseBlockParam) : { type: 'tool_use', id: block.id, name: block.name, input: block.input };
    case 'tool_result':
      return {
        type: 'tool_result',
        tool_use_id: block.tool_use_id,
        content: block.content,
        ...(block.is_error ? { is_error: true } : {}),
        ...(block.cache ? { cache_control: EPHEMERAL } : {}),
      };
    case 'opaque':
      return block.raw as Anthropic.ContentBlockParam;
  }
}

/** Client tools carry their schema; server tools only type, name and the fixed per-request `max_uses`. */
export function toApiTool(spec: ToolSpec): Anthropic.ToolUnion {
  if (spec.server) {
    return {
      type: spec.server.type,
      name: spec.name,
      ...(spec.server.maxUses !== undefined ? { max_uses: spec.server.maxUses } : {}),
    } as unknown as Anthropic.ToolUnion;
  }
  return {
    name: spec.name,
    description: spec.description,
    input_schema: spec.input_schema as Anthropic.Tool.InputSchema,
    ...(spec.strict ? { strict: true } : {}),
  };
}

/** `thinking` and `output_config` for this model: only what the model table says it accepts. */
export function requestShape(request: Pick<ModelRequest, 'model' | 'effort' | 'outputSchema'>): Pick<Anthropic.MessageCreateParamsNonStreaming, 'thinking' | 'output_config'> {
  const capabilities = capabilitiesOf(request.model);
  const outputConfig: Anthropic.OutputConfig = {
    ...(request.effort && capabilities.effort ? { effort: request.effort } : {}),
    ...(request.outputSchema && capabilities.structuredOutputs ? { format: { type: 'json_schema' as const, schema: request.outputSchema } } : {}),
  };
  return {
    ...(capabilities.adaptiveThinking ? { thinking: { type: 'adaptive' as const } } : {}),
    ...(Object.keys(outputConfig).length > 0 ? { output_config: outputConfig } : {}),
  };
}

const THINKING_BLOCKS: ReadonlySet<string> = new Set(['thinking', 'redacted_thinking']);
/** The beta that carries `thinking.block_binding` (preserved-thinking docs, "Set the mismatch behavior"). */
export const THINKING_BINDING_BETA = 'thinking-binding-controls-2026-08-01';
/** The 400 of a thinking block that fails the conversation (prefix) check. */
const BOUND_ELSEWHERE = /bound to a different conversation/;

export function toApiMessages(messages: ChatMessage[]): Anthropic.MessageParam[] {
  return messages.map((m) => ({ role: m.role, content: m.content.map(toApiBlock) }));
}

/**
 * The answer's blocks, each keeping the block exactly as received (`raw`),
 * every block and field, empty text included, in order: the turn goes back
 * unchanged (preserved-thinking docs, "Send assistant turns back exactly as
 * returned"). Text and tool uses are also read for the engine.
 */
export function fromApiContent(content: Anthropic.ContentBlock[]): ContentBlock[] {
  return content.map((block): ContentBlock => {
    const raw = plainCopy(block);
    if (block.type === 'text') return { type: 'text', text: block.text, raw };
    if (block.type === 'tool_use') return { type: 'tool_use', id: block.id, name: block.name, input: block.input, raw };
    return { type: 'opaque', kind: String((block as { type: unknown }).type), raw };
  });
}

/** The block as plain data: the SDK's stream snapshot holds lazy getters and hidden buffers. */
function plainCopy(block: unknown): unknown {
  return JSON.parse(JSON.stringify(block)) as unknown;
}

export function mapStopReason(reason: string | null | undefined): StopReason {
  return reason && STOP_REASONS.has(reason) ? (reason as StopReason) : 'other';
}

export function mapUsage(usage: Partial<Record<keyof Usage, number | null>> | null | undefined): Usage {
  return {
    input_tokens: usage?.input_tokens ?? 0,
    output_tokens: usage?.output_tokens ?? 0,
    cache_read_input_tokens: usage?.cache_read_input_tokens ?? 0,
    cache_creation_input_tokens: usage?.cache_creation_input_tokens ?? 0,
  };
}

interface FailureContext {
  cancelled: boolean;
  idleTimedOut: boolean;
  connected: boolean;
  timeoutMs: number;
}

/** Classifies whatever the SDK threw; the caller redacts the message. */
export function classifyError(error: unknown, ctx: FailureContext): ProviderError {
  if (ctx.cancelled) return new ProviderError('request cancelled', 'cancelled');
  if (ctx.idleTimedOut) return new ProviderError(`no data from the API for ${ctx.timeoutMs} ms: stream stalled`, 'timeout');
  if (error instanceof APIConnectionTimeoutError) {
    return new ProviderError(`the API did not answer within ${ctx.timeoutMs} ms`, 'timeout', undefined, { retryable: true, reason: 'no answer in time' });
  }
  if (error instanceof APIUserAbortError) return new ProviderError('request cancelled', 'cancelled');
  if (error instanceof APIError && typeof error.status === 'number') {
    const detail = error.apiMessage ?? 'no error message';
    const type = error.type ? ` ${error.type}` : '';
    if (error.status === 401 || error.status === 403) {
      return new ProviderError(`Anthropic API rejected the credentials (${error.status}${type}): ${detail}`, 'auth', error.status);
    }
    return new ProviderError(`Anthropic API error ${error.status}${type}: ${detail}`, 'api_error', error.status, retryOf(error.status, error.headers as Headers | undefined));
  }
  if (error instanceof APIError && error.type) {
    // An `event: error` in an open stream (e.g. overloaded): the API's failure, not a cut connection.
    return new ProviderError(`Anthropic API error during the stream (${error.type}): ${error.apiMessage ?? 'no error message'}`, 'api_error');
  }
  const reason = error instanceof Error ? error.message : String(error);
  if (ctx.connected) return new ProviderError(`the connection was lost while the answer was streaming: ${reason}`, 'connection_lost');
  return new ProviderError(`could not reach the Anthropic API: ${reason}`, 'api_error', undefined, { retryable: true, reason: 'connection failed' });
}

/** The SDK's retry rule: `x-should-retry` wins, else 408, 409, 429 and 5xx; with the wait the API asked for. */
function retryOf(status: number, headers: Headers | undefined): ProviderError['retry'] {
  const header = headers?.get('x-should-retry');
  const retryable = header === 'true' || (header !== 'false' && (status === 408 || status === 409 || status === 429 || status >= 500));
  const reason = status === 429 ? 'rate limited' : status === 529 ? 'API overloaded' : `server error ${status}`;
  const afterMs = requestedWaitMs(headers);
  return { retryable, reason, ...(afterMs !== undefined ? { afterMs } : {}) };
}

export function createAnthropicProvider(options: AnthropicProviderOptions): LlmProvider {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const problem = configurationProblem(options.apiKey, options.baseURL);
  const client = new Anthropic({
    apiKey: options.apiKey,
    // null (not undefined) so the SDK does not fall back to ANTHROPIC_BASE_URL on its own.
    baseURL: options.baseURL ?? null,
    maxRetries: 0,
    timeout: timeoutMs,
    ...(options.defaultHeaders ? { defaultHeaders: options.defaultHeaders } : {}),
  });
  const policy = { maxRetries: options.maxRetries ?? 4, maxWaitMs: options.maxRetryWaitMs ?? 60_000 };

  const facts = createModelFacts(client, options.apiKey);

  function send(request: ModelRequest): Promise<ModelResponse> {
    return withRetries(() => sendRecovering(request), policy, request.signal, request.onRetry);
  }

  /**
   * A 400 saying a thinking block is bound to another conversation cannot be
   * fixed by sending the same body again. As documented, the same request goes
   * once more with `drop_block` (and its beta header); the response says so,
   * so that every later turn of the conversation asks for it too.
   */
  async function sendRecovering(request: ModelRequest): Promise<ModelResponse> {
    try {
      return await sendOnce(request);
    } catch (error) {
      const recoverable = error instanceof ProviderError && error.status === 400 && BOUND_ELSEWHERE.test(error.message);
      if (!recoverable || request.staleThinking === 'drop_block' || !capabilitiesOf(request.model).adaptiveThinking) throw error;
      return { ...(await sendOnce({ ...request, staleThinking: 'drop_block' })), thinkingBinding: 'drop_block' };
    }
  }

  async function sendOnce(request: ModelRequest): Promise<ModelResponse> {
    if (problem) throw problem;
    if (request.signal?.aborted) throw new ProviderError('request cancelled', 'cancelled');
    const shape = requestShape(request);
    const params: Anthropic.MessageCreateParamsNonStreaming = {
      model: request.model,
      max_tokens: request.maxTokens,
      system: request.system.map(toApiText),
      messages: toApiMessages(request.messages),
      ...(request.tools.length > 0 ? { tools: request.tools.map(toApiTool) } : {}),
      ...shape,
    };
    const ctx: FailureContext = { cancelled: false, idleTimedOut: false, connected: false, timeoutMs };
    let idle: NodeJS.Timeout | undefined;
    try {
      const streamOptions = request.signal ? { signal: request.signal } : {};
      const binding = { ...params, thinking: { type: 'adaptive', block_binding: { prefix_mismatch_behavior: 'drop_block' } }, betas: [THINKING_BINDING_BETA] };
      // The beta stream emits the same events and final message; only its types differ.
      const stream: MessageStream =
        request.staleThinking === 'drop_block'
          ? (client.beta.messages.stream(binding as unknown as Anthropic.Beta.MessageCreateParamsStreaming, streamOptions) as unknown as MessageStream)
          : client.messages.stream(params, streamOptions);
      const armIdle = () => {
        clearTimeout(idle);
        idle = setTimeout(() => {
          ctx.idleTimedOut = true;
          stream.abort();
        }, timeoutMs);
      };
      stream.on('connect', () => {
        ctx.connected = true;
        armIdle();
        try {
          request.onStarted?.();
        } catch {
          // A listener must not break the model call.
        }
      });
      stream.on('streamEvent', armIdle);
      const onThinking = request.onThinking;
      if (onThinking) {
        stream.on('streamEvent', (event: Anthropic.MessageStreamEvent) => {
          const started = event.type === 'content_block_start' && THINKING_BLOCKS.has(event.content_block.type);
          const continued = event.type === 'content_block_delta' && event.delta.type === 'thinking_delta';
          if (!started && !continued) return;
          try {
            onThinking();
          } catch {
            // A UI listener must not break the model call.
          }
        });
      }
      const onText = request.onText;
      if (onText) {
        stream.on('text', (delta: string) => {
          try {
            onText(delta);
          } catch {
            // A UI listener must not break the model call.
          }
        });
      }
      const message = await stream.finalMessage();
      return {
        content: fromApiContent(message.content),
        stopReason: mapStopReason(message.stop_reason),
        usage: mapUsage(message.usage),
        model: message.model,
      };
    } catch (error) {
      ctx.cancelled = request.signal?.aborted ?? false;
      const classified = classifyError(error, ctx);
      throw new ProviderError(redact(classified.message, options.apiKey), classified.kind, classified.status, classified.retry);
    } finally {
      clearTimeout(idle);
    }
  }

  return {
    id: 'anthropic',
    send,
    structuredOutputs: (model) => capabilitiesOf(model).structuredOutputs,
    modelLimits: (model, signal) => facts.limits(model, signal),
  };
}

export { createAnthropicModelLookup } from './anthropic-models';
