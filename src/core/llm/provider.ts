/**
 * The provider boundary. The loop and the agent runner talk only to this
 * interface; the Anthropic provider (SDK) and the editor's Language Model API
 * provider (in src/extension) implement it.
 *
 * Contract: `send` performs ONE model turn. Tool loops, JSON parsing and the
 * correction turn live above it (agent-call.ts), so every provider gets them.
 */
import type { EffortLevel } from '../config';
import type { AgentRole, Usage } from '../protocol';
import type { ModelLimits } from '../models';

/**
 * `raw` (set by a provider on blocks of a model's answer) is the block exactly
 * as the API returned it, every field included; it is what goes back in later
 * turns, so an assistant turn is replayed as received, never rebuilt.
 */
export type TextBlock = { type: 'text'; text: string; /** mark the end of a cacheable prefix */ cache?: boolean; raw?: unknown };
export type ToolUseBlock = { type: 'tool_use'; id: string; name: string; input: unknown; raw?: unknown };
export type ToolResultBlock = { type: 'tool_result'; tool_use_id: string; content: string; is_error?: boolean; /** mark the end of a cacheable prefix */ cache?: boolean };
/**
 * A provider-specific block the engine does not interpret but must send back
 * unchanged in later turns (Anthropic server tool uses and results, thinking
 * blocks): `kind` is the wire type, `raw` the block exactly as received.
 */
export type OpaqueBlock = { type: 'opaque'; kind: string; raw: unknown };
export type ContentBlock = TextBlock | ToolUseBlock | ToolResultBlock | OpaqueBlock;

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: ContentBlock[];
}

export interface ToolSpec {
  name: string;
  description: string;
  /** JSON Schema of the tool input */
  input_schema: Record<string, unknown>;
  /**
   * Set for a tool the provider's API runs itself (Anthropic server tools such
   * as `web_search_20250305`). `maxUses` is a per-request ceiling; keep it
   * fixed for a run (tools start the cached prefix). The engine never runs
   * such a tool: it only accounts for each use (`ToolExecutor.chargeServerUse`).
   */
  server?: { type: string; maxUses?: number };
  /**
   * The provider constrains the model's input to `input_schema` (Anthropic
   * strict tool use). The schema must then be inside the strict subset
   * (output-schema.ts `strictToolSchema`).
   */
  strict?: boolean;
}

/** How much the model should spend on a turn (Anthropic `output_config.effort`; levels in config.ts). */
export type Effort = EffortLevel;

export interface ModelRequest {
  role: AgentRole;
  model: string;
  /**
   * System blocks, in order. By convention the first block is the shared,
   * role-independent prefix (protocol + plan as data) and the second the role
   * instructions; both carry `cache: true` so later calls hit the cache.
   */
  system: TextBlock[];
  messages: ChatMessage[];
  /** Identical across roles so the cached prefix (tools → system) is shared. */
  tools: ToolSpec[];
  /** The output limit of this turn, thinking included. No sampling parameters: API version 2026-10-21 rejects them. */
  maxTokens: number;
  /**
   * 'drop_block': thinking blocks this conversation sends back that fail the
   * API's conversation check are dropped instead of failing the request
   * (set by `callAgent` once a turn needed it; `ModelResponse.thinkingBinding`).
   */
  staleThinking?: 'drop_block';
  /**
   * JSON Schema of the final answer, for a provider with structured outputs
   * (`structuredOutputs(model)` true): the answer text is then JSON the schema
   * accepts, or the turn ends with `refusal` / `max_tokens`. Tool turns are
   * not constrained by it.
   */
  outputSchema?: Record<string, unknown>;
  /** Effort level, where the model takes one; providers without it ignore it. */
  effort?: Effort;
  signal?: AbortSignal;
  /** Called with streamed text deltas (for live UIs); optional. */
  onText?: (delta: string) => void;
  /** Called before each bounded retry wait (rate limit, overload, connection failure); optional. */
  onRetry?: (notice: RetryNotice) => void;
  /** Called when the model starts (or continues) a thinking block, which streams no readable text. */
  onThinking?: () => void;
  /** Called once when the response has started (headers received): from then on, the prompt it sent can be read from the cache by later requests. */
  onStarted?: () => void;
}

