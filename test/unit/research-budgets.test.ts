import assert from 'node:assert/strict';
import { budgetFor, COMBINED_BUDGET, createResearchToolbox, MODE_BUDGETS, type ResearchExecutor } from '../../src/core/research';
import type { MemorySource } from '../../src/core/memory';
import { makeWorkspace, type TempWorkspace } from './research-fixture';

const INPUT: Record<string, unknown> = {
  read_file: { path: 'README.md', end_line: 1 },
  grep: { pattern: 'POOL_SIZE', glob: 'src/db/*.ts' },
  list_files: { dir: 'docs' },
  git_log: { path: 'README.md', max_count: 1 },
  memory_search: { query: 'pool size' },
  web_search: { query: 'pg pool max option' },
  web_fetch: { url: 'https://node-postgres.com/apis/pool' },
};

/** Calls `tool` until the executor answers "budget exhausted"; returns how many calls succeeded. */
async function callsUntilExhausted(executor: ResearchExecutor, tool: string, limit = 40): Promise<number> {
  for (let n = 0; n < limit; n++) {
    const answer = await executor.execute(tool, INPUT[tool]);
    if (/^budget exhausted/.test(answer.content)) {
      assert.equal(answer.isError, true);
      return n;
    }
  }
  throw new Error(`${tool} never ran out of budget`);
}

