/**
 * The `verifyPlan.*` settings as one typed value, and how they become an
 * `EngineConfig`. No `vscode` import: the caller passes a getter, so this is
 * unit-testable in plain Node.
 *
 * Contract: a bad value never throws; it falls back to the default and is
 * listed in `problems` so the caller can tell the user which setting is wrong.
 */
import * as z from 'zod';
import { DEFAULT_MODELS, EngineConfig, defaultConfig } from '../core/config';
import { AgentRole } from '../core/protocol';

export const SETTINGS_SECTION = 'verifyPlan';

export const DEFAULT_PLAN_FOLDERS = ['.claude/plans', 'specs/*/plan.md', '.kiro/specs/*', '~/.claude/plans'];

export const ProviderChoice = z.enum(['auto', 'anthropic', 'languageModel']);
export type ProviderChoice = z.infer<typeof ProviderChoice>;

const fields = {
  team: z.enum(['auto', 'base', 'scaled']),
  threshold: z.number().int().min(0).max(16),
  maxIterations: z.number().int().min(1).max(3),
  spendingCapUsd: z.number().min(0),
  baseUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]),
  provider: ProviderChoice,
  planFolders: z.array(z.string().min(1)),
  webSearch: z.boolean(),
  denyGlobs: z.array(z.string().min(1)),
} as const;

type FieldName = keyof typeof fields;

export interface VerifyPlanSettings {
  team: 'auto' | 'base' | 'scaled';
  threshold: number;
  maxIterations: number;
  spendingCapUsd: number;
  baseUrl: string;
  provider: ProviderChoice;
  planFolders: string[];
  webSearch: boolean;
  denyGlobs: string[];
  models: Record<AgentRole, string>;
}

export const DEFAULT_SETTINGS: VerifyPlanSettings = {
  team: 'auto',
  threshold: 7,
  maxIterations: 3,
  spendingCapUsd: 5,
  baseUrl: '',
  provider: 'auto',
  planFolders: DEFAULT_PLAN_FOLDERS,
  webSearch: false,
  denyGlobs: [],
  models: { ...DEFAULT_MODELS },
};

export interface SettingsRead {
  settings: VerifyPlanSettings;
  /** One line per ignored value, e.g. `verifyPlan.threshold: expected an integer 0–16`. */
  problems: string[];
}

/** `get(key)` returns the raw value of `verifyPlan.<key>` or undefined when unset. */
export function readSettings(get: (key: string) => unknown): SettingsRead {
  const problems: string[] = [];
  const pick = <K extends FieldName>(key: K): z.infer<(typeof fields)[K]> => {
    const raw = get(key);
    const fallback = DEFAULT_SETTINGS[key] as z.infer<(typeof fields)[K]>;
    if (raw === undefined || raw === null) return fallback;
    const parsed = fields[key].safeParse(typeof raw === 'string' ? raw.trim() : raw);
    if (parsed.success) return parsed.data as z.infer<(typeof fields)[K]>;
    problems.push(`${SETTINGS_SECTION}.${key}: ${parsed.error.issues[0]?.message ?? 'invalid value'} (using the default)`);
    return fallback;
  };
  const models = { ...DEFAULT_MODELS };
  for (const role of AgentRole.options) {
    const raw = get(`models.${role}`);
    if (typeof raw === 'string' && raw.trim() !== '') models[role] = raw.trim();
    else if (raw !== undefined && raw !== null && raw !== '') problems.push(`${SETTINGS_SECTION}.models.${role}: expected a model id (using ${models[role]})`);
  }
  return {
    settings: {
      team: pick('team'),
      threshold: pick('threshold'),
      maxIterations: pick('maxIterations'),
      spendingCapUsd: pick('spendingCapUsd'),
      baseUrl: pick('baseUrl'),
      provider: pick('provider'),
      planFolders: pick('planFolders'),
      webSearch: pick('webSearch'),
      denyGlobs: pick('denyGlobs'),
      models,
    },
    problems,
  };
}

export function toEngineConfig(s: VerifyPlanSettings): EngineConfig {
  return defaultConfig({
    models: s.models,
    threshold: s.threshold,
    team: s.team,
    maxIterations: s.maxIterations,
    spendingCapUsd: s.spendingCapUsd,
    webSearch: s.webSearch,
    denyGlobs: s.denyGlobs,
  });
}

export type { EngineConfig };
