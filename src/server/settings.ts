/**
 * The server's view of the `verifyPlan` settings: the keys the server reads
 * (static-check levels, team, threshold), with constraints and
 * defaults from the one settings table (src/core/settings.ts). Settings come
 * from the client (untrusted, possibly hand-edited JSON), so each field is
 * read on its own: an invalid value falls back to its default and is
 * reported, never thrown.
 */
import type { RuleCode, RuleLevel, RuleScope } from '../core/rules';
import { nestedGetter, readSettingValues, ruleLevelsFrom, settingDefaults, settingsReadBy, type SettingValues, type TeamSetting } from '../core/settings';

export type { TeamSetting };

export interface ServerSettings {
  rules: Record<RuleCode, RuleLevel>;
  /** How much the rules report. */
  ruleScope: RuleScope;
  /** Seed 001 complexity threshold for the scaled team. */
  threshold: number;
  team: TeamSetting;
}

const SERVER_KEYS = settingsReadBy('server');

function fromValues(v: SettingValues): ServerSettings {
  return { rules: ruleLevelsFrom(v), ruleScope: v.ruleScope, threshold: v.threshold, team: v.team };
}

export const DEFAULT_SETTINGS: ServerSettings = fromValues(settingDefaults());

export interface ParsedSettings {
  settings: ServerSettings;
  /** One line per ignored value, for the server log. */
  problems: string[];
}

/** Reads a `verifyPlan` section object (as VS Code nests dotted keys; flat dotted keys work too). Anything unusable → defaults. */
export function parseSettings(raw: unknown): ParsedSettings {
  const { values, problems } = readSettingValues(SERVER_KEYS, nestedGetter(raw));
  return { settings: fromValues({ ...settingDefaults(), ...values }), problems };
}
