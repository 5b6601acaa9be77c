/**
 * The "Static checks" settings-UI group: one level setting per rule of the
 * catalog (`verifyPlan.rules.<code>`, generated) and the language client's
 * own trace setting.
 */
import * as z from 'zod';
import { RULES, RULE_CODES, RULE_LEVELS, RULE_SCOPES, type RuleCode, type RuleLevel, type RuleScope } from '../rules/catalog';
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

/** How much the rules report (RuleScope in rules/catalog.ts). */
export const SCOPE_SETTING = {
  ruleScope: spec({
    schema: z
      .enum(RULE_SCOPES as [RuleScope, ...RuleScope[]])
      .default('precise')
      .describe(
        'How much the static checks report. `precise`: only what the plan shows to be wrong (a file it says is there or marks done, a choice it says is open, an empty risks or testing section). `thorough`: also every path no workspace file has that the plan does not say it creates, every TODO, FIXME or "unknown", every empty heading, and a step without a criterion in a plan whose other steps state one.',
      ),
    section: 'staticChecks',
    order: RULE_CODES.length + 1,
    readers: ['server', 'cli'],
    enumDescriptions: ['Only what the plan itself shows to be wrong: fewer findings, more of them right.', 'Everything that may be a problem: more findings, more of them wrong.'],
    cli: { flag: 'rule-scope', arg: 'precise|thorough', help: 'what the static checks report: precise (default) or thorough' },
  }),
} as const;

export const EDITOR_ONLY = {
  /** Read by vscode-languageclient itself (`<clientId>.trace.server`). */
  'trace.server': spec({
    schema: z.enum(['off', 'messages', 'verbose']).default('off').describe('Log the messages between VS Code and the Verify Plan language server (for troubleshooting).'),
    section: 'staticChecks',
    order: RULE_CODES.length + 2,
    readers: [],
  }),
} as const;
