/**
 * Output room: the `max_tokens` of each turn, from the role's effort level
 * and the model's limits.
 *
 * `max_tokens` is a hard limit on thinking and the answer together, and the
 * effort page asks for a large one at the higher levels
 * (https://platform.claude.com/docs/en/build-with-claude/effort: "At `high`
 * and above, set a large `max_tokens`. It's a hard limit on total output
 * (thinking plus response text)"; for `xhigh` / `max`: "Starting at 64k
 * tokens and tuning from there is a reasonable default"). Unused room costs
 * nothing: only the tokens written are billed.
 *
 * - `low` 16,000, `medium` 32,000, `high` / `xhigh` / `max` 64,000 tokens;
 *   no effort (the model's default level) counts as `high`.
 * - Never more than the model allows: the Models API's `max_tokens` when it
 *   answered, else the model table's; a model neither knows gets at most
 *   `UNKNOWN_MODEL_ROOM`.
 * - A turn cut at `max_tokens` is retried once with twice the room, up to
 *   the model's limit (`retryRoom`); with the room already at the limit
 *   there is no retry.
 */
import type { EffortLevel } from '../config';
import type { ModelLimits } from '../models';

export const ROOM_BY_EFFORT: Readonly<Record<EffortLevel, number>> = { low: 16_000, medium: 32_000, high: 64_000, xhigh: 64_000, max: 64_000 };
/** Room for a model whose limit is known nowhere: what every current model accepts. */
export const UNKNOWN_MODEL_ROOM = 32_000;

/** `max_tokens` for a turn at `effort` on a model with these limits, within an optional ceiling (EngineConfig.maxTokensPerCall). */
export function roomFor(effort: EffortLevel | undefined, limits: ModelLimits | undefined, ceiling?: number): number {
  const wanted = ROOM_BY_EFFORT[effort ?? 'high'];
  const allowed = limits?.maxOutputTokens ?? UNKNOWN_MODEL_ROOM;
  return Math.max(1, Math.min(wanted, allowed, ceiling ?? Infinity));
}

/** The room for the one retry after a `max_tokens` stop, or null when there is no more to give. */
export function retryRoom(current: number, limits: ModelLimits | undefined, ceiling?: number): number | null {
  const allowed = Math.min(limits?.maxOutputTokens ?? UNKNOWN_MODEL_ROOM, ceiling ?? Infinity);
  const next = Math.min(current * 2, allowed);
  return next > current ? next : null;
}
