/**
 * Secrets. The API key reaches the API in its header and
 * nowhere else: not in events (the log), the live state the webview renders,
 * reports, saved state or error messages, even when a gateway echoes the key
 * back in its error bodies. Research tools never send `.env*`, keys, `.git/`
 * internals or git-ignored files to the model: asserted on the bodies the
 * fake API received.
 */
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { defaultConfig } from '../../src/core/config';
import { reduceLive } from '../../src/core/live-state';
import { createAnthropicProvider } from '../../src/core/llm/anthropic';
import { runVerification } from '../../src/core/loop';
import { renderJsonReport, renderMarkdownReport } from '../../src/core/report';
import { createResearchToolbox } from '../../src/core/research';
import type { RunEvent } from '../../src/core/run-types';
import { createFileRunStore } from '../../src/core/store';
import { byRole, FakeAnthropicServer, type FakeReply, type ReceivedRequest } from '../support/fake-anthropic';
import { audit, challenge, challengerOut, quality, reply, researcherOut, resolverOut, synth, unknown, update } from '../support/replies';
import { examplePlan } from '../support/run-harness';
import { TEST_KEY, useCliAgainstFake } from '../cli/run-cli';
import { makeWorkspace, SECRET_MARKERS, type TempWorkspace as ResearchWorkspace } from '../unit/research-fixture';

const KEY = 'sk-ant-api03-RELIABILITY-SECRET-7777-abcdef';

/** A gateway that echoes the key it was sent (some proxies do) in its error bodies. */
function echoingError(status: number, key: string): FakeReply {
  return { kind: 'error', status, message: `upstream rejected x-api-key=${key}`, shouldRetry: false };
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(await fs.readFile(path.join(entry.parentPath, entry.name), 'utf8'));
  }
  return out;
}

function assertNoKey(what: string, text: string, key: string): void {
  assert.ok(!text.includes(key), `the API key appears in ${what}`);
}

