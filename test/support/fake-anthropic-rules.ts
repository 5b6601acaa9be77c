/**
 * Conversation rules the real Messages API enforces with a 400, checked by
 * the fake server so a client that breaks them fails in tests too.
 */

type Block = { type?: unknown; id?: unknown; tool_use_id?: unknown };
type Message = { role?: unknown; content?: unknown };

function blocksOf(message: Message): Block[] {
  return Array.isArray(message.content) ? (message.content as Block[]) : [];
}

/**
 * The first message is the user's; text blocks a client writes (user turns) are non-empty (an
 * assistant turn goes back as the API returned it, empty text included); every `tool_use` is answered by a
 * `tool_result` with its id in the very next (user) message, and every
 * `tool_result` answers a `tool_use` of the message right before it.
 */
export function checkToolPairing(messages: unknown[]): string | null {
  const first = messages[0] as Message | undefined;
  if (first?.role !== 'user') return 'messages: first message must use the "user" role';
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i] as Message;
    if (message?.role !== 'user' && message?.role !== 'assistant') return `messages.${i}.role: must be "user" or "assistant"`;
    const previous = i > 0 ? (messages[i - 1] as Message) : undefined;
    const asked = new Set(
      previous?.role === 'assistant'
        ? blocksOf(previous)
            .filter((b) => b.type === 'tool_use')
            .map((b) => b.id)
        : [],
    );
    if (message.role === 'user' && blocksOf(message).some((b) => b.type === 'text' && (b as { text?: unknown }).text === '')) {
      return `messages.${i}: text content blocks must be non-empty`;
    }
    const answered = new Set(
      blocksOf(message)
        .filter((b) => b.type === 'tool_result')
        .map((b) => b.tool_use_id),
    );
    for (const id of answered) {
      if (message.role !== 'user' || !asked.has(id)) {
        return `messages.${i}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${String(id)}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`;
      }
    }
    for (const id of asked) {
      if (!answered.has(id)) {
        return `messages.${i}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${String(id)}`;
      }
    }
  }
  const last = messages.at(-1) as Message;
  const pending = blocksOf(last).filter((b) => b.type === 'tool_use');
  if (last.role === 'assistant' && pending.length > 0) {
    return `messages.${messages.length - 1}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after`;
  }
  return null;
}

/**
 * Every `server_tool_use` in an assistant message is followed, in the same
 * message, by a result block with its id (the API's own pairing, which a
 * client must send back unchanged); results never appear in user messages.
 */
export function checkServerToolPairing(messages: unknown[]): string | null {
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i] as Message;
    const blocks = blocksOf(message);
    const results = blocks.filter((b) => typeof b.type === 'string' && b.type.endsWith('_tool_result'));
    if (results.length > 0 && message.role !== 'assistant') return `messages.${i}: server tool results may only appear in assistant messages`;
    const answered = new Set(results.map((b) => b.tool_use_id));
    for (const use of blocks.filter((b) => b.type === 'server_tool_use')) {
      if (!answered.has(use.id)) return `messages.${i}: \`server_tool_use\` id ${String(use.id)} has no result block in the same message`;
    }
  }
  return null;
}
