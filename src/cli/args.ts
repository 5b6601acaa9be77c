/**
 * Command-line parsing: node:util parseArgs in strict mode, then validation
 * of every value. Unknown flags and bad values become a CliError (exit 4)
 * with a message that names the flag.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { settingDefault, type TeamSetting } from '../core/settings';
import { isRuleCode, isRuleLevel, RULE_CODES, type RuleCode, type RuleLevel, type RuleScope } from '../core/rules';
import { parseEngineFlags, type EngineFlags } from './engine-flags';
import { CliError } from './exit-codes';
import { parseSettingFlag, settingFlagOptions, SETTING_FLAGS } from './setting-flags';

/** The strict number parsers live with the setting flags; eval and hook import them from here. */
export { parseUsdFlag, parseWholeNumberFlag } from './setting-flags';

export interface RunArgs extends EngineFlags {
  command: 'run';
  planPath: string | null;
  /** Where to look for a plan when no path is given (--plan-folders; default from the settings table). */
  planFolders: string[];
  team: TeamSetting;
  threshold: number | undefined;
  /** What the static checks report (--rule-scope; default from the settings table). */
  ruleScope: RuleScope;
  /** Levels of the static checks that differ from their defaults (--rule CODE=LEVEL, repeatable). */
  ruleLevels: Partial<Record<RuleCode, RuleLevel>>;
  maxIterations: number | undefined;
  format: ReportFormat;
  out: string | null;
  static: boolean;
  nonInteractive: boolean;
  baseUrl: string | null;
  spendingCapUsd: number | undefined;
  stateDir: string | null;
  quiet: boolean;
}

export interface CheckArgs {
  command: 'check';
  planPath: string | null;
  /** Where to look for a plan when no path is given (--plan-folders; default from the settings table). */
  planFolders: string[];
  format: Exclude<ReportFormat, 'sarif'>;
  stateDir: string | null;
  quiet: boolean;
}

export const REPORT_FORMATS = ['markdown', 'json', 'sarif'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export type CliCommand = RunArgs | CheckArgs | { command: 'help' } | { command: 'version' };

const OPTIONS = {
  // Flags that set a setting (--team, --threshold, --spending-cap, --model-<role>, …) come from the settings table.
  ...settingFlagOptions(),
  json: { type: 'boolean' },
  format: { type: 'string' },
  out: { type: 'string', short: 'o' },
  static: { type: 'boolean' },
  rule: { type: 'string', multiple: true },
  'non-interactive': { type: 'boolean' },
  'state-dir': { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} satisfies ParseArgsConfig['options'];

/** Flags that mean nothing to `check`; passing one is a usage error rather than silently ignored. */
const RUN_ONLY = ['out', 'static', 'rule', 'non-interactive', ...SETTING_FLAGS.filter((f) => f.key !== 'planFolders').map((f) => f.flag)];

const HELP_HINT = 'Run "verify-plan --help" for usage.';

/** `--format`, with `--json` as its alias; the two together must agree. */
function parseFormat(raw: string | undefined, json: boolean): ReportFormat {
  if (raw !== undefined && !(REPORT_FORMATS as readonly string[]).includes(raw)) throw new CliError(`--format must be markdown, json or sarif, got "${raw}".`);
  const format = raw as ReportFormat | undefined;
  if (json && format !== undefined && format !== 'json') throw new CliError(`--json means --format json; it cannot be combined with --format ${format}.`);
  return json ? 'json' : (format ?? 'markdown');
}

/** `--rule no-success-criterion=info`, once per check; a check named twice takes its last level. */
function parseRuleLevels(raw: readonly string[] | undefined): Partial<Record<RuleCode, RuleLevel>> {
  const levels: Partial<Record<RuleCode, RuleLevel>> = {};
  for (const entry of raw ?? []) {
    const [code, level, extra] = entry.split('=');
    if (!isRuleCode(code) || !isRuleLevel(level) || extra !== undefined) {
      throw new CliError(`--rule takes CODE=LEVEL, with CODE one of ${RULE_CODES.join(', ')} and LEVEL one of off, info, warning, error; got "${entry}".`);
    }
    levels[code] = level;
  }
  return levels;
}

function nonEmpty(flag: string, raw: string | undefined): string | null {
  if (raw === undefined) return null;
  if (raw.trim() === '') throw new CliError(`--${flag} needs a value.`);
  return raw;
}

function parseRaw(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    const code = (error as { code?: string }).code;
    const message = error instanceof Error ? error.message : String(error);
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      const flag = /'([^']+)'/.exec(message)?.[1] ?? 'option';
      throw new CliError(`Unknown option ${flag}. ${HELP_HINT}`);
    }
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') throw new CliError(`${message} ${HELP_HINT}`);
    throw new CliError(`${message} ${HELP_HINT}`);
  }
}

export function parseCliArgs(argv: string[]): CliCommand {
  const { values, positionals } = parseRaw(argv);
  if (values.help) return { command: 'help' };
  if (values.version) return { command: 'version' };
  const isCheck = positionals[0] === 'check';
  const planFolders = parseSettingFlag('planFolders', (values as Record<string, unknown>)['plan-folders'] as string | undefined) ?? settingDefault('planFolders');
  const paths = isCheck ? positionals.slice(1) : positionals;
  if (paths.length > 1) throw new CliError(`Expected at most one plan file, got ${paths.length}: ${paths.join(', ')}. ${HELP_HINT}`);
  const planPath = nonEmpty('plan', paths[0]);
  const v = values as Record<string, string | string[] | boolean | undefined>;
  const str = (flag: string) => v[flag] as string | undefined;
  if (isCheck) {
    const misplaced = RUN_ONLY.filter((flag) => v[flag] !== undefined);
    if (misplaced.length > 0) throw new CliError(`"verify-plan check" does not take --${misplaced[0]}. ${HELP_HINT}`);
    const format = parseFormat(str('format'), v.json === true);
    if (format === 'sarif') throw new CliError(`"verify-plan check" prints Markdown or JSON, not SARIF. ${HELP_HINT}`);
    return { command: 'check', planPath, planFolders, format, stateDir: nonEmpty('state-dir', str('state-dir')), quiet: v.quiet === true };
  }
  return {
    ...parseEngineFlags(v),
    command: 'run',
    planPath,
    planFolders,
    team: parseSettingFlag('team', str('team')) ?? settingDefault('team'),
    threshold: parseSettingFlag('threshold', str('threshold')),
    ruleScope: parseSettingFlag('ruleScope', str('rule-scope')) ?? settingDefault('ruleScope'),
    ruleLevels: parseRuleLevels(v.rule as string[] | undefined),
    maxIterations: parseSettingFlag('maxIterations', str('max-iterations')),
    format: parseFormat(str('format'), v.json === true),
    out: nonEmpty('out', str('out')),
    static: v.static === true,
    nonInteractive: v['non-interactive'] === true,
    // Empty means "not set here": ANTHROPIC_BASE_URL, then the SDK default, apply.
    baseUrl: parseSettingFlag('baseUrl', str('base-url')) || null,
    spendingCapUsd: parseSettingFlag('spendingCapUsd', str('spending-cap')),
    stateDir: nonEmpty('state-dir', str('state-dir')),
    quiet: v.quiet === true,
  };
}
