/**
 * The one settings schema. Every `verifyPlan.*` setting is declared here once:
 * its zod schema carries the constraints, the default and the (Markdown)
 * description. Everything else derives from this table:
 *   - package.json `contributes.configuration` (written by `npm run schemas`,
 *     checked by test/unit/settings-schema.test.ts),
 *   - the extension's settings (src/extension/settings.ts), the language
 *     server's (src/server/settings.ts) and the CLI's flags, their validation,
 *     defaults and `--help` lines (src/cli/args.ts, src/cli/help.ts),
 *   - the engine's own defaults (EngineConfig in ./config.ts).
 *
 * To add a setting: one entry below (key = the part after `verifyPlan.`), then
 * `npm run schemas`, then read it where it is used (see src/core/README.md).
 *
 * Contract: `readSettingValues` never throws. A missing value is the default;
 * an invalid one falls back to the default and is listed in `problems`.
 */
import * as z from 'zod';
import { DEFAULT_JUDGEMENT_MODEL, DEFAULT_RESEARCH_MODEL } from './models';
import { AgentRole } from './protocol';
import { MAX_USD_PER_MTOK, pricesFromTexts, UserPrices } from './user-prices';
import { RULES, RULE_CODES, RULE_LEVELS, type RuleCode, type RuleLevel } from './rules/catalog';

export const SETTINGS_SECTION = 'verifyPlan';

export type SettingReader = 'extension' | 'server' | 'cli';

export interface SettingSpec<S extends z.ZodType = z.ZodType> {
  /** Constraints, `.default(…)` and `.describe(markdown)`: the manifest's type, enum, minimum, maximum, default and description come from it. */
  schema: S;
  /** The settings-UI group: the main one or "Static checks". */
  section: 'main' | 'staticChecks';
  order: number;
  /** The front ends that read the setting (VS Code itself reads the ones with none). */
  readers: readonly SettingReader[];
  enumDescriptions?: readonly string[];
  /** Ignored in workspace settings of untrusted workspaces. */
  restricted?: boolean;
  /** The CLI flag (without `--`) and its `--help` line, when the CLI reads the setting. */
  cli?: {
    flag: string;
    arg: string;
    help: string;
    /**
     * A flag that may be given more than once; its texts become the setting's
     * raw value through `fromTexts` (which throws an Error saying what is wrong).
     */
    repeatable?: { fromTexts: (texts: readonly string[]) => unknown };
  };
}

const spec = <S extends z.ZodType>(s: SettingSpec<S>): SettingSpec<S> => s;

const isHttpUrl = (value: string): boolean => z.url({ protocol: /^https?$/ }).safeParse(value).success;

export const TEAM_MODES = ['auto', 'base', 'scaled'] as const;
export type TeamSetting = (typeof TEAM_MODES)[number];

export const PROVIDER_CHOICES = ['auto', 'anthropic', 'languageModel'] as const;
export type ProviderChoice = (typeof PROVIDER_CHOICES)[number];

export const DEFAULT_PLAN_FOLDERS: readonly string[] = ['.claude/plans', 'specs/*/plan.md', '.kiro/specs/*', '~/.claude/plans'];