describe('reliability: secrets', function () {
  this.timeout(60_000);

  it('core: the key is in no event, live state, report, saved state or failure message — even when the API echoes it', async () => {
    const stateDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vp-secret-'));
    const server = await FakeAnthropicServer.start({
      script: byRole({
        challenger: [reply(challengerOut([challenge({ severity: 'SIGNIFICANT' })], [unknown({ affects_challenge: 'n1' })]))],
        resolver: [echoingError(401, KEY)],
        researcher: [{ kind: 'stream_error', type: 'overloaded_error', message: `overloaded (key ${KEY})`, text: '{"surf' }],
        synthesizer: [reply(synth([update('C1', 'UNRESOLVED')], { quality: quality(6) }))],
        auditor: [echoingError(500, KEY)],
      }),
    });
    const events: RunEvent[] = [];
    try {
      const plan = examplePlan('base-team-rate-limiter');
      const result = await runVerification({
        ...plan,
        workspaceRoot: null,
        provider: createAnthropicProvider({ apiKey: KEY, baseURL: server.baseURL, maxRetries: 0 }),
        config: defaultConfig({ team: 'base', maxIterations: 1 }),
        store: createFileRunStore(stateDir),
        onEvent: (e) => events.push(e),
      });
      assert.ok(result.failures.length >= 2, 'the echoing errors became agent failures');
      assert.ok(
        result.failures.some((f) => f.message.includes('[redacted]')),
        'the echoed key was redacted, not dropped silently',
      );
      let live = null;
      for (const e of events) live = reduceLive(live, e);
      assertNoKey('the events', JSON.stringify(events), KEY);
      assertNoKey('the live state the webview renders', JSON.stringify(live), KEY);
      assertNoKey('the RunResult', JSON.stringify(result), KEY);
      assertNoKey('the Markdown report', renderMarkdownReport(result), KEY);
      assertNoKey('the JSON report', renderJsonReport(result), KEY);
      const saved = await filesUnder(stateDir);
      assert.ok(saved.length >= 2);
      for (const text of saved) assertNoKey('the saved state', text, KEY);
      // Positive control: the key did reach the API, in a header only (its name depends on the SDK version).
      assert.ok(server.received.every((r) => JSON.stringify([r.headers['x-api-key'], r.headers.authorization]).includes(KEY)));
      for (const r of server.received) assertNoKey('a request body', JSON.stringify(r.body), KEY);
    } finally {
      await server.stop();
      await fs.rm(stateDir, { recursive: true, force: true });
    }
  });

  describe('CLI', () => {
    const h = useCliAgainstFake();

    for (const json of [false, true]) {
      it(`${json ? '--json' : 'Markdown'}: stdout, stderr, --out report and the state folder never contain the key`, async () => {
        const { server, ws } = h;
        const planFile = ws.plan('limiter.md', examplePlan('base-team-rate-limiter').planText);
        server.setScript(
          byRole({
            challenger: () => reply(challengerOut([challenge({ severity: 'SIGNIFICANT' })])),
            researcher: () => echoingError(500, TEST_KEY),
            synthesizer: () => echoingError(400, TEST_KEY),
          }),
        );
        const run = await h.cli(['--team', 'base', '--state-dir', 'state', '--out', 'report.out', ...(json ? ['--json'] : []), planFile], { timeoutMs: 30_000 });
        assert.equal(run.code, 3, `agent failures force an exit: ${run.stderr}`);
        assert.ok(
          server.received.some((r) => r.role === 'synthesizer'),
          'the echoing error was served',
        );
        assertNoKey('stdout', run.stdout, TEST_KEY);
        assertNoKey('stderr', run.stderr, TEST_KEY);
        assertNoKey('the --out report', await fs.readFile(path.join(ws.dir, 'report.out'), 'utf8'), TEST_KEY);
        for (const text of await filesUnder(path.join(ws.dir, 'state'))) assertNoKey('the state folder', text, TEST_KEY);
        assert.match(run.stdout, /redacted/, 'the failure message is shown, redacted');
      });
    }
  });

  describe('research tools send no secret to the model', () => {
    let ws: ResearchWorkspace;
    before(async () => {
      ws = await makeWorkspace();
    });
    after(() => ws.cleanup());

    /** Secret paths and tricks the fixture holds (see research-fixture.ts), one tool call each; git_log runs in every run (researcher). */
    const ATTEMPTS: { name: string; input: unknown }[] = [
      ...[
        '.env',
        '.env.production',
        'id_rsa',
        'config/app.pem',
        'config/settings.local.json',
        'secrets/token.txt',
        '.git/config',
        'src/generated/api.gen.ts',
        'link-out.txt',
        'env-link.txt',
        'vault/token.txt',
        'linked-dir-out/secret.txt',
        'docs/relative-out.txt',
        '../outside/secret.txt',
        'big.txt',
        'assets/logo.png',
      ].map((p) => ({ name: 'read_file', input: { path: p } })),
      { name: 'grep', input: { pattern: 'FAKE|SECRET|KEY|BIG-FILE', ignore_case: true } },
      { name: 'grep', input: { pattern: '.', glob: '**/.env*' } },
      { name: 'grep', input: { pattern: 'url', glob: '.git/**' } },
      { name: 'list_files', input: { glob: '**' } },
      { name: 'list_files', input: { dir: 'secrets' } },
    ];

    /** First turn: ask for tools (a slice of the attempts); once tool results are back: the role's JSON. */
    function agent(calls: { name: string; input: unknown }[], answer: FakeReply): (req: ReceivedRequest) => FakeReply {
      return (req) => {
        const hasResults = JSON.stringify(req.body.messages).includes('"tool_result"');
        return hasResults ? answer : { kind: 'tool_use', calls };
      };
    }

    /** One run with a fresh toolbox: the resolver makes `calls` (plus one permitted read), the researcher runs git_log. */
    async function runWithTools(calls: { name: string; input: unknown }[]): Promise<{ bodies: string[]; toolResults: string[] }> {
      const server = await FakeAnthropicServer.start({
        script: byRole({
          challenger: [reply(challengerOut([challenge({ severity: 'SIGNIFICANT' })], [unknown({ affects_challenge: 'n1', type: 'FILE_MISSING' })]))],
          resolver: agent([{ name: 'read_file', input: { path: 'src/db/pool.ts' } }, ...calls], reply(resolverOut([{ id: 'U1', resolution: 'UNRESOLVABLE', finding: 'n/a' }]))),
          researcher: agent([{ name: 'git_log', input: {} }], reply(researcherOut({}))),
          synthesizer: [reply(synth([update('C1', 'UNRESOLVED')], { quality: quality(6) }))],
          auditor: [reply(audit())],
        }),
      });
      try {
        const plan = examplePlan('base-team-rate-limiter');
        const result = await runVerification({
          ...plan,
          workspaceRoot: ws.root,
          provider: createAnthropicProvider({ apiKey: 'test-key', baseURL: server.baseURL, maxRetries: 0 }),
          config: defaultConfig({ team: 'base', maxIterations: 1 }),
          research: createResearchToolbox({ root: ws.root }),
        });
        assert.deepEqual(result.failures, []);
        const toolResults = server.received.flatMap((r) =>
          (r.body.messages as { content: unknown }[])
            .flatMap((m) => (Array.isArray(m.content) ? m.content : []))
            .filter((b: { type?: string }) => b.type === 'tool_result')
            .map((b: { content: unknown }) => JSON.stringify(b.content)),
        );
        return { bodies: server.received.map((r) => JSON.stringify(r.body)), toolResults };
      } finally {
        await server.stop();
      }
    }

    const CHUNK = 5;
    for (let at = 0; at < ATTEMPTS.length; at += CHUNK) {
      const chunk = ATTEMPTS.slice(at, at + CHUNK);
      it(`${chunk.map((c) => `${c.name} ${JSON.stringify(c.input)}`).join(', ')}: no secret marker in any request body`, async () => {
        const { bodies, toolResults } = await runWithTools(chunk);
        for (const body of bodies) {
          for (const marker of SECRET_MARKERS) assert.ok(!body.includes(marker), `a request body carries "${marker}"`);
        }
        assert.ok(toolResults.length >= chunk.length + 2, 'every tool call was answered');
        for (const text of toolResults) assert.doesNotMatch(text, /budget/i, 'each attempt met the policy, not an exhausted budget');
        assert.ok(
          toolResults.some((t) => t.includes('POOL_SIZE')),
          'positive control: a permitted file did reach the model',
        );
      });
    }

    it('the fixture still holds the secrets (so these tests can fail)', async () => {
      assert.match(await fs.readFile(path.join(ws.root, '.env'), 'utf8'), /FAKE-ENV-SECRET/);
      assert.match(await fs.readFile(path.join(ws.root, '.git', 'config'), 'utf8'), /FAKE-GIT-CONFIG/);
    });
  });
});
