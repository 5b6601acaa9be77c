/**
 * The one settings schema. Every `verifyPlan.*` setting is declared once, in
 * the table this file assembles (SETTINGS): its zod schema carries the
 * constraints, the default and the (Markdown) description. The entries live
 * beside this file, by settings-UI group:
 *   - settings/main.ts: the main group's hand-written entries,
 *   - settings/roles.ts: `models.<role>` and `effort.<role>`, one per agent role,
 *   - settings/static-checks.ts: `rules.<code>`, one per static rule, and the
 *     language client's `trace.server`,
 * each shaped as settings/spec.ts says. Everything else derives from the table:
 *   - package.json `contributes.configuration` (written by `npm run schemas`,
 *     checked by test/unit/settings-schema.test.ts),
 *   - the extension's settings (src/extension/settings.ts), the language
 *     server's (src/server/settings.ts) and the CLI's flags, their validation,
 *     defaults and `--help` lines (src/cli/args.ts, src/cli/help.ts),
 *   - the engine's own defaults (EngineConfig in ./config.ts).
 *
 * To add a setting: one entry in settings/main.ts (key = the part after
 * `verifyPlan.`), then `npm run schemas`, then read it where it is used (see
 * src/core/README.md). Importers use this module, not the files under settings/.
 *
 * Contract: `readSettingValues` never throws. A missing value is the default;
 * an invalid one falls back to the default and is listed in `problems`.
 */
import * as z from 'zod';
import { AgentRole } from './protocol';
import { RULE_CODES, type RuleCode, type RuleLevel } from './rules/catalog';
import { MAIN } from './settings/main';
import { EFFORTS, MODELS, type EffortKey, type EffortLevel, type ModelKey } from './settings/roles';
import { SETTINGS_SECTION, type SettingReader, type SettingSpec } from './settings/spec';
import { EDITOR_ONLY, RULE_SETTINGS, SCOPE_SETTING, type RuleKey } from './settings/static-checks';

export { SETTINGS_SECTION, type SettingReader, type SettingSpec } from './settings/spec';
export { DEFAULT_PLAN_FOLDERS, PROVIDER_CHOICES, TEAM_MODES, type ProviderChoice, type TeamSetting } from './settings/main';
export { EffortLevel } from './settings/roles';

export const SETTINGS = { ...MAIN, ...MODELS, ...EFFORTS, ...RULE_SETTINGS, ...SCOPE_SETTING, ...EDITOR_ONLY };
export type SettingKey = keyof typeof SETTINGS;
export type SettingValues = { [K in SettingKey]: z.output<(typeof SETTINGS)[K]['schema']> };

export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

export function settingDefault<K extends SettingKey>(key: K): SettingValues[K] {
  return (SETTINGS[key].schema as z.ZodType).parse(undefined) as SettingValues[K];
}

export function settingDefaults(): SettingValues {
  return Object.fromEntries(SETTING_KEYS.map((k) => [k, settingDefault(k)])) as SettingValues;
}

/** The keys a front end reads. */
export function settingsReadBy(reader: SettingReader): SettingKey[] {
  return SETTING_KEYS.filter((k) => SETTINGS[k].readers.includes(reader));
}

export interface SettingRead<T> {
  value: T;
  /** Why the raw value was ignored, or null. */
  problem: string | null;
}

/** One setting from an untrusted raw value (undefined/null = unset). Strings are trimmed; an empty string for a setting that cannot be empty means unset. */
export function readSetting<K extends SettingKey>(key: K, raw: unknown): SettingRead<SettingValues[K]> {
  const schema = SETTINGS[key].schema as z.ZodType;
  const fallback = settingDefault(key);
  if (raw === undefined || raw === null) return { value: fallback, problem: null };
  const parsed = schema.safeParse(typeof raw === 'string' ? raw.trim() : raw);
  if (parsed.success) return { value: parsed.data as SettingValues[K], problem: null };
  if (typeof raw === 'string' && raw.trim() === '') return { value: fallback, problem: null };
  const reason = parsed.error.issues[0]?.message ?? 'invalid value';
  return { value: fallback, problem: `${SETTINGS_SECTION}.${key}: ${JSON.stringify(raw)} is not valid (${reason}); using the default, ${JSON.stringify(fallback)}.` };
}

