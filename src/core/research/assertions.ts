/**
 * The assertion runner (seed 003): machine-checkable claims attached to
 * challenges and success criteria, re-run each iteration and by
 * `verify-plan check` with no model call.
 *
 * file_exists, file_content, grep_match and grep_not_match run in-process
 * under the research tools' confinement (no shell). shell_exit_zero is
 * SKIPPED unless the user allowed shell assertions AND the workspace is
 * trusted. An assertion that cannot be evaluated (missing field, bad regex)
 * is SKIPPED with the reason, so an agent's mistake does not move the
 * confidence score.
 */
import { execFile } from 'node:child_process';
import type { Assertion } from '../protocol';
import { grepWorkspace } from './grep';
import { Workspace } from './workspace';

export interface AssertionRunOptions {
  allowShell: boolean;
  trusted: boolean;
  denyGlobs?: string[];
  signal?: AbortSignal;
  /** Per shell command and per grep; default 30 s for shell, 3 s for grep. */
  timeoutMs?: number;
}

type Outcome = Pick<Assertion, 'status' | 'failure_output'>;

const MAX_OUTPUT = 4000;
const GREP_REPORT_MATCHES = 10;

const pass = (): Outcome => ({ status: 'PASS', failure_output: null });
const fail = (output: string): Outcome => ({ status: 'FAIL', failure_output: output.slice(0, MAX_OUTPUT) });
const skip = (reason: string): Outcome => ({ status: 'SKIPPED', failure_output: reason.slice(0, MAX_OUTPUT) });

/** Runs every assertion and returns copies with status and failure_output set. Never throws. */
export async function runAssertions(root: string, assertions: Assertion[], options: AssertionRunOptions): Promise<Assertion[]> {
  let workspace: Workspace | null;
  try {
    workspace = await Workspace.open(root, { denyGlobs: options.denyGlobs });
  } catch {
    workspace = null;
  }
  const results: Assertion[] = [];
  for (const assertion of assertions) {
    if (options.signal?.aborted) {
      results.push({ ...assertion, ...skip('cancelled before this assertion ran') });
      continue;
    }
    let outcome: Outcome;
    try {
      outcome = workspace ? await runOne(workspace, assertion, options) : skip(`workspace folder not available: ${root}`);
    } catch (error) {
      outcome = skip(`could not run: ${(error as Error).message}`);
    }
    results.push({ ...assertion, ...outcome });
  }
  return results;
}

/** Seed 003 confidence: passed / total, SKIPPED and never-run excluded; null when nothing was evaluated. */
export function confidenceOf(assertions: Assertion[]): { passed: number; total: number } | null {
  const evaluated = assertions.filter((a) => a.status === 'PASS' || a.status === 'FAIL');
  if (evaluated.length === 0) return null;
  return { passed: evaluated.filter((a) => a.status === 'PASS').length, total: evaluated.length };
}

async function runOne(workspace: Workspace, assertion: Assertion, options: AssertionRunOptions): Promise<Outcome> {
  switch (assertion.type) {
    case 'file_exists': {
      if (!assertion.path) return skip('file_exists needs a `path`');
      // Existence reveals no content, so deny rules and .gitignore do not apply here; confinement does.
      const resolved = await workspace.resolve(assertion.path, false);
      if (resolved.ok) return pass();
      return resolved.rule === 'not-found' ? fail(`${assertion.path} does not exist`) : skip(resolved.message);
    }
    case 'file_content': {
      if (!assertion.path || !assertion.needle) return skip('file_content needs a `path` and a `needle`');
      const read = await workspace.readText(assertion.path);
      if (!read.ok) return read.rule === 'not-found' ? fail(`${assertion.path} does not exist`) : skip(read.message);
      return read.text.includes(assertion.needle) ? pass() : fail(`"${assertion.needle.slice(0, 200)}" not found in ${read.rel}`);
    }
    case 'grep_match':
    case 'grep_not_match': {
      if (!assertion.pattern) return skip(`${assertion.type} needs a \`pattern\``);
      const result = await grepWorkspace(workspace, {
        pattern: assertion.pattern,
        glob: assertion.glob,
        maxResults: GREP_REPORT_MATCHES,
        timeoutMs: options.timeoutMs,
        signal: options.signal,
      });
      if (!result.ok) return skip(result.message);
      const found = result.matches.length > 0;
      if (assertion.type === 'grep_match') {
        return found ? pass() : fail(`no line matches /${assertion.pattern}/ in ${assertion.glob ?? 'the workspace'} (${result.filesScanned} files scanned)`);
      }
      if (!found) return pass();
      return fail([`/${assertion.pattern}/ matches:`, ...result.matches.map((m) => `${m.rel}:${m.line}: ${m.text.slice(0, 200)}`)].join('\n'));
    }
    case 'shell_exit_zero': {
      if (!options.allowShell) return skip('shell assertions are off (enable the allowShellAssertions setting to run them)');
      if (!options.trusted) return skip('shell assertions run only in a trusted workspace');
      if (!assertion.command) return skip('shell_exit_zero needs a `command`');
      return runShell(workspace.root, assertion.command, options);
    }
    default:
      return skip(`unknown assertion type "${String((assertion as { type: unknown }).type)}"`);
  }
}

function runShell(cwd: string, command: string, options: AssertionRunOptions): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(
      '/bin/sh',
      ['-c', command],
      { cwd, timeout: options.timeoutMs ?? 30_000, maxBuffer: 1024 * 1024, signal: options.signal, windowsHide: true },
      (error, stdout, stderr) => {
        if (!error) return resolve(pass());
        const tail = `${stdout}${stderr}`.slice(-MAX_OUTPUT + 200);
        const err = error as Error & { killed?: boolean; code?: number | string };
        const why = err.killed ? 'timed out' : typeof err.code === 'number' ? `exit code ${err.code}` : err.message;
        resolve(fail(`${command.slice(0, 150)}: ${why}\n${tail}`));
      },
    );
  });
}