const MAIN = {
  team: spec({
    schema: z.enum(TEAM_MODES).default('auto').describe('Team size. `auto` picks the scaled team when the complexity score reaches `#verifyPlan.threshold#`.'),
    section: 'main',
    order: 1,
    readers: ['extension', 'server', 'cli'],
    enumDescriptions: [
      "Size the team from the plan's complexity score (seed 001 Step 2).",
      'Always the base team: challenger, researcher, synthesizer.',
      "Always the scaled team: adds a domain expert and a devil's advocate.",
    ],
    cli: { flag: 'team', arg: 'auto|base|scaled', help: 'team size; auto sizes it from the complexity score' },
  }),
  threshold: spec({
    schema: z.number().int().min(0).max(16).default(7).describe('Complexity score (0–16) at which `auto` team mode uses the scaled team.'),
    section: 'main',
    order: 2,
    readers: ['extension', 'server', 'cli'],
    cli: { flag: 'threshold', arg: 'N', help: 'complexity score (0-16) at which the scaled team is used' },
  }),
  maxIterations: spec({
    schema: z.number().int().min(1).max(3).default(3).describe('Most iterations of the convergence loop per run (the seed allows at most 3).'),
    section: 'main',
    order: 3,
    readers: ['extension', 'cli'],
    cli: { flag: 'max-iterations', arg: 'N', help: 'iterations of the convergence loop, 1-3' },
  }),
  // One default for every front end: a hard cap protects the user's money by default, and the
  // CLI is the front end most likely to run unattended (CI, the Claude Code hook), so it gets the
  // same $5 as the editor rather than none. `0` (no cap) stays one flag or setting away.
  spendingCapUsd: spec({
    schema: z
      .number()
      .min(0)
      .default(5)
      .describe('Hard spending cap per run in USD: once a run has spent this much, no new agent call starts and the run ends with partial results. `0` means no cap.'),
    section: 'main',
    order: 4,
    readers: ['extension', 'cli'],
    cli: { flag: 'spending-cap', arg: 'USD', help: 'stop starting agent calls once the run has spent this much (0 = no cap)' },
  }),
  baseUrl: spec({
    schema: z
      .string()
      .trim()
      .refine((v) => v === '' || isHttpUrl(v), { message: 'must be an http(s) URL, or empty for the SDK default' })
      .default('')
      .describe(
        'Base URL of the Anthropic Messages API (for gateways, proxies or compatible servers). Empty uses the SDK default, `https://api.anthropic.com`. Ignored in workspace settings of untrusted workspaces, so a cloned repository cannot redirect your key.',
      ),
    section: 'main',
    order: 5,
    readers: ['extension', 'cli'],
    restricted: true,
    cli: { flag: 'base-url', arg: 'URL', help: 'Anthropic API base URL (overrides ANTHROPIC_BASE_URL)' },
  }),
  provider: spec({
    schema: z.enum(PROVIDER_CHOICES).default('auto').describe("Which model provider runs the agents. The API key lives in the editor's secret storage, never in settings."),
    section: 'main',
    order: 6,
    readers: ['extension'],
    enumDescriptions: [
      "Use the Anthropic API when a key is set; otherwise offer the editor's language models.",
      'Always the Anthropic API (needs a key: run "Verify Plan: Set API Key").',
      "Always the editor's Language Model API (vscode.lm); asks for consent once. Pick the model with verifyPlan.languageModel.vendor and .family. Token counts and cost are not reported by this API.",
    ],
  }),
  planFolders: spec({
    schema: z
      .array(z.string().trim().min(1))
      .default([...DEFAULT_PLAN_FOLDERS])
      .describe(
        'Where to look for plans when no Markdown plan is open, newest first. Entries are workspace-relative folders or files, may use `*` for one path segment, and `~` for the home folder. A folder contributes its `*.md` files.',
      ),
    section: 'main',
    order: 7,
    readers: ['extension', 'cli'],
    cli: { flag: 'plan-folders', arg: 'LIST', help: 'comma-separated places to look for a plan when no path is given, newest plan first' },
  }),
  webSearch: spec({
    schema: z.boolean().default(false).describe('Let research agents use web search and fetch (Anthropic server tools). Off by default: plans and findings stay in the workspace.'),
    section: 'main',
    order: 8,
    readers: ['extension'],
  }),
  denyGlobs: spec({
    schema: z
      .array(z.string().trim().min(1))
      .default([])
      .describe('Extra glob patterns research agents may never read, on top of the built-in list (`.env*`, keys, `.git/` internals, git-ignored files).'),
    section: 'main',
    order: 9,
    readers: ['extension'],
  }),
  // Empty by default: Copilot is not the only vendor (any extension can contribute models through the
  // Language Model Chat Provider API), and a vendor default would refuse a user whose models come from
  // another one. With no preference the Claude family is preferred, as before.
  'languageModel.vendor': spec({
    schema: z
      .string()
      .trim()
      .default('')
      .describe(
        "Vendor of the editor's language model to use when the provider is the editor's Language Model API (`vscode.lm`), e.g. `copilot`. Empty: any vendor. When no model of this vendor is available the run does not start and lists the models that are.",
      ),
    section: 'main',
    order: 10,
    readers: ['extension'],
  }),
  'languageModel.family': spec({
    schema: z
      .string()
      .trim()
      .default('')
      .describe(
        "Family of the editor's language model to use with `vscode.lm`, e.g. `claude-sonnet-4` or `gpt-4o`. Empty: any family (a Claude family is preferred). When no model of this family (and vendor) is available the run does not start and lists the models that are.",
      ),
    section: 'main',
    order: 11,
    readers: ['extension'],
  }),
  // Ignored in untrusted workspace settings: a cloned repository must not be able to price a model at $0 and so switch the cap off.
  prices: spec({
    schema: UserPrices.default({}).describe(
      `Prices for models the built-in table does not know, or overrides of it, in USD per million tokens: \`{ "model-id": { "inputPerMTok": 4, "outputPerMTok": 20 } }\`, optionally with \`cacheWritePerMTok\` (5-minute write; default 1.25× input) and \`cacheReadPerMTok\` (default 0.1× input). Each price 0–${MAX_USD_PER_MTOK}. With a spending cap, a model without a price refuses to start; with one, the cap counts its calls.`,
    ),
    section: 'main',
    order: 12,
    readers: ['extension', 'cli'],
    restricted: true,
    cli: {
      flag: 'price',
      arg: 'MODEL=IN/OUT',
      help: `a model's price in USD per million input/output tokens, optionally /CACHE_WRITE/CACHE_READ; repeatable`,
      repeatable: { fromTexts: pricesFromTexts },
    },
  }),
  maxRetryWaitSeconds: spec({
    schema: z
      .number()
      .int()
      .min(0)
      .max(300)
      .default(60)
      .describe(
        'Longest wait, in seconds, when the API asks to retry later (`retry-after` on a rate limit or overload). A longer requested wait fails the agent call at once and says so, instead of holding up the run. Waits are shown as progress ("rate limited, retrying in 20 s").',
      ),
    section: 'main',
    order: 13,
    readers: ['extension', 'cli'],
    cli: { flag: 'max-retry-wait', arg: 'SECONDS', help: 'longest retry-after wait (rate limit, overload) before an agent call fails instead' },
  }),
} as const;

