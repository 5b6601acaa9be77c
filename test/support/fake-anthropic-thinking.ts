/**
 * Thinking as the real Messages API handles it, for the fake server: which
 * models think and which `thinking` / `effort` / `tool_choice` settings they
 * reject, signed thinking blocks, and the check that blocks sent back arrive
 * unchanged.
 *
 * Sources:
 * - https://platform.claude.com/docs/en/build-with-claude/thinking-troubleshooting
 *   (per-model table "Thinking support, defaults, and rejected configurations
 *   by model"; the 400s "`thinking` or `redacted_thinking` blocks in the latest
 *   assistant message cannot be modified" and "Invalid `signature` in
 *   `thinking` block"; on Opus 5.5 / Fable 5.1 a block is bound to the system
 *   prompt, tools and messages that preceded it; `display` defaults to
 *   "omitted", which returns an empty `thinking` field with a signature)
 * - https://platform.claude.com/docs/en/models/opus-5-5/whats-new-opus-5-5
 *   (forced tool use: `tool_choice: type "tool" and "any" are not supported for
 *   this model.`; text between tool calls comes back in thinking blocks)
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from './fake-anthropic-cache';
import { boundToAnotherConversation, PREFIX_BOUND } from './fake-anthropic-replay';

type Json = Record<string, unknown>;

/** Models whose thinking is always on (`disabled` is a 400). */
const ALWAYS_ON = /^claude-(fable|mythos)-|^claude-opus-5-5/;
/** Models that think unless told not to. */
const ON_BY_DEFAULT = /^claude-(opus-5|sonnet-5|haiku-5-5)/;
/** Extended-thinking-only models: `adaptive` is a 400. */
const EXTENDED_ONLY = /^claude-(opus-4-5|haiku-4-5|sonnet-4-5|opus-4-1|opus-4-2|sonnet-4-2)/;
/** `budget_tokens` thinking is removed: Claude 4.7 and later. */
const NO_EXTENDED = /^claude-(opus-4-[78]|opus-5|sonnet-5|haiku-5|fable|mythos)/;
/** Forced tool use is a 400 (Opus 5.5, Sonnet 5.5, Fable 5.1, Mythos 5.1). */
const NO_FORCED_TOOLS = /^claude-(opus-5-5|sonnet-5-5|fable-5-1|mythos-5-1)/;
/** Text between tool calls arrives as a progress-update thinking block. */
const NOTES_AS_THINKING = /^claude-(opus-5-5|fable-5|mythos-5)/;
/** `output_config.effort` is not accepted. */
const NO_EFFORT = /^claude-(sonnet-4-5|haiku-4-5)/;
const EFFORTS = new Set(['low', 'medium', 'high', 'xhigh', 'max']);

export const FORCED_TOOL_CHOICE_ERROR = 'tool_choice: type "tool" and "any" are not supported for this model.';
export const MODIFIED_THINKING_ERROR = '`thinking` or `redacted_thinking` blocks in the latest assistant message cannot be modified';

/** Whether a reply to this request starts with a thinking block. */
export function thinks(body: Json): boolean {
  const model = String(body.model);
  const type = (body.thinking as { type?: unknown } | undefined)?.type;
  if (type === 'adaptive' || type === 'enabled') return true;
  if (type === 'disabled') return false;
  return ALWAYS_ON.test(model) || ON_BY_DEFAULT.test(model);
}

/** The Models API's `capabilities` for a model, from the same rules the Messages endpoint enforces. */
export function modelCapabilities(model: string): Record<string, unknown> {
  const yes = (supported: boolean) => ({ supported });
  return {
    effort: { ...yes(!NO_EFFORT.test(model)), low: yes(true), medium: yes(true), high: yes(true), max: yes(true), xhigh: yes(true) },
    structured_outputs: yes(true),
    thinking: {
      supported: true,
      types: { adaptive: yes(!EXTENDED_ONLY.test(model)), enabled: yes(!NO_EXTENDED.test(model)), disabled: yes(!ALWAYS_ON.test(model)), between_tools: yes(false) },
    },
  };
}

export function notesAsThinking(model: string): boolean {
  return NOTES_AS_THINKING.test(model);
}

/** The 400 a thinking, effort or tool_choice setting earns on this model, or null. */
export function thinkingConfigProblem(body: Json): string | null {
  const model = String(body.model);
  const thinking = body.thinking as { type?: unknown; budget_tokens?: unknown } | undefined;
  const effort = (body.output_config as { effort?: unknown } | undefined)?.effort;
  if (effort !== undefined && effort !== null) {
    if (typeof effort !== 'string' || !EFFORTS.has(effort)) return `output_config.effort: Input should be 'low', 'medium', 'high', 'xhigh' or 'max'`;
    if (NO_EFFORT.test(model)) return `output_config.effort: effort is not supported on ${model}`;
  }
  if (thinking !== undefined) {
    const type = thinking.type;
    if (type === 'disabled' && ALWAYS_ON.test(model)) {
      return '"thinking.type.disabled" is not supported for this model. Use "thinking.type.adaptive" and "output_config.effort" to control thinking behavior.';
    }
    if (type === 'enabled' && NO_EXTENDED.test(model)) {
      return '"thinking.type.enabled" is not supported for this model. Use "thinking.type.adaptive" and "output_config.effort" to control thinking behavior.';
    }
    if (type === 'adaptive' && EXTENDED_ONLY.test(model)) return 'adaptive thinking is not supported on this model';
    if (type !== 'adaptive' && type !== 'enabled' && type !== 'disabled') return 'thinking.type: Input should be "adaptive", "enabled" or "disabled"';
  }
  const choice = (body.tool_choice as { type?: unknown } | undefined)?.type;
  if (choice === 'any' || choice === 'tool') {
    if (NO_FORCED_TOOLS.test(model)) return FORCED_TOOL_CHOICE_ERROR;
    if (thinks(body)) return 'Thinking may not be enabled when tool_choice forces tool use.';
  }
  return null;
}

