/**
 * The one table of Claude models the engine knows: ids, prices, lifecycle and
 * the request-shaping capabilities. Everything else (default prices, the
 * lifecycle check at run start, the providers' request shapes) reads it.
 *
 * Sources (read 2026-11-23; re-check when a model launches or retires):
 * - prices: https://platform.claude.com/docs/en/about-claude/pricing and each
 *   model's page https://platform.claude.com/docs/en/models/<model>/overview
 *   (Opus 5.5: $4 / $20, 5-minute write $5, cache read $0.20 = 0.05×;
 *   Fable 5.1 / Mythos 5.1 read $0.25 = 0.025×; Haiku 5.5 priced by prompt
 *   length, ≤ 100,000 prompt tokens $0.10 / $0.50, above $0.50 / $2.50).
 *   Sonnet 5.5 cache reads: the model page snapshot says $0.20; the price list
 *   was cut to $0.10 (0.05×) on 2026-10-07 with the Haiku 5.5 launch; the later
 *   figure is used.
 * - lifecycle: https://platform.claude.com/docs/en/about-claude/model-deprecations
 *   and the model pages' "Legacy" / "Deprecated" banners (Sonnet 4.5 retires
 *   2026-11-30; Opus 4 / Sonnet 4 retired 2026-06-15; Opus 4.1 retired on the
 *   Claude API).
 * - limits (context window, most output tokens a request may ask for): the
 *   lineup table on each model page, e.g.
 *   https://platform.claude.com/docs/en/models/opus-4-6/overview and
 *   https://platform.claude.com/docs/en/models/opus-4-5/overview (read
 *   2026-12-07). Ids without a figure there have none here; the Models API
 *   (`max_tokens`, `max_input_tokens`) is asked first in any case.
 * - breaking changes of the newest models (thinking cannot be disabled,
 *   forced `tool_choice` returns an error): the Opus 5.5, Sonnet 5.5 and
 *   Fable 5.1 pages ("What's new" / migration guides).
 *
 * Prices are USD per million tokens; `cacheRead` / `cacheWrite` multiply
 * `input` (cacheWrite is the 5-minute write, the only TTL the engine uses).
 */

export type ModelStatus = 'active' | 'legacy' | 'deprecated' | 'retired';

