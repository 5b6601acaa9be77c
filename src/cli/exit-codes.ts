/**
 * Exit codes of `verify-plan`, so a CI step can gate on the verdict. The
 * table in `--help` and in the README is generated from EXIT_CODE_TABLE.
 */
import type { RunResult } from '../core/run-types';

export const ExitCode = {
  proceed: 0,
  revise: 1,
  rethink: 2,
  incomplete: 3,
  usage: 4,
  /** The run finished and its report was printed, but could not be kept where asked (--out, the run state). */
  notKept: 5,
  /** 128 + SIGINT, the shell convention for Ctrl-C. */
  interrupted: 130,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

export const EXIT_CODE_TABLE: readonly [code: number, meaning: string][] = [
  [
    ExitCode.proceed,
    'PROCEED (also PROCEED (trivial)); static-only run without error-level findings; `check`: every assertion that could be evaluated passes; `doctor`: every check passed',
  ],
  [ExitCode.revise, 'REVISE or REVISE (strong); static-only run with error-level findings; `check`: an assertion fails; `doctor`: a check failed'],
  [ExitCode.rethink, 'RETHINK'],
  [
    ExitCode.incomplete,
    'Run incomplete: cancelled, aborted at a checkpoint, agent failures forced an exit, spending cap reached; `check`: nothing was verified (every stored assertion SKIPPED)',
  ],
  [
    ExitCode.usage,
    'Usage or input error: unknown flag, bad value, plan missing / unreadable / not UTF-8 text, no plan found; a model id the API does not serve or that is retired; a spending cap with an unpriced model; `check`: no stored assertions; `doctor`: no API key (it lists what it would check)',
  ],
  [
    ExitCode.notKept,
    'The report was printed but the result could not be kept: the `--out` file or the run state (`.verify-plan/`, `--state-dir`) could not be written (the cause is on stderr); wins over 0–3',
  ],
  [ExitCode.interrupted, 'Interrupted with Ctrl-C (SIGINT); the partial report is printed'],
];

export function exitCodeForResult(result: Pick<RunResult, 'verdict' | 'partial'>): ExitCode {
  if (result.partial) return ExitCode.incomplete;
  switch (result.verdict) {
    case 'PROCEED':
    case 'PROCEED (trivial)':
      return ExitCode.proceed;
    case 'REVISE':
    case 'REVISE (strong)':
      return ExitCode.revise;
    case 'RETHINK':
      return ExitCode.rethink;
    case 'CANCELLED':
    case 'ABORTED':
    case 'FAILED':
      return ExitCode.incomplete;
  }
}

/** An error the CLI reports in one line and exits with; never a stack trace. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = ExitCode.usage,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
