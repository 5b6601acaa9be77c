/**
 * The `verifyPlan.*` settings the extension reads, as one typed value, and how
 * they become an `EngineConfig`. Keys, constraints and defaults come from the
 * one settings table (src/core/settings.ts); nothing is restated here. No
 * `vscode` import: the caller passes a getter, so this is unit-testable in
 * plain Node.
 *
 * Contract: a bad value never throws; it falls back to the default and is
 * listed in `problems` so the caller can tell the user which setting is wrong.
 */
import { DEFAULT_PRICES, EngineConfig, defaultConfig } from '../core/config';
import { withUserPrices, type UserPrices } from '../core/user-prices';
import type { AgentRole } from '../core/protocol';
import {
  DEFAULT_PLAN_FOLDERS,
  SETTINGS_SECTION,
  effortsFrom,
  modelsFrom,
  type EffortLevel,
  readSettingValues,
  settingDefaults,
  settingsReadBy,
  type ProviderChoice,
  type SettingValues,
  type TeamSetting,
  userOnlySettings,
} from '../core/settings';

export { DEFAULT_PLAN_FOLDERS, SETTINGS_SECTION, type ProviderChoice };

export interface VerifyPlanSettings {
  team: TeamSetting;
  threshold: number;
  maxIterations: number;
  spendingCapUsd: number;
  baseUrl: string;
  provider: ProviderChoice;
  planFolders: string[];
  webSearch: boolean;
  denyGlobs: string[];
  /** The editor model to use with `vscode.lm`; '' = no preference. */
  languageModel: { vendor: string; family: string };
  models: Record<AgentRole, string>;
  effort: Record<AgentRole, EffortLevel>;
  /** User prices (USD per MTok) laid over the model table's. */
  prices: UserPrices;
  /** For the Anthropic provider's retry-after bound. */
  maxRetryWaitSeconds: number;
}

const EXTENSION_KEYS = settingsReadBy('extension');

function fromValues(v: SettingValues): VerifyPlanSettings {
  return {
    team: v.team,
    threshold: v.threshold,
    maxIterations: v.maxIterations,
    spendingCapUsd: v.spendingCapUsd,
    baseUrl: v.baseUrl,
    provider: v.provider,
    planFolders: v.planFolders,
    webSearch: v.webSearch,
    denyGlobs: v.denyGlobs,
    languageModel: { vendor: v['languageModel.vendor'], family: v['languageModel.family'] },
    models: modelsFrom(v),
    effort: effortsFrom(v),
    prices: v.prices,
    maxRetryWaitSeconds: v.maxRetryWaitSeconds,
  };
}

export const DEFAULT_SETTINGS: VerifyPlanSettings = fromValues(settingDefaults());

export interface SettingsRead {
  settings: VerifyPlanSettings;
  /** One line per ignored value, e.g. `verifyPlan.threshold: … (using the default, 7)`. */
  problems: string[];
}

/** `get(key)` returns the raw value of `verifyPlan.<key>` or undefined when unset. */
export function readSettings(get: (key: string) => unknown): SettingsRead {
  const { values, problems } = readSettingValues(EXTENSION_KEYS, get);
  return { settings: fromValues({ ...settingDefaults(), ...values }), problems };
}

export function toEngineConfig(s: VerifyPlanSettings): EngineConfig {
  return defaultConfig({
    models: s.models,
    effort: s.effort,
    prices: withUserPrices(DEFAULT_PRICES, s.prices),
    threshold: s.threshold,
    team: s.team,
    maxIterations: s.maxIterations,
    spendingCapUsd: s.spendingCapUsd,
    webSearch: s.webSearch,
    denyGlobs: s.denyGlobs,
  });
}

export type { EngineConfig };

/** What `WorkspaceConfiguration.inspect(key)` reports (the fields this reader uses). */
export interface SettingInspection {
  globalValue?: unknown;
  workspaceValue?: unknown;
  workspaceFolderValue?: unknown;
}

const USER_ONLY: ReadonlySet<string> = new Set(userOnlySettings());

/** A plan folder entry a workspace may set: workspace-relative, no `~`, no absolute path, no `..` segment. */
export function insideWorkspaceEntry(entry: unknown): boolean {
  if (typeof entry !== 'string') return false;
  const e = entry.trim().replace(/\\/g, '/');
  return e !== '' && !e.startsWith('~') && !e.startsWith('/') && !/^[A-Za-z]:/.test(e) && !e.split('/').includes('..');
}

/**
 * The raw-value getter `readSettings` takes, made safe against the
 * repository's `.vscode/settings.json` (DESIGN.md: settings that send the
 * key, spend money or widen what is read are the user's): a user-only
 * setting (`trust: 'user'` in the table) is the user's value or the default,
 * whatever a workspace or folder says; workspace plan folders keep only
 * entries inside the workspace. Each ignored value goes to `onIgnored`
 * (setting name and why; the caller logs it once).
 */
export function trustedGetter(
  get: (key: string) => unknown,
  inspect: (key: string) => SettingInspection | undefined,
  onIgnored: (setting: string, why: string) => void,
): (key: string) => unknown {
  return (key) => {
    const name = `${SETTINGS_SECTION}.${key}`;
    if (USER_ONLY.has(key)) {
      const seen = inspect(key);
      if (seen?.workspaceValue !== undefined || seen?.workspaceFolderValue !== undefined) onIgnored(name, 'set in workspace settings; only your user settings may set it');
      return seen?.globalValue;
    }
    if (key === 'planFolders') {
      const seen = inspect(key);
      const fromWorkspace = seen?.workspaceFolderValue ?? seen?.workspaceValue;
      if (!Array.isArray(fromWorkspace)) return get(key);
      const outside = (fromWorkspace as unknown[]).filter((e) => !insideWorkspaceEntry(e));
      if (outside.length > 0) onIgnored(name, `workspace entries outside the workspace ignored: ${outside.map((e) => JSON.stringify(e)).join(', ')}`);
      return (fromWorkspace as unknown[]).filter(insideWorkspaceEntry);
    }
    return get(key);
  };
}
