/**
 * `verify-plan doctor [--model-<role> ID] [--effort-<role> LEVEL] [--price …]
 * [--base-url URL] [--max-retry-wait S]`: the first thing to run after
 * setting a key. With ANTHROPIC_API_KEY it makes the smallest real calls
 * that exercise each request shape a run uses (src/core/llm/doctor.ts) and
 * prints OK or the exact failure with its fix, then what the checks cost.
 * Without a key it prints what it would check.
 *
 * Exit codes: 0 every check passed; 1 a check failed; 4 no API key (nothing
 * was checked) or a bad flag.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { defaultConfig } from '../core/config';
import { createAnthropicModelLookup, createAnthropicProvider } from '../core/llm/anthropic';
import { doctorPlan, runDoctor, type DoctorCheck } from '../core/llm/doctor';
import { formatUsd } from '../core/money';
import { engineConfigFields, engineFlagOptions, parseEngineFlags, providerFields } from './engine-flags';
import { CliError, ExitCode } from './exit-codes';
import type { CliIo } from './io';

const OPTIONS = {
  'base-url': { type: 'string' },
  ...engineFlagOptions(),
} satisfies ParseArgsConfig['options'];

function line(check: DoctorCheck): string {
  const head = `  ${check.ok ? 'OK  ' : 'FAIL'}  ${check.name}: ${check.detail}${check.costUsd > 0 ? ` (${formatUsd(check.costUsd)})` : ''}\n`;
  return check.ok || !check.fix ? head : `${head}        fix: ${check.fix}\n`;
}

export async function doctorCommand(argv: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: false, strict: true });
  } catch (error) {
    throw new CliError(`${error instanceof Error ? error.message : String(error)} See verify-plan --help.`);
  }
  const values = parsed.values as Record<string, string | string[] | boolean | undefined>;
  const flags = parseEngineFlags(values);
  const config = defaultConfig(engineConfigFields(flags));
  const rawBase = values['base-url'] as string | undefined;
  if (rawBase !== undefined && !/^https?:\/\/\S+$/i.test(rawBase)) throw new CliError(`--base-url must be an http(s) URL, got "${rawBase}".`);
  const baseURL = rawBase ?? (io.env.ANTHROPIC_BASE_URL?.trim() || undefined);
  const apiKey = io.env.ANTHROPIC_API_KEY?.trim() || undefined;

  if (!apiKey) {
    io.stdout(`verify-plan doctor: no ANTHROPIC_API_KEY is set, so nothing was checked. With a key it would check:\n`);
    for (const step of doctorPlan(config.models, config.effort)) io.stdout(`  - ${step}\n`);
    io.stdout(`Set ANTHROPIC_API_KEY (and ANTHROPIC_BASE_URL for a gateway) and run verify-plan doctor again.\n`);
    return ExitCode.usage;
  }

  io.stdout(`verify-plan doctor: checking the key, the configured models and every request shape a run uses\n`);
  const endpoint = { apiKey, ...(baseURL ? { baseURL } : {}) };
  const report = await runDoctor({
    provider: createAnthropicProvider({ ...endpoint, ...providerFields(flags) }),
    lookup: createAnthropicModelLookup(endpoint),
    models: config.models,
    effort: config.effort,
    prices: config.prices,
    onCheck: (check) => io.stdout(line(check)),
  });
  const failed = report.checks.filter((c) => !c.ok).length;
  io.stdout(`Cost: ${formatUsd(report.costUsd)}\n`);
  io.stdout(failed === 0 ? 'All checks passed: runs can start.\n' : `${failed} of ${report.checks.length} checks failed; see the fixes above.\n`);
  return failed === 0 ? ExitCode.proceed : ExitCode.revise;
}