export interface SettingsRead<K extends SettingKey> {
  values: Pick<SettingValues, K>;
  /** One line per ignored value, e.g. `verifyPlan.threshold: 40 is not valid (Too big: expected number to be <=16); using the default, 7.` */
  problems: string[];
}

/** The given settings, `get(key)` returning the raw value of `verifyPlan.<key>` or undefined when unset. */
export function readSettingValues<K extends SettingKey>(keys: readonly K[], get: (key: K) => unknown): SettingsRead<K> {
  const problems: string[] = [];
  const values = {} as Pick<SettingValues, K>;
  for (const key of keys) {
    const read = readSetting(key, get(key));
    values[key] = read.value;
    if (read.problem) problems.push(read.problem);
  }
  return { values, problems };
}

/** The per-role model settings as one record. */
export function modelsFrom(values: Pick<SettingValues, ModelKey>): Record<AgentRole, string> {
  return Object.fromEntries(AgentRole.options.map((role) => [role, values[`models.${role}`]])) as Record<AgentRole, string>;
}

/** The per-role effort settings as one record. */
export function effortsFrom(values: Pick<SettingValues, EffortKey>): Record<AgentRole, EffortLevel> {
  return Object.fromEntries(AgentRole.options.map((role) => [role, values[`effort.${role}`]])) as Record<AgentRole, EffortLevel>;
}

/** The per-rule level settings as one record. */
export function ruleLevelsFrom(values: Pick<SettingValues, RuleKey>): Record<RuleCode, RuleLevel> {
  return Object.fromEntries(RULE_CODES.map((code) => [code, values[`rules.${code}`]])) as Record<RuleCode, RuleLevel>;
}

/** Looks `a.b` up in a nested section object (as VS Code sends `verifyPlan`), falling back to a flat `a.b` key. */
export function nestedGetter(section: unknown): (key: string) => unknown {
  const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  return (key) => {
    if (!isRecord(section)) return undefined;
    if (Object.hasOwn(section, key)) return section[key];
    let node: unknown = section;
    for (const part of key.split('.')) {
      if (!isRecord(node) || !Object.hasOwn(node, part)) return undefined;
      node = node[part];
    }
    return node;
  };
}

/** What every user-only setting's description ends with. */
export const USER_ONLY_NOTE = 'Set it in your user settings: a value in a workspace or folder `.vscode/settings.json` is ignored (and logged), so a repository cannot change it.';

/** The settings only the user's own settings may set (SettingSpec `trust: 'user'`). */
export function userOnlySettings(): SettingKey[] {
  return SETTING_KEYS.filter((k) => (SETTINGS[k] as SettingSpec).trust === 'user');
}

/** package.json `contributes.configuration`, generated from the table (`npm run schemas` writes it). */
export function contributesConfiguration(): unknown[] {
  const group = (section: SettingSpec['section']) =>
    Object.fromEntries(
      SETTING_KEYS.filter((k) => SETTINGS[k].section === section).map((key) => {
        const s: SettingSpec = SETTINGS[key];
        const { $schema: _schema, description, default: defaultValue, ...shape } = z.toJSONSchema(s.schema, { io: 'input' }) as Record<string, unknown>;
        void _schema;
        return [
          `${SETTINGS_SECTION}.${key}`,
          {
            ...shape,
            ...(s.enumDescriptions ? { enumDescriptions: [...s.enumDescriptions] } : {}),
            default: defaultValue,
            markdownDescription: s.trust === 'user' ? `${String(description)} ${USER_ONLY_NOTE}` : description,
            order: s.order,
            ...(s.restricted ? { restricted: true } : {}),
            ...(s.trust === 'user' ? { scope: 'machine' } : {}),
          },
        ];
      }),
    );
  return [
    { id: SETTINGS_SECTION, title: 'Verify Plan', properties: group('main') },
    { id: `${SETTINGS_SECTION}.staticChecks`, title: 'Verify Plan: Static checks', properties: group('staticChecks') },
  ];
}
