/**
 * The content of a served message, as the fake Messages API composes it from
 * a scripted reply: the signed thinking block a thinking model starts with,
 * server tool blocks, the answer text, client tool uses, the stop reason and
 * the output tokens, with the answer cut where `max_tokens` runs out.
 *
 * Blocks carry every field the real API returns (`citations: null` on text,
 * `caller` on tool uses), so a client that rebuilds them instead of sending
 * them back as received is caught by the replay check
 * (fake-anthropic-replay.ts).
 *
 * `max_tokens` covers thinking and the answer together
 * (https://platform.claude.com/docs/en/build-with-claude/effort: "a hard
 * limit on total output (thinking plus response text)"): thinking is written
 * first; the text is cut at the tokens left, tool uses that no longer fit are
 * left out, and the stop reason is `max_tokens`
 * (https://platform.claude.com/docs/en/build-with-claude/structured-outputs,
 * "Invalid outputs": a cut answer may not match the schema).
 */
import { estimateOutputTokens, estimateTokens } from './fake-anthropic-cache';
import type { MessageReply } from './fake-anthropic';
import { offeredServerTools, serverToolBlocks } from './fake-anthropic-server-tools';
import { notesAsThinking } from './fake-anthropic-thinking';
import type { WireBlock, WireServerToolUsage, WireStopReason } from './fake-anthropic-wire';

/** Output tokens of one thinking block by the estimator (its reasoning is billed even when `display` omits the text). */
export const THINKING_BLOCK_TOKENS = 64;

export interface Composed {
  content: WireBlock[];
  stopReason: WireStopReason;
  /** The answer text as served (cut when the output ran out). */
  text: string;
  outputTokens: number;
  thinkingTokens: number;
  serverToolUsage?: WireServerToolUsage;
}

interface Body {
  model: string;
  max_tokens: number;
  tools?: unknown;
  output_config?: { format?: unknown } | null;
}

/** The longest prefix of `text` that fits in `tokens` by the estimator (⌈bytes / 4⌉), cut at a character boundary. */
function cutText(text: string, tokens: number): string {
  if (tokens <= 0) return '';
  const bytes = Buffer.from(text, 'utf8');
  let end = tokens * 4;
  if (bytes.length <= end) return text;
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString('utf8');
}

export function composeMessage(n: number, body: Body, reply: MessageReply, thinking: boolean): Composed | { error: string } {
  const room = body.max_tokens;
  const content: WireBlock[] = [];
  // Scripted thinking beyond the one signed block the model always writes (`thinkingTokens`), capped by the room.
  const wanted = thinking ? ('thinkingTokens' in reply && reply.thinkingTokens !== undefined ? reply.thinkingTokens : THINKING_BLOCK_TOKENS) : 0;
  let thinkingTokens = Math.min(wanted, room);
  // display "omitted" (the default on current models) returns the block with an empty text and its signature.
  if (thinking) content.push({ type: 'thinking', thinking: '', signature: '' });
  let serverToolUsage: WireServerToolUsage | undefined;
  if (reply.kind === 'server_tools') {
    const served = serverToolBlocks(n, reply.uses, offeredServerTools(body));
    if ('error' in served) return { error: served.error };
    content.push(...served.blocks);
    serverToolUsage = served.usage;
  }
  const formatted = !!body.output_config?.format;
  const full =
    reply.kind !== 'json'
      ? (reply.text ?? '')
      : formatted || reply.leadIn === undefined
        ? JSON.stringify(reply.value)
        : `${reply.leadIn}\n\n\`\`\`json\n${JSON.stringify(reply.value, null, 2)}\n\`\`\``;
  const calls = reply.kind === 'tool_use' || reply.kind === 'server_tools' ? (reply.calls ?? []) : [];
  const serverInputs = reply.kind === 'server_tools' ? reply.uses.map((u) => u.input) : [];
  const scriptedTokens = reply.kind === 'text' && reply.outputTokens !== undefined ? reply.outputTokens : undefined;
  const answerTokens = scriptedTokens ?? estimateOutputTokens(full, [...calls.map((c) => c.input), ...serverInputs]);
  const cut = wanted + answerTokens > room;
  const left = room - thinkingTokens;
  const text = cut ? cutText(full, left) : full;
  // Newer models return the notes they write between tool calls as (empty, omitted) thinking blocks.
  const notes = text !== '' && calls.length > 0 && notesAsThinking(body.model);
  if (notes) content.push({ type: 'thinking', thinking: '', signature: '' });
  else if (text !== '' || (reply.kind === 'tool_use' && reply.text === '')) content.push({ type: 'text', text, citations: null });
  let used = thinkingTokens + (notes ? THINKING_BLOCK_TOKENS : 0) + (cut ? estimateTokens(text) : 0);
  let callsServed = 0;
  for (const [i, c] of calls.entries()) {
    const tokens = estimateTokens(JSON.stringify(c.input ?? {}));
    if (cut && used + tokens > room) break;
    used += tokens;
    callsServed++;
    content.push({ type: 'tool_use', id: `toolu_fake_${n}_${i}`, name: c.name, input: c.input, caller: { type: 'direct' } });
  }
  const stopReason: WireStopReason = cut
    ? 'max_tokens'
    : reply.kind === 'server_tools' && reply.pause
      ? 'pause_turn'
      : callsServed > 0 || reply.kind === 'tool_use'
        ? 'tool_use'
        : reply.kind === 'text'
          ? (reply.stopReason ?? 'end_turn')
          : 'end_turn';
  const thinkingBlocks = content.filter((b) => b.type === 'thinking').length;
  if (thinking && !cut) thinkingTokens = wanted + (thinkingBlocks - 1) * THINKING_BLOCK_TOKENS;
  const outputTokens = cut ? Math.min(room, used) : answerTokens + thinkingTokens;
  return { content, stopReason, text, outputTokens, thinkingTokens, ...(serverToolUsage ? { serverToolUsage } : {}) };
}
