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
import Anthropic, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, NotFoundError } from '@anthropic-ai/sdk';
import type { Usage } from '../protocol';
import { capabilitiesOf } from '../models';
import { ModelLookupError, type ModelLookup } from './model-lifecycle';
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
  return block.cache ? { type: 'text', text: block.text, cache_control: EPHEMERAL } : { type: 'text', text: block.text };
}

function toApiBlock(block: ContentBlock): Anthropic.ContentBlockParam {
  switch (block.type) {
    case 'text':
      return toApiText(block);
    case 'tool_use':
      return { type: 'tool_use', id: block.id, name: block.name, input: block.input };
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

export function toApiMessages(messages: ChatMessage[]): Anthropic.MessageParam[] {
  return messages.map((m) => ({ role: m.role, content: m.content.map(toApiBlock) }));
}

export function fromApiContent(content: Anthropic.ContentBlock[]): ContentBlock[] {
  const blocks: ContentBlock[] = [];
  for (const block of content) {
    // Empty text is dropped: the API rejects it when the message is sent back.
    if (block.type === 'text') {
      if (block.text !== '') blocks.push({ type: 'text', text: block.text });
    } else if (block.type === 'tool_use') blocks.push({ type: 'tool_use', id: block.id, name: block.name, input: block.input });
    else blocks.push({ type: 'opaque', kind: String((block as { type: unknown }).type), raw: plainCopy(block) });
  }
  return blocks;
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

function redact(text: string, secret: string): string {
  return secret.length >= 4 ? text.split(secret).join('[redacted]') : text;
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

/** Why this configuration cannot work, or null. Checked before any request; never echoes the URL (it may hold credentials). */
function configurationProblem(options: AnthropicProviderOptions): ProviderError | null {
  if (!options.apiKey.trim()) return new ProviderError('no Anthropic API key is configured', 'auth');
  if (options.baseURL !== undefined) {
    let url: URL | null;
    try {
      url = new URL(options.baseURL);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      return new ProviderError('the configured Anthropic base URL is not a valid http(s) URL', 'api_error');
    }
  }
  return null;
}

export function createAnthropicProvider(options: AnthropicProviderOptions): LlmProvider {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const problem = configurationProblem(options);
  const client = new Anthropic({
    apiKey: options.apiKey,
    // null (not undefined) so the SDK does not fall back to ANTHROPIC_BASE_URL on its own.
    baseURL: options.baseURL ?? null,
    maxRetries: 0,
    timeout: timeoutMs,
    ...(options.defaultHeaders ? { defaultHeaders: options.defaultHeaders } : {}),
  });
  const policy = { maxRetries: options.maxRetries ?? 4, maxWaitMs: options.maxRetryWaitMs ?? 60_000 };

  function send(request: ModelRequest): Promise<ModelResponse> {
    return withRetries(() => sendOnce(request), policy, request.signal, request.onRetry);
  }

  async function sendOnce(request: ModelRequest): Promise<ModelResponse> {
    if (problem) throw problem;
    if (request.signal?.aborted) throw new ProviderError('request cancelled', 'cancelled');
    const params: Anthropic.MessageCreateParamsNonStreaming = {
      model: request.model,
      max_tokens: request.maxTokens,
      system: request.system.map(toApiText),
      messages: toApiMessages(request.messages),
      ...(request.tools.length > 0 ? { tools: request.tools.map(toApiTool) } : {}),
      ...requestShape(request),
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    };
    const ctx: FailureContext = { cancelled: false, idleTimedOut: false, connected: false, timeoutMs };
    let idle: NodeJS.Timeout | undefined;
    try {
      const stream = client.messages.stream(params, request.signal ? { signal: request.signal } : {});
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
      });
      stream.on('streamEvent', armIdle);
      const onThinking = request.onThinking;
      if (onThinking) {
        stream.on('streamEvent', (event) => {
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
        stream.on('text', (delta) => {
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

  return { id: 'anthropic', send, structuredOutputs: (model) => capabilitiesOf(model).structuredOutputs };
}

/**
 * `GET /v1/models/{id}` through the SDK: 'found', 'not_found' on a 404, and a
 * thrown error (key redacted) when the Models API cannot answer. Short
 * timeout and one retry: this runs before every session's first run.
 */
export function createAnthropicModelLookup(options: Pick<AnthropicProviderOptions, 'apiKey' | 'baseURL' | 'defaultHeaders'> & { timeoutMs?: number }): ModelLookup {
  const problem = configurationProblem({ apiKey: options.apiKey, ...(options.baseURL !== undefined ? { baseURL: options.baseURL } : {}) });
  const client = new Anthropic({
    apiKey: options.apiKey,
    baseURL: options.baseURL ?? null,
    maxRetries: 1,
    timeout: options.timeoutMs ?? 10_000,
    ...(options.defaultHeaders ? { defaultHeaders: options.defaultHeaders } : {}),
  });
  return async (id, signal) => {
    if (problem) throw problem;
    try {
      await client.models.retrieve(id, {}, signal ? { signal } : {});
      return 'found';
    } catch (error) {
      if (error instanceof NotFoundError) return 'not_found';
      throw lookupError(error, options.baseURL);
    }
  };
}

/** Connection failures that mean the host itself cannot be reached (not a reset or a slow answer mid-way). */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * A Models API failure in plain words: the status and the API's error type,
 * never its raw JSON body; the endpoint without credentials, path or query.
 */
function lookupError(error: unknown, baseURL: string | undefined): ModelLookupError {
  if (error instanceof APIError && typeof error.status === 'number') {
    const type = error.type ? ` ${error.type}` : '';
    if (error.status === 401 || error.status === 403) return new ModelLookupError(`Anthropic rejected the API key (HTTP ${error.status}${type}).`, 'auth');
    return new ModelLookupError(`the Models API answered HTTP ${error.status}${type}`, 'api');
  }
  const code = errorCode(error);
  const where = endpointOf(baseURL);
  if (error instanceof APIConnectionTimeoutError || (error instanceof APIConnectionError && code !== null && UNREACHABLE_CODES.has(code))) {
    return new ModelLookupError(`Could not reach the Anthropic API at ${where} (${code ?? 'timed out'}).`, 'unreachable');
  }
  return new ModelLookupError(`the connection to ${where} failed${code ? ` (${code})` : ''}`, 'api');
}

/** The first `code` along the cause chain (undici puts the socket error two levels down). */
function errorCode(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return null;
}

/** `https://host:port` only: a base URL may carry credentials in its user info, path or query. */
export function endpointOf(baseURL: string | undefined): string {
  if (!baseURL) return 'https://api.anthropic.com';
  try {
    return new URL(baseURL).origin;
  } catch {
    return 'the configured base URL';
  }
}