export interface PriceBand {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

export interface ModelPriceSpec extends PriceBand {
  /** A second band billed for every token of a request whose prompt (input + cache reads + cache writes) exceeds `thresholdTokens`. */
  longPrompt?: PriceBand & { thresholdTokens: number };
}

export interface ModelCapabilities {
  /** `thinking: { type: 'adaptive' }` is accepted. */
  adaptiveThinking: boolean;
  /** `output_config.effort` is accepted. */
  effort: boolean;
  /** `output_config.format` (JSON Schema answers) is accepted. */
  structuredOutputs: boolean;
  /** `tool_choice` naming a tool (or `any`) returns a 400. */
  rejectsForcedToolChoice: boolean;
  /** Thinking is always on: `thinking: { type: 'disabled' }` is rejected. */
  thinkingAlwaysOn: boolean;
}

/** What a model accepts: `maxOutputTokens` is the most `max_tokens` may be, thinking included. */
export interface ModelLimits {
  maxOutputTokens: number;
  maxInputTokens: number;
}

const MILLION_128K: ModelLimits = { maxInputTokens: 1_000_000, maxOutputTokens: 128_000 };

export interface ModelEntry {
  id: string;
  /** Other ids the API accepts for the same model (dated snapshot ids, short aliases). */
  aliases: readonly string[];
  displayName: string;
  price: ModelPriceSpec;
  status: ModelStatus;
  /** ISO date; for `deprecated` the announced retirement, for `retired` the day it happened. */
  retiresOn?: string;
  /** What to use instead; set for every status but `active`. */
  replacement?: string;
  capabilities: ModelCapabilities;
  /** From the model page; absent where the page gave no figure. */
  limits?: ModelLimits;
}

const STANDARD_CACHE = { cacheRead: 0.1, cacheWrite: 1.25 } as const;

const NEWEST: ModelCapabilities = { adaptiveThinking: true, effort: true, structuredOutputs: true, rejectsForcedToolChoice: true, thinkingAlwaysOn: true };
const ADAPTIVE: ModelCapabilities = { adaptiveThinking: true, effort: true, structuredOutputs: true, rejectsForcedToolChoice: false, thinkingAlwaysOn: false };
const EXTENDED_ONLY: ModelCapabilities = { adaptiveThinking: false, effort: false, structuredOutputs: true, rejectsForcedToolChoice: false, thinkingAlwaysOn: false };

export const MODEL_TABLE: readonly ModelEntry[] = [
  {
    id: 'claude-fable-5-1',
    aliases: [],
    displayName: 'Claude Fable 5.1',
    price: { input: 10, output: 50, cacheRead: 0.025, cacheWrite: 1.25 },
    status: 'active',
    capabilities: NEWEST,
    limits: MILLION_128K,
  },
  {
    id: 'claude-mythos-5-1',
    aliases: [],
    displayName: 'Claude Mythos 5.1 (limited availability)',
    price: { input: 10, output: 50, cacheRead: 0.025, cacheWrite: 1.25 },
    status: 'active',
    capabilities: NEWEST,
  },
  {
    id: 'claude-opus-5-5',
    aliases: [],
    displayName: 'Claude Opus 5.5',
    price: { input: 4, output: 20, cacheRead: 0.05, cacheWrite: 1.25 },
    status: 'active',
    capabilities: NEWEST,
    limits: MILLION_128K,
  },
  {
    id: 'claude-sonnet-5-5',
    aliases: [],
    displayName: 'Claude Sonnet 5.5',
    price: { input: 2, output: 10, cacheRead: 0.05, cacheWrite: 1.25 },
    status: 'active',
    // Thinking can still be turned off (between_tools); forced tool use is rejected.
    capabilities: { ...NEWEST, thinkingAlwaysOn: false },
    limits: MILLION_128K,
  },
  {
    id: 'claude-haiku-5-5',
    aliases: [],
    displayName: 'Claude Haiku 5.5',
    price: { input: 0.1, output: 0.5, ...STANDARD_CACHE, longPrompt: { thresholdTokens: 100_000, input: 0.5, output: 2.5, ...STANDARD_CACHE } },
    status: 'active',
    capabilities: ADAPTIVE,
    limits: MILLION_128K,
  },
  {
    id: 'claude-fable-5',
    aliases: [],
    displayName: 'Claude Fable 5',
    price: { input: 10, output: 50, ...STANDARD_CACHE },
    status: 'legacy',
    replacement: 'claude-fable-5-1',
    capabilities: { ...ADAPTIVE, thinkingAlwaysOn: true },
  },
  {
    id: 'claude-mythos-5',
    aliases: [],
    displayName: 'Claude Mythos 5 (limited availability)',
    price: { input: 10, output: 50, ...STANDARD_CACHE },
    status: 'legacy',
    replacement: 'claude-mythos-5-1',
    capabilities: { ...ADAPTIVE, thinkingAlwaysOn: true },
  },
  {
    id: 'claude-opus-5',
    aliases: [],
    displayName: 'Claude Opus 5',
    price: { input: 5, output: 25, ...STANDARD_CACHE },
    status: 'legacy',
    replacement: 'claude-opus-5-5',
    capabilities: ADAPTIVE,
    limits: MILLION_128K,
  },
  {
    id: 'claude-sonnet-5',
    aliases: [],
    displayName: 'Claude Sonnet 5',
    price: { input: 2, output: 10, ...STANDARD_CACHE },
    status: 'legacy',
    replacement: 'claude-sonnet-5-5',
    capabilities: ADAPTIVE,
    limits: MILLION_128K,
  },
  {
    id: 'claude-opus-4-8',
    aliases: [],
    displayName: 'Claude Opus 4.8',
    price: { input: 5, output: 25, ...STANDARD_CACHE },
    status: 'legacy',
    replacement: 'claude-opus-5-5',
    capabilities: ADAPTIVE,
    limits: MILLION_128K,
  },
  {
    id: 'claude-opus-4-7',
    aliases: [],
    displayName: 'Claude Opus 4.7',
    price: { input: 5, output: 25, ...STANDARD_CACHE },
    status: 'legacy',
    replacement: 'claude-opus-5-5',
    capabilities: ADAPTIVE,
  },
  {
    id: 'claude-opus-4-6',
    aliases: [],
    displayName: 'Claude Opus 4.6',
    price: { input: 5, output: 25, ...STANDARD_CACHE },
    status: 'legacy',
    replacement: 'claude-opus-5-5',
    capabilities: ADAPTIVE,
    limits: MILLION_128K,
  },
  {
    id: 'claude-sonnet-4-6',
    aliases: [],
    displayName: 'Claude Sonnet 4.6',
    price: { input: 3, output: 15, ...STANDARD_CACHE },
    status: 'legacy',
    replacement: 'claude-sonnet-5-5',
    capabilities: ADAPTIVE,
  },
  {
    id: 'claude-opus-4-5-20251101',
    aliases: ['claude-opus-4-5'],
    displayName: 'Claude Opus 4.5',
    price: { input: 5, output: 25, ...STANDARD_CACHE },
    status: 'legacy',
    replacement: 'claude-opus-5-5',
    capabilities: { ...EXTENDED_ONLY, effort: true },
    limits: { maxInputTokens: 200_000, maxOutputTokens: 64_000 },
  },
  {
    id: 'claude-sonnet-4-5-20250929',
    aliases: ['claude-sonnet-4-5'],
    displayName: 'Claude Sonnet 4.5',
    price: { input: 3, output: 15, ...STANDARD_CACHE },
    status: 'deprecated',
    retiresOn: '2026-11-30',
    replacement: 'claude-sonnet-5-5',
    capabilities: EXTENDED_ONLY,
  },
  {
    id: 'claude-haiku-4-5-20251001',
    aliases: ['claude-haiku-4-5'],
    displayName: 'Claude Haiku 4.5',
    price: { input: 1, output: 5, ...STANDARD_CACHE },
    status: 'legacy',
    replacement: 'claude-haiku-5-5',
    capabilities: EXTENDED_ONLY,
  },
  {
    id: 'claude-opus-4-1-20250805',
    aliases: ['claude-opus-4-1'],
    displayName: 'Claude Opus 4.1',
    price: { input: 15, output: 75, ...STANDARD_CACHE },
    status: 'retired',
    retiresOn: '2026-08-05',
    replacement: 'claude-opus-5-5',
    capabilities: EXTENDED_ONLY,
  },
  {
    id: 'claude-opus-4-20250514',
    aliases: ['claude-opus-4-0'],
    displayName: 'Claude Opus 4',
    price: { input: 15, output: 75, ...STANDARD_CACHE },
    status: 'retired',
    retiresOn: '2026-06-15',
    replacement: 'claude-opus-5-5',
    capabilities: EXTENDED_ONLY,
  },
  {
    id: 'claude-sonnet-4-20250514',
    aliases: ['claude-sonnet-4-0'],
    displayName: 'Claude Sonnet 4',
    price: { input: 3, output: 15, ...STANDARD_CACHE },
    status: 'retired',
    retiresOn: '2026-06-15',
    replacement: 'claude-sonnet-5-5',
    capabilities: EXTENDED_ONLY,
  },
];

const BY_ID = new Map<string, ModelEntry>();
for (const entry of MODEL_TABLE) {
  for (const id of [entry.id, ...entry.aliases]) BY_ID.set(id, entry);
}

/** The table's entry for an id or alias; undefined for a model the table does not know. */
export function findModel(id: string): ModelEntry | undefined {
  return BY_ID.get(id);
}

/** The table's limits for an id, or undefined. */
export function limitsOf(id: string): ModelLimits | undefined {
  return findModel(id)?.limits;
}

/** Capabilities for an id; an unknown id gets none (the request uses only what every model accepts). */
export function capabilitiesOf(id: string): ModelCapabilities {
  return findModel(id)?.capabilities ?? { adaptiveThinking: false, effort: false, structuredOutputs: false, rejectsForcedToolChoice: false, thinkingAlwaysOn: false };
}

/**
 * Defaults per role. Judgement roles (challenger, synthesizer, devil's
 * advocate, auditor) decide the verdict: the current Opus, the strongest
 * general model at a moderate price (Fable 5.1 costs 2.5× and is slower).
 * Research roles (resolver, researcher, domain expert) read files and answer
 * narrow questions in many tool turns: the current Sonnet, half Opus's price
 * with the same 1M context and tool use. Haiku 5.5 is built for
 * classification and routing and bills 5× on prompts over 100k tokens,
 * so it is not the default for evidence gathering.
 */
export const DEFAULT_JUDGEMENT_MODEL = 'claude-opus-5-5';
export const DEFAULT_RESEARCH_MODEL = 'claude-sonnet-5-5';
