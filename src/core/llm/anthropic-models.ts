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
 */
import Anthropic, { APIError, NotFoundError } from '@anthropic-ai/sdk';
import type { ModelLimits } from '../models';
import type { ModelLookup } from './model-lifecycle';
import { effectiveLimits, factsFromAnswer, type ModelFacts } from './model-info';
import { ProviderError } from './provider';

export function redact(text: string, secret: string): string {
  return secret.length >= 4 ? text.split(secret).join('[redacted]') : text;
}

/** The Models API's answer for `id`: its facts, or 'not_found' on a 404; throws when it cannot answer. */
export async function retrieveModelFacts(client: Anthropic, apiKey: string, id: string, signal?: AbortSignal): Promise<ModelFacts | 'not_found'> {
  try {
    const info = await client.models.retrieve(id, {}, signal ? { signal } : {});
    // An answer we cannot read still proves the id is served.
    return factsFromAnswer(info) ?? { id, limits: {}, capabilities: {} };
  } catch (error) {
    if (error instanceof NotFoundError) return 'not_found';
    const status = error instanceof APIError && typeof error.status === 'number' ? `HTTP ${error.status}: ` : '';
    throw new Error(redact(`${status}${error instanceof Error ? error.message : String(error)}`, apiKey), { cause: error });
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
        answer = retrieveModelFacts(client.withOptions({ maxRetries: 1, timeout: 10_000 }), apiKey, model, signal).then(
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
    return retrieveModelFacts(client, options.apiKey, id, signal);
  };
}
