/**
 * Pieces of a tool loop's turns that need no call state: the correction
 * prompt, tool-input summaries for progress views, cache breakpoints on the
 * messages as sent, and reading a response's text and tool uses.
 */
import type { ChatMessage, ContentBlock, ModelResponse, TextBlock, ToolResultBlock, ToolUseBlock } from './provider';

const MAX_BREAKPOINTS = 4;

export function correctionPrompt(problem: string): string {
  return [
    'Your answer could not be used:',
    problem,
    '',
    'Reply with the corrected JSON only: one JSON object that matches the required schema, with no text before or after it.',
  ].join('\n');
}

/** A short, single-line description of a tool input for progress UIs. */
export function summarizeToolInput(input: unknown, max = 120): string {
  let text: string;
  if (input && typeof input === 'object' && !Array.isArray(input)) {
    text = Object.entries(input as Record<string, unknown>)
      .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
      .join(' ');
  } else text = JSON.stringify(input) ?? '';
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * The messages as sent: the last `budget` tool-result messages get a cache
 * breakpoint on their last block (copies; the transcript is not changed).
 */
export function withBreakpoints(messages: ChatMessage[], systemBreakpoints: number): ChatMessage[] {
  const budget = Math.max(0, Math.min(2, MAX_BREAKPOINTS - systemBreakpoints));
  const toolResultTurns = messages
    .map((m, i) => ({ m, i }))
    .filter(({ m, i }) => i > 0 && m.role === 'user' && m.content.some((b) => b.type === 'tool_result'))
    .map(({ i }) => i);
  const marked = new Set(budget > 0 ? toolResultTurns.slice(-budget) : []);
  return messages.map((m, i) => {
    if (!marked.has(i)) return m;
    // Tool results come first; a server-tool notice (text) may follow them.
    const last = m.content[m.content.length - 1] as ToolResultBlock | TextBlock;
    return { role: m.role, content: [...m.content.slice(0, -1), { ...last, cache: true }] };
  });
}

export function textOf(content: ContentBlock[]): string {
  return content
    .filter((b): b is TextBlock => b.type === 'text')
    .map((b) => b.text)
    .join('');
}

export function toolUsesOf(response: ModelResponse): ToolUseBlock[] {
  return response.stopReason === 'tool_use' ? response.content.filter((b): b is ToolUseBlock => b.type === 'tool_use') : [];
}

export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