/** A bounded retry wait about to start (retry.ts). */
export interface RetryNotice {
  /** 1-based number of the retry about to happen. */
  attempt: number;
  maxRetries: number;
  waitMs: number;
  /** "rate limited", "API overloaded", "server error 503", "connection failed". */
  reason: string;
}

export type StopReason = 'end_turn' | 'tool_use' | 'max_tokens' | 'refusal' | 'stop_sequence' | 'pause_turn' | 'other';

export interface ModelResponse {
  content: ContentBlock[];
  stopReason: StopReason;
  usage: Usage;
  model: string;
  /**
   * 'drop_block': the API rejected a thinking block of this conversation as
   * bound to another conversation, and the provider recovered as documented
   * (the same request again with `drop_block`); every later turn of the
   * conversation must ask for it too (`ModelRequest.staleThinking`).
   */
  thinkingBinding?: 'drop_block';
}

export interface LlmProvider {
  readonly id: string;
  send(request: ModelRequest): Promise<ModelResponse>;
  /**
   * Whether `send` honours `outputSchema` for this model (the answer cannot
   * come back in another shape). Absent means no: the answer is free text
   * with the shape described in the prompt, parsed, and corrected once.
   */
  structuredOutputs?(model: string): boolean;
  /**
   * The model that actually answers requests for the configured id, as
   * records, reports and views name it (`vscode.lm`: the editor model chosen
   * at run start, `vendor/family/id`). Absent: the configured id itself.
   */
  servedModel?(model: string): string;
  /** False when the provider reports no token usage (`vscode.lm`): tokens and cost are unknown, not zero. Absent means true. */
  readonly reportsUsage?: boolean;
  /**
   * The model's limits (the most `max_tokens` allows, the context window),
   * from the provider's Models API when it answers, else the model table;
   * undefined when neither knows. `callAgent` sizes each turn's output room from it.
   */
  modelLimits?(model: string, signal?: AbortSignal): Promise<ModelLimits | undefined>;
}

/** The name of the model that serves `model` on `provider` (see `LlmProvider.servedModel`). */
export function servedModelOf(provider: LlmProvider, model: string): string {
  return provider.servedModel?.(model) ?? model;
}

/** Errors a provider throws, classified for the failure protocol. */
export class ProviderError extends Error {
  constructor(
    message: string,
    /** `connection_lost`: the answer had started streaming and the connection broke (not the output limit). */
    readonly kind: 'api_error' | 'timeout' | 'cancelled' | 'truncated' | 'connection_lost' | 'auth',
    readonly status?: number,
    /** Whether another attempt may succeed, and the wait the API asked for (retry.ts). */
    readonly retry?: { retryable: boolean; afterMs?: number; reason: string },
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

export const ZERO_USAGE: Usage = {
  input_tokens: 0,
  output_tokens: 0,
  cache_read_input_tokens: 0,
  cache_creation_input_tokens: 0,
};

export function addUsage(a: Usage, b: Usage): Usage {
  return {
    input_tokens: a.input_tokens + b.input_tokens,
    output_tokens: a.output_tokens + b.output_tokens,
    cache_read_input_tokens: a.cache_read_input_tokens + b.cache_read_input_tokens,
    cache_creation_input_tokens: a.cache_creation_input_tokens + b.cache_creation_input_tokens,
  };
}

/**
 * Runs the tools a model asked for. Implementations enforce confinement and
 * budgets and always answer (a refusal or "budget exhausted" is an answer with
 * `isError: true`), so a tool can never crash an agent call.
 */
export interface ToolExecutor {
  execute(name: string, input: unknown, signal?: AbortSignal): Promise<{ content: string; isError: boolean }>;
  /**
   * Accounts for a use of a server tool the API already ran. `ok: false` means
   * the use was over budget or not allowed for this call; `message` says why
   * (it is passed to the model). Without this method the use is passed to
   * `execute` and its answer ignored.
   */
  chargeServerUse?(name: string, input: unknown): Promise<ServerUseCharge>;
}

export type ServerUseCharge = { ok: true } | { ok: false; message: string };

/** The first line of every role's system block; lets logs and the fake API server tell roles apart. */
export function roleMarker(role: AgentRole): string {
  return `[verify-plan role: ${role}]`;
}
