import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Anthropic, { NotFoundError } from '@anthropic-ai/sdk';
import fc from 'fast-check';
import { costOf, DEFAULT_MODELS, DEFAULT_PRICES, defaultConfig, spendingCapProblem, unpricedModels } from '../../src/core/config';
import { findModel, MODEL_TABLE } from '../../src/core/models';
import { AgentRole } from '../../src/core/protocol';
import { FakeAnthropicServer } from '../support/fake-anthropic';
import { DEFAULT_FAKE_MODELS } from '../support/fake-anthropic-models';

const ROOT = path.resolve(__dirname, '../..');

/** The literal ids of the pinned SDK's `Model` type. */
function sdkModelIds(): string[] {
  const dts = readFileSync(path.join(ROOT, 'node_modules/@anthropic-ai/sdk/resources/messages/messages.d.ts'), 'utf8');
  const line = /export type Model = ([^;]+);/.exec(dts)?.[1] ?? '';
  return [...line.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
}

describe('model table (src/core/models.ts)', () => {
  it('defaults are current-generation models, active and priced', () => {
    for (const role of AgentRole.options) {
      const entry = findModel(DEFAULT_MODELS[role]);
      assert.ok(entry, `${role}: ${DEFAULT_MODELS[role]} is not in the table`);
      assert.equal(entry.status, 'active', `${role}: default ${entry.id} is ${entry.status}`);
      assert.ok(DEFAULT_PRICES[DEFAULT_MODELS[role]], `${role}: default has no price`);
    }
    assert.equal(DEFAULT_MODELS.challenger, 'claude-opus-5-5');
    assert.equal(DEFAULT_MODELS.researcher, 'claude-sonnet-5-5');
  });

  it('the package.json setting defaults are the engine defaults (one default everywhere)', () => {
    type Section = { properties?: Record<string, { default?: unknown }> };
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { contributes: { configuration: Section | Section[] } };
    const sections = ([] as Section[]).concat(pkg.contributes.configuration);
    const properties = Object.assign({}, ...sections.map((s) => s.properties ?? {})) as Record<string, { default?: unknown }>;
    for (const role of AgentRole.options) assert.equal(properties[`verifyPlan.models.${role}`]?.default, DEFAULT_MODELS[role], role);
  });

  it('Opus 5.5 is $4 / $20 per MTok with cache reads at 0.05× input (platform pricing page)', () => {
    const opus = findModel('claude-opus-5-5')!;
    assert.deepEqual(
      { input: opus.price.input, output: opus.price.output, cacheRead: opus.price.cacheRead, cacheWrite: opus.price.cacheWrite },
      { input: 4, output: 20, cacheRead: 0.05, cacheWrite: 1.25 },
    );
    assert.equal(opus.capabilities.rejectsForcedToolChoice, true);
    assert.equal(opus.capabilities.thinkingAlwaysOn, true);
  });

  it('every entry that is not active names a replacement that is active, and ids are unique', () => {
    const seen = new Set<string>();
    for (const entry of MODEL_TABLE) {
      for (const id of [entry.id, ...entry.aliases]) {
        assert.ok(!seen.has(id), `duplicate id ${id}`);
        seen.add(id);
      }
      if (entry.status === 'active') continue;
      assert.ok(entry.replacement, `${entry.id} has no replacement`);
      assert.equal(findModel(entry.replacement)?.status, 'active', `${entry.id} → ${entry.replacement} is not active`);
      if (entry.status === 'retired' || entry.status === 'deprecated') assert.match(entry.retiresOn ?? '', /^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('every SDK-listed model the table does not price is one the docs publish no price for', () => {
    const unpriced = sdkModelIds().filter((id) => !DEFAULT_PRICES[id]);
    // Mythos Preview is a gated research preview; Fable / Mythos 5.2 are newer than the price list read for this table.
    assert.deepEqual(unpriced.sort(), ['claude-fable-5-2', 'claude-mythos-5-2', 'claude-mythos-preview']);
  });

  it('costOf: the long-prompt band of Haiku 5.5 applies to every token of a request over 100k prompt tokens', () => {
    const usage = (input: number) => ({ input_tokens: input, output_tokens: 1000, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 });
    const close = (a: number, b: number) => assert.ok(Math.abs(a - b) < 1e-12, `${a} ≠ ${b}`);
    close(costOf(usage(100_000), 'claude-haiku-5-5', DEFAULT_PRICES), (100_000 * 0.1) / 1e6 + (1000 * 0.5) / 1e6);
    close(costOf(usage(100_001), 'claude-haiku-5-5', DEFAULT_PRICES), (100_001 * 0.5) / 1e6 + (1000 * 2.5) / 1e6);
  });

  it('costOf is monotone in every token count for every priced model', () => {
    const ids = Object.keys(DEFAULT_PRICES);
    const count = fc.integer({ min: 0, max: 300_000 });
    fc.assert(
      fc.property(
        fc.constantFrom(...ids),
        count,
        count,
        count,
        count,
        fc.constantFrom('input_tokens', 'output_tokens', 'cache_read_input_tokens', 'cache_creation_input_tokens'),
        (id, a, b, c, d, field) => {
          const usage = { input_tokens: a, output_tokens: b, cache_read_input_tokens: c, cache_creation_input_tokens: d };
          const more = { ...usage, [field]: usage[field] + 1 };
          const band = DEFAULT_PRICES[id]!.longPrompt;
          const crosses = band !== undefined && field !== 'output_tokens' && a + c + d === band.thresholdTokens;
          return crosses || costOf(more, id, DEFAULT_PRICES) >= costOf(usage, id, DEFAULT_PRICES);
        },
      ),
    );
  });
});

describe('spending cap with an unpriced model (the cap never silently stops working)', () => {
  it('refuses to start, naming the model, its roles and how to price it', () => {
    const config = defaultConfig({ spendingCapUsd: 2, models: { ...DEFAULT_MODELS, challenger: 'claude-mythos-preview', auditor: 'claude-mythos-preview' } });
    const problem = spendingCapProblem(config);
    assert.ok(problem);
    assert.match(problem, /claude-mythos-preview \(challenger, auditor\)/);
    assert.match(
      problem,
      /Give it a price in USD per million tokens \(the verifyPlan\.prices setting; on the command line --price MODEL=IN\/OUT\), choose a model with a known price .*, or remove the cap\./,
    );
  });

  it('starts when the unpriced model is given a price, or when there is no cap', () => {
    const models = { ...DEFAULT_MODELS, challenger: 'claude-mythos-preview' };
    assert.equal(spendingCapProblem(defaultConfig({ spendingCapUsd: 0, models })), null);
    const priced = defaultConfig({
      spendingCapUsd: 2,
      models,
      prices: { ...DEFAULT_PRICES, 'claude-mythos-preview': { input: 10, output: 50, cacheRead: 0.1, cacheWrite: 1.25 } },
    });
    assert.equal(spendingCapProblem(priced), null);
    assert.deepEqual(unpricedModels(priced), []);
    assert.equal(spendingCapProblem(defaultConfig({ spendingCapUsd: 2 })), null);
  });
});

describe('fake API model catalogue', () => {
  let server: FakeAnthropicServer;
  let client: Anthropic;
  beforeEach(async () => {
    server = await FakeAnthropicServer.start({ script: () => ({ kind: 'text', text: 'ok' }) });
    client = new Anthropic({ apiKey: 'test-key', baseURL: server.baseURL, maxRetries: 0 });
  });
  afterEach(() => server.stop());

  it('serves every id of the pinned SDK Model type and every default', () => {
    const served = new Set(DEFAULT_FAKE_MODELS.map((m) => m.id));
    for (const id of sdkModelIds()) assert.ok(served.has(id) || findModel(id)?.aliases.includes(id), `fake API does not serve ${id}`);
    for (const id of Object.values(DEFAULT_MODELS)) assert.ok(served.has(id), id);
  });

  it('lists models through the SDK with the API page shape, paging with after_id', async () => {
    const ids: string[] = [];
    for await (const model of client.models.list({ limit: 3 })) {
      assert.equal(model.type, 'model');
      assert.equal(typeof model.display_name, 'string');
      assert.ok(!Number.isNaN(Date.parse(model.created_at)));
      ids.push(model.id);
    }
    assert.deepEqual([...ids].sort(), DEFAULT_FAKE_MODELS.map((m) => m.id).sort());
    assert.ok(server.modelRequests.length >= Math.ceil(DEFAULT_FAKE_MODELS.length / 3));
    const page = await client.models.list({ limit: 2 });
    assert.equal(page.has_more, true);
    assert.equal(page.first_id, page.data[0]!.id);
    assert.equal(page.last_id, page.data[1]!.id);
  });

  it('retrieves a model, resolves an alias, and answers 404 not_found_error for an unknown id', async () => {
    assert.equal((await client.models.retrieve('claude-opus-5-5')).display_name, 'Claude Opus 5.5');
    assert.equal((await client.models.retrieve('claude-haiku-4-5')).id, 'claude-haiku-4-5-20251001');
    await assert.rejects(client.models.retrieve('claude-nonexistent-9'), (error: unknown) => error instanceof NotFoundError && error.type === 'not_found_error');
  });

  it('the Messages API answers 404 not_found_error for a model it does not serve', async () => {
    await assert.rejects(
      client.messages.create({ model: 'claude-nonexistent-9', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] }),
      (error: unknown) => error instanceof NotFoundError && error.type === 'not_found_error' && /claude-nonexistent-9/.test(error.message),
    );
    const ok = await client.messages.create({ model: 'claude-opus-5-5', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] });
    assert.equal(ok.model, 'claude-opus-5-5');
  });
});
