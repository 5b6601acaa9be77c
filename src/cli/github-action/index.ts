/**
 * `verify-plan github-action`: the work of the composite action (action.yml).
 * Inputs arrive as INPUT_* environment variables (set by action.yml), the API
 * key as ANTHROPIC_API_KEY. It verifies the selected plans one by one, appends
 * the Markdown reports to $GITHUB_STEP_SUMMARY, writes one SARIF log for all of
 * them, and writes the outputs to $GITHUB_OUTPUT. It exits 0 whatever the
 * verdict: the action's last step fails the job when the `failed` output says
 * so, after the SARIF upload step has had its turn.
 */
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { isOpenChallenge } from '../../core/fingerprint';
import { AgentRole } from '../../core/protocol';
import { overallVerdict, planVerdict, renderSarifReport, type SarifPlan } from '../../core/report/sarif';
import { parseCliArgs, type RunArgs } from '../args';
import { readPlanText } from '../discover';
import { CliError, ExitCode } from '../exit-codes';
import { writeFileAtomic, type CliIo } from '../io';
import { redactSecrets, secretNote } from '../../core/secret-scan';
import { markdownOf, sarifPlanOf, verifyPlanFile, type Verification } from '../run-command';
import { parseGlobs, repositoryTopLevel, selectPlans } from './changed-plans';
import { ciText, markdownText, workflowCommandGuard } from './ci-output';

export const FAIL_ON = ['RETHINK', 'REVISE', 'never'] as const;
export type FailOn = (typeof FAIL_ON)[number];
/** GitHub shows at most 1 MiB of summary per step. */
const SUMMARY_LIMIT_BYTES = 1000 * 1024;

export function parseFailOn(raw: string | undefined): FailOn {
  const value = (raw ?? '').trim() || 'RETHINK';
  const hit = FAIL_ON.find((f) => f.toLowerCase() === value.toLowerCase());
  if (!hit) throw new CliError(`fail-on must be RETHINK, REVISE or never, got "${value}".`);
  return hit;
}

/** `role=model-id` (or `role: model-id`) lines into --model-<role> flags. */
export function modelFlags(raw: string | undefined): string[] {
  const flags: string[] = [];
  for (const line of (raw ?? '').split('\n').map((l) => l.trim())) {
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([\w-]+)\s*[:=]\s*(\S+)$/.exec(line);
    if (!m || !AgentRole.safeParse(m[1]).success) throw new CliError(`models: expected "role=model-id" with a role of ${AgentRole.options.join(', ')}, got "${line}".`);
    flags.push(`--model-${m[1]}`, m[2]!);
  }
  return flags;
}

/** The run flags the inputs stand for, validated by the CLI's own parser. */
export function runArgsFromInputs(env: CliIo['env']): RunArgs {
  const input = (name: string) => env[`INPUT_${name}`]?.trim() || undefined;
  const argv = ['--non-interactive'];
  const pairs: [string, string | undefined][] = [
    ['--team', input('TEAM')],
    ['--max-iterations', input('MAX_ITERATIONS')],
    ['--spending-cap', input('SPENDING_CAP')],
    ['--base-url', input('BASE_URL')],
  ];
  for (const [flag, value] of pairs) if (value !== undefined) argv.push(flag, value);
  argv.push(...modelFlags(env.INPUT_MODELS));
  const parsed = parseCliArgs(argv);
  if (parsed.command !== 'run') throw new CliError('unexpected action inputs');
  return parsed;
}

interface Verified {
  rel: string;
  v: Verification;
  sarif: SarifPlan;
}

/** Why the gate fails, or null. RETHINK fails both gates, REVISE (or static errors) only fail-on REVISE; an incomplete run fails any gate. */
export function gateFailure(failOn: FailOn, plans: readonly Verified[]): string | null {
  if (failOn === 'never') return null;
  for (const { rel, v, sarif } of plans) {
    const verdict = planVerdict(sarif);
    if (v.mode === 'agent' && (v.result.partial || v.interrupted || ['CANCELLED', 'ABORTED', 'FAILED'].includes(v.result.verdict)))
      return `${rel}: the run did not complete (${v.result.stopCause ?? v.result.verdict})`;
    if (verdict === 'RETHINK') return `${rel}: RETHINK`;
    if (failOn === 'REVISE' && verdict?.startsWith('REVISE')) return `${rel}: ${verdict}`;
    if (failOn === 'REVISE' && v.mode === 'static' && v.outcome.hasErrors) return `${rel}: static checks found errors`;
  }
  return null;
}

function outputLine(name: string, value: string | number): string {
  return `${name}=${String(value).replace(/[\r\n]+/g, ' ')}\n`;
}

function counts(plans: readonly Verified[]) {
  const open = plans.flatMap((p) => (p.v.mode === 'agent' ? (p.v.result.iterations.at(-1)?.challenges ?? []).filter(isOpenChallenge) : []));
  const findings = plans.flatMap((p) => p.sarif.findings);
  return {
    blocking: open.filter((c) => c.severity === 'BLOCKING').length,
    significant: open.filter((c) => c.severity === 'SIGNIFICANT').length,
    minor: open.filter((c) => c.severity === 'MINOR').length,
    'static-errors': findings.filter((f) => f.level === 'error').length,
    'static-warnings': findings.filter((f) => f.level === 'warning').length,
  };
}