/** What each role does, for its model setting's description and the role's kind (judgement roles default to the strongest model). */
const ROLE_MODEL_TEXT: Record<AgentRole, { does: string; kind: 'judgement' | 'research'; note?: string }> = {
  challenger: { does: "finds the plan's weak points", kind: 'judgement', note: 'strongest model recommended' },
  synthesizer: { does: 'decides which challenges are resolved and the verdict', kind: 'judgement' },
  'devils-advocate': { does: "argues against the plan's core approach in the scaled team", kind: 'judgement' },
  auditor: { does: 'audits the final verdict and quality score once', kind: 'judgement' },
  resolver: { does: 'answers unknowns from workspace files', kind: 'research', note: 'a faster model is fine' },
  researcher: { does: 'surfaces context and probes risks in the workspace', kind: 'research' },
  'domain-expert': { does: 'challenges domain-specific details in the scaled team', kind: 'research' },
};

type ModelKey = `models.${AgentRole}`;
const MODELS = Object.fromEntries(
  (Object.keys(ROLE_MODEL_TEXT) as AgentRole[]).map((role, i) => {
    const t = ROLE_MODEL_TEXT[role];
    const name = role.replace(/-/g, ' ');
    const model = t.kind === 'judgement' ? DEFAULT_JUDGEMENT_MODEL : DEFAULT_RESEARCH_MODEL;
    return [
      `models.${role}`,
      spec({
        schema: z
          .string()
          .trim()
          .min(1)
          .default(model)
          .describe(`Model for the ${name}, which ${t.does} (${t.kind} role${t.note ? `: ${t.note}` : ''}). Any model id the configured API accepts.`),
        section: 'main',
        order: 20 + i,
        readers: ['extension', 'cli'],
        cli: { flag: `model-${role}`, arg: 'ID', help: `model for the ${name}` },
      }),
    ];
  }),
) as Record<ModelKey, SettingSpec<z.ZodDefault<z.ZodString>>>;

/**
 * Effort levels of the Messages API (`output_config.effort`): how many tokens
 * the model spends, thinking included. https://platform.claude.com/docs/en/build-with-claude/effort
 */
export const EffortLevel = z.enum(['low', 'medium', 'high', 'xhigh', 'max']);
export type EffortLevel = z.infer<typeof EffortLevel>;

/**
 * Judgement roles decide the verdict: `high` ("complex reasoning, difficult
 * coding problems, agentic tasks" in the effort docs). Research roles read
 * files in many tool turns: `medium` ("a balance of speed, cost, and
 * performance"); `low` is documented to skip searches and stop early. Roles of
 * one model with one level share a cached prefix (effort is part of it).
 */
type EffortKey = `effort.${AgentRole}`;
const EFFORTS = Object.fromEntries(
  (Object.keys(ROLE_MODEL_TEXT) as AgentRole[]).map((role, i) => {
    const t = ROLE_MODEL_TEXT[role];
    const name = role.replace(/-/g, ' ');
    return [
      `effort.${role}`,
      spec({
        schema: EffortLevel.default(t.kind === 'judgement' ? 'high' : 'medium').describe(
          `Effort for the ${name} (\`output_config.effort\`: how many tokens it spends, thinking included). Sent only to models that take it (\`src/core/models.ts\`).`,
        ),
        section: 'main',
        order: 40 + i,
        readers: ['extension', 'cli'],
        cli: { flag: `effort-${role}`, arg: 'LEVEL', help: `effort for the ${name} (${EffortLevel.options.join('|')})` },
      }),
    ];
  }),
) as Record<EffortKey, SettingSpec<z.ZodDefault<typeof EffortLevel>>>;

type RuleKey = `rules.${RuleCode}`;
const RULE_SETTINGS = Object.fromEntries(
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

const EDITOR_ONLY = {
  /** Read by vscode-languageclient itself (`<clientId>.trace.server`). */
  'trace.server': spec({
    schema: z.enum(['off', 'messages', 'verbose']).default('off').describe('Log the messages between VS Code and the Verify Plan language server (for troubleshooting).'),
    section: 'staticChecks',
    order: RULE_CODES.length + 1,
    readers: [],
  }),
} as const;

export const SETTINGS = { ...MAIN, ...MODELS, ...EFFORTS, ...RULE_SETTINGS, ...EDITOR_ONLY };
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
            markdownDescription: description,
            order: s.order,
            ...(s.restricted ? { restricted: true } : {}),
          },
        ];
      }),
    );
  return [
    { id: SETTINGS_SECTION, title: 'Verify Plan', properties: group('main') },
    { id: `${SETTINGS_SECTION}.staticChecks`, title: 'Verify Plan: Static checks', properties: group('staticChecks') },
  ];
}
