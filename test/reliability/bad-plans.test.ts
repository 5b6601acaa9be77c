/**
 * Bad plans: the hostile corpus through the built CLI
 * (static mode and the agent loop against the fake API) and through the
 * language server as a child process over stdio (the way Neovim, Zed or
 * Helix run it). Each gets a result or a clear one-line message, within a
 * deadline; never a stack trace, a crash or a hang. Then properties: any
 * text through the parser and any quote through anchoring never throws and
 * every range lies inside the document.
 */
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { anchorQuote } from '../../src/core/anchor';
import { parsePlan } from '../../src/core/plan';
import type { AgentRole } from '../../src/core/protocol';
import { FakeAnthropicServer, type FakeReply, type ReceivedRequest } from '../support/fake-anthropic';
import { BAD_PLANS, editorText } from '../support/fault-bad-plans';
import { assertAllRangesInside, assertInside } from '../support/plan-fixtures';
import { audit, challengerOut, quality, reply, researcherOut, resolverOut, synth } from '../support/replies';
import { fileUri, LspTestClient } from '../support/lsp-test-client';
import { ensureBuilt, runCli, TEST_KEY, TempWorkspace, type CliRun } from '../cli/run-cli';

const STACK_TRACE = /^\s+at .+\(.+:\d+:\d+\)$/m;
const LSP_DEADLINE_MS = 10_000;

/** Every role answers with a valid, uneventful reply. */
function calmReply(req: ReceivedRequest): FakeReply {
  const answers: Record<AgentRole, () => FakeReply> = {
    challenger: () => reply(challengerOut([])),
    'domain-expert': () => reply(challengerOut([])),
    'devils-advocate': () => reply(challengerOut([])),
    resolver: () => reply(resolverOut([])),
    researcher: () => reply(researcherOut({})),
    synthesizer: () => reply(synth([], { quality: quality(6) })),
    auditor: () => reply(audit()),
  };
  return req.role ? answers[req.role]() : { kind: 'error', status: 400, message: 'no role', shouldRetry: false };
}

function assertCleanOutcome(run: CliRun, refusal: RegExp | null, mode: string): void {
  assert.equal(run.signal, null, `${mode}: killed by ${run.signal}`);
  assert.doesNotMatch(run.stderr, STACK_TRACE, `${mode}: a stack trace reached the user:\n${run.stderr}`);
  assert.ok(!run.stdout.includes(TEST_KEY) && !run.stderr.includes(TEST_KEY), `${mode}: the key was printed`);
  if (refusal) {
    assert.equal(run.code, 4, `${mode}: expected exit 4 (input error), got ${run.code}\n${run.stderr}`);
    assert.match(run.stderr, refusal, `${mode}: the message does not say what is wrong`);
    assert.ok(run.stderr.trim().split('\n').length <= 3, `${mode}: the message is not short:\n${run.stderr}`);
  } else {
    assert.ok(run.code !== null && run.code <= 3, `${mode}: expected a verdict exit code, got ${run.code}\n${run.stderr}`);
    assert.ok(run.stdout.trim().length > 0, `${mode}: no report on stdout`);
  }
}

