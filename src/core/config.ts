/**
 * Engine configuration: models per role, prices, limits. Front ends build a
 * `EngineConfig` from their own settings (VS Code settings, CLI flags) and
 * pass it in; no model id is hard-wired anywhere else.
 */
import * as z from 'zod';
import { AgentRole, type Usage } from './protocol';
import { MODEL_TABLE } from './models';
import { EffortLevel, SETTINGS, SETTINGS_SECTION, effortsFrom, modelsFrom, settingDefaults } from './settings';
import { formatUsd } from './money';

const PriceBandSchema = z.object({
  /** USD per million input tokens */
  input: z.number().min(0),
  output: z.number().min(0),
  /** Multipliers of `input` for cache reads and 5-minute cache writes. */
  cacheRead: z.number().min(0).default(0.1),
  cacheWrite: z.number().min(0).default(1.25),
});

export const ModelPrice = PriceBandSchema.extend({
  /** Billed for every token of a request whose prompt exceeds `thresholdTokens` (Haiku 5.5). */
  longPrompt: PriceBandSchema.extend({ thresholdTokens: z.number().int().min(1) }).optional(),
});
export type ModelPrice = z.infer<typeof ModelPrice>;

export const PriceTable = z.record(z.string(), ModelPrice);
export type PriceTable = z.infer<typeof PriceTable>;

/** Every model in the table (models.ts), under its id and each alias. */
export const DEFAULT_PRICES: PriceTable = Object.fromEntries(MODEL_TABLE.flatMap((entry) => [entry.id, ...entry.aliases].map((id) => [id, { ...entry.price }])));

/** The default model per role: the `verifyPlan.models.*` settings' defaults (settings.ts). */
export const DEFAULT_MODELS: Record<AgentRole, string> = modelsFrom(settingDefaults());

export { EffortLevel } from './settings';
/** Effort per role, from the settings table (settings.ts says why judgement roles get `high`). */
export const DEFAULT_EFFORT: Record<AgentRole, EffortLevel> = effortsFrom(settingDefaults());

export const EngineConfig = z.object({
  models: z.record(AgentRole, z.string().min(1)).default(DEFAULT_MODELS),
  /** Sent where the model takes it (models.ts capabilities); ignored elsewhere. */
  effort: z.record(AgentRole, EffortLevel).default(DEFAULT_EFFORT),
  prices: PriceTable.default(DEFAULT_PRICES),
  // Settings every front end shares: constraints and defaults come from the one table (settings.ts).
  /** Seed 001: complexity threshold for the scaled team. */
  threshold: SETTINGS.threshold.schema,
  team: SETTINGS.team.schema,
  /** Seed 001: at most 3 iterations; lower values are allowed. */
  maxIterations: SETTINGS.maxIterations.schema,
  /** Hard stop: no new agent call starts once the run has spent this much. 0 = no cap. */
  spendingCapUsd: SETTINGS.spendingCapUsd.schema,
  /**
   * A ceiling on every turn's `max_tokens`. Absent (the default): each role's
   * room comes from its effort level and its model's limits (llm/output-room.ts).
   */
  maxTokensPerCall: z.number().int().min(256).max(128_000).optional(),
  /** Tool-use turns per agent call before the model must answer. */
  maxToolTurns: z.number().int().min(0).max(40).default(12),
  webSearch: SETTINGS.webSearch.schema,
  /** Extra deny globs for research tools, on top of the built-in secret list. */
  denyGlobs: SETTINGS.denyGlobs.schema,
  allowShellAssertions: z.boolean().default(false),
});
export type EngineConfig = z.infer<typeof EngineConfig>;

export function defaultConfig(overrides: Partial<z.input<typeof EngineConfig>> = {}): EngineConfig {
  return EngineConfig.parse(overrides);
}

/** Cost of one call in USD; a model without a price (neither the table nor the user's, user-prices.ts) costs 0, so a spending cap refuses to start with one (`spendingCapProblem`). */
export function costOf(usage: Usage, model: string, prices: PriceTable): number {
  const p = prices[model];
  if (!p) return 0;
  const prompt = usage.input_tokens + usage.cache_read_input_tokens + usage.cache_creation_input_tokens;
  const band = p.longPrompt && prompt > p.longPrompt.thresholdTokens ? p.longPrompt : p;
  const perToken = band.input / 1e6;
  return (
    usage.input_tokens * perToken +
    usage.cache_read_input_tokens * perToken * band.cacheRead +
    usage.cache_creation_input_tokens * perToken * band.cacheWrite +
    (usage.output_tokens * band.output) / 1e6
  );
}

/** The configured models that have no price, sorted, each once. */
export function unpricedModels(config: Pick<EngineConfig, 'models' | 'prices'>): string[] {
  return [...new Set(Object.values(config.models))].filter((id) => !config.prices[id]).sort();
}

/**
 * Why the run must not start, or null: a spending cap cannot be kept when a
 * model's calls would count as $0, so a cap with an unpriced model refuses.
 */
export function spendingCapProblem(config: Pick<EngineConfig, 'models' | 'prices' | 'spendingCapUsd'>): string | null {
  if (config.spendingCapUsd <= 0) return null;
  const unpriced = unpricedModels(config);
  if (unpriced.length === 0) return null;
  const roles = (id: string) =>
    Object.entries(config.models)
      .filter(([, m]) => m === id)
      .map(([role]) => role)
      .join(', ');
  const list = unpriced.map((id) => `${id} (${roles(id)})`).join('; ');
  return (
    `A spending cap of ${formatUsd(config.spendingCapUsd)} is set, but no price is known for ${list}, so the cap could not count those calls. ` +
    `Give it a price in USD per million tokens (the ${SETTINGS_SECTION}.prices setting; on the command line --price MODEL=IN/OUT), choose a model with a known price (src/core/models.ts lists them), or remove the cap.`
  );
}
