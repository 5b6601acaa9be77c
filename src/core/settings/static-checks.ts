/**
 * The "Static checks" settings-UI group: one level setting per rule of the
 * catalog (`verifyPlan.rules.<code>`, generated) and the language client's
 * own trace setting.
 */
import * as z from 'zod';
import { RULES, RULE_CODES, RULE_LEVELS, type RuleCode, type RuleLevel } from '../rules/catalog';
import { spec, type SettingSpec } from './spec';

export type RuleKey = `rules.${RuleCode}`;
export const RULE_SETTINGS = Object.fromEntries(
  RULE_CODES.map((code, i) => [
    `rules.${code}`,
    spec({
      schema: z
        .enum(RULE_LEVELS as [RuleLevel, ...RuleLevel[]])
        .default(RULES[code].defaultLevel)
        .describe(`Static check \`${code}\`: ${RULES[code].description} Runs while you type, without a model.`),
      section: 'staticChecks',
      order: 1 + i,
      readers: ['server'],
      enumDescriptions: ['Do not check.', 'Show as information.', 'Show as a warning.', 'Show as an error.'],
    }),
  ]),
) as Record<RuleKey, SettingSpec<z.ZodDefault<z.ZodEnum<{ [L in RuleLevel]: L }>>>>;

export const EDITOR_ONLY = {
  /** Read by vscode-languageclient itself (`<clientId>.trace.server`). */
  'trace.server': spec({
    schema: z.enum(['off', 'messages', 'verbose']).default('off').describe('Log the messages between VS Code and the Verify Plan language server (for troubleshooting).'),
    section: 'staticChecks',
    order: RULE_CODES.length + 1,
    readers: [],
  }),
} as const;
