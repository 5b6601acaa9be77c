/**
 * Token accounting and prompt-cache model of the fake Messages API server.
 *
 * Token estimator (the same everywhere, benchmarks depend on it):
 *   tokens(block) = ceil(UTF-8 bytes of canonical JSON(block) / 4)
 * where a "block" is each tool definition, each system block and each message
 * content block (string content counts as one text block), and canonical JSON
 * sorts object keys and omits `cache_control` (a marker, not content).
 * Output tokens = ceil(UTF-8 bytes / 4) of the reply text plus each tool
 * input's JSON (at least 1), unless the script gives `outputTokens`.
 *
 * Prompt cache (mirrors the API's documented behaviour):
 * - Blocks are ordered tools → output settings → system → messages. The
 *   output settings (`output_config`: format and effort, and `thinking`) count
 *   as a block right after the tools: the API injects a system prompt for the
 *   format, and the thinking configuration and effort level are part of the
 *   cached prefix, so changing any of them starts a new prefix
 *   (structured-outputs "Prompt modification and token costs";
 *   thinking-troubleshooting "Cache hits drop after changing thinking settings"). Each block carrying
 *   `cache_control` is a breakpoint; its prefix is everything up to and
 *   including it, hashed together with the model. Any byte difference → a
 *   different hash.
 * - Prefixes under 1024 tokens are never cached.
 * - The longest breakpoint prefix cached within the last 5 minutes (TTL
 *   refreshed on a hit) is read: `cache_read_input_tokens`. An entry becomes
 *   readable when the response that wrote it starts, so requests that arrive
 *   while it is being written miss, as concurrent requests do on the API.
 *   Parallel calls with a shared prefix therefore all pay the write.
 * - The tokens from there up to the last cacheable breakpoint are written:
 *   `cache_creation_input_tokens` (those prefixes become cached).
 * - Everything after the last cacheable breakpoint is `input_tokens`.
 */
import { createHash, type Hash } from 'node:crypto';

export const MIN_CACHEABLE_TOKENS = 1024;
export const CACHE_TTL_MS = 5 * 60 * 1000;

export interface InputAccounting {
  input_tokens: number;
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
}

/** JSON with sorted keys and without `cache_control`, so markers never change a prefix's bytes. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (key, v: unknown) => {
    if (key === 'cache_control') return undefined;
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const sorted: Record<string, unknown> = {};
      for (const k of Object.keys(v).sort()) sorted[k] = (v as Record<string, unknown>)[k];
      return sorted;
    }
    return v;
  });
}

export function estimateTokens(text: string): number {
  return Math.ceil(Buffer.byteLength(text, 'utf8') / 4);
}

export function blockTokens(block: unknown): number {
  return estimateTokens(canonicalJson(block));
}

interface FlatBlock {
  canonical: string;
  tokens: number;
  breakpoint: boolean;
}

function asBlocks(content: unknown): unknown[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return Array.isArray(content) ? content : [];
}

function hasCacheControl(block: unknown): boolean {
  return !!block && typeof block === 'object' && (block as { cache_control?: unknown }).cache_control != null;
}

/** The request's blocks in cache order: tools → system → messages. */
export function flattenRequest(body: { tools?: unknown; system?: unknown; messages?: unknown; output_config?: unknown; thinking?: unknown }): FlatBlock[] {
  const blocks: unknown[] = [];
  if (Array.isArray(body.tools)) blocks.push(...body.tools);
  if (body.output_config != null || body.thinking != null) blocks.push({ output_config: body.output_config ?? null, thinking: body.thinking ?? null });
  if (body.system !== undefined) blocks.push(...asBlocks(body.system));
  if (Array.isArray(body.messages)) {
    for (const m of body.messages as { content?: unknown }[]) blocks.push(...asBlocks(m?.content));
  }
  return blocks.map((b) => {
    const canonical = canonicalJson(b);
    return { canonical, tokens: estimateTokens(canonical), breakpoint: hasCacheControl(b) };
  });
}

export function countCacheBreakpoints(body: { tools?: unknown; system?: unknown; messages?: unknown }): number {
  return flattenRequest(body).filter((b) => b.breakpoint).length;
}

/** Output tokens of a reply by the estimator. */
export function estimateOutputTokens(text: string, toolInputs: unknown[]): number {
  let tokens = estimateTokens(text);
  for (const input of toolInputs) tokens += estimateTokens(JSON.stringify(input ?? {}));
  return Math.max(1, tokens);
}

/** The server-lifetime prompt cache. One instance per fake server. */
export class PromptCacheModel {
  private readonly entries = new Map<string, { readableAt: number; expiresAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Accounts one request whose response starts now and updates the cache.
   * `arrivedAt` (default: now) decides which entries it can read.
   */
  account(model: string, body: Parameters<typeof flattenRequest>[0], arrivedAt?: number): InputAccounting {
    const blocks = flattenRequest(body);
    const total = blocks.reduce((sum, b) => sum + b.tokens, 0);
    const hash: Hash = createHash('sha256').update(model).update('\n');
    const cacheable: { hash: string; tokens: number }[] = [];
    let prefixTokens = 0;
    for (const block of blocks) {
      hash.update(block.canonical).update('\n');
      prefixTokens += block.tokens;
      if (block.breakpoint && prefixTokens >= MIN_CACHEABLE_TOKENS) {
        cacheable.push({ hash: hash.copy().digest('hex'), tokens: prefixTokens });
      }
    }
    const last = cacheable.at(-1);
    if (!last) return { input_tokens: total, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 };

    const now = this.now();
    const asOf = arrivedAt ?? now;
    let hitIndex = -1;
    for (let i = cacheable.length - 1; i >= 0; i--) {
      const entry = this.entries.get(cacheable[i]!.hash);
      if (entry && entry.readableAt <= asOf && entry.expiresAt > asOf) {
        hitIndex = i;
        break;
      }
    }
    const read = hitIndex >= 0 ? cacheable[hitIndex]!.tokens : 0;
    if (hitIndex >= 0) this.entries.get(cacheable[hitIndex]!.hash)!.expiresAt = now + CACHE_TTL_MS;
    for (let i = hitIndex + 1; i < cacheable.length; i++) {
      const existing = this.entries.get(cacheable[i]!.hash);
      const readableAt = existing && existing.expiresAt > now ? Math.min(existing.readableAt, now) : now;
      this.entries.set(cacheable[i]!.hash, { readableAt, expiresAt: now + CACHE_TTL_MS });
    }
    return {
      input_tokens: total - last.tokens,
      cache_read_input_tokens: read,
      cache_creation_input_tokens: last.tokens - read,
    };
  }
}
