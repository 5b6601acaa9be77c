/**
 * Server tools (web search, web fetch) as the fake Messages API runs them:
 * the API executes the tool itself and the assistant message carries a
 * `server_tool_use` block followed by its `*_tool_result` block, with
 * `usage.server_tool_use` counting the requests. `max_uses` of the request's
 * tool definition is enforced per request as the API does: a use past it gets
 * an error result with `error_code: 'max_uses_exceeded'` and is not counted.
 */
import type { WireBlock, WireServerToolUsage } from './fake-anthropic-wire';

export type ServerToolName = 'web_search' | 'web_fetch';

export interface FakeServerToolUse {
  name: ServerToolName;
  input: unknown;
  /** The result block's `content`; default a canned result for the input. */
  content?: unknown;
}

const RESULT_TYPE: Record<ServerToolName, 'web_search_tool_result' | 'web_fetch_tool_result'> = {
  web_search: 'web_search_tool_result',
  web_fetch: 'web_fetch_tool_result',
};
const ERROR_TYPE: Record<ServerToolName, string> = { web_search: 'web_search_tool_result_error', web_fetch: 'web_fetch_tool_result_error' };

/** Two search hits whose titles name the query, so tests can see which search they came from. */
export function cannedSearchResults(query: string): unknown[] {
  return [1, 2].map((i) => ({
    type: 'web_search_result',
    url: `https://docs.example.test/result-${i}`,
    title: `Result ${i} for ${query}`,
    encrypted_content: `enc-${i}-${Buffer.from(query).toString('base64')}`,
    page_age: 'June 1, 2026',
  }));
}

export function cannedFetchResult(url: string): unknown {
  return {
    type: 'web_fetch_result',
    url,
    retrieved_at: '2026-06-01T00:00:00Z',
    content: { type: 'document', source: { type: 'text', media_type: 'text/plain', data: `Fetched text of ${url}` }, title: null, citations: null },
  };
}

function cannedContent(use: FakeServerToolUse): unknown {
  const input = (use.input ?? {}) as { query?: string; url?: string };
  return use.name === 'web_search' ? cannedSearchResults(input.query ?? '') : cannedFetchResult(input.url ?? '');
}

/** Server tools the request offers, by name, with their `max_uses` (undefined = no limit). */
export function offeredServerTools(body: { tools?: unknown }): Map<string, number | undefined> {
  const offered = new Map<string, number | undefined>();
  for (const tool of Array.isArray(body.tools) ? (body.tools as { type?: unknown; name?: unknown; max_uses?: unknown }[]) : []) {
    if (typeof tool?.type === 'string' && typeof tool.name === 'string' && tool.type !== 'custom') {
      offered.set(tool.name, typeof tool.max_uses === 'number' ? tool.max_uses : undefined);
    }
  }
  return offered;
}

/**
 * The blocks of the scripted uses, in the API's order (each use, then its
 * result), and the usage they cost. An error string when the script uses a
 * server tool the request did not offer (the real model cannot).
 */
export function serverToolBlocks(
  messageNumber: number,
  uses: FakeServerToolUse[],
  offered: Map<string, number | undefined>,
): { blocks: WireBlock[]; usage: WireServerToolUsage } | { error: string } {
  const blocks: WireBlock[] = [];
  const usage: WireServerToolUsage = { web_search_requests: 0, web_fetch_requests: 0 };
  const count: Record<string, number> = {};
  for (const [i, use] of uses.entries()) {
    if (!offered.has(use.name)) return { error: `fake server: the script uses server tool "${use.name}", which the request does not offer` };
    const id = `srvtoolu_fake_${messageNumber}_${i}`;
    const caller = { type: 'direct' } as const;
    blocks.push({ type: 'server_tool_use', id, name: use.name, input: use.input, caller });
    count[use.name] = (count[use.name] ?? 0) + 1;
    const max = offered.get(use.name);
    const exceeded = max !== undefined && count[use.name]! > max;
    const content = exceeded ? { type: ERROR_TYPE[use.name], error_code: 'max_uses_exceeded' } : (use.content ?? cannedContent(use));
    if (!exceeded) usage[use.name === 'web_search' ? 'web_search_requests' : 'web_fetch_requests']++;
    blocks.push({ type: RESULT_TYPE[use.name], tool_use_id: id, content, caller });
  }
  return { blocks, usage };
}
