/**
 * What one model turn can cost at most, priced before it is sent, and the
 * spending cap's say on whether it is sent (`admitTurn`).
 *
 * The bound, per turn:
 * - input: every UTF-8 byte of the request as sent (system, messages with
 *   earlier turns and tool results, tool definitions, the answer schema) counts
 *   as one token, plus `PROMPT_OVERHEAD_TOKENS` for what the API adds itself
 *   (the tool-use system prompt, 159–530 tokens on the models the page lists:
 *   https://platform.claude.com/docs/en/agents-and-tools/tool-use/overview,
 *   "Pricing"; the structured-outputs instructions; message framing). A token
 *   of a byte-level tokenizer covers at least one byte, and Claude's run about
 *   3.5 characters per token of English, so this is an upper bound with room.
 *   Every input token is priced at the dearest input rate of the model (the
 *   5-minute cache write, 1.25×, for the table's models), and at the long-prompt
 *   band when the bound passes its threshold.
 * - output: the whole `max_tokens` (thinking included) at the output price.
 *
 * What it cannot see: server tools (web search, off by default) add search
 * results as input during the turn and bill each search; a run with web search
 * on can pass the cap by what those searches add to the one turn that ran them.
 */
import type { PriceTable } from '../config';
import { formatUsd, usdPair } from '../money';
import type { ChatMessage, TextBlock, ToolSpec } from './provider';

export const PROMPT_OVERHEAD_TOKENS = 2_000;

/**
 * A turn's output room is lowered to what the cap leaves, but never below
 * this (or the room itself when that is smaller): an answer squeezed into less
 * would most likely be cut, paying for nothing.
 */
export const MIN_CAPPED_ROOM = 16_000;

export interface TurnRequestText {
  system: readonly TextBlock[];
  messages: readonly ChatMessage[];
  tools: readonly ToolSpec[];
  outputSchema?: Record<string, unknown> | undefined;
}

/** At least as many input tokens as the request can be billed for (see the header). */
export function promptTokenBound(request: TurnRequestText): number {
  const text = JSON.stringify([request.system, request.messages, request.tools, request.outputSchema ?? null]);
  return Buffer.byteLength(text, 'utf8') + PROMPT_OVERHEAD_TOKENS;
}

/** Per-token input and output rates (USD) for a prompt of `promptTokens`: the dearest input rate of the band it falls in. */
function rates(model: string, prices: PriceTable, promptTokens: number): { input: number; output: number } {
  const p = prices[model];
  if (!p) return { input: 0, output: 0 };
  const bands = p.longPrompt && promptTokens > p.longPrompt.thresholdTokens ? [p, p.longPrompt] : [p];
  return {
    input: Math.max(...bands.map((b) => (b.input / 1e6) * Math.max(1, b.cacheWrite, b.cacheRead))),
    output: Math.max(...bands.map((b) => b.output / 1e6)),
  };
}

/** The most a turn with this prompt bound and `maxTokens` of room can cost. */
export function turnWorstCaseUsd(promptTokens: number, maxTokens: number, model: string, prices: PriceTable): number {
  const r = rates(model, prices, promptTokens);
  return promptTokens * r.input + maxTokens * r.output;
}

/** The most output tokens a turn can be given so that its worst case stays within `usd`. */
export function roomWithin(usd: number, promptTokens: number, model: string, prices: PriceTable): number {
  const r = rates(model, prices, promptTokens);
  if (r.output === 0) return Number.MAX_SAFE_INTEGER;
  return Math.max(0, Math.floor((usd - promptTokens * r.input) / r.output));
}

/** The run's spending cap as a call sees it (loop/spending-cap.ts). */
export interface TurnBudget {
  /**
   * Holds up to `wantUsd` for a turn about to be sent, or at least
   * `leastUsd`; waits while turns in flight hold what it needs. Refused when
   * even `leastUsd` does not fit what the cap leaves.
   */
  reserve(wantUsd: number, leastUsd: number, signal?: AbortSignal): Promise<Reservation | CapRefusal>;
}

export interface Reservation {
  ok: true;
  usd: number;
  /** The turn is over: what it cost replaces what was held. */
  settle: (actualUsd: number) => void;
}

export interface CapRefusal {
  ok: false;
  spentUsd: number;
  capUsd: number;
}

/** A turn the cap did not admit. `worstCaseUsd`: the turn at the smallest room it could be given (`room` tokens), which still did not fit. */
export interface TurnRefusal {
  ok: false;
  worstCaseUsd: number;
  room: number;
  spentUsd: number;
  capUsd: number;
}

/** A retry of a cut turn the cap did not admit: why it was not sent. */
export function retryRefusalMessage(r: TurnRefusal): string {
  const [worst, left] = usdPair(r.worstCaseUsd, Math.max(0, r.capUsd - r.spentUsd));
  return `a retry with ${r.room.toLocaleString('en-US')} tokens could cost up to ${worst}, more than the spending cap leaves (${left})`;
}

/** A turn whose room the cap lowered was cut at that room: the answer needs more than the cap leaves. */
export function cutByCapMessage(room: number, spentOnCallUsd: number): string {
  return `was cut short: the spending cap left room for only ${room.toLocaleString('en-US')} output tokens and the answer needed more (${formatUsd(spentOnCallUsd)} spent on it)`;
}

export type Admission = { ok: true; room: number; capped: boolean; settle: (actualUsd: number) => void } | TurnRefusal;

/**
 * Why a call was not made, in the words the report and the toast repeat: what it could have cost. The run's spend
 * against the cap is said once, by the ending that quotes this ("Stopped at the spending cap: $X spent of the $Y cap.").
 */
export function capRefusalMessage(r: TurnRefusal): string {
  return `was not sent: it could have cost up to ${formatUsd(r.worstCaseUsd)} (with ${r.room.toLocaleString('en-US')} output tokens), more than the spending cap left`;
}

/**
 * Reserves the turn's worst case within the cap. The room is lowered to what
 * the cap leaves when that is still at least `leastRoom`; otherwise the turn
 * is refused and must not be sent.
 */
export async function admitTurn(
  budget: TurnBudget,
  turn: { request: TurnRequestText; room: number; leastRoom: number; model: string; prices: PriceTable; signal?: AbortSignal | undefined },
): Promise<Admission> {
  const prompt = promptTokenBound(turn.request);
  const least = Math.min(turn.leastRoom, turn.room);
  const want = turnWorstCaseUsd(prompt, turn.room, turn.model, turn.prices);
  const leastUsd = turnWorstCaseUsd(prompt, least, turn.model, turn.prices);
  const held = await budget.reserve(want, leastUsd, turn.signal);
  if (!held.ok) return { ok: false, worstCaseUsd: leastUsd, room: least, spentUsd: held.spentUsd, capUsd: held.capUsd };
  const room = held.usd >= want ? turn.room : Math.max(least, Math.min(turn.room, roomWithin(held.usd, prompt, turn.model, turn.prices)));
  return { ok: true, room, capped: room < turn.room, settle: held.settle };
}
