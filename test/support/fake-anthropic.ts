/**
 * A fake Anthropic Messages API for tests: real HTTP on 127.0.0.1 (random
 * port), `POST /v1/messages`, non-streaming JSON and SSE streaming in the
 * API's wire format, so the real `@anthropic-ai/sdk` talks to it unchanged:
 *
 *   const server = await FakeAnthropicServer.start({ script: byRole({ challenger: [{ kind: 'text', text: '{…}' }] }) });
 *   const client = new Anthropic({ apiKey: 'test-key', baseURL: server.baseURL });
 *
 * Each request is answered by the test's script (a `FakeReply` per request),
 * including faults: any HTTP status with the API's error body (and
 * `retry-after`), latency, a reset socket, a stream cut before
 * `message_stop`, an `event: error` mid-stream, refusals, `max_tokens` cuts,
 * a request that never answers.
 * Requests that break the API's rules (more than 4 `cache_control` blocks, a
 * `tool_result` without its `tool_use`, a schema outside the structured-output
 * subset, a thinking setting or forced `tool_choice` the model rejects, a
 * thinking block sent back changed, an assistant turn that is not the
 * response it replays on a model that binds thinking to the conversation,
 * `temperature` / `top_p` / `top_k` under API version 2026-10-21, more
 * `max_tokens` than the model allows) get the API's 400, so client bugs show.
 * Answers are cut at `max_tokens`, thinking counted (fake-anthropic-compose.ts).
 *
 * Like the real models, a reply starts with a signed thinking block whenever
 * the request's model thinks (fake-anthropic-thinking.ts), and with
 * `output_config.format` a scripted answer must be JSON the schema accepts
 * (the constrained decoder cannot write anything else): a script that breaks
 * it fails the test with a non-retryable 500 (fake-anthropic-schema.ts).
 *
 * A request for a model the catalogue does not hold gets the API's 404
 * `not_found_error`; `GET /v1/models[/{id}]` is the Models API
 * (fake-anthropic-models.ts), or a reset socket with `modelsEndpoint: 'down'`.
 *
 * This file routes a request and composes the message; beside it: reading a
 * request, its role and its 400s (fake-anthropic-request.ts), writing the
 * message or its SSE stream (fake-anthropic-send.ts), token accounting and the
 * prompt-cache model (fake-anthropic-cache.ts), scripts (fake-anthropic-script.ts).
 */
import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AgentRole, Usage } from '../../src/core/protocol';
import { PromptCacheModel } from './fake-anthropic-cache';
import { composeMessage } from './fake-anthropic-compose';
import { dropThinkingFrom, mismatchBehavior, ReplayLedger, boundToAnotherConversation } from './fake-anthropic-replay';
import { errorBody, type WireMessage } from './fake-anthropic-wire';
import { sendMessage } from './fake-anthropic-send';
import { answerProblem } from './fake-anthropic-schema';
import { delay, readBody, requestProblem, requestRole } from './fake-anthropic-request';
export { byRole, sequence } from './fake-anthropic-script';
import { thinks, ThinkingLedger } from './fake-anthropic-thinking';
import type { FakeServerToolUse } from './fake-anthropic-server-tools';
import { DEFAULT_FAKE_MODELS, FakeModelCatalogue, FakeModelsEndpoint, type FakeModel } from './fake-anthropic-models';

export interface ReceivedRequest {
  /** The raw wire body (untyped on purpose: tests inspect whatever the client sent). */
  body: any;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed from the role marker (`[verify-plan role: …]`) in the system text. */
  role: AgentRole | null;
  at: number;
  /** The client closed the connection before the reply finished. */
  aborted: boolean;
  /** Usage reported for this request, when a message was served. */
  usage?: Usage;
}

