/**
 * Command-line parsing: node:util parseArgs in strict mode, then validation
 * of every value. Unknown flags and bad values become a CliError (exit 4)
 * with a message that names the flag.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { AgentRole } from '../core/protocol';
import { CliError } from './exit-codes';

export interface RunArgs {
  command: 'run';
  planPath: string | null;
  team: 'auto' | 'base' | 'scaled';
  threshold: number | undefined;
  maxIterations: number | undefined;
  format: ReportFormat;
  out: string | null;
  static: boolean;
  nonInteractive: boolean;
  baseUrl: string | null;
  models: Partial<Record<AgentRole, string>>;
  spendingCapUsd: number | undefined;
  stateDir: string | null;
  quiet: boolean;
}

export interface CheckArgs {
  command: 'check';
  planPath: string | null;
  format: Exclude<ReportFormat, 'sarif'>;
  stateDir: string | null;
  quiet: boolean;
}

export const REPORT_FORMATS = ['markdown', 'json', 'sarif'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export type CliCommand = RunArgs | CheckArgs | { command: 'help' } | { command: 'version' };

const modelFlag = (role: AgentRole) => `model-${role}`;

const OPTIONS = {
  team: { type: 'string' },
  threshold: { type: 'string' },
  'max-iterations': { type: 'string' },
  json: { type: 'boolean' },
  format: { type: 'string' },
  out: { type: 'string', short: 'o' },
  static: { type: 'boolean' },
  'non-interactive': { type: 'boolean' },
  'base-url': { type: 'string' },
  'spending-cap': { type: 'string' },
  'state-dir': { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
  ...Object.fromEntries(AgentRole.options.map((r) => [modelFlag(r), { type: 'string' }])),
} satisfies ParseArgsConfig['options'];

/** Flags that mean nothing to `check`; passing one is a usage error rather than silently ignored. */
const RUN_ONLY = ['team', 'threshold', 'max-iterations', 'out', 'static', 'non-interactive', 'base-url', 'spending-cap', ...AgentRole.options.map(modelFlag)];

const HELP_HINT = 'Run "verify-plan --help" for usage.';

/** A whole number written as decimal digits only: no sign, space, exponent, hex/binary prefix or separator. */
const WHOLE = /^\d{1,15}$/;
/** A dollar amount: decimal digits with an optional fraction, an optional leading "$"; nothing else. */
const USD = /^\$?\d{1,15}(\.\d{1,15})?$/;

/** Every whole-number flag of the CLI (run, check, eval, hook) is parsed here. */
export function parseWholeNumberFlag(flag: string, raw: string | undefined, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  if (!WHOLE.test(raw)) throw new CliError(`--${flag} must be a whole number from ${min} to ${max} (decimal digits only), got "${raw}".`);
  const n = Number(raw);
  if (n < min || n > max) throw new CliError(`--${flag} must be from ${min} to ${max}, got ${n}.`);
  return n;
}

/** Every dollar-amount flag of the CLI is parsed here: "5", "0.50", "$2"; never hex, exponent, Infinity or a sign. */
export function parseUsdFlag(flag: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!USD.test(raw)) throw new CliError(`--${flag} must be an amount in USD written as decimal digits, such as 5 or 0.50 (0 or more), got "${raw}".`);
  return Number(raw.replace(/^\$/, ''));
}

function parseTeam(raw: string | undefined): RunArgs['team'] {
  if (raw === undefined) return 'auto';
  if (raw === 'base' || raw === 'scaled' || raw === 'auto') return raw;
  throw new CliError(`--team must be "base" or "scaled", got "${raw}".`);
}

/** `--format`, with `--json` as its alias; the two together must agree. */
function parseFormat(raw: string | undefined, json: boolean): ReportFormat {
  if (raw !== undefined && !(REPORT_FORMATS as readonly string[]).includes(raw)) throw new CliError(`--format must be markdown, json or sarif, got "${raw}".`);
  const format = raw as ReportFormat | undefined;
  if (json && format !== undefined && format !== 'json') throw new CliError(`--json means --format json; it cannot be combined with --format ${format}.`);
  return json ? 'json' : (format ?? 'markdown');
}

function parseBaseUrl(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CliError(`--base-url must be an http(s) URL, got "${raw}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CliError(`--base-url must be an http(s) URL, got "${raw}".`);
  return raw;
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
  const paths = isCheck ? positionals.slice(1) : positionals;
  if (paths.length > 1) throw new CliError(`Expected at most one plan file, got ${paths.length}: ${paths.join(', ')}. ${HELP_HINT}`);
  const planPath = nonEmpty('plan', paths[0]);
  const v = values as Record<string, string | boolean | undefined>;
  const str = (flag: string) => v[flag] as string | undefined;
  if (isCheck) {
    const misplaced = RUN_ONLY.filter((flag) => v[flag] !== undefined);
    if (misplaced.length > 0) throw new CliError(`"verify-plan check" does not take --${misplaced[0]}. ${HELP_HINT}`);
    const format = parseFormat(str('format'), v.json === true);
    if (format === 'sarif') throw new CliError(`"verify-plan check" prints Markdown or JSON, not SARIF. ${HELP_HINT}`);
    return { command: 'check', planPath, format, stateDir: nonEmpty('state-dir', str('state-dir')), quiet: v.quiet === true };
  }
  const models: Partial<Record<AgentRole, string>> = {};
  for (const role of AgentRole.options) {
    const id = nonEmpty(modelFlag(role), str(modelFlag(role)));
    if (id) models[role] = id.trim();
  }
  return {
    command: 'run',
    planPath,
    team: parseTeam(str('team')),
    threshold: parseWholeNumberFlag('threshold', str('threshold'), 0, 16),
    maxIterations: parseWholeNumberFlag('max-iterations', str('max-iterations'), 1, 3),
    format: parseFormat(str('format'), v.json === true),
    out: nonEmpty('out', str('out')),
    static: v.static === true,
    nonInteractive: v['non-interactive'] === true,
    baseUrl: parseBaseUrl(str('base-url')),
    models,
    spendingCapUsd: parseUsdFlag('spending-cap', str('spending-cap')),
    stateDir: nonEmpty('state-dir', str('state-dir')),
    quiet: v.quiet === true,
  };
}
