/**
 * The main settings-UI group's hand-written entries: team, limits, provider,
 * plan folders, research, prices and retries (the per-role and per-rule
 * entries are generated in roles.ts and static-checks.ts). To add a setting,
 * see settings.ts.
 */
import * as z from 'zod';
import { MAX_USD_PER_MTOK, pricesFromTexts, UserPrices } from '../user-prices';
import { spec } from './spec';

const isHttpUrl = (value: string): boolean => z.url({ protocol: /^https?$/ }).safeParse(value).success;

export const TEAM_MODES = ['auto', 'base', 'scaled'] as const;
export type TeamSetting = (typeof TEAM_MODES)[number];

export const PROVIDER_CHOICES = ['auto', 'anthropic', 'languageModel'] as const;
export type ProviderChoice = (typeof PROVIDER_CHOICES)[number];

export const DEFAULT_PLAN_FOLDERS: readonly string[] = ['.claude/plans', 'specs/*/plan.md', '.kiro/specs/*', '~/.claude/plans'];

export const MAIN = {
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
      .describe(
        'Hard spending cap per run in USD: a model request is sent only when what the run has spent plus the most that request could cost stays within it (its output room is lowered to fit, never below 16,000 tokens); otherwise the run ends with partial results. `0` means no cap.',
      ),
    trust: 'user',
    section: 'main',
    order: 4,
    readers: ['extension', 'cli'],
    cli: { flag: 'spending-cap', arg: 'USD', help: 'never send a model request that could take the run past this spend; stop with partial results instead (0 = no cap)' },
  }),
  baseUrl: spec({
    schema: z
      .string()
      .trim()
      .refine((v) => v === '' || isHttpUrl(v), { message: 'must be an http(s) URL, or empty for the SDK default' })
      .default('')
      .describe(
        'Base URL of the Anthropic Messages API (for gateways, proxies or compatible servers). Empty uses the SDK default, `https://api.anthropic.com`. Your API key is sent there.',
      ),
    trust: 'user',
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
        "Where to look for plans when no Markdown plan is open, newest first. Entries are workspace-relative folders or files, may use `*` for one path segment, and `~` for the home folder. A folder contributes its `*.md` files. Entries outside the workspace (`~`, absolute paths, `..`) count only from your user settings; a workspace's `.vscode/settings.json` may name places inside it.",
      ),
    trust: 'workspace-inside',
    section: 'main',
    order: 7,
    readers: ['extension', 'cli'],
    cli: { flag: 'plan-folders', arg: 'LIST', help: 'comma-separated places to look for a plan when no path is given, newest plan first' },
  }),
  webSearch: spec({
    schema: z.boolean().default(false).describe('Let research agents use web search and fetch (Anthropic server tools). Off by default: plans and findings stay in the workspace.'),
    trust: 'user',
    section: 'main',
    order: 8,
    readers: ['extension'],
  }),
  denyGlobs: spec({
    schema: z
      .array(z.string().trim().min(1))
      .default([])
      .refine((globs) => !globs.some((g) => g.startsWith('!')), {
        error: (issue) => {
          const entry = Array.isArray(issue.input) ? (issue.input as unknown[]).find((g) => typeof g === 'string' && g.trim().startsWith('!')) : undefined;
          return `the entry ${JSON.stringify(entry)} starts with "!": deny globs can only add to the built-in list, never re-include what it denies`;
        },
      })
      .describe(
        'Extra glob patterns research agents may never read, on top of the built-in list (`.env*`, keys, `.git/` internals, git-ignored files). Entries can only add: one starting with `!` is refused.',
      ),
    trust: 'user',
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
    trust: 'user',
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