describe('research budgets (seed 002 §9)', () => {
  let ws: TempWorkspace;
  const memory: MemorySource = { search: () => Promise.resolve([]) };
  before(async () => {
    ws = await makeWorkspace();
  });
  after(async () => {
    await ws.cleanup();
  });
  const toolbox = () => createResearchToolbox({ root: ws.root, memory, webSearch: true, maxToolCallsPerCall: 40 });

  it('encodes the seed tables exactly', () => {
    assert.deepEqual(MODE_BUDGETS.resolve, { read: 8, grep: 5, git_log: 0, memory_search: 3, web_search: 3, web_fetch: 2 });
    assert.deepEqual(MODE_BUDGETS.surface, { read: 3, grep: 4, git_log: 1, memory_search: 3, web_search: 0, web_fetch: 0 });
    assert.deepEqual(MODE_BUDGETS.probe, { read: 3, grep: 4, git_log: 0, memory_search: 2, web_search: 1, web_fetch: 0 });
    assert.deepEqual(COMBINED_BUDGET, { read: 14, grep: 13, git_log: 1, memory_search: 8, web_search: 4, web_fetch: 2 });
    assert.deepEqual(budgetFor('researcher', ['surface', 'probe']), { read: 6, grep: 8, git_log: 1, memory_search: 5, web_search: 1, web_fetch: 0 });
    assert.deepEqual(budgetFor('synthesizer', ['resolve']), {});
  });

  it('resolver (Mode 1): read 8, grep 5, memory 3, web search 3, web fetch 2, git log 0 per iteration', async () => {
    const box = toolbox();
    const resolver = box.executorFor('resolver', 1, ['resolve'], { unknownTypes: ['API_BEHAVIOR'] });
    assert.equal(await callsUntilExhausted(resolver, 'read_file'), 8);
    assert.equal(await callsUntilExhausted(resolver, 'grep'), 5);
    assert.equal(await callsUntilExhausted(resolver, 'memory_search'), 3);
    assert.equal(await callsUntilExhausted(resolver, 'web_search'), 3);
    assert.equal(await callsUntilExhausted(resolver, 'web_fetch'), 2);
    assert.equal(await callsUntilExhausted(resolver, 'git_log'), 0);
    assert.deepEqual(resolver.usage(), { read_file: 8, grep: 5, memory_search: 3, web_search: 3, web_fetch: 2 });
  });

  it('the 9th read_file and the 6th grep of a resolver iteration are refused, also across calls of that iteration', async () => {
    const box = toolbox();
    const first = box.executorFor('resolver', 1, ['resolve']);
    for (let i = 0; i < 5; i++) assert.equal((await first.execute('read_file', INPUT.read_file)).isError, false);
    const second = box.executorFor('resolver', 1, ['resolve']);
    for (let i = 0; i < 3; i++) assert.equal((await second.execute('read_file', INPUT.read_file)).isError, false);
    const ninth = await second.execute('read_file', INPUT.read_file);
    assert.equal(ninth.isError, true);
    assert.match(ninth.content, /^budget exhausted: read_file counts as read; allowance this iteration \(Mode 1 RESOLVE: 8\) is used up/);
    // list_files counts as Grep: 3 list_files + 2 grep = 5, the 6th (either) is exhausted.
    for (let i = 0; i < 3; i++) assert.equal((await second.execute('list_files', INPUT.list_files)).isError, false);
    for (let i = 0; i < 2; i++) assert.equal((await second.execute('grep', INPUT.grep)).isError, false);
    assert.match((await second.execute('grep', INPUT.grep)).content, /^budget exhausted/);
    assert.match((await second.execute('list_files', INPUT.list_files)).content, /^budget exhausted/);
    assert.deepEqual(box.usage(1), { read_file: 8, list_files: 3, grep: 2 });
  });

  it('researcher (Modes 2+3): read 6, grep 8, git log 1, memory 5, web search 1, web fetch 0 per iteration', async () => {
    const box = toolbox();
    const researcher = box.executorFor('researcher', 1, ['surface', 'probe']);
    assert.equal(await callsUntilExhausted(researcher, 'read_file'), 6);
    assert.equal(await callsUntilExhausted(researcher, 'grep'), 8);
    assert.equal(await callsUntilExhausted(researcher, 'git_log'), 1);
    assert.equal(await callsUntilExhausted(researcher, 'memory_search'), 5);
    assert.equal(await callsUntilExhausted(researcher, 'web_search'), 1);
    const fetch = await researcher.execute('web_fetch', INPUT.web_fetch);
    assert.equal(fetch.isError, true);
    assert.match(fetch.content, /web_fetch is allowed only in Mode 1 RESOLVE/);
  });

  it("a researcher call for one mode gets only that mode's table; a later call in the iteration gets the rest", async () => {
    const box = toolbox();
    const surface = box.executorFor('researcher', 2, ['surface']);
    assert.equal(await callsUntilExhausted(surface, 'read_file'), 3);
    assert.equal(await callsUntilExhausted(surface, 'web_search'), 0);
    const probe = box.executorFor('researcher', 2, ['probe']);
    assert.equal(await callsUntilExhausted(probe, 'read_file'), 3);
    assert.equal(await callsUntilExhausted(box.executorFor('researcher', 2, ['surface', 'probe']), 'read_file'), 0);
  });

  it('combined per-iteration ceilings: read 14, grep 13, memory 8, web search 4, web fetch 2', async () => {
    const box = toolbox();
    const resolver = box.executorFor('resolver', 1, ['resolve']);
    const researcher = box.executorFor('researcher', 1, ['surface', 'probe']);
    const totals: Record<string, number> = {};
    for (const tool of ['read_file', 'grep', 'memory_search', 'web_search']) {
      totals[tool] = (await callsUntilExhausted(resolver, tool)) + (await callsUntilExhausted(researcher, tool));
    }
    totals.web_fetch = await callsUntilExhausted(resolver, 'web_fetch');
    assert.deepEqual(totals, { read_file: 14, grep: 13, memory_search: 8, web_search: 4, web_fetch: 2 });
    // Past the ceiling every caller of that iteration is refused, with the combined rule named.
    const late = box.executorFor('resolver', 1, ['resolve']);
    assert.match((await late.execute('read_file', INPUT.read_file)).content, /^budget exhausted: the combined read ceiling of 14 calls for iteration 1/);
    assert.equal(late.remaining('read_file'), 0);
  });

  it('budgets reset on the next iteration', async () => {
    const box = toolbox();
    assert.equal(await callsUntilExhausted(box.executorFor('resolver', 1, ['resolve']), 'read_file'), 8);
    const next = box.executorFor('resolver', 2, ['resolve']);
    assert.equal(next.remaining('read_file'), 8);
    assert.equal(await callsUntilExhausted(next, 'read_file'), 8);
    assert.deepEqual(box.usage(1), { read_file: 8 });
    assert.deepEqual(box.usage(2), { read_file: 8 });
  });

  it('other roles have no research budget, and modes a role does not own give it nothing', async () => {
    const box = toolbox();
    for (const role of ['challenger', 'domain-expert', 'devils-advocate', 'synthesizer', 'auditor'] as const) {
      const answer = await box.executorFor(role, 1, ['resolve', 'surface', 'probe']).execute('read_file', INPUT.read_file);
      assert.deepEqual(answer, { content: 'this role has no research budget; answer from the state you were given', isError: true });
    }
    const resolverAsResearcher = box.executorFor('resolver', 1, ['surface']);
    assert.match((await resolverAsResearcher.execute('read_file', INPUT.read_file)).content, /no research budget/);
    assert.deepEqual(box.usage(1), {});
  });

  it('web search is refused for unknown types the seed does not allow, and when turned off', async () => {
    const box = toolbox();
    const fileQuestion = box.executorFor('resolver', 1, ['resolve'], { unknownTypes: ['FILE_MISSING', 'PRIOR_DECISION'] });
    const refused = await fileQuestion.execute('web_search', INPUT.web_search);
    assert.equal(refused.isError, true);
    assert.match(refused.content, /only for unknowns of type API_BEHAVIOR, STALE_KNOWLEDGE, INTEGRATION_UNKNOWN/);
    const off = createResearchToolbox({ root: ws.root }).executorFor('resolver', 1, ['resolve']);
    assert.match((await off.execute('web_search', INPUT.web_search)).content, /not available: web search is turned off/);
  });

  it('caps tool calls per agent call', async () => {
    const box = createResearchToolbox({ root: ws.root, maxToolCallsPerCall: 2 });
    const resolver = box.executorFor('resolver', 1, ['resolve']);
    await resolver.execute('read_file', INPUT.read_file);
    await resolver.execute('grep', INPUT.grep);
    assert.match((await resolver.execute('read_file', INPUT.read_file)).content, /^tool limit reached: 2 tool calls in this agent call/);
    assert.equal(box.executorFor('resolver', 1, ['resolve']).remaining('read_file'), 2);
  });
});
