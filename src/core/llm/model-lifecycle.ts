/**
 * Model lifecycle at run start: before any paid call, each configured model id
 * is looked up once per session through the provider's Models API and checked
 * against the model table (models.ts).
 *
 * Contracts:
 * - An id the API does not serve (404 `not_found_error`), or one the table
 *   lists as retired when the API cannot confirm it, is an error naming the
 *   roles, the id and a replacement: the run must not start.
 * - A deprecated or legacy id is a warning, given once per id per session.
 * - A rejected key (401/403) or a host that cannot be reached at all (refused,
 *   unknown name, timed out) stops the run before any paid call: the Messages
 *   API on the same key and host would fail the same way. `blocker` says which,
 *   so a front end can offer the fix (set the key / open the base URL setting).
 * - Any other Models API failure (reset, 5xx, 429) is a note (once per
 *   session), not a failure: the check falls back to the table and the run goes on.
 * - Lookups are cached per id for the session (a `ModelLifecycle` instance);
 *   a failed lookup is not cached, so the next run asks again.
 * - The Models API is also a source of facts: where its `max_tokens`,
 *   `max_input_tokens` or capabilities differ from the model table, one
 *   warning per id per session names each difference (model-info.ts); the
 *   API's figures are the ones requests use (anthropic-models.ts).
 */
import type { AgentRole } from '../protocol';
import { findModel, type ModelEntry } from '../models';
import { tableDisagreements, type ModelFacts } from './model-info';

/** The model's facts (or just 'found'), or 'not_found'; throws (ideally a `ModelLookupError`) when the Models API cannot answer (network, auth, 5xx). */
export type ModelLookup = (id: string, signal?: AbortSignal) => Promise<'found' | 'not_found' | ModelFacts>;

/**
 * Why a lookup could not answer. `auth`: the API rejected the key (401/403);
 * `unreachable`: no connection to the host at all; `api`: the API answered
 * with another error. The message is plain words, never the API's raw body.
 */
export class ModelLookupError extends Error {
  constructor(
    message: string,
    readonly kind: 'auth' | 'unreachable' | 'api',
  ) {
    super(message);
    this.name = 'ModelLookupError';
  }
}

export type ModelCheckBlocker = 'auth' | 'unreachable';

export interface ModelCheck {
  /** The run must not start; each line names roles, id and a replacement. */
  errors: string[];
  /** Deprecated / legacy ids, each once per session. */
  warnings: string[];
  /** E.g. the Models API was unreachable; once per session. */
  notes: string[];
  /** Set when `errors` holds a rejected key or an unreachable host rather than a model problem. */
  blocker: ModelCheckBlocker | null;
}

type Answer = 'found' | 'not_found' | ModelFacts;
type Failure = { unreachable: string; kind: ModelLookupError['kind'] | null };
type Lookup = Answer | Failure;

export class ModelLifecycle {
  private readonly found = new Map<string, Answer>();
  private readonly warned = new Set<string>();
  private readonly compared = new Set<string>();
  private noted = false;

  constructor(private readonly lookup: ModelLookup) {}

  /** `fallbacks[role]` is the replacement suggested for an id the table does not know (the role's default). */
  async check(models: Record<AgentRole, string>, fallbacks: Record<AgentRole, string>, signal?: AbortSignal): Promise<ModelCheck> {
    const rolesById = new Map<string, AgentRole[]>();
    for (const [role, id] of Object.entries(models) as [AgentRole, string][]) rolesById.set(id, [...(rolesById.get(id) ?? []), role]);
    const ids = [...rolesById.keys()];
    const answers = await Promise.all(ids.map((id) => this.ask(id, signal)));
    const outcome: ModelCheck = { errors: [], warnings: [], notes: [], blocker: null };
    const failed = answers.filter((a): a is Failure => typeof a === 'object' && 'unreachable' in a);
    const blocking = failed.find((a) => a.kind === 'auth') ?? failed.find((a) => a.kind === 'unreachable');
    if (blocking) {
      // The same key and host serve the paid calls: stop here, before any of them.
      outcome.errors.push(`${blocking.unreachable} No request was sent.`);
      outcome.blocker = blocking.kind as ModelCheckBlocker;
      return outcome;
    }
    const unreachable = failed[0];
    if (unreachable && !this.noted) {
      this.noted = true;
      outcome.notes.push(`Could not reach the Models API (${unreachable.unreachable}); model ids were checked against the built-in table only, and the run continues.`);
    }
    ids.forEach((id, i) => {
      const roles = rolesById.get(id)!;
      const entry = findModel(id);
      const replacement = entry?.replacement ?? fallbacks[roles[0]!];
      const who = roleList(roles);
      const answer = answers[i]!;
      if (answer === 'not_found') {
        const known = entry?.status === 'retired' ? ` It was retired on ${entry.retiresOn ?? 'an earlier date'}.` : '';
        outcome.errors.push(`Model "${id}" (${who}) is not served by the API (404 not_found_error).${known} Use ${replacement} instead.`);
      } else if (entry?.status === 'retired' && answer !== 'found') {
        outcome.errors.push(`Model "${id}" (${who}) was retired on ${entry.retiresOn ?? 'an earlier date'}; requests to it fail. Use ${replacement} instead.`);
      } else if (entry && entry.status !== 'active' && !this.warned.has(id)) {
        this.warned.add(id);
        outcome.warnings.push(lifecycleWarning(entry, id, who));
      }
      if (typeof answer === 'object' && 'limits' in answer && !this.compared.has(id)) {
        this.compared.add(id);
        const differences = tableDisagreements(id, answer);
        if (differences.length > 0) {
          outcome.warnings.push(
            `The Models API describes "${id}" (${who}) differently from the built-in model table: ${differences.join('; ')}. Requests follow the Models API; the table in src/core/models.ts needs an update.`,
          );
        }
      }
    });
    return outcome;
  }

  private async ask(id: string, signal?: AbortSignal): Promise<Lookup> {
    const cached = this.found.get(id);
    if (cached) return cached;
    try {
      const answer = await this.lookup(id, signal);
      this.found.set(id, answer);
      return answer;
    } catch (error) {
      if (error instanceof ModelLookupError) return { unreachable: error.message, kind: error.kind };
      return { unreachable: error instanceof Error ? error.message : String(error), kind: null };
    }
  }
}

function lifecycleWarning(entry: ModelEntry, id: string, who: string): string {
  const instead = entry.replacement ? ` Anthropic recommends ${entry.replacement}.` : '';
  if (entry.status === 'deprecated') return `Model "${id}" (${who}) is deprecated and retires on ${entry.retiresOn ?? 'a date to be announced'}.${instead}`;
  if (entry.status === 'retired') return `Model "${id}" (${who}) is listed as retired (${entry.retiresOn ?? 'date unknown'}) but the API still serves it.${instead}`;
  return `Model "${id}" (${who}) is a legacy model: it gets no more updates and may be deprecated.${instead}`;
}

function roleList(roles: AgentRole[]): string {
  return roles.length === 1 ? roles[0]! : `${roles.slice(0, -1).join(', ')} and ${roles.at(-1)!}`;
}
