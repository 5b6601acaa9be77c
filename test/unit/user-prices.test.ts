/**
 * User-given prices: a model the table does not price takes
 * the user's price (setting `verifyPlan.prices`, CLI `--price MODEL=IN/OUT`),
 * and then the spending cap counts its calls instead of refusing to start.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseCliArgs, type RunArgs } from '../../src/cli/args';
import { CliError, ExitCode } from '../../src/cli/exit-codes';
import { configFromArgs } from '../../src/cli/run-command';
import { parseSettingFlag } from '../../src/cli/setting-flags';
import { costOf, DEFAULT_MODELS, DEFAULT_PRICES, defaultConfig, spendingCapProblem } from '../../src/core/config';
import { AgentRole, type Usage } from '../../src/core/protocol';
import { renderMarkdownReport } from '../../src/core/report';
import { readSetting } from '../../src/core/settings';
import { MAX_USD_PER_MTOK, priceFromUser, UserPrice, withUserPrices } from '../../src/core/user-prices';
import { readSettings, toEngineConfig } from '../../src/extension/settings';
import { runFaultCell } from '../support/fault-run';

const UNPRICED = 'claude-mythos-preview';
const usage = (input: number, output: number, cacheRead = 0, cacheWrite = 0): Usage => ({
  input_tokens: input,
  output_tokens: output,
  cache_read_input_tokens: cacheRead,
  cache_creation_input_tokens: cacheWrite,
});
const close = (a: number, b: number) => assert.ok(Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(b)), `${a} ≠ ${b}`);

function priceFlagError(texts: string[], pattern: RegExp): void {
  assert.throws(
    () => parseCliArgs(['plan.md', ...texts.flatMap((t) => ['--price', t])]),
    (e: unknown) => e instanceof CliError && e.exitCode === ExitCode.usage && e.message.startsWith('--price') && pattern.test(e.message),
  );
}

describe('user prices: --price MODEL=IN/OUT[/CACHE_WRITE/CACHE_READ]', () => {
  it('parses prices in USD per million tokens, repeatable, cache prices optional', () => {
    const a = parseCliArgs(['plan.md', '--price', `${UNPRICED}=10/50`, '--price', 'bedrock/us.anthropic.claude-x:0=$3/15/3.75/0.3']) as RunArgs;
    assert.deepEqual(a.prices, {
      [UNPRICED]: { inputPerMTok: 10, outputPerMTok: 50 },
      'bedrock/us.anthropic.claude-x:0': { inputPerMTok: 3, outputPerMTok: 15, cacheWritePerMTok: 3.75, cacheReadPerMTok: 0.3 },
    });
    assert.deepEqual((parseCliArgs(['plan.md']) as RunArgs).prices, {});
  });

  it('refuses anything else with exit 4 and a message naming the flag and the form', () => {
    for (const bad of ['claude-x', 'claude-x=', '=3/15', 'claude-x=3', 'claude-x=3/15/1', 'claude-x=3/15/1/2/3', 'claude-x=-3/15', 'claude-x=0x10/15', 'claude-x=1e3/15']) {
      priceFlagError([bad], /must be MODEL=IN\/OUT or MODEL=IN\/OUT\/CACHE_WRITE\/CACHE_READ \(USD per million tokens/);
    }
    for (const bad of ['claude-x=Infinity/15', 'claude-x=NaN/1', 'claude x=3/15', 'claude-x=3,5/15', 'claude-x=3/15 extra']) {
      priceFlagError([bad], /must be MODEL=IN\/OUT/);
    }
    priceFlagError(['claude-x=3/15', 'claude-x=4/20'], /names claude-x twice/);
    priceFlagError([`claude-x=${MAX_USD_PER_MTOK + 1}/15`], /claude-x\.inputPerMTok: Too big/);
    priceFlagError(['claude-x=0/15/1/0.1'], /a cache price needs a non-zero inputPerMTok/);
    priceFlagError(['claude-x=0.0000001/15'], /claude-x\.inputPerMTok: a price is 0 or at least 0\.000001 USD per million tokens/);
    assert.throws(() => parseCliArgs(['check', 'plan.md', '--price', 'claude-x=3/15']), /"verify-plan check" does not take --price/);
  });

  it('any flag text is either a price table the schema accepts or a usage error naming --price (property)', () => {
    const amount = fc.oneof(fc.double({ noNaN: false }).map(String), fc.nat({ max: 2000 }).map(String), fc.constantFrom('', '$1', '1.', '.5', '0.25'));
    const text = fc.oneof(
      fc.string(),
      fc.tuple(fc.constantFrom('claude-x', 'a b', '', 'x=y'), fc.array(amount, { maxLength: 5 })).map(([id, parts]) => `${id}=${parts.join('/')}`),
    );
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 3 }), (texts) => {
        try {
          const prices = parseSettingFlag('prices', texts)!;
          for (const p of Object.values(prices)) assert.ok(UserPrice.safeParse(p).success);
        } catch (error) {
          assert.ok(error instanceof CliError && error.message.startsWith('--price'), String(error));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the setting takes the same shape; a bad entry falls back to no user prices and says which', () => {
    const good = readSetting('prices', { [UNPRICED]: { inputPerMTok: 10, outputPerMTok: 50, cacheReadPerMTok: 0.25 } });
    assert.equal(good.problem, null);
    assert.deepEqual(good.value, { [UNPRICED]: { inputPerMTok: 10, outputPerMTok: 50, cacheReadPerMTok: 0.25 } });
    for (const raw of [
      { x: { inputPerMTok: -1, outputPerMTok: 1 } },
      { x: { inputPerMTok: 1 } },
      { x: { input: 1, output: 2 } },
      { 'a b': { inputPerMTok: 1, outputPerMTok: 2 } },
      [1],
    ]) {
      const read = readSetting('prices', raw);
      assert.deepEqual(read.value, {});
      assert.match(read.problem ?? '', /^verifyPlan\.prices: .* is not valid/);
    }
  });
});

describe('user prices: precedence and cost', () => {
  it('a user price overrides the table for its id, adds ids the table lacks, and leaves the rest alone', () => {
    const table = withUserPrices(DEFAULT_PRICES, {
      'claude-haiku-5-5': { inputPerMTok: 0.2, outputPerMTok: 1 },
      [UNPRICED]: { inputPerMTok: 10, outputPerMTok: 50 },
    });
    // One flat band: the table's long-prompt band of Haiku 5.5 is replaced with the user's price.
    assert.deepEqual(table['claude-haiku-5-5'], { input: 0.2, output: 1, cacheRead: 0.1, cacheWrite: 1.25 });
    assert.deepEqual(table[UNPRICED], { input: 10, output: 50, cacheRead: 0.1, cacheWrite: 1.25 });
    assert.deepEqual(table['claude-opus-5-5'], DEFAULT_PRICES['claude-opus-5-5']);
    assert.equal(DEFAULT_PRICES[UNPRICED], undefined, 'the table itself is not changed');
  });

  it('the CLI flag and the editor setting give the same engine prices', () => {
    const cli = configFromArgs(parseCliArgs(['plan.md', '--price', `${UNPRICED}=10/50/12.5/0.25`]) as RunArgs);
    const ext = toEngineConfig(
      readSettings((key) => (key === 'prices' ? { [UNPRICED]: { inputPerMTok: 10, outputPerMTok: 50, cacheWritePerMTok: 12.5, cacheReadPerMTok: 0.25 } } : undefined)).settings,
    );
    assert.deepEqual(cli.prices, ext.prices);
    assert.deepEqual(cli.prices[UNPRICED], { input: 10, output: 50, cacheRead: 0.025, cacheWrite: 1.25 });
  });

  it('costOf with a user price is the price list arithmetic, cache prices as given or at the standard multipliers', () => {
    const prices = withUserPrices(DEFAULT_PRICES, {
      [UNPRICED]: { inputPerMTok: 10, outputPerMTok: 50, cacheWritePerMTok: 12.5, cacheReadPerMTok: 0.25 },
      'gw-model': { inputPerMTok: 2, outputPerMTok: 8 },
    });
    // 1M input $10 + 200k output $10 + 2M cache reads $0.50 + 400k cache writes $5.
    close(costOf(usage(1_000_000, 200_000, 2_000_000, 400_000), UNPRICED, prices), 25.5);
    // Defaults: reads 0.1× ($0.20 per MTok), writes 1.25× ($2.50 per MTok).
    close(costOf(usage(500_000, 100_000, 1_000_000, 1_000_000), 'gw-model', prices), 1 + 0.8 + 0.2 + 2.5);
    assert.equal(costOf(usage(1000, 1000), 'not-priced', prices), 0);
  });

  it('for any valid user price and usage, costOf is the sum of tokens × USD per MTok (property)', () => {
    // Any double in range, tiny and denormal ones included: those the schema refuses are skipped, the rest must cost a finite, exact amount.
    const usd = fc.oneof(fc.double({ min: 0, max: MAX_USD_PER_MTOK, noNaN: true }), fc.constantFrom(0, 1e-6, 5e-324, 1e-7));
    const tokens = fc.nat({ max: 2_000_000 });
    fc.assert(
      fc.property(usd, usd, fc.option(fc.tuple(usd, usd)), tokens, tokens, tokens, tokens, (input, output, cache, a, b, c, d) => {
        const given = { inputPerMTok: input, outputPerMTok: output, ...(cache && input > 0 ? { cacheWritePerMTok: cache[0], cacheReadPerMTok: cache[1] } : {}) };
        const parsed = UserPrice.safeParse(given);
        if (!parsed.success) return;
        const p = parsed.data;
        const write = p.cacheWritePerMTok ?? input * 1.25;
        const read = p.cacheReadPerMTok ?? input * 0.1;
        const expected = (a * input + b * output + c * read + d * write) / 1e6;
        const got = costOf(usage(a, b, c, d), 'm', { m: priceFromUser(p) });
        assert.ok(Number.isFinite(got) && Math.abs(got - expected) <= 1e-9 * Math.max(1, expected), `${got} vs ${expected}`);
      }),
      { numRuns: 300 },
    );
  });

  it('a spending cap starts once every unpriced model has a user price', () => {
    const models = { ...DEFAULT_MODELS, challenger: UNPRICED };
    assert.match(spendingCapProblem(defaultConfig({ spendingCapUsd: 1, models })) ?? '', /no price is known for claude-mythos-preview/);
    const priced = configFromArgs(parseCliArgs(['plan.md', '--model-challenger', UNPRICED, '--price', `${UNPRICED}=10/50`, '--spending-cap', '1']) as RunArgs);
    assert.equal(spendingCapProblem(priced), null);
  });
});

describe('user prices: the spending cap stops a run on a user-priced model (fake API)', function () {
  this.timeout(60000);
  const everyRole = Object.fromEntries(AgentRole.options.map((r) => [r, UNPRICED])) as Record<AgentRole, string>;
  const userPriced = withUserPrices(DEFAULT_PRICES, { [UNPRICED]: { inputPerMTok: 10, outputPerMTok: 50 } });

  it('calls are billed at the user price, and a cap below the first call stops the run before it', async () => {
    const baseline = await runFaultCell([], { config: { models: everyRole, prices: userPriced, spendingCapUsd: 0 } });
    assert.ok(baseline.result.calls.length > 2);
    for (const call of baseline.result.calls) {
      assert.equal(call.model, UNPRICED);
      close(call.cost_usd, costOf(call.usage, UNPRICED, userPriced));
      assert.ok(call.cost_usd > 0);
    }
    const cap = baseline.result.calls[0]!.cost_usd / 2;
    const capped = await runFaultCell([], { config: { models: everyRole, prices: userPriced, spendingCapUsd: cap } });
    assert.equal(capped.result.stopCause, 'spending_cap');
    assert.equal(capped.result.partial, true);
    assert.equal(capped.received.length, 0, 'the first call could cost more than the cap, so it was not sent');
    assert.equal(capped.result.costUsd, 0);

    // Without the user price the same calls count as $0 and the same cap never stops the run: why the front ends refuse that combination.
    const unpriced = await runFaultCell([], { config: { models: everyRole, spendingCapUsd: cap } });
    assert.notEqual(unpriced.result.stopCause, 'spending_cap');
    assert.equal(unpriced.result.costUsd, 0);
    assert.equal(unpriced.received.length, baseline.received.length);
    // The report says so and how to fix it; with the user price it has nothing to say.
    assert.match(
      renderMarkdownReport(unpriced.result),
      /No price is configured for claude-mythos-preview; those calls count as \$0\. Give a price .*`verifyPlan\.prices`.*`--price MODEL=IN\/OUT`/,
    );
    assert.doesNotMatch(renderMarkdownReport(baseline.result), /No price is configured/);
  });
});
