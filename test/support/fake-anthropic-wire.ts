/**
 * The Anthropic Messages API wire format, as the fake server writes it:
 * complete messages (non-streaming JSON), the SSE event sequence of a
 * streamed message, and the error body `{ type: 'error', error: { type, message } }`.
 */
import type { InputAccounting } from './fake-anthropic-cache';

export type WireStopReason = 'end_turn' | 'max_tokens' | 'refusal' | 'stop_sequence' | 'tool_use' | 'pause_turn';

/** Who called a server tool; the API reports `direct` for the model's own calls. */
export type WireCaller = { type: 'direct' };

export type WireBlock =
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'text'; text: string; citations: null }
  | { type: 'tool_use'; id: string; name: string; input: unknown; caller: WireCaller }
  | { type: 'server_tool_use'; id: string; name: string; input: unknown; caller: WireCaller }
  | { type: 'web_search_tool_result' | 'web_fetch_tool_result'; tool_use_id: string; content: unknown; caller: WireCaller };

/** `usage.server_tool_use`: server-side tool requests the API ran (and bills) for this message. */
export interface WireServerToolUsage {
  web_search_requests: number;
  web_fetch_requests: number;
}

export interface WireMessage {
  id: string;
  model: string;
  content: WireBlock[];
  stopReason: WireStopReason;
  usage: InputAccounting & { output_tokens: number; output_tokens_details?: { thinking_tokens: number }; server_tool_use?: WireServerToolUsage };
  /** Under the thinking-binding beta: the blocks the API dropped or let through (fake-anthropic-replay.ts). */
  inputTransformations?: unknown[];
}

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

export function errorBody(status: number, type?: string, message?: string): string {
  const errorType = type ?? ERROR_TYPES[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
  return JSON.stringify({ type: 'error', error: { type: errorType, message: message ?? `fake ${errorType}` } });
}

export function messageJson(m: WireMessage): string {
  return JSON.stringify({
    id: m.id,
    type: 'message',
    role: 'assistant',
    model: m.model,
    content: m.content,
    stop_reason: m.stopReason,
    stop_sequence: null,
    usage: { ...m.usage, service_tier: 'standard' },
    ...(m.inputTransformations ? { input_transformations: m.inputTransformations } : {}),
  });
}

export function sse(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** Splits text into small deltas so clients see several `text` events. */
export function chunkText(text: string, size = 24): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
  return chunks;
}

export function messageStartEvent(m: Pick<WireMessage, 'id' | 'model' | 'usage' | 'inputTransformations'>): string {
  return sse('message_start', {
    type: 'message_start',
    message: {
      id: m.id,
      type: 'message',
      role: 'assistant',
      model: m.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: {
        input_tokens: m.usage.input_tokens,
        cache_read_input_tokens: m.usage.cache_read_input_tokens,
        cache_creation_input_tokens: m.usage.cache_creation_input_tokens,
        output_tokens: 1,
        service_tier: 'standard',
      },
      ...(m.inputTransformations ? { input_transformations: m.inputTransformations } : {}),
    },
  });
}

/**
 * The events of one content block: start, deltas, stop. Text streams as
 * `text_delta`s; thinking as `thinking_delta`s then one `signature_delta`;
 * tool and server tool input as `input_json_delta`s of its JSON; a server
 * tool result arrives whole in its `content_block_start`.
 */
export function blockEvents(index: number, block: WireBlock): string[] {
  if (block.type === 'thinking') {
    return [
      sse('content_block_start', { type: 'content_block_start', index, content_block: { type: 'thinking', thinking: '', signature: '' } }),
      ...chunkText(block.thinking).map((thinking) => sse('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking } })),
      sse('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'signature_delta', signature: block.signature } }),
      sse('content_block_stop', { type: 'content_block_stop', index }),
    ];
  }
  if ('tool_use_id' in block) {
    return [sse('content_block_start', { type: 'content_block_start', index, content_block: block }), sse('content_block_stop', { type: 'content_block_stop', index })];
  }
  if (block.type === 'text') {
    return [
      sse('content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '', citations: null } }),
      ...chunkText(block.text).map((text) => sse('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text } })),
      sse('content_block_stop', { type: 'content_block_stop', index }),
    ];
  }
  return [
    sse('content_block_start', {
      type: 'content_block_start',
      index,
      content_block: { ...block, input: {} },
    }),
    ...chunkText(JSON.stringify(block.input ?? {}), 16).map((partial_json) =>
      sse('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json } }),
    ),
    sse('content_block_stop', { type: 'content_block_stop', index }),
  ];
}

export function messageEndEvents(m: WireMessage): string[] {
  return [
    sse('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: m.stopReason, stop_sequence: null },
      usage: m.usage,
    }),
    sse('message_stop', { type: 'message_stop' }),
  ];
}

export const PING_EVENT = sse('ping', { type: 'ping' });