export type FakeReply =
  | {
      kind: 'text';
      text: string;
      stopReason?: 'end_turn' | 'max_tokens' | 'refusal' | 'stop_sequence';
      outputTokens?: number;
      /** Tokens the model spends thinking first (default one block's worth); counted against `max_tokens`. */
      thinkingTokens?: number;
      chunkDelayMs?: number;
    }
  /**
   * An answer given as a value. With `output_config.format` the text is its
   * compact JSON, as structured outputs write it; without, a `leadIn` makes it
   * the free-text shape the prompts ask for (lead-in, then a fenced block).
   */
  | { kind: 'json'; value: unknown; leadIn?: string; thinkingTokens?: number; chunkDelayMs?: number }
  /** `text: ''` serves an empty text block before the calls, as the API sometimes does. */
  | { kind: 'tool_use'; calls: { name: string; input: unknown }[]; text?: string; thinkingTokens?: number; chunkDelayMs?: number }
  /**
   * Server tools the API runs itself (fake-anthropic-server-tools.ts): each use and its result, then
   * `text`, then client `calls` (stop `tool_use`), else stop `end_turn`; `pause` ends with `pause_turn`.
   */
  | { kind: 'server_tools'; uses: FakeServerToolUse[]; text?: string; calls?: { name: string; input: unknown }[]; pause?: boolean; chunkDelayMs?: number }
  | { kind: 'error'; status: number; type?: string; message?: string; retryAfterSeconds?: number; shouldRetry?: boolean }
  /** Destroys the socket before responding. */
  | { kind: 'reset' }
  /** The stream starts, then ends before `message_stop`: cleanly (`end`, default) or by a socket reset (`destroy`). */
  | { kind: 'truncate'; text: string; mode?: 'end' | 'destroy' }
  /** The stream starts (with optional text), then an `event: error` arrives, as the API does when overloaded mid-stream. */
  | { kind: 'stream_error'; type?: string; message?: string; text?: string }
  /** Never answers; ends when the client aborts or the server stops. */
  | { kind: 'hang' };

/** A reply the server answers with a message (whole, or broken off as `truncate` / `stream_error` say). */
export type MessageReply = Extract<FakeReply, { kind: 'text' | 'json' | 'tool_use' | 'server_tools' | 'truncate' | 'stream_error' }>;

export type Script = (req: ReceivedRequest, index: number) => FakeReply | Promise<FakeReply>;
type Latency = number | ((req: ReceivedRequest) => number);

export interface FakeServerOptions {
  latencyMs?: Latency;
  script?: Script;
  /** The models this API serves; default DEFAULT_FAKE_MODELS (the pinned SDK's ids). */
  models?: readonly FakeModel[];
  /** 'down': every Models API request gets a reset socket (an unreachable endpoint). */
  modelsEndpoint?: 'up' | 'down';
  /** When set, a request whose `x-api-key` (or `Authorization: Bearer`) is not one of these gets the API's 401 `authentication_error`, on every route. */
  acceptedKeys?: readonly string[];
}

export { THINKING_BLOCK_TOKENS } from './fake-anthropic-compose';

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(',') : value;
}

export class FakeAnthropicServer {
  /** Every `POST /v1/messages` (the paid endpoint), answered or not. */
  readonly received: ReceivedRequest[] = [];
  private readonly changes = new EventEmitter();
  private readonly cache = new PromptCacheModel();
  private readonly thinking = new ThinkingLedger();
  private readonly replay = new ReplayLedger();
  private readonly stopping = new AbortController();
  private usageTotals: Usage = { input_tokens: 0, output_tokens: 0, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 };
  private served = 0;

  private constructor(
    private readonly server: http.Server,
    readonly baseURL: string,
    private script: Script,
    private latency: Latency,
    private readonly models: FakeModelsEndpoint,
    private acceptedKeys: readonly string[] | null,
  ) {
    this.changes.setMaxListeners(100);
  }

  /** Every Models API request path (with query), in order. */
  get modelRequests(): readonly string[] {
    return this.models.requests;
  }

