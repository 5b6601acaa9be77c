/**
 * Engine configuration: models per role, prices, limits. Front ends build a
 * `EngineConfig` from their own settings (VS Code settings, CLI flags) and
 * pass it in; no model id is hard-wired anywhere else.
 */
import * as z from 'zod';
import { AgentRole, type Usage } from './protocol';

export const ModelPrice = z.object({
  /** USD per million input tokens */
  input: z.number().min(0),
  output: z.number().min(0),
  /** Multipliers of `input` for cache reads and 5-minute cache writes. */
  cacheRead: z.number().min(0).default(0.1),
  cacheWrite: z.number().min(0).default(1.25),
});
export type ModelPrice = z.infer<typeof ModelPrice>;

export const PriceTable = z.record(z.string(), ModelPrice);
export type PriceTable = z.infer<typeof PriceTable>;

export const DEFAULT_PRICES: PriceTable = {
  'claude-opus-4-6': { input: 5, output: 25, cacheRead: 0.1, cacheWrite: 1.25 },
  'claude-sonnet-4-6': { input: 3, output: 15, cacheRead: 0.1, cacheWrite: 1.25 },
  'claude-haiku-4-5': { input: 1, output: 5, cacheRead: 0.1, cacheWrite: 1.25 },
};

/** Strongest model for judgement roles, a faster one for research roles (DESIGN.md). */
export const DEFAULT_MODELS: Record<AgentRole, string> = {
  challenger: 'claude-opus-4-6',
  synthesizer: 'claude-opus-4-6',
  'devils-advocate': 'claude-opus-4-6',
  auditor: 'claude-opus-4-6',
  resolver: 'claude-sonnet-4-6',
  researcher: 'claude-sonnet-4-6',
  'domain-expert': 'claude-sonnet-4-6',
};

export const EngineConfig = z.object({
  models: z.record(AgentRole, z.string().min(1)).default(DEFAULT_MODELS),
  prices: PriceTable.default(DEFAULT_PRICES),
  /** Seed 001: complexity threshold for the scaled team. */
  threshold: z.number().int().min(0).max(16).default(7),
  team: z.enum(['auto', 'base', 'scaled']).default('auto'),
  /** Seed 001: at most 3 iterations; lower values are allowed. */
  maxIterations: z.number().int().min(1).max(3).default(3),
  /** Hard stop: no new agent call starts once the run has spent this much. 0 = no cap. */
  spendingCapUsd: z.number().min(0).default(0),
  maxTokensPerCall: z.number().int().min(256).max(64000).default(8192),
  /** Tool-use turns per agent call before the model must answer. */
  maxToolTurns: z.number().int().min(0).max(40).default(12),
  webSearch: z.boolean().default(false),
  /** Extra deny globs for research tools, on top of the built-in secret list. */
  denyGlobs: z.array(z.string()).default([]),
  allowShellAssertions: z.boolean().default(false),
});
export type EngineConfig = z.infer<typeof EngineConfig>;

export function defaultConfig(overrides: Partial<z.input<typeof EngineConfig>> = {}): EngineConfig {
  return EngineConfig.parse(overrides);
}

/** Cost of one call in USD; unknown models cost 0 and are reported as unpriced by callers. */
export function costOf(usage: Usage, model: string, prices: PriceTable): number {
  const p = prices[model];
  if (!p) return 0;
  const perToken = p.input / 1e6;
  return (
    usage.input_tokens * perToken +
    usage.cache_read_input_tokens * perToken * p.cacheRead +
    usage.cache_creation_input_tokens * perToken * p.cacheWrite +
    (usage.output_tokens * p.output) / 1e6
  );
}
