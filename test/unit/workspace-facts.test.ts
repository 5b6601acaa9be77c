import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { FACT_ROLES, FACTS_TOKEN_BUDGET, workspaceFacts } from '../../src/core/agents/workspace-facts';
import { parsePlan } from '../../src/core/plan';
import { byRole } from '../support/fake-anthropic';
import { challenge, challengerOut, quality, reply, researcherOut, synth, update, audit } from '../support/replies';
import { examplePlan, runAgainstFake } from '../support/run-harness';

const PLAN = [
  '# Plan: cache users',
  '',
  '1. Wrap `loadUsr()` in `src/users.ts` with a cache; see `src/cache.ts`.',
  '2. Run `npm run tset`, then `npm run build`.',
  '',
  '```ts',
  "import { LRUCache } from 'lru-cache';",
  "import express from 'express';",
  '```',
].join('\n');

describe('workspace facts for the agents', function () {
  this.timeout(30000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'vp-facts-block-'));
    mkdirSync(path.join(dir, 'src'));
    writeFileSync(path.join(dir, 'src', 'users.ts'), 'export function loadUser(id: string) { return id; }\n');
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ scripts: { build: 'tsc', test: 'mocha' }, dependencies: { express: '4' } }));
    writeFileSync(path.join(dir, 'CLAUDE.md'), '# Rules\nUse pnpm. Never edit generated files.\n');
    writeFileSync(path.join(dir, '.env'), 'API_KEY=sk-live-123\n');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('says which named paths, code names, packages and scripts exist, the tree, the dependencies and the instructions, within the budget', async () => {
    const facts = await workspaceFacts(parsePlan(PLAN), dir, path.join(dir, 'PLAN.md'));
    assert.ok(facts);
    assert.match(facts, /- src\/users\.ts: exists/);
    assert.match(facts, /- src\/cache\.ts: does not exist/);
    assert.match(facts, /- loadUsr: defined nowhere in the workspace \(similar: loadUser\)/);
    assert.match(facts, /- package lru-cache \(npm\): declared by no manifest/);
    assert.match(facts, /- package express \(npm\): declared/);
    assert.match(facts, /- npm tset: not defined/);
    assert.match(facts, /- npm build: defined/);
    assert.match(facts, /Top-level tree: .*CLAUDE\.md.*src\//);
    assert.match(facts, /package\.json \(npm\): express/);
    assert.match(facts, /Project instructions \(CLAUDE\.md, excerpt\):\n# Rules\nUse pnpm/);
    assert.doesNotMatch(facts, /sk-live-123/);
    assert.ok(facts.length <= FACTS_TOKEN_BUDGET * 4);
    const small = await workspaceFacts(parsePlan(PLAN), dir, path.join(dir, 'PLAN.md'), 100);
    assert.ok(small !== null && small.length <= 400, 'a smaller budget cuts the block');
    assert.equal(await workspaceFacts(parsePlan(PLAN), null, null), null);
  });

  it('reaches every role of every run as a cached block after the plan', async () => {
    const planPath = path.join(dir, 'PLAN.md');
    const planText = readFileSync(examplePlan('base-team-rate-limiter').planPath, 'utf8');
    const { server, result } = await runAgainstFake({
      plan: { planPath, planText },
      options: { workspaceRoot: dir },
      script: byRole({
        challenger: [reply(challengerOut([challenge({ ref: 'n1', severity: 'MINOR' })]))],
        researcher: [reply(researcherOut({}))],
        synthesizer: [reply(synth([update('C1', 'DEFERRED')], { quality: quality(8) }))],
        auditor: [reply(audit())],
      }),
    });
    assert.ok(result.calls.length >= 4);
    const seen = new Set<string>();
    for (const request of server.received) {
      const content = (request.body as { messages: Array<{ content: Array<{ type: string; text?: string; cache_control?: unknown }> }> }).messages[0]?.content ?? [];
      const factsAt = content.findIndex((b) => b.text?.includes('<workspace-facts>'));
      if (request.role && FACT_ROLES.has(request.role)) {
        assert.equal(factsAt, 1, `${request.role}: the facts follow the plan block`);
        assert.match(content[0]?.text ?? '', /<plan /);
        assert.ok(content[1]?.cache_control, `${request.role}: the facts block is a cache breakpoint`);
        seen.add(request.role);
      } else assert.equal(factsAt, -1, `${request.role}: no facts`);
    }
    // Every role, the auditor included: the prefix through the facts is the one every role of a model shares.
    for (const role of ['challenger', 'researcher', 'synthesizer', 'auditor']) assert.ok(seen.has(role), role);
  });
});
