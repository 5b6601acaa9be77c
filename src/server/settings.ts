/**
 * The server's view of the `verifyPlan` settings. Settings come from the
 * client (untrusted, possibly hand-edited JSON), so each field is read on its
 * own: an invalid value falls back to its default and is reported, never
 * thrown.
 */
import { RULE_CODES, isRuleLevel, type RuleCode, type RuleLevel } from '../core/rules';

export type TeamSetting = 'auto' | 'base' | 'scaled';

export interface ServerSettings {
  rules: Partial<Record<RuleCode, RuleLevel>>;
  /** Seed 001 complexity threshold for the scaled team. */
  threshold: number;
  team: TeamSetting;
}

export const DEFAULT_SETTINGS: ServerSettings = { rules: {}, threshold: 7, team: 'auto' };

export interface ParsedSettings {
  settings: ServerSettings;
  /** One line per ignored value, for the server log. */
  problems: string[];
}

/** Reads a `verifyPlan` section object (as VS Code nests dotted keys). Anything unusable → defaults. */
export function parseSettings(raw: unknown): ParsedSettings {
  const problems: string[] = [];
  const section = isRecord(raw) ? raw : {};
  const rules: Partial<Record<RuleCode, RuleLevel>> = {};
  const rawRules = isRecord(section.rules) ? section.rules : {};
  for (const code of RULE_CODES) {
    const value = rawRules[code];
    if (value === undefined || value === null) continue;
    if (isRuleLevel(value)) rules[code] = value;
    else problems.push(`verifyPlan.rules.${code}: "${typeof value === 'string' ? value : JSON.stringify(value)}" is not one of off, info, warning, error; using the default.`);
  }
  let threshold = DEFAULT_SETTINGS.threshold;
  if (section.threshold !== undefined && section.threshold !== null) {
    const t = section.threshold;
    if (typeof t === 'number' && Number.isInteger(t) && t >= 0 && t <= 16) threshold = t;
    else problems.push(`verifyPlan.threshold: ${JSON.stringify(t)} is not an integer from 0 to 16; using ${DEFAULT_SETTINGS.threshold}.`);
  }
  let team: TeamSetting = DEFAULT_SETTINGS.team;
  if (section.team !== undefined && section.team !== null) {
    const t = section.team;
    if (t === 'auto' || t === 'base' || t === 'scaled') team = t;
    else problems.push(`verifyPlan.team: ${JSON.stringify(t)} is not auto, base or scaled; using auto.`);
  }
  return { settings: { rules, threshold, team }, problems };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
