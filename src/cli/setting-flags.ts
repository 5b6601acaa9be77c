/**
 * The CLI flags that set a `verifyPlan.*` setting (`--team`, `--threshold`,
 * `--spending-cap`, `--model-<role>`, …), derived from the one settings table
 * (src/core/settings.ts): the flag names, how a flag's text becomes a value,
 * the validation and its message, and the `--help` lines with the defaults.
 * A new setting with a `cli` entry and `cli` among its readers is a flag here
 * without any change to this file.
 */
import * as z from 'zod';
import { SETTINGS, settingDefault, settingsReadBy, type SettingKey, type SettingValues } from '../core/settings';
import { CliError } from './exit-codes';

/** A whole number written as decimal digits only: no sign, space, exponent, hex/binary prefix or separator. */
const WHOLE = /^\d{1,15}$/;
/** A dollar amount: decimal digits with an optional fraction, an optional leading "$"; nothing else. */
const USD = /^\$?\d{1,15}(\.\d{1,15})?$/;
/** A decimal number of another unit. */
const DECIMAL = /^\d{1,15}(\.\d{1,15})?$/;

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

export interface SettingFlag {
  key: SettingKey;
  flag: string;
  arg: string;
  help: string;
  /** May be given more than once (parseArgs `multiple`). */
  repeatable: boolean;
}

export const SETTING_FLAGS: readonly SettingFlag[] = settingsReadBy('cli').flatMap((key) => {
  const cli = SETTINGS[key].cli;
  return cli ? [{ key, flag: cli.flag, arg: cli.arg, help: cli.help, repeatable: cli.repeatable !== undefined }] : [];
});

export function settingFlag(key: SettingKey): SettingFlag {
  const found = SETTING_FLAGS.find((f) => f.key === key);
  if (!found) throw new Error(`setting ${key} has no CLI flag`);
  return found;
}

interface Shape {
  type?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
}

const shapeOf = (key: SettingKey): Shape => z.toJSONSchema(SETTINGS[key].schema as z.ZodType, { io: 'input' }) as Shape;

/** What the flag takes, in words, from the setting's schema: `a whole number from 0 to 16`, `auto, base or scaled`. */
function expected(f: SettingFlag, shape: Shape): string {
  if (shape.enum) {
    const names = shape.enum.map(String);
    return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : (names[0] ?? '');
  }
  const range = shape.maximum !== undefined ? `from ${shape.minimum ?? 0} to ${shape.maximum}` : `(${shape.minimum ?? 0} or more)`;
  if (shape.type === 'integer') return `a whole number ${range}`;
  if (shape.type === 'number') return `an amount${f.arg === 'USD' ? ' in USD' : ''} ${range}`;
  if (shape.type === 'array') return 'a comma-separated list';
  return 'a value';
}

/** parseArgs options for these setting flags (repeatable ones collect every occurrence). */
export function settingFlagOptions(flags: readonly SettingFlag[] = SETTING_FLAGS): Record<string, { type: 'string'; multiple?: true }> {
  return Object.fromEntries(flags.map((f) => [f.flag, f.repeatable ? { type: 'string', multiple: true } : { type: 'string' }]));
}

/** A repeatable flag's texts through the setting's `fromTexts`, then its schema. */
function parseRepeatable<K extends SettingKey>(key: K, f: SettingFlag, texts: readonly string[]): SettingValues[K] {
  const fromTexts = SETTINGS[key].cli?.repeatable?.fromTexts;
  if (!fromTexts) throw new Error(`--${f.flag} is not repeatable`);
  let input: unknown;
  try {
    input = fromTexts(texts);
  } catch (error) {
    throw new CliError(`--${f.flag} ${error instanceof Error ? error.message : String(error)}.`);
  }
  const parsed = (SETTINGS[key].schema as z.ZodType).safeParse(input);
  if (parsed.success) return parsed.data as SettingValues[K];
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `${issue.path.map(String).join('.')}: ` : '';
  throw new CliError(`--${f.flag}: ${where}${issue?.message ?? 'invalid value'}, got "${texts.join('" "')}".`);
}

/** The flag's value, validated by the setting's schema; undefined when the flag is absent. A bad value is a CliError naming the flag. */
export function parseSettingFlag<K extends SettingKey>(key: K, raw: string | readonly string[] | undefined): SettingValues[K] | undefined {
  if (raw === undefined) return undefined;
  const f = settingFlag(key);
  if (f.repeatable) return parseRepeatable(key, f, typeof raw === 'string' ? [raw] : raw);
  if (typeof raw !== 'string') throw new CliError(`--${f.flag} may be given once.`);
  const shape = shapeOf(key);
  const text = raw.trim();
  let input: unknown = text;
  if (shape.type === 'integer') {
    input = parseWholeNumberFlag(f.flag, raw, shape.minimum ?? 0, shape.maximum ?? Number.MAX_SAFE_INTEGER);
  } else if (shape.type === 'number') {
    if (f.arg === 'USD') input = parseUsdFlag(f.flag, raw);
    else if (DECIMAL.test(raw)) input = Number(raw);
    else throw new CliError(`--${f.flag} must be ${expected(f, shape)} written as decimal digits, got "${raw}".`);
  } else if (shape.type === 'array') {
    input = text
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
  } else if (text === '' && !(SETTINGS[key].schema as z.ZodType).safeParse('').success) {
    throw new CliError(`--${f.flag} needs a value.`);
  }
  const parsed = (SETTINGS[key].schema as z.ZodType).safeParse(input);
  if (parsed.success) return parsed.data as SettingValues[K];
  const custom = parsed.error.issues.find((i) => i.code === 'custom')?.message;
  throw new CliError(`--${f.flag} ${custom ?? `must be ${expected(f, shape)}`}, got "${raw}".`);
}

/** A default as `--help` shows it: lists comma-separated, an empty text or an empty table as `none`. */
export function shownDefault(value: unknown): string {
  if (Array.isArray(value)) return value.join(',');
  if (value === '' || (typeof value === 'object' && value !== null && Object.keys(value).length === 0)) return 'none';
  return String(value);
}

/** The `--help` lines of the setting flags, each with its default from the table. */
export function settingFlagHelpLines(flags: readonly SettingFlag[] = SETTING_FLAGS): string[] {
  // At least two spaces between the flag and its text, also when the flag is longer than the column (--effort-devils-advocate LEVEL).
  return flags.map((f) => `  --${f.flag} ${f.arg}  `.padEnd(32) + `${f.help} (default ${shownDefault(settingDefault(f.key))})`);
}
