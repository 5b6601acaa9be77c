/**
 * The fake API's model catalogue and the Models API (`GET /v1/models`,
 * `GET /v1/models/{id}`), in the shapes of
 * https://platform.claude.com/docs/en/api/models-list: a page is
 * `{ data, has_more, first_id, last_id }`, newest first, cursor paging with
 * `after_id` / `before_id` and `limit` (default 20, 1–1000); a model is
 * `{ id, type: 'model', display_name, created_at, max_input_tokens, max_tokens, capabilities }`
 * (https://platform.claude.com/docs/en/api/models/retrieve). Limits are the
 * model pages' figures (1M context and 128K output for the current lineup,
 * 200K / 64K for the 4.5 generation); capabilities follow the thinking rules
 * the Messages endpoint enforces (fake-anthropic-thinking.ts). A request whose
 * `max_tokens` exceeds the model's is a 400, as on the API.
 * An unknown id is a 404 `not_found_error`, on this endpoint and on
 * `POST /v1/messages` alike. `FakeModelsEndpoint` is the route the fake
 * server hands every `GET /v1/models[/…]` to (and records it).
 *
 * The default catalogue is the id list of the pinned SDK's `Model` type
 * (node_modules/@anthropic-ai/sdk/resources/messages/messages.d.ts; a unit test
 * keeps the two in step) plus `claude-test`, the neutral id of transport tests.
 */
import type http from 'node:http';
import { errorBody } from './fake-anthropic-wire';
import { modelCapabilities } from './fake-anthropic-thinking';

export interface FakeModel {
  id: string;
  display_name: string;
  /** RFC 3339; newer models list first. */
  created_at: string;
  max_tokens: number;
  max_input_tokens: number;
  /** Overrides the capabilities derived from the thinking rules (a model the test describes differently). */
  capabilities?: Record<string, unknown>;
}

const entry = (id: string, display_name: string, created_at: string, max_tokens = 128_000, max_input_tokens = 1_000_000): FakeModel => ({
  id,
  display_name,
  created_at: `${created_at}T00:00:00Z`,
  max_tokens,
  max_input_tokens,
});

/** Newest first, as the API lists them. */
export const DEFAULT_FAKE_MODELS: readonly FakeModel[] = [
  entry('claude-fable-5-2', 'Claude Fable 5.2', '2026-11-18'),
  entry('claude-mythos-5-2', 'Claude Mythos 5.2', '2026-11-18'),
  entry('claude-haiku-5-5', 'Claude Haiku 5.5', '2026-10-07'),
  entry('claude-sonnet-5-5', 'Claude Sonnet 5.5', '2026-09-28'),
  entry('claude-fable-5-1', 'Claude Fable 5.1', '2026-09-23'),
  entry('claude-opus-5-5', 'Claude Opus 5.5', '2026-09-23'),
  entry('claude-mythos-5-1', 'Claude Mythos 5.1', '2026-09-23'),
  entry('claude-sonnet-5', 'Claude Sonnet 5', '2026-06-30'),
  entry('claude-fable-5', 'Claude Fable 5', '2026-07-24'),
  entry('claude-mythos-5', 'Claude Mythos 5', '2026-07-24'),
  entry('claude-opus-5', 'Claude Opus 5', '2026-07-24'),
  entry('claude-opus-4-8', 'Claude Opus 4.8', '2026-05-28'),
  entry('claude-opus-4-7', 'Claude Opus 4.7', '2026-04-16'),
  entry('claude-mythos-preview', 'Claude Mythos Preview', '2026-04-07'),
  entry('claude-opus-4-6', 'Claude Opus 4.6', '2026-02-05'),
  entry('claude-sonnet-4-6', 'Claude Sonnet 4.6', '2026-02-17'),
  entry('claude-haiku-4-5-20251001', 'Claude Haiku 4.5', '2025-10-15', 64_000, 200_000),
  entry('claude-opus-4-5-20251101', 'Claude Opus 4.5', '2025-11-24', 64_000, 200_000),
  entry('claude-sonnet-4-5-20250929', 'Claude Sonnet 4.5', '2025-09-29', 64_000, 200_000),
  entry('claude-test', 'Fake test model', '2025-01-01'),
];

