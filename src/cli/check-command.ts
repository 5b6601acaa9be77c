/**
 * `verify-plan check [plan.md]`: re-runs the assertions stored with the
 * plan's last run against the workspace as it is now (seed 003), with no LLM
 * call. Exit 0 when all evaluated pass, 1 when any fails, 3 when none could
 * be evaluated (all SKIPPED: nothing was verified), 4 when none are stored.
 */
import path from 'node:path';
import type { Assertion } from '../core/protocol';
import { confidenceLine } from '../core/report';
import { confidenceOf, runAssertions } from '../core/research/assertions';
import { openCliRunStore } from './state-key';
import { terminalLine } from '../core/terminal-text';
import type { CheckArgs } from './args';
import { discoverPlan } from './discover';
import { CliError, ExitCode } from './exit-codes';
import type { CliIo } from './io';
import { DEFAULT_STATE_DIR, unreadableReporter } from './run-command';

export function checkText(assertions: Assertion[]): string {
  const lines = assertions.map((a) => {
    const status = (a.status ?? 'NOT RUN').padEnd(7);
    const failure = a.status === 'FAIL' && a.failure_output ? `\n         ${terminalLine(a.failure_output).slice(0, 300)}` : '';
    return `${status}  ${terminalLine(a.id)}  ${terminalLine(a.description)}${failure}`;
  });
  lines.push(confidenceLine(confidenceOf(assertions)) ?? 'No assertion could be evaluated (all skipped).');
  return `${lines.join('\n')}\n`;
}

export async function checkCommand(args: CheckArgs, io: CliIo): Promise<number> {
  const planPath = (await discoverPlan(io.cwd, args.planPath, args.planFolders)).path;
  const shown = terminalLine(path.relative(io.cwd, planPath) || planPath);
  const stateDir = path.resolve(io.cwd, args.stateDir ?? DEFAULT_STATE_DIR);
  const unusable: string[] = [];
  const report = unreadableReporter(io);
  const store = await openCliRunStore(stateDir, io.env, { onUnreadable: (file, reason) => (unusable.push(file), report(file, reason)), note: (line) => io.stderr(`${line}\n`) });
  const last = await store.loadLatest(planPath).catch(() => null);
  const stored = last?.iterations.at(-1)?.assertions ?? [];
  if (!last || stored.length === 0) {
    const why = last
      ? 'its last run produced no assertions'
      : unusable.length > 0
        ? `its stored run ${unusable[0]} cannot be used (see above)`
        : `no run of it is stored in ${stateDir}`;
    throw new CliError(`No stored assertions for ${shown}: ${why}. Run "verify-plan ${shown}" first.`, ExitCode.usage);
  }
  if (unusable.length > 0) io.stderr(`Checking the newest usable run instead: ${last.runId} (started ${last.startedAt}).\n`);
  // Shell assertions never run from `check`: it must be safe to run in CI on any checkout.
  const results = await runAssertions(io.cwd, stored, { allowShell: false, trusted: false });
  const failed = results.filter((a) => a.status === 'FAIL').length;
  const skipped = results.filter((a) => a.status === 'SKIPPED').length;
  if (args.format === 'json') {
    const payload = { planPath, runId: last.runId, confidence: confidenceOf(results), assertions: results };
    io.stdout(`${JSON.stringify(payload, null, 2)}\n`);
  } else io.stdout(checkText(results));
  if (failed > 0) return ExitCode.revise;
  // Seed 003: confidence counts evaluated assertions only; with none evaluated, nothing was verified.
  if (skipped === results.length) {
    io.stderr(`Nothing was verified: all ${skipped} stored assertion(s) were SKIPPED (shell commands never run from "check"; see each reason above).\n`);
    return ExitCode.incomplete;
  }
  return ExitCode.proceed;
}