describe('reliability: bad plans', function () {
  this.timeout(60_000);

  describe('through the CLI (node dist/cli.js)', () => {
    let ws: TempWorkspace;
    let server: FakeAnthropicServer;
    before(async () => {
      ensureBuilt();
      ws = new TempWorkspace();
      server = await FakeAnthropicServer.start({ script: calmReply });
      for (const plan of BAD_PLANS) await fs.writeFile(path.join(ws.dir, plan.file), plan.bytes());
    });
    after(async () => {
      await server.stop();
      ws.dispose();
    });

    for (const plan of BAD_PLANS) {
      it(`${plan.name}: ${plan.refusal ? 'a clear refusal' : 'a result'} in static mode and through the agent loop`, async () => {
        const staticRun = await runCli([plan.file], { cwd: ws.dir, timeoutMs: 30_000 });
        assertCleanOutcome(staticRun, plan.refusal, 'static');
        const before = server.received.length;
        const loopRun = await runCli(['--state-dir', 'state', plan.file], {
          cwd: ws.dir,
          env: { ANTHROPIC_API_KEY: TEST_KEY, ANTHROPIC_BASE_URL: server.baseURL },
          timeoutMs: 30_000,
        });
        assertCleanOutcome(loopRun, plan.refusal, 'agent loop');
        if (plan.refusal) assert.equal(server.received.length, before, 'a refused plan costs no request');
        else assert.match(loopRun.stdout, /^# Verify Plan: /m);
      });
    }
  });

  describe('through the language server (child process, stdio)', () => {
    let root: string;
    let client: LspTestClient;
    before(async () => {
      root = await fs.mkdtemp(path.join(os.tmpdir(), 'vp-bad-lsp-'));
      client = await LspTestClient.start({ rootDir: root, childProcess: true });
    });
    after(async () => {
      await client.dispose();
      await fs.rm(root, { recursive: true, force: true });
    });

    for (const plan of BAD_PLANS) {
      it(`${plan.name}: diagnostics and lenses answer within ${LSP_DEADLINE_MS / 1000} s, the server stays up`, async () => {
        const uri = fileUri(root, plan.file);
        await client.open(uri, editorText(plan.bytes()));
        const deadline = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${plan.name}: no answer within ${LSP_DEADLINE_MS} ms`)), LSP_DEADLINE_MS).unref());
        const [diagnostics, lenses] = await Promise.race([Promise.all([client.pull(uri), client.codeLens(uri)]), deadline]);
        assert.ok(Array.isArray(diagnostics));
        assert.ok(lenses === null || Array.isArray(lenses));
        await client.close(uri);
        assert.equal(client.child?.exitCode, null, `the server exited: ${client.stderr.join('')}`);
        assert.doesNotMatch(client.stderr.join(''), STACK_TRACE);
      });
    }
  });

  describe('properties: parser and anchoring', () => {
    const anyText = fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.string({ unit: 'grapheme', maxLength: 300 }), fc.lorem({ maxCount: 60, mode: 'sentences' }));

    it('any text: parsePlan never throws and every range is inside the document', () => {
      fc.assert(
        fc.property(anyText, (text) => assertAllRangesInside(parsePlan(text))),
        { numRuns: 300 },
      );
    });

    it('any quote (random, or cut from the plan): anchorQuote never throws; a found range is inside the document', () => {
      const textAndQuote = anyText.chain((text) =>
        fc.tuple(
          fc.constant(text),
          fc.oneof(
            fc.string({ maxLength: 80 }),
            fc.nat({ max: text.length }).chain((a) => fc.nat({ max: 200 }).map((n) => text.slice(a, a + n))),
          ),
        ),
      );
      fc.assert(
        fc.property(textAndQuote, ([text, quote]) => {
          const plan = parsePlan(text);
          const anchored = anchorQuote(plan, quote);
          if (anchored.found) assertInside(plan, anchored.range, 'anchor');
        }),
        { numRuns: 400 },
      );
    });

    it('a verbatim multi-word quote of a line that occurs once is found on that line', () => {
      const words = fc.array(fc.constantFrom('cache', 'redis', 'batch', 'deploy', 'orders', 'shard', 'retry', 'quota', 'index', 'backfill'), { minLength: 4, maxLength: 8 });
      fc.assert(
        fc.property(fc.array(words, { minLength: 2, maxLength: 12 }), fc.nat(), (lines, pick) => {
          const unique = [...new Set(lines.map((w) => w.join(' ')))];
          const target = unique[pick % unique.length]!;
          // Anchoring matches word sequences across line breaks: only a sequence that occurs once in the whole plan is unambiguous.
          const stream = ` ${unique.join(' ')} `;
          if (stream.indexOf(` ${target} `) !== stream.lastIndexOf(` ${target} `)) return;
          const text = `# Plan\n\n${unique.map((l) => `- ${l}`).join('\n')}\n`;
          const plan = parsePlan(text);
          const anchored = anchorQuote(plan, target);
          assert.ok(anchored.found, `not found: ${target}`);
          assert.equal(plan.lines[anchored.range.startLine], `- ${target}`);
        }),
        { numRuns: 200 },
      );
    });
  });
});