/** Aliases the API resolves to a dated id (retrieve answers with the dated id). */
const ALIASES: Record<string, string> = {
  'claude-haiku-4-5': 'claude-haiku-4-5-20251001',
  'claude-opus-4-5': 'claude-opus-4-5-20251101',
  'claude-sonnet-4-5': 'claude-sonnet-4-5-20250929',
};

function wire(model: FakeModel) {
  return {
    type: 'model' as const,
    id: model.id,
    display_name: model.display_name,
    created_at: model.created_at,
    max_input_tokens: model.max_input_tokens,
    max_tokens: model.max_tokens,
    capabilities: model.capabilities ?? modelCapabilities(model.id),
  };
}

export class FakeModelCatalogue {
  constructor(private readonly models: readonly FakeModel[]) {}

  resolve(id: string): FakeModel | undefined {
    const target = ALIASES[id] && !this.models.some((m) => m.id === id) ? ALIASES[id] : id;
    return this.models.find((m) => m.id === target);
  }

  /** The Messages API's 404 for a model it does not serve, or its 400 for more output than the model allows; null when acceptable. */
  messagesError(model: string, maxTokens: number): { status: number; body: string } | null {
    const served = this.resolve(model);
    if (!served) return { status: 404, body: errorBody(404, 'not_found_error', `model: ${model}`) };
    if (maxTokens > served.max_tokens) {
      return {
        status: 400,
        body: errorBody(400, 'invalid_request_error', `max_tokens: ${maxTokens} > ${served.max_tokens}, which is the maximum allowed number of output tokens for ${served.id}`),
      };
    }
    return null;
  }

  /** Answers `GET /v1/models[/{id}]`: status and JSON body. */
  answer(url: URL): { status: number; body: string } {
    const rest = url.pathname.slice('/v1/models'.length);
    if (rest.startsWith('/') && rest.length > 1) {
      const id = decodeURIComponent(rest.slice(1));
      const model = this.resolve(id);
      return model ? { status: 200, body: JSON.stringify(wire(model)) } : { status: 404, body: errorBody(404, 'not_found_error', `model: ${id}`) };
    }
    const limitRaw = url.searchParams.get('limit');
    const limit = limitRaw === null ? 20 : Number(limitRaw);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) return { status: 400, body: errorBody(400, 'invalid_request_error', 'limit: must be an integer from 1 to 1000') };
    const sorted = [...this.models].sort((a, b) => b.created_at.localeCompare(a.created_at));
    const after = url.searchParams.get('after_id');
    const before = url.searchParams.get('before_id');
    let start = 0;
    let end = sorted.length;
    if (after !== null) start = sorted.findIndex((m) => m.id === after) + 1;
    if (before !== null) {
      end = Math.max(
        0,
        sorted.findIndex((m) => m.id === before),
      );
      start = Math.max(0, end - limit);
    }
    const page = sorted.slice(start, Math.min(end, start + limit));
    const hasMore = before !== null ? start > 0 : start + page.length < end;
    return {
      status: 200,
      body: JSON.stringify({ data: page.map(wire), has_more: hasMore, first_id: page[0]?.id ?? null, last_id: page.at(-1)?.id ?? null }),
    };
  }
}

/** The Models API route of the fake server: records each request, answers from the catalogue, or resets the socket while down. */
export class FakeModelsEndpoint {
  /** Every Models API request path (with query), in order. */
  readonly requests: string[] = [];

  constructor(
    readonly catalogue: FakeModelCatalogue,
    /** true: every request gets a reset socket (an unreachable endpoint). */
    public down: boolean,
  ) {}

  /** False when `req` is not a Models API request (the server routes it on); otherwise answers it. */
  serve(req: http.IncomingMessage, res: http.ServerResponse, url: URL): boolean {
    if (req.method !== 'GET' || (url.pathname !== '/v1/models' && !url.pathname.startsWith('/v1/models/'))) return false;
    this.requests.push(`${url.pathname}${url.search}`);
    if (this.down) {
      req.socket.destroy();
      return true;
    }
    const answer = this.catalogue.answer(url);
    res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_fake_models_${this.requests.length}` }).end(answer.body);
    return true;
  }
}
