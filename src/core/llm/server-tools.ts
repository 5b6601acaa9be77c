/**
 * Server tools in a conversation: finding the uses the API ran (to charge
 * them to the research budget) and the note that tells the model a use was
 * refused. Provider-neutral: it reads `OpaqueBlock`s by their wire shape.
 */
import type { ContentBlock, OpaqueBlock, TextBlock } from './provider';

/** Opens the note that tells the model a server tool use was refused by accounting. */
export const SERVER_TOOL_REFUSED_PREFIX = 'Not allowed for this call:';

/** A server tool use found in opaque blocks: name and input as the API reported them. */
export interface ServerToolUse {
  id: string;
  name: string;
  input: unknown;
}

/**
 * The server tool uses of a response the API actually ran: a use whose result
 * reports `max_uses_exceeded` was refused by the API itself and costs nothing.
 */
export function serverToolUsesOf(content: ContentBlock[]): ServerToolUse[] {
  const opaque = content.filter((b): b is OpaqueBlock => b.type === 'opaque');
  const refusedByApi = new Set(
    opaque
      .map((b) => b.raw as { tool_use_id?: unknown; content?: { error_code?: unknown } })
      .filter((raw) => raw?.content?.error_code === 'max_uses_exceeded')
      .map((raw) => raw.tool_use_id),
  );
  return opaque
    .filter((b) => b.kind === 'server_tool_use')
    .map((b) => b.raw as { id?: unknown; name?: unknown; input?: unknown })
    .filter((raw) => typeof raw?.name === 'string' && !refusedByApi.has(raw.id))
    .map((raw) => ({ id: String(raw.id), name: raw.name as string, input: raw.input }));
}

/** One short text block for the model's next turn; `refusals` are "tool: reason" lines. */
export function serverToolNotice(refusals: string[]): TextBlock {
  const reasons = [...new Set(refusals.map((r) => r.trim().replace(/[.!]?$/, '.')))];
  return {
    type: 'text',
    text: `${SERVER_TOOL_REFUSED_PREFIX} ${reasons.join(' ')} Do not use web_search or web_fetch again in this call; answer from the workspace and what you already have.`,
  };
}
