/**
 * Preserved thinking as the fake Messages API enforces it: every assistant
 * turn a request sends back must be the content the API returned, exactly
 * (every block type and field, empty blocks included, in order; only
 * `cache_control` markers may differ), and the documented recovery controls.
 *
 * Sources:
 * - https://platform.claude.com/docs/en/build-with-claude/preserved-thinking
 *   ("Send assistant turns back exactly as returned": a serializer that drops
 *   unknown block types, drops empty fields, or reorders blocks edits the
 *   prefix for every later turn; "What counts as an edit": moving
 *   `cache_control` is valid, editing an earlier assistant message is not;
 *   "When the API enforces the check": Fable 5.1 and Opus 5.5 for accounts
 *   created on or after 2026-08-31, the fake is such an account; "What the
 *   API does with an invalid block": the 400 text, `drop_block`, the
 *   `thinking-binding-controls-2026-08-01` beta, `input_transformations`)
 * - https://platform.claude.com/docs/en/models/sonnet-5-5/whats-new-sonnet-5-5
 *   ("Thinking blocks are tied to the model and the conversation": Sonnet 5.5
 *   is enforced the same way)
 * - https://platform.claude.com/docs/en/build-with-claude/thinking-tool-workflows
 *   ("Echo the assistant message exactly as received: rebuilding the message
 *   … triggers a 400 error")
 */
import { canonicalJson } from './fake-anthropic-cache';

type Json = Record<string, unknown>;

export const BINDING_BETA = 'thinking-binding-controls-2026-08-01';
/** Models whose thinking blocks are bound to the conversation before them (enforced for new accounts). */
export const PREFIX_BOUND = /^claude-(opus-5-5|sonnet-5-5|fable-5-1)/;

export function boundToAnotherConversation(path: string, editedAt: string): string {
  return (
    `${path}: Invalid \`signature\` in \`thinking\` block. The block is bound to a different conversation. ` +
    `Remove the block, or set \`thinking.block_binding.prefix_mismatch_behavior\` to "drop_block". ` +
    `Content before this block differs from when it was created, first at \`${editedAt}\`.`
  );
}

/** What the request asked for when a thinking block fails the check: 'error' (the default) or 'drop_block'. */
export type MismatchBehavior = 'error' | 'drop_block';

/** The request's `block_binding` setting, or a 400 when it is sent without the beta header. */
export function mismatchBehavior(body: Json, betaHeader: string | undefined): MismatchBehavior | { problem: string } {
  const binding = (body.thinking as { block_binding?: { prefix_mismatch_behavior?: unknown } } | undefined)?.block_binding;
  if (binding === undefined || binding === null) return 'error';
  const betas = (betaHeader ?? '').split(',').map((b) => b.trim());
  if (!betas.includes(BINDING_BETA)) return { problem: 'thinking.block_binding: Extra inputs are not permitted' };
  const behavior = binding.prefix_mismatch_behavior ?? 'error';
  if (behavior !== 'error' && behavior !== 'drop_block') return { problem: 'thinking.block_binding.prefix_mismatch_behavior: Input should be "error" or "drop_block"' };
  return behavior;
}

/** A block's identity in a served response: a thinking signature or a tool use id. */
function identity(block: Json): string | null {
  if ((block.type === 'thinking' || block.type === 'redacted_thinking') && typeof block.signature === 'string') return `sig:${block.signature}`;
  if ((block.type === 'tool_use' || block.type === 'server_tool_use') && typeof block.id === 'string') return `id:${block.id}`;
  return null;
}

interface Served {
  canonical: string[];
}

/** The first edit in a request's replayed assistant turns, as request paths. */
export interface ReplayEdit {
  /** Where the request first differs from what was served. */
  editedAt: string;
  /** The thinking block that the edit invalidates (the first one at or after the edit, else the edited turn's first). */
  invalid: string;
  /** Message index and block index of `invalid`. */
  message: number;
  block: number;
}

/** Remembers every served response and finds assistant turns that were sent back changed. */
export class ReplayLedger {
  private readonly byIdentity = new Map<string, { served: Served; index: number }>();

  /** Records a served response's content (after its thinking blocks are signed). */
  record(content: Json[]): void {
    const served: Served = { canonical: content.map((b) => canonicalJson(b)) };
    content.forEach((block, index) => {
      const id = identity(block);
      if (id) this.byIdentity.set(id, { served, index });
    });
  }

  /**
   * The first assistant turn that differs from the responses it came from, on
   * a prefix-bound model; null when every turn is an exact replay. A turn
   * with no signed thinking block left is not checked (removing all thinking
   * is a documented, valid choice).
   */
  firstEdit(body: Json): ReplayEdit | null {
    if (!PREFIX_BOUND.test(String(body.model))) return null;
    const messages = Array.isArray(body.messages) ? (body.messages as Json[]) : [];
    for (const [m, message] of messages.entries()) {
      if (message.role !== 'assistant' || !Array.isArray(message.content)) continue;
      const blocks = message.content as Json[];
      if (!blocks.some((b) => b.type === 'thinking' || b.type === 'redacted_thinking')) continue;
      const at = this.firstDifference(blocks);
      if (at === null) continue;
      return { editedAt: `messages.${m}.content.${at}`, ...this.invalidated(messages, m, at) };
    }
    return null;
  }

  /** Index of the first block that is not part of an exact replay of served responses, or null. */
  private firstDifference(blocks: Json[]): number | null {
    let i = 0;
    while (i < blocks.length) {
      const id = identity(blocks[i]!);
      const owner = id ? this.byIdentity.get(id) : undefined;
      if (!owner || owner.index !== 0) return i;
      for (const [k, expected] of owner.served.canonical.entries()) {
        const sent = blocks[i + k];
        if (sent === undefined || canonicalJson(sent) !== expected) return i + k;
      }
      i += owner.served.canonical.length;
    }
    return null;
  }

  private invalidated(messages: Json[], m: number, at: number): Pick<ReplayEdit, 'invalid' | 'message' | 'block'> {
    for (let i = m; i < messages.length; i++) {
      const blocks = Array.isArray(messages[i]!.content) ? (messages[i]!.content as Json[]) : [];
      for (let j = i === m ? at : 0; j < blocks.length; j++) {
        if (blocks[j]!.type === 'thinking' || blocks[j]!.type === 'redacted_thinking') return { invalid: `messages.${i}.content.${j}`, message: i, block: j };
      }
    }
    const own = (messages[m]!.content as Json[]).findIndex((b) => b.type === 'thinking' || b.type === 'redacted_thinking');
    return { invalid: `messages.${m}.content.${own}`, message: m, block: own };
  }
}

/**
 * The `input_transformations` entries `drop_block` reports: the failing
 * thinking block and every thinking block after it.
 */
export function dropThinkingFrom(body: Json, from: { message: number; block: number }): Json[] {
  const dropped: Json[] = [];
  (body.messages as Json[]).forEach((message, i) => {
    if (i < from.message || !Array.isArray(message.content)) return;
    (message.content as Json[]).forEach((block, j) => {
      const thinking = block.type === 'thinking' || block.type === 'redacted_thinking';
      if (thinking && (i > from.message || j >= from.block)) dropped.push({ type: 'thinking_dropped', path: `messages.${i}.content.${j}`, reason: 'prefix_binding_mismatch' });
    });
  });
  return dropped;
}
