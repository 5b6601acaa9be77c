/**
 * One agent call, provider-agnostic: the tool-use loop, the JSON answer
 * (validated with zod), usage and cost. Every outcome is a value: `callAgent`
 * never throws.
 *
 * Two answer paths. With structured outputs (`provider.structuredOutputs(model)`)
 * every request of the call carries the answer's JSON Schema, so the final
 * text is that JSON; a refusal, a cut-off or an answer zod still rejects is an
 * agent failure with no correction turn (seed 001 failure rule 5: a failed
 * agent is not retried in the same iteration). Without them (the editor's
 * `vscode.lm` models) the prompt describes the shape, the JSON is extracted
 * from free text, and one correction turn is allowed.
 *
 * Prompt-cache contract: the caller's system blocks are sent as given, never
 * copied with changes, so the cached prefix (tools → system) stays
 * byte-identical across turns and calls. The first user message (per-call
 * state) carries no breakpoint: a one-turn call would pay the cache write and
 * never read it. In a tool loop, the last tool-result message of each turn
 * gets a breakpoint so the next turn reads the conversation so far; the
 * previous turn's breakpoint is kept too, so the read hits. At most 4
 * breakpoints per request, system ones included (the API's limit).
 *
 * Server tools (the API runs them, e.g. web search): every `server_tool_use`
 * in a response is charged to the executor after the fact
 * (`chargeServerUse`). A refused use (over budget, or not allowed for this
 * role or these unknowns) cannot be undone, so the model is told on its next
 * turn, in a short text block, to stop using the tool and answer from the
 * workspace. `pause_turn` (the API paused a long server-tool turn) is
 * continued by sending the conversation back as is; it counts as a tool turn.
 *
 * Spending cap: every turn (first, tool-loop, correction, retry) is priced at
 * its worst case and held against the run's cap before it is sent
 * (turn-cost.ts); a turn the cap cannot hold is not sent.
 */
import { CallFailure, classify, type AgentFailureKind } from './call-failure';
import type { z } from 'zod';
import { costOf, type PriceTable } from '../config';
import type { ModelLimits } from '../models';
import type { AgentRole, CallRecord, Usage } from '../protocol';
import { parseAgentJson, parseStructuredJson } from './json-output';
import { answerJsonSchema } from './output-schema';
import { retryRoom, roomFor } from './output-room';
import { admitTurn, capRefusalMessage, cutByCapMessage, MIN_CAPPED_ROOM, retryRefusalMessage, type TurnBudget, type TurnRefusal } from './turn-cost';
import { clip, correctionPrompt, summarizeToolInput, textOf, toolUsesOf, withBreakpoints } from './turns';
import { serverToolNotice, serverToolUsesOf, type ServerToolUse } from './server-tools';
import {
  addUsage,
  servedModelOf,
  ZERO_USAGE,
  type ChatMessage,
  type ContentBlock,
  type Effort,
  type LlmProvider,
  type ModelResponse,
  type RetryNotice,
  type ServerUseCharge,
  type TextBlock,
  type ToolExecutor,
  type ToolResultBlock,
  type ToolSpec,
  type ToolUseBlock,
} from './provider';

export interface AgentCallInput<T> {
  provider: LlmProvider;
  role: AgentRole;
  model: string;
  iteration: number;
  /** Cached prefix blocks, sent unchanged. */
  system: TextBlock[];
  /**
   * Cached blocks that open the first user message, before `userText` (the
   * plan as data and the role's instructions). Sent unchanged on every turn.
   */
  userPrefix?: TextBlock[];
  /** The per-call part: iteration state, the task. */
  userText: string;
  schema: z.ZodType<T>;
  /**
   * The JSON Schema sent as the answer format with structured outputs;
   * absent, the one `schema` exports. Callers that share one format between
   * roles (agents/answer-format.ts) pass it with a `schema` that reads it.
   */
  outputSchema?: Record<string, unknown>;
  tools: ToolSpec[];
  executor?: ToolExecutor;
  maxToolTurns: number;
  /**
   * A ceiling on each turn's `max_tokens`. The room itself comes from the
   * effort level and the model's limits (output-room.ts); absent, only they decide.
   */
  maxTokens?: number | undefined;
  /**
   * The run's spending cap (turn-cost.ts): asked before every turn with the
   * turn's worst case. A turn it refuses is not sent and the call fails
   * `budget`; a retry of a turn cut at `max_tokens` it refuses is not sent and
   * the call fails `truncated`. Absent: no cap.
   */
  budget?: TurnBudget;
  prices: PriceTable;
  /** Effort level for every turn of the call (providers and models without one ignore it). */
  effort?: Effort;
  signal?: AbortSignal;
  onText?: (delta: string) => void;
  /** Each bounded retry wait of a model turn (rate limit, overload), for the live views. */
  onRetry?: (notice: RetryNotice) => void;
  /** The model is thinking (a thinking block streams no readable text). */
  onThinking?: () => void;
  onTool?: (e: { tool: string; summary: string; ok: boolean }) => void;
}

