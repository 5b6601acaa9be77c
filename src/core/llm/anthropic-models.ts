/**
 * The Models API through the SDK (`GET /v1/models/{id}`,
 * https://platform.claude.com/docs/en/api/models/retrieve): the lookup the
 * lifecycle check runs before a run, and the limits a provider sizes each
 * turn's output room from.
 *
 * Contracts:
 * - 404 is `'not_found'`; any other failure throws (key redacted) and the
 *   caller falls back to the model table.
 * - A provider asks once per model for its lifetime; an answer that could
 *   not be had is not asked again (the table's limits are used instead), so
 *   an unreachable endpoint costs one short wait, not one per call.
 * - An answer (facts or 404) is shared in this process for ANSWER_TTL_MS by
 *   endpoint, key and model, so a run's lifecycle check and its provider's
 *   output room ask the Models API once between them. A failure is never
 *   shared: the next caller asks again.
 */
import { createHash } from 'node:crypto';
import Anthropic, { APIConnectionError, APIConnectionTimeoutError, APIError, NotFoundError } from '@anthropic-ai/sdk';
import type { ModelLimits } from '../models';
import { ModelLookupError, type ModelLookup } from './model-lifecycle';
import { effectiveLimits, factsFromAnswer, type ModelFacts } from './model-info';
import { ProviderError } from './provider';

export function redact(text: string, secret: string): string {
  return secret.length >= 4 ? text.split(secret).join('[redacted]') : text;
}

/** The Models API's answer for `id`: its facts, or 'not_found' on a 404; throws when it cannot answer. */
export async function retrieveModelFacts(client: Anthropic, apiKey: string, id: string, signal?: AbortSignal, baseURL?: string): Promise<ModelFacts | 'not_found'> {
  try {
    const info = await client.models.retrieve(id, {}, signal ? { signal } : {});
    // An answer we cannot read still proves the id is served.
    return factsFromAnswer(info) ?? { id, limits: {}, capabilities: {} };
  } catch (error) {
    if (error instanceof NotFoundError) return 'not_found';
    const failure = lookupError(error, baseURL);
    throw new ModelLookupError(redact(failure.message, apiKey), failure.kind);
  }
}

/** How long a Models API answer is reused in this process (a model's limits do not change within a run or a session's minutes). */
export const ANSWER_TTL_MS = 10 * 60_000;
const ANSWERS = new Map<string, { at: number; answer: Promise<ModelFacts | 'not_found'> }>();

/**
 * retrieveModelFacts through the process-wide memo. The request itself carries no caller's signal (it is shared);
 * each caller stops waiting on its own signal.
 */
function sharedModelFacts(client: Anthropic, apiKey: string, id: string, signal: AbortSignal | undefined, baseURL: string | undefined): Promise<ModelFacts | 'not_found'> {
  const key = [client.baseURL, createHash('sha256').update(apiKey).digest('hex'), id].join('\n');
  const now = Date.now();
  let hit = ANSWERS.get(key);
  if (!hit || now - hit.at >= ANSWER_TTL_MS) {
    const answer = retrieveModelFacts(client, apiKey, id, undefined, baseURL);
    hit = { at: now, answer };
    ANSWERS.set(key, hit);
    answer.catch(() => {
      if (ANSWERS.get(key)?.answer === answer) ANSWERS.delete(key);
    });
  }
  if (!signal) return hit.answer;
  const shared = hit.answer;
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    shared.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
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

export interface ModelFactsSource {
  limits(model: string, signal?: AbortSignal): Promise<ModelLimits | undefined>;
}

/** Per-provider memo of the Models API's limits, falling back to the model table. */
export function createModelFacts(client: Anthropic, apiKey: string): ModelFactsSource {
  const answers = new Map<string, Promise<ModelFacts | null>>();
  return {
    async limits(model, signal) {
      let answer = answers.get(model);
      if (!answer) {
        answer = sharedModelFacts(client.withOptions({ maxRetries: 1, timeout: 10_000 }), apiKey, model, signal, client.baseURL).then(
          (facts) => (facts === 'not_found' ? null : facts),
          () => null,
        );
        answers.set(model, answer);
      }
      return effectiveLimits(model, await answer);
    },
  };
}

/** Why this key or URL cannot work, checked before any request; never echoes the URL (it may hold credentials). */
export function configurationProblem(apiKey: string, baseURL: string | undefined): ProviderError | null {
  if (!apiKey.trim()) return new ProviderError('no Anthropic API key is configured', 'auth');
  if (baseURL === undefined) return null;
  try {
    const url = new URL(baseURL);
    if (url.protocol === 'http:' || url.protocol === 'https:') return null;
  } catch {
    // reported below
  }
  return new ProviderError('the configured Anthropic base URL is not a valid http(s) URL', 'api_error');
}

/**
 * `GET /v1/models/{id}` for the lifecycle check: the model's facts,
 * 'not_found' on a 404, and a thrown error (key redacted) when the Models API
 * cannot answer. Short timeout and one retry: this runs before every session's first run.
 */
export function createAnthropicModelLookup(options: { apiKey: string; baseURL?: string; defaultHeaders?: Record<string, string>; timeoutMs?: number }): ModelLookup {
  const problem = configurationProblem(options.apiKey, options.baseURL);
  const client = new Anthropic({
    apiKey: options.apiKey,
    baseURL: options.baseURL ?? null,
    maxRetries: 1,
    timeout: options.timeoutMs ?? 10_000,
    ...(options.defaultHeaders ? { defaultHeaders: options.defaultHeaders } : {}),
  });
  return async (id, signal) => {
    if (problem) throw problem;
    return sharedModelFacts(client, options.apiKey, id, signal, options.baseURL);
  };
}
