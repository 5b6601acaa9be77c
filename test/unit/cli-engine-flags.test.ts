/**
 * The engine flags (--model-<role>, --effort-<role>, --price, --max-retry-wait)
 * are one list from the settings table, taken alike by `verify-plan`,
 * `verify-plan eval` and `verify-plan hook claude-code`, so the three
 * commands cannot drift apart.
 */
import assert from 'node:assert/strict';
import { parseCliArgs, type RunArgs } from '../../src/cli/args';
import { ENGINE_FLAGS, type EngineFlags } from '../../src/cli/engine-flags';
import { evalEngineConfig, parseEvalArgs } from '../../src/cli/eval-command';
import { CliError, ExitCode } from '../../src/cli/exit-codes';
import { helpText } from '../../src/cli/help';
import { parseHookArgs } from '../../src/cli/hook';
import { configFromArgs } from '../../src/cli/run-command';
import { DEFAULT_EFFORT, DEFAULT_MODELS } from '../../src/core/config';
import { AgentRole } from '../../src/core/protocol';
import { settingsReadBy } from '../../src/core/settings';

/** A valid text for each engine flag. */
function sample(flag: string): string {
  if (flag.startsWith('model-')) return `claude-test-${flag.slice('model-'.length)}`;
  if (flag.startsWith('effort-')) return 'xhigh';
  if (flag === 'price') return 'claude-test-x=3/15';
  if (flag === 'max-retry-wait') return '17';
  throw new Error(`no sample for --${flag}`);
}

const argv = ENGINE_FLAGS.flatMap((f) => [`--${f.flag}`, sample(f.flag)]);

function engineOf(parsed: EngineFlags): EngineFlags {
  return { models: parsed.models, effort: parsed.effort, prices: parsed.prices, maxRetryWaitSeconds: parsed.maxRetryWaitSeconds };
}

function hookEngine(args: string[]): EngineFlags {
  const parsed = parseHookArgs(['claude-code', ...args]);
  assert.equal(parsed.command, 'claude-code');
  return parsed.command === 'claude-code' ? parsed.options.engine : (undefined as never);
}

describe('engine flags: run, eval and hook take the same ones', () => {
  it('are every per-role model and effort setting, the prices and the retry bound, each a CLI flag', () => {
    const keys = ENGINE_FLAGS.map((f) => f.key).sort();
    const expected = [...AgentRole.options.flatMap((r) => [`models.${r}`, `effort.${r}`]), 'prices', 'maxRetryWaitSeconds'].sort();
    assert.deepEqual(keys, expected);
    for (const f of ENGINE_FLAGS) assert.ok(settingsReadBy('cli').includes(f.key), f.key);
  });

  it('give the same values in all three commands', () => {
    const run = engineOf(parseCliArgs(['plan.md', ...argv]) as RunArgs);
    assert.deepEqual(engineOf(parseEvalArgs(argv)), run);
    assert.deepEqual(hookEngine(argv), run);
    assert.equal(run.models['devils-advocate'], 'claude-test-devils-advocate');
    assert.equal(run.effort.resolver, 'xhigh');
    assert.deepEqual(run.prices, { 'claude-test-x': { inputPerMTok: 3, outputPerMTok: 15 } });
    assert.equal(run.maxRetryWaitSeconds, 17);
    // Unset, each command has the table's defaults.
    const none = engineOf(parseCliArgs(['plan.md']) as RunArgs);
    assert.deepEqual(engineOf(parseEvalArgs([])), none);
    assert.deepEqual(hookEngine([]), none);
    assert.deepEqual(none, { models: {}, effort: {}, prices: {}, maxRetryWaitSeconds: 60 });
  });

  it('reach the engine config of a run and of an eval alike', () => {
    const flags = ['--model-challenger', 'claude-sonnet-5-5', '--effort-challenger', 'low', '--price', 'claude-sonnet-5-5=1/5'];
    const run = configFromArgs(parseCliArgs(['plan.md', ...flags]) as RunArgs);
    const evalConfig = evalEngineConfig(parseEvalArgs(flags));
    for (const config of [run, evalConfig]) {
      assert.deepEqual(config.models, { ...DEFAULT_MODELS, challenger: 'claude-sonnet-5-5' });
      assert.deepEqual(config.effort, { ...DEFAULT_EFFORT, challenger: 'low' });
      assert.deepEqual(config.prices['claude-sonnet-5-5'], { input: 1, output: 5, cacheRead: 0.1, cacheWrite: 1.25 });
    }
  });

  it('a bad value is the same usage error (exit 4, naming the flag) in all three commands', () => {
    const cases: [string[], RegExp][] = [
      [['--effort-challenger', 'extreme'], /--effort-challenger must be low, medium, high, xhigh or max, got "extreme"/],
      [['--model-auditor', ' '], /--model-auditor needs a value/],
      [['--price', 'claude-x=3'], /--price must be MODEL=IN\/OUT/],
      [['--max-retry-wait', '301'], /--max-retry-wait must be from 0 to 300, got 301/],
    ];
    for (const [args, pattern] of cases) {
      for (const parse of [() => parseCliArgs(['plan.md', ...args]), () => parseEvalArgs(args), () => parseHookArgs(['claude-code', ...args])]) {
        assert.throws(parse, (e: unknown) => e instanceof CliError && e.exitCode === ExitCode.usage && pattern.test(e.message), args.join(' '));
      }
    }
  });

  it('--help names them for eval and the hook, and lists each with its default', () => {
    const help = helpText('0.0.0');
    for (const f of ENGINE_FLAGS) assert.ok(help.includes(`  --${f.flag} ${f.arg}  `), `--help lists --${f.flag}`);
    const hookLines = help.slice(help.indexOf('verify-plan hook claude-code'), help.indexOf('verify-plan hook install'));
    const evalLines = help.slice(help.indexOf('verify-plan eval [options]'), help.indexOf('Without a plan path'));
    for (const text of [hookLines, evalLines]) assert.match(text.replace(/\s+/g, ' '), /--model-<role>, --effort-<role>, --price, --max-retry-wait/);
  });
});