interface Issued {
  thinking: string;
  model: string;
  /** Digests of everything before the block, part by part (system, tools, each earlier message, earlier blocks of its own message); checked on prefix-bound models. */
  prefix: string[];
}

const hash = (value: unknown) => createHash('sha256').update(canonicalJson(value)).digest('hex');

function digest(body: Json, messages: unknown[], blocksBefore: unknown[]): string[] {
  return [hash(body.system ?? null), hash(body.tools ?? []), ...messages.map(hash), hash(blocksBefore)];
}

/** The name of the first part of a block's prefix that differs from when the block was issued, as the API's 400 names it. */
function firstDifference(issued: Issued, now: string[]): string | null {
  const names = (i: number) => (i === 0 ? 'system' : i === 1 ? 'tools' : i < now.length - 1 ? `messages.${i - 2}` : 'the blocks before it in its message');
  const length = Math.max(issued.prefix.length, now.length);
  for (let i = 0; i < length; i++) {
    // The last part of each list is the blocks before it; a different message count differs at the shorter list's end.
    if (issued.prefix[i] !== now[i]) return names(Math.min(i, now.length - 1));
  }
  return null;
}

/** Issues signatures for the thinking blocks of served replies and checks the blocks a client sends back. */
export class ThinkingLedger {
  private readonly issued = new Map<string, Issued>();
  /** tool_use id → the signatures of the thinking blocks that preceded it in the same response, in order. */
  private readonly beforeToolUse = new Map<string, string[]>();
  private counter = 0;

  /**
   * Signs the thinking blocks of a response to `body` (in place). The blocks
   * before each one are the request's last assistant message (a paused turn
   * being continued) followed by the response's own earlier blocks.
   */
  sign(body: Json, content: Json[]): void {
    const messages = Array.isArray(body.messages) ? (body.messages as Json[]) : [];
    const last = messages.at(-1);
    const continuing = last?.role === 'assistant';
    const prefixMessages = continuing ? messages.slice(0, -1) : messages;
    const carried = continuing && Array.isArray(last.content) ? (last.content as unknown[]) : [];
    const signatures: string[] = [];
    content.forEach((block, i) => {
      if (block.type === 'thinking') {
        const signature = `fake-sig-${++this.counter}-${createHash('sha256').update(String(block.thinking)).digest('hex').slice(0, 16)}`;
        block.signature = signature;
        this.issued.set(signature, { thinking: String(block.thinking), model: String(body.model), prefix: digest(body, prefixMessages, [...carried, ...content.slice(0, i)]) });
        signatures.push(signature);
      } else if (block.type === 'tool_use') {
        this.beforeToolUse.set(String(block.id), [...signatures]);
      }
    });
  }

  /**
   * The 400 a request earns for the thinking blocks it sends back, or null. A
   * prefix-bound block whose prefix changed is reported as `prefix` (with the
   * 400's text) so that `drop_block` can drop it instead.
   */
  check(body: Json): string | { prefix: string; message: number; block: number } | null {
    const messages = Array.isArray(body.messages) ? (body.messages as Json[]) : [];
    for (const [i, message] of messages.entries()) {
      if (message.role !== 'assistant' || !Array.isArray(message.content)) continue;
      const blocks = message.content as Json[];
      for (const [j, block] of blocks.entries()) {
        if (block.type === 'tool_use') {
          const expected = this.beforeToolUse.get(String(block.id)) ?? [];
          const sent = blocks
            .slice(0, j)
            .filter((b) => b.type === 'thinking')
            .map((b) => b.signature);
          if (expected.some((sig) => !sent.includes(sig))) return `messages.${i}.content: ${MODIFIED_THINKING_ERROR}`;
        }
        if (block.type !== 'thinking') continue;
        const where = `messages.${i}.content.${j}`;
        const issued = typeof block.signature === 'string' ? this.issued.get(block.signature) : undefined;
        if (!issued) return `${where}: Invalid \`signature\` in \`thinking\` block`;
        if (issued.thinking !== block.thinking) return `${where}: ${MODIFIED_THINKING_ERROR}`;
        if (issued.model !== body.model) continue; // another model's block: the API drops what it cannot read
        const changed = PREFIX_BOUND.test(String(body.model)) ? firstDifference(issued, digest(body, messages.slice(0, i), blocks.slice(0, j))) : null;
        if (changed) return { prefix: boundToAnotherConversation(where, changed), message: i, block: j };
      }
    }
    return null;
  }
}