export async function githubActionCommand(argv: string[], processIo: CliIo, version: string): Promise<number> {
  const io = workflowCommandGuard(processIo);
  if (argv.length > 0) throw new CliError(`"verify-plan github-action" takes no arguments (inputs come from INPUT_* variables), got "${argv[0]}".`);
  const env = io.env;
  const failOn = parseFailOn(env.INPUT_FAIL_ON);
  const args = runArgsFromInputs(env);
  const root = repositoryTopLevel(io.cwd);
  const rootIo: CliIo = { ...io, cwd: root };
  const selection = selectPlans(root, parseGlobs(env.INPUT_PLANS), env.GITHUB_EVENT_NAME, env.GITHUB_EVENT_PATH);
  io.stderr(`Verify Plan: ${selection.plans.length} plan(s), ${selection.how}.\n`);

  const verified: Verified[] = [];
  const sections: string[] = [];
  for (const rel of selection.plans) {
    const planPath = path.join(root, ...rel.split('/'));
    io.stderr(`\n== ${ciText(rel)}\n`);
    const planText = await readPlanText({ path: planPath, root }, root, (line) => io.stderr(`${ciText(line)}\n`));
    // A runner's checkout is the repository's: its `.verify-plan/` is never read (saving still works).
    const v = await verifyPlanFile({ ...args, planPath }, rootIo, planPath, planText, (line) => io.stderr(`${line}\n`), { storedState: false });
    if (v.mode === 'static') io.stderr(`${v.skip}\n`);
    const sarif = await sarifPlanOf(v, planPath, planText, root);
    verified.push({ rel, v, sarif });
    const body = await markdownOf(v, ciText(rel), planText, root, planPath);
    sections.push(v.mode === 'static' ? `### ${markdownText(rel)}\n\n\`\`\`text\n${body.replace(/```/g, "'''")}\`\`\`\n` : body);
  }

  const verdict = overallVerdict(verified.map((p) => planVerdict(p.sarif))) ?? (verified.length === 0 ? 'NONE' : 'STATIC-ONLY');
  const failure = gateFailure(failOn, verified);
  const sarifFile = path.resolve(root, env.INPUT_SARIF_FILE?.trim() || 'verify-plan.sarif');
  await mkdir(path.dirname(sarifFile), { recursive: true });
  // The plans were scanned when read; model text quoting files is scanned here, before it becomes a public artefact.
  const sarif = await redactSecrets(
    renderSarifReport(
      verified.map((p) => p.sarif),
      { version, ...informationUri(env) },
    ),
    'verify-plan.sarif',
  );
  if (sarif.count > 0) io.stderr(`${secretNote('SARIF log', sarif)}\n`);
  await writeFileAtomic(sarifFile, sarif.text);

  const headline = `## Verify Plan: ${verdict}\n\n${verified.length} plan(s): ${markdownText(selection.how)}. Gate: fail on ${failOn}${failure ? ` — **failed** (${markdownText(failure)})` : ' — passed'}.\n`;
  const summary = await redactSecrets([headline, ...sections].join('\n'), 'summary.md');
  if (summary.count > 0) io.stderr(`${secretNote('job summary', summary)}\n`);
  await appendSummary(io, summary.text);
  const c = counts(verified);
  const outputs = { verdict, plans: verified.length, ...c, 'sarif-file': sarifFile, failed: failure ? 'true' : 'false', 'failure-reason': failure ?? '' };
  if (env.GITHUB_OUTPUT)
    await appendFile(
      env.GITHUB_OUTPUT,
      Object.entries(outputs)
        .map(([k, val]) => outputLine(k, val))
        .join(''),
    );
  else io.stderr('GITHUB_OUTPUT is not set; outputs not written.\n');
  io.stdout(`verdict=${verdict} plans=${verified.length} blocking=${c.blocking} significant=${c.significant} minor=${c.minor} failed=${failure ? 'true' : 'false'}\n`);
  return ExitCode.proceed;
}

function informationUri(env: CliIo['env']): { informationUri?: string } {
  const server = env.GITHUB_SERVER_URL?.trim();
  const repo = env.GITHUB_ACTION_REPOSITORY?.trim();
  if (!server || !repo || !/^https?:\/\/[^\s/]+$/.test(server) || !/^[\w.-]+\/[\w.-]+$/.test(repo)) return {};
  return { informationUri: `${server}/${repo}` };
}

async function appendSummary(io: CliIo, markdown: string): Promise<void> {
  const file = io.env.GITHUB_STEP_SUMMARY?.trim();
  if (!file) return;
  const bytes = Buffer.byteLength(markdown);
  const text =
    bytes > SUMMARY_LIMIT_BYTES
      ? `${Buffer.from(markdown).subarray(0, SUMMARY_LIMIT_BYTES).toString('utf8')}\n\n_(summary cut at 1 MB; the SARIF file has every result)_\n`
      : markdown;
  try {
    await appendFile(file, `${text}\n`);
  } catch (error) {
    io.stderr(`Could not append to GITHUB_STEP_SUMMARY (${(error as NodeJS.ErrnoException).code ?? 'write error'}).\n`);
  }
}