  static async start(options: FakeServerOptions = {}): Promise<FakeAnthropicServer> {
    const server = http.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    const unscripted: Script = () => ({ kind: 'error', status: 500, message: 'fake server: no script set', shouldRetry: false });
    const models = new FakeModelsEndpoint(new FakeModelCatalogue(options.models ?? DEFAULT_FAKE_MODELS), options.modelsEndpoint === 'down');
    const fake = new FakeAnthropicServer(server, `http://127.0.0.1:${port}`, options.script ?? unscripted, options.latencyMs ?? 0, models, options.acceptedKeys ?? null);
    server.on('request', (req, res) => {
      fake.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) {
          res.writeHead(500, { 'content-type': 'application/json', 'x-should-retry': 'false' });
          res.end(errorBody(500, 'api_error', `fake server crashed: ${String(error)}`));
        } else res.destroy();
      });
    });
    return fake;
  }

  setScript(script: Script): void {
    this.script = script;
  }

  setLatency(latency: Latency): void {
    this.latency = latency;
  }

  /** From now on only these keys are accepted (null: any key), as the `acceptedKeys` option. */
  setAcceptedKeys(keys: readonly string[] | null): void {
    this.acceptedKeys = keys;
  }

  /** 'down': from now on every Models API request gets a reset socket (as the `modelsEndpoint` option). */
  setModelsEndpoint(state: 'up' | 'down'): void {
    this.models.down = state === 'down';
  }

  /** Resolves when `n` requests have arrived. */
  waitForRequests(n: number, timeoutMs = 5000): Promise<void> {
    return this.waitFor(() => this.received.length >= n, timeoutMs, `${n} requests (have ${this.received.length})`);
  }

  /** Resolves when `predicate` holds; re-checked on every request arrival, abort or reply. */
  waitFor(predicate: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
    if (predicate()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const onChange = () => {
        if (!predicate()) return;
        cleanup();
        resolve();
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`fake server: timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.changes.off('change', onChange);
      };
      this.changes.on('change', onChange);
    });
  }

  /** Usage summed over every served message. */
  totals(): Usage {
    return { ...this.usageTotals };
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const gone = new AbortController();
    const stopListener = () => gone.abort();
    this.stopping.signal.addEventListener('abort', stopListener);
    let endedByServer = false;
    let received: ReceivedRequest | undefined;
    res.on('close', () => {
      this.stopping.signal.removeEventListener('abort', stopListener);
      if (received && !res.writableFinished && !endedByServer && !this.stopping.signal.aborted) received.aborted = true;
      gone.abort();
      this.changes.emit('change');
    });

    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    // The API authenticates before it routes or validates anything.
    if (this.acceptedKeys && !this.acceptedKeys.includes(presentedKey(req.headers))) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(errorBody(401, 'authentication_error', 'invalid x-api-key'));
      this.changes.emit('change');
      return;
    }
    if (this.models.serve(req, res, url)) {
      this.changes.emit('change');
      return;
    }
    if (req.method !== 'POST' || !(req.url ?? '').startsWith('/v1/messages')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(errorBody(404, undefined, `fake server: no route ${req.method} ${req.url}`));
      return;
    }
    let body: unknown;
    try {
      body = raw === null ? null : JSON.parse(raw);
    } catch {
      body = null;
    }
    const b = body as Record<string, unknown> | null;
    received = { body, headers: { ...req.headers }, role: requestRole(b), at: Date.now(), aborted: false };
    const index = this.received.push(received) - 1;
    this.changes.emit('change');

    const invalid = raw === null ? 'request body too large or unreadable' : requestProblem(body, headerText(req.headers['anthropic-version']));
    const binding = invalid ? null : this.binding(b!, headerText(req.headers['anthropic-beta']));
    const problem = invalid ?? (binding && 'problem' in binding ? binding.problem : null);
    if (problem) {
      res.writeHead(400, { 'content-type': 'application/json', 'request-id': `req_fake_${index}` }).end(errorBody(400, undefined, problem));
      return;
    }
    const unserved = this.models.catalogue.messagesError(String(b?.model), Number(b?.max_tokens));
    if (unserved) {
      res.writeHead(unserved.status, { 'content-type': 'application/json', 'request-id': `req_fake_${index}` }).end(unserved.body);
      return;
    }
    const reply = await this.script(received, index);
    const latency = typeof this.latency === 'function' ? this.latency(received) : this.latency;
    await delay(latency, gone.signal);
    if (gone.signal.aborted) return;

    switch (reply.kind) {
      case 'hang':
        return;
      case 'reset':
        endedByServer = true;
        req.socket.destroy();
        return;
      case 'error': {
        const headers: Record<string, string> = { 'content-type': 'application/json', 'request-id': `req_fake_${index}` };
        if (reply.retryAfterSeconds !== undefined) headers['retry-after'] = String(reply.retryAfterSeconds);
        if (reply.shouldRetry !== undefined) headers['x-should-retry'] = String(reply.shouldRetry);
        res.writeHead(reply.status, headers).end(errorBody(reply.status, reply.type, reply.message));
        return;
      }
      default:
        await this.serveMessage(received, index, reply, res, gone.signal, () => (endedByServer = true), binding && 'dropped' in binding ? binding.dropped : undefined);
    }
  }

  /**
   * The preserved-thinking checks (fake-anthropic-thinking.ts, -replay.ts):
   * a 400, or (none failing, or `drop_block`) what to report in
   * `input_transformations` (only with the beta header). The model's next
   * blocks are signed over the request as sent, as the API compares what was sent.
   */
  private binding(body: Record<string, unknown>, beta: string | undefined): { problem: string } | { dropped: unknown[] | undefined } {
    const behavior = mismatchBehavior(body, beta);
    if (typeof behavior === 'object') return behavior;
    const reported = (beta ?? '').includes('thinking-binding-controls-2026-08-01');
    const thinking = this.thinking.check(body);
    if (typeof thinking === 'string') return { problem: thinking };
    const edit = this.replay.firstEdit(body);
    const failing = thinking ?? (edit ? { prefix: boundToAnotherConversation(edit.invalid, edit.editedAt), message: edit.message, block: edit.block } : null);
    if (!failing) return { dropped: reported ? [] : undefined };
    if (behavior === 'error') return { problem: failing.prefix };
    return { dropped: reported ? dropThinkingFrom(body, failing) : undefined };
  }

  private async serveMessage(
    received: ReceivedRequest,
    index: number,
    reply: MessageReply,
    res: http.ServerResponse,
    gone: AbortSignal,
    markEndedByServer: () => void,
    inputTransformations: unknown[] | undefined,
  ): Promise<void> {
    const body = received.body as {
      model: string;
      max_tokens: number;
      stream?: boolean;
      messages: unknown;
      tools?: unknown;
      output_config?: { format?: { schema?: unknown } | null };
    };
    const n = ++this.served;
    const composed = composeMessage(n, body, reply, thinks(received.body as Record<string, unknown>));
    if ('error' in composed) {
      res.writeHead(500, { 'content-type': 'application/json', 'x-should-retry': 'false' }).end(errorBody(500, 'api_error', composed.error));
      return;
    }
    const { content, stopReason, text } = composed;
    const schema = body.output_config?.format?.schema;
    if (schema && stopReason === 'end_turn' && (reply.kind === 'text' || reply.kind === 'json')) {
      const problem = answerProblem(schema, text);
      if (problem) {
        const message = `fake server: the scripted answer breaks output_config.format (${problem}); a constrained decoder cannot write it`;
        res.writeHead(500, { 'content-type': 'application/json', 'x-should-retry': 'false' }).end(errorBody(500, 'api_error', message));
        return;
      }
    }
    this.thinking.sign(received.body, content);
    this.replay.record(content);
    const usage = {
      ...this.cache.account(body.model, body, received.at),
      output_tokens: composed.outputTokens,
      ...(composed.thinkingTokens > 0 ? { output_tokens_details: { thinking_tokens: composed.thinkingTokens } } : {}),
      ...(composed.serverToolUsage ? { server_tool_use: composed.serverToolUsage } : {}),
    };
    received.usage = usage;
    this.usageTotals = {
      input_tokens: this.usageTotals.input_tokens + usage.input_tokens,
      output_tokens: this.usageTotals.output_tokens + usage.output_tokens,
      cache_read_input_tokens: this.usageTotals.cache_read_input_tokens + usage.cache_read_input_tokens,
      cache_creation_input_tokens: this.usageTotals.cache_creation_input_tokens + usage.cache_creation_input_tokens,
    };
    const message: WireMessage = { id: `msg_fake_${n}`, model: body.model, content, stopReason, usage, ...(inputTransformations ? { inputTransformations } : {}) };
    await sendMessage(res, message, { stream: !!body.stream, requestId: `req_fake_${index}`, reply, text, gone, markEndedByServer });
  }
}

/** The key a request presents: `x-api-key`, else the bearer token of `Authorization` (the SDK sends either). */
function presentedKey(headers: http.IncomingHttpHeaders): string {
  const direct = headers['x-api-key'];
  if (typeof direct === 'string') return direct;
  const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? '');
  return bearer?.[1] ?? '';
}
