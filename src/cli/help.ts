/**
 * The `--help` text. The exit-code table comes from exit-codes.ts and the
 * setting flags (with their defaults) from the settings table, so neither can drift.
 */
import { EXIT_CODE_TABLE } from './exit-codes';
import { settingFlagHelpLines } from './setting-flags';

export function exitCodeTableMarkdown(): string {
  return ['| Exit code | Meaning |', '| ---: | --- |', ...EXIT_CODE_TABLE.map(([code, meaning]) => `| ${code} | ${meaning} |`)].join('\n');
}

export function helpText(version: string): string {
  const codes = EXIT_CODE_TABLE.map(([code, meaning]) => `  ${String(code).padStart(3)}  ${meaning}`);
  return `verify-plan ${version}: stress-test an implementation plan with a team of LLM agents.

Usage:
  verify-plan [plan.md] [options]      verify a plan (PROCEED / REVISE / RETHINK)
  verify-plan check [plan.md] [--format markdown|json]
                                       re-run the stored assertions of the plan's last run (no LLM call)
  verify-plan doctor                   check the key, the configured models and every request shape a run uses
                                       with the smallest real calls; prints OK or the failure with its fix, and
                                       what the checks cost (flags: a run's --model-<role>, --effort-<role>,
                                       --price, --max-retry-wait, and --base-url); without a key it lists what it
                                       would check
  verify-plan hook claude-code         Claude Code hook for ExitPlanMode (PermissionRequest or PreToolUse): reads
                                       the hook JSON on stdin, finds the plan (input, plan file, transcript, plans
                                       folder), denies with the open challenges on REVISE/RETHINK, otherwise no
                                       decision (flags: --team, --spending-cap USD, --block-on-static, and a
                                       run's --model-<role>, --effort-<role>, --price, --max-retry-wait)
  verify-plan hook install [--user] [--event permission-request|pre-tool-use]
                                       add that hook (default event PermissionRequest) to .claude/settings.local.json
                                       (--user: ~/.claude/settings.json); it runs a launcher in your data folder
  verify-plan hook uninstall [--user]  remove only that hook entry (either event)
  verify-plan github-action            the GitHub Action's step (action.yml; inputs from INPUT_* variables)
  verify-plan eval [options]           measure recall, precision, verdict accuracy, stability and cost on the
                                       seeded-flaw corpus (eval/README.md): --corpus DIR (default eval/corpus),
                                       --runs N (default 3), --baseline single-pass, --out DIR (default
                                       .verify-plan/eval), --provider anthropic|fake, --judge, --rescore DIR,
                                       --max-cost USD (stop starting runs once the eval spent this much),
                                       --only CASE,... (run only these corpus folders), and a run's
                                       --model-<role>, --effort-<role>, --price, --max-retry-wait

Without a plan path, the newest Markdown plan in the plan folders (--plan-folders, relative to the current
directory; ~ is the home folder) is used.

Options:
${settingFlagHelpLines().join('\n')}
  --format markdown|json|sarif  the report on stdout: Markdown (default), the run result as JSON, or SARIF
                                2.1.0 (open challenges and static findings, for code scanning)
  --json                        same as --format json
  -o, --out FILE                also write the report (in the chosen format) to FILE
  --static                      static checks only, no LLM call
  --rule CODE=LEVEL             a static check's level: off, info, warning or error (repeatable); the advice
                                checks no-success-criterion and missing-risks-section are off unless set
  --non-interactive             never ask at checkpoints (also when stdin is not a TTY or CI=true)
  --state-dir DIR               where run state is kept (default .verify-plan/ in the current directory)
  -q, --quiet                   no progress output on stderr
  -h, --help                    show this help
  -v, --version                 show the version

Environment:
  ANTHROPIC_API_KEY             API key; without it only the static checks run
  ANTHROPIC_BASE_URL            API base URL (gateways, proxies, compatible servers)
  CI=true                       same as --non-interactive

Checkpoints without a terminal (non-interactive policy):
  blocked         continue without an answer; a BLOCKING challenge still open after the last iteration gives RETHINK
  stall           continue
  contradiction   continue and note the contradiction in the report

Output: progress on stderr, the report on stdout. Ctrl-C stops the run and prints the partial report.

Exit codes:
${codes.join('\n')}
`;
}
