/**
 * The setting flags of every command that runs the agents (`verify-plan`,
 * `verify-plan eval`, `verify-plan hook claude-code`): model and effort per
 * role, user prices and the retry-after bound. One list from the settings
 * table, so the three commands cannot drift apart; each command adds its own
 * flags around it.
 */
import { DEFAULT_EFFORT, DEFAULT_MODELS, DEFAULT_PRICES, type EngineConfig } from '../core/config';
import type { AnthropicProviderOptions } from '../core/llm/anthropic';
import { AgentRole } from '../core/protocol';
import { settingDefault, type EffortLevel } from '../core/settings';
import { withUserPrices, type UserPrices } from '../core/user-prices';
import { parseSettingFlag, settingFlag, settingFlagHelpLines, settingFlagOptions, SETTING_FLAGS } from './setting-flags';

export const ENGINE_FLAGS = SETTING_FLAGS.filter((f) => f.key.startsWith('models.') || f.key.startsWith('effort.') || f.key === 'prices' || f.key === 'maxRetryWaitSeconds');

export interface EngineFlags {
  models: Partial<Record<AgentRole, string>>;
  effort: Partial<Record<AgentRole, EffortLevel>>;
  /** `--price` entries (empty when none). */
  prices: UserPrices;
  maxRetryWaitSeconds: number;
}

/** parseArgs options of the engine flags. */
export const engineFlagOptions = () => settingFlagOptions(ENGINE_FLAGS);

/** The engine flags' `--help` lines, with their defaults. */
export const engineFlagHelpLines = () => settingFlagHelpLines(ENGINE_FLAGS);

/** The engine flags among parseArgs values; a bad value is a CliError (exit 4) naming the flag. */
export function parseEngineFlags(values: Record<string, unknown>): EngineFlags {
  const raw = (key: Parameters<typeof settingFlag>[0]) => values[settingFlag(key).flag] as string | string[] | undefined;
  const models: EngineFlags['models'] = {};
  const effort: EngineFlags['effort'] = {};
  for (const role of AgentRole.options) {
    const id = parseSettingFlag(`models.${role}`, raw(`models.${role}`));
    if (id !== undefined) models[role] = id;
    const level = parseSettingFlag(`effort.${role}`, raw(`effort.${role}`));
    if (level !== undefined) effort[role] = level;
  }
  return {
    models,
    effort,
    prices: parseSettingFlag('prices', raw('prices')) ?? settingDefault('prices'),
    maxRetryWaitSeconds: parseSettingFlag('maxRetryWaitSeconds', raw('maxRetryWaitSeconds')) ?? settingDefault('maxRetryWaitSeconds'),
  };
}

/** The EngineConfig fields the engine flags set: each role's model and effort over the defaults, user prices over the table. */
export function engineConfigFields(flags: EngineFlags): Pick<EngineConfig, 'models' | 'effort' | 'prices'> {
  return { models: { ...DEFAULT_MODELS, ...flags.models }, effort: { ...DEFAULT_EFFORT, ...flags.effort }, prices: withUserPrices(DEFAULT_PRICES, flags.prices) };
}

/** The Anthropic provider options the engine flags set. */
export function providerFields(flags: Pick<EngineFlags, 'maxRetryWaitSeconds'>): Pick<AnthropicProviderOptions, 'maxRetryWaitMs'> {
  return { maxRetryWaitMs: flags.maxRetryWaitSeconds * 1000 };
}