/** Whether a call of `model` on `provider` gets structured outputs; callers shape the prompt by it. */
export function usesStructuredOutputs(provider: LlmProvider, model: string): boolean {
  return provider.structuredOutputs?.(model) ?? false;
}

export type { AgentFailureKind } from './call-failure';

export type AgentCallResult<T> =
  | { ok: true; value: T; call: CallRecord; transcript: ChatMessage[] }
  | { ok: false; failure: { kind: AgentFailureKind; message: string }; call: CallRecord; transcript: ChatMessage[] };

export const NO_TOOLS_MESSAGE = 'tools are not available to this role';
export const TOOL_LIMIT_MESSAGE = 'tool turn limit reached: answer now with your JSON';
type CapRefused = { refused: TurnRefusal };

export async function callAgent<T>(input: AgentCallInput<T>): Promise<AgentCallResult<T>> {
  const started = performance.now();
  const structured = usesStructuredOutputs(input.provider, input.model);
  // The same schema on every turn: the format is part of the cached prefix, and the grammar only binds the final text.
  const outputSchema = structured ? (input.outputSchema ?? answerJsonSchema(input.schema)) : undefined;
  const prefix = input.userPrefix ?? [];
  const systemBreakpoints = [...input.system, ...prefix].filter((b) => b.cache).length;
  const transcript: ChatMessage[] = [{ role: 'user', content: [...prefix, { type: 'text', text: input.userText }] }];
  let usage: Usage = ZERO_USAGE;
  /** Each turn priced by its own usage (a long-prompt band applies per request). */
  let costUsd = 0;
  /** tool_use requests answered: run, refused (no executor) or over the turn limit. */
  let toolCalls = 0;
  // Shared by the first answer and the correction turn: one tool budget per call.
  let toolTurns = 0;
  let limitAnswered = false;
  /** Why server tool uses were refused by accounting, not yet told to the model. */
  const pendingRefusals: string[] = [];

  const record = (ok: boolean): CallRecord => ({
    role: input.role,
    iteration: input.iteration,
    model: servedModelOf(input.provider, input.model),
    usage,
    cost_usd: costUsd,
    duration_ms: Math.max(0, Math.round(performance.now() - started)),
    tool_calls: toolCalls,
    ok,
  });

  const checkCancelled = () => {
    if (input.signal?.aborted) throw new CallFailure('cancelled', 'agent call cancelled');
  };

  // Output room: per effort level within the model's limits (Models API, else the table), one retry with more on a cut.
  let limits: ModelLimits | undefined;
  /** The room each turn asks for: from the effort level, doubled once after a cut. */
  let room = 0;
  /** The room of the last turn sent (lower than `room` when the spending cap lowered it). */
  let sentRoom = 0;
  let roomRetried = false;
  /** Set once the API needed `drop_block` in this conversation; every later turn asks for it too. */
  let staleThinking: 'drop_block' | undefined;

  /** The output room of the last turn sent was lowered to what the spending cap left. */
  let cappedRoom = false;

  /**
   * One request, sent only when the spending cap admits its worst case
   * (`leastRoom`: the smallest room it may be lowered to); null when refused.
   */
  const sendOnce = async (maxTokens: number, leastRoom: number): Promise<ModelResponse | CapRefused> => {
    checkCancelled();
    const request = {
      role: input.role,
      model: input.model,
      system: input.system,
      messages: withBreakpoints(transcript, systemBreakpoints),
      tools: input.tools,
      maxTokens,
      ...(staleThinking ? { staleThinking } : {}),
      ...(outputSchema ? { outputSchema } : {}),
      ...(input.effort ? { effort: input.effort } : {}),
      ...(input.signal ? { signal: input.signal } : {}),
      ...(input.onText ? { onText: input.onText } : {}),
      ...(input.onRetry ? { onRetry: input.onRetry } : {}),
      ...(input.onThinking ? { onThinking: input.onThinking } : {}),
    };
    let settle: (actualUsd: number) => void = () => undefined;
    if (input.budget) {
      const turn = { request, room: maxTokens, leastRoom, model: input.model, prices: input.prices, signal: input.signal };
      const admitted = await admitTurn(input.budget, turn);
      if (!admitted.ok) return { refused: admitted };
      request.maxTokens = admitted.room;
      cappedRoom = admitted.capped;
      settle = admitted.settle;
    }
    sentRoom = request.maxTokens;
    let response: ModelResponse;
    try {
      response = await input.provider.send(request);
    } catch (error) {
      settle(0);
      throw error;
    }
    const cost = costOf(response.usage, input.model, input.prices);
    settle(cost);
    costUsd += cost;
    usage = addUsage(usage, response.usage);
    if (response.thinkingBinding) staleThinking = response.thinkingBinding;
    return response;
  };

  /** Why a cut turn was not retried, for the failure message; null once retried. */
  let noRetry: string | null = null;

  /** One model turn; a turn cut at `max_tokens` is sent again once with more room when the model and the cap allow. */
  const send = async (): Promise<ModelResponse> => {
    if (room === 0) {
      limits = await input.provider.modelLimits?.(input.model, input.signal).catch(() => undefined);
      room = roomFor(input.effort, limits, input.maxTokens);
    }
    const response = await sendOnce(room, MIN_CAPPED_ROOM);
    if ('refused' in response) throw new CallFailure('budget', capRefusalMessage(response.refused));
    if (response.stopReason !== 'max_tokens' || roomRetried) return response;
    if (cappedRoom) throw new CallFailure('budget', cutByCapMessage(sentRoom, costUsd));
    const more = retryRoom(room, limits, input.maxTokens);
    if (more === null) {
      noRetry = `${room.toLocaleString('en-US')} tokens is already all the model allows`;
      return response;
    }
    const retried = await sendOnce(more, more);
    if ('refused' in retried) {
      noRetry = retryRefusalMessage(retried.refused);
      return response;
    }
    roomRetried = true;
    noRetry = null;
    room = more;
    return retried;
  };

  const outOfRoom = (): CallFailure =>
    new CallFailure(
      'truncated',
      `the model ran out of output room: its answer hit max_tokens (${sentRoom.toLocaleString('en-US')} tokens, thinking included) before it was complete` +
        (roomRetried ? ', on a retry with twice the room' : noRetry ? `; not retried: ${noRetry}` : ''),
    );

  const runTool = async (use: ToolUseBlock): Promise<ToolResultBlock> => {
    toolCalls++;
    let content: string;
    let isError: boolean;
    if (!input.executor) {
      content = NO_TOOLS_MESSAGE;
      isError = true;
    } else {
      try {
        ({ content, isError } = await input.executor.execute(use.name, use.input, input.signal));
      } catch (error) {
        content = `tool failed: ${error instanceof Error ? error.message : String(error)}`;
        isError = true;
      }
    }
    checkCancelled();
    try {
      input.onTool?.({ tool: use.name, summary: summarizeToolInput(use.input), ok: !isError });
    } catch {
      // A UI listener must not break the agent call.
    }
    return { type: 'tool_result', tool_use_id: use.id, content, ...(isError ? { is_error: true } : {}) };
  };

  const chargeServerUse = async (use: ServerToolUse): Promise<ServerUseCharge> => {
    const executor = input.executor;
    if (!executor) return { ok: false, message: NO_TOOLS_MESSAGE };
    try {
      if (executor.chargeServerUse) return await executor.chargeServerUse(use.name, use.input);
      await executor.execute(use.name, use.input, input.signal);
      return { ok: true };
    } catch (error) {
      return { ok: false, message: `the use could not be accounted for: ${error instanceof Error ? error.message : String(error)}` };
    }
  };

  /** Charges the response's server tool uses; refusals wait in `pendingRefusals` for the next turn. */
  const accountServerUses = async (response: ModelResponse): Promise<void> => {
    for (const use of serverToolUsesOf(response.content)) {
      toolCalls++;
      const charge = await chargeServerUse(use);
      if (!charge.ok) pendingRefusals.push(`${use.name}: ${charge.message}`);
      try {
        input.onTool?.({ tool: use.name, summary: summarizeToolInput(use.input), ok: charge.ok });
      } catch {
        // A UI listener must not break the agent call.
      }
    }
  };

  const takeNotice = (): TextBlock[] => (pendingRefusals.length > 0 ? [serverToolNotice(pendingRefusals.splice(0))] : []);

  /**
   * The assistant's content joins the transcript; a continuation of a paused
   * turn extends the paused message (the API treats both as one turn).
   */
  const appendAssistant = (content: ContentBlock[]) => {
    const last = transcript[transcript.length - 1]!;
    if (last.role === 'assistant') transcript[transcript.length - 1] = { role: 'assistant', content: [...last.content, ...content] };
    else transcript.push({ role: 'assistant', content });
  };

  /** The tool loop: returns the first response that is neither a tool request nor a paused turn. */
  const runToolLoop = async (first: ModelResponse): Promise<ModelResponse> => {
    let response = first;
    for (;;) {
      await accountServerUses(response);
      checkCancelled();
      if (response.stopReason === 'pause_turn') {
        if (limitAnswered) throw new CallFailure('invalid_output', 'the model kept calling tools after the tool-turn limit');
        appendAssistant(response.content);
        const notice = takeNotice();
        if (toolTurns >= input.maxToolTurns) {
          transcript.push({ role: 'user', content: [...notice, { type: 'text', text: TOOL_LIMIT_MESSAGE }] });
          limitAnswered = true;
        } else {
          // Sent back as is, the conversation lets the API resume the paused turn; a notice starts a new user turn instead.
          if (notice.length > 0) transcript.push({ role: 'user', content: notice });
          toolTurns++;
        }
        response = await send();
        continue;
      }
      const uses = toolUsesOf(response);
      if (uses.length === 0) return response;
      if (limitAnswered) throw new CallFailure('invalid_output', 'the model kept calling tools after the tool-turn limit');
      appendAssistant(response.content);
      const results: ToolResultBlock[] = [];
      if (toolTurns < input.maxToolTurns) {
        for (const use of uses) results.push(await runTool(use));
        toolTurns++;
      } else {
        for (const use of uses) results.push({ type: 'tool_result', tool_use_id: use.id, content: TOOL_LIMIT_MESSAGE, is_error: true });
        toolCalls += uses.length;
        limitAnswered = true;
      }
      transcript.push({ role: 'user', content: [...results, ...takeNotice()] });
      response = await send();
    }
  };

  /** A structured answer stands or the call fails: no correction turn. */
  const concludeStructured = (response: ModelResponse, text: string): T => {
    if (response.stopReason === 'max_tokens') throw outOfRoom();
    if (text.trim() === '') throw new CallFailure('empty', 'the model returned no answer text');
    const parsed = parseStructuredJson(text, input.schema);
    if (parsed.ok) return parsed.value;
    throw new CallFailure('invalid_output', parsed.problem);
  };

  /** Accepts the answer, asks for one correction (free-text path only), or fails. */
  const conclude = async (response: ModelResponse, correctionsLeft: number): Promise<T> => {
    appendAssistant(response.content);
    if (response.stopReason === 'refusal') {
      const said = textOf(response.content).trim();
      throw new CallFailure('refusal', `the model refused to answer${said ? `: ${clip(said, 300)}` : ''}`);
    }
    const text = textOf(response.content);
    if (structured) return concludeStructured(response, text);
    const parsed = parseAgentJson(text, input.schema);
    if (parsed.ok) return parsed.value;
    if (response.stopReason === 'max_tokens') throw outOfRoom();
    if (text.trim() === '') throw new CallFailure('empty', 'the model returned no text');
    if (correctionsLeft === 0) {
      throw new CallFailure('invalid_output', `the answer is still invalid after a correction turn: ${parsed.problem}`);
    }
    if (response.content.some((b) => b.type === 'tool_use')) {
      throw new CallFailure('invalid_output', `the model asked for tools instead of answering: ${parsed.problem}`);
    }
    transcript.push({ role: 'user', content: [...takeNotice(), { type: 'text', text: correctionPrompt(parsed.problem) }] });
    return conclude(await runToolLoop(await send()), correctionsLeft - 1);
  };

  try {
    const value = await conclude(await runToolLoop(await send()), 1);
    return { ok: true, value, call: record(true), transcript };
  } catch (error) {
    return { ok: false, failure: classify(error, input.signal), call: record(false), transcript };
  }
}
