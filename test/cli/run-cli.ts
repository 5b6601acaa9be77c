/**
 * Spawns the built CLI (`node dist/cli.js`) as a child process, the way a
 * user or a CI step runs it, and collects its output and exit code.
 *
 * A suite that runs the CLI against the fake Messages API uses
 * `useCliAgainstFake()` (the one harness for test/cli, test/reliability and
 * test/hostile): it builds the CLI once and gives each test a fresh fake
 * server, a fresh temp workspace and `cli()` with a test key.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AssertionDraft } from '../../src/core/protocol';
import { byRole, FakeAnthropicServer, sequence, type FakeServerOptions } from '../support/fake-anthropic';
import { TEST_STATE_KEY } from '../support/state-key';
import { audit, challenge, challengerOut, planEvidence, quality, reply, researcherOut, synth, update } from '../support/replies';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const CLI = path.join(REPO_ROOT, 'dist', 'cli.js');
/** A distinctive key, so a test can prove it never appears in any output. */
export const TEST_KEY = 'sk-ant-test-DO-NOT-PRINT-4242';

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  cwd: string;
  env?: Record<string, string | undefined>;
  /** Called once the child is running, e.g. to send it SIGINT at the right moment. */
  onSpawn?: (child: ChildProcess) => void;
  timeoutMs?: number;
  /** Written to the child's stdin, which is then closed (empty when not given). */
  input?: string;
}

/** Builds dist/cli.js when it is missing (npm test builds it first). */
export function ensureBuilt(): void {
  if (existsSync(CLI)) return;
  const r = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (r.status !== 0 || !existsSync(CLI)) throw new Error('could not build dist/cli.js');
}

let userConfig: string | null = null;
/**
 * A config folder of the test process holding a user's state key
 * (src/cli/state-key.ts), so the CLI under test reads the run state it wrote,
 * as on a user's machine, and never touches the developer's own ~/.config.
 * A test of "no user key" passes its own XDG_CONFIG_HOME.
 */
export function testUserConfig(): string {
  if (userConfig) return userConfig;
  const dir = mkdtempSync(path.join(tmpdir(), 'vp-user-config-'));
  mkdirSync(path.join(dir, 'verify-plan'), { mode: 0o700 });
  writeFileSync(path.join(dir, 'verify-plan', 'state-key'), `${TEST_STATE_KEY.toString('hex')}\n`, { mode: 0o600 });
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  userConfig = dir;
  return dir;
}

/** An environment without the developer's real key or CI settings leaking in. */
export function cleanEnv(extra: Record<string, string | undefined> = {}): Record<string, string> {
  const env: Record<string, string | undefined> = { PATH: process.env.PATH, HOME: process.env.HOME, XDG_CONFIG_HOME: testUserConfig(), CI: 'true', NO_COLOR: '1', ...extra };
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
}

export function runCli(args: string[], options: CliOptions): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: options.cwd, env: cleanEnv(options.env), stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdin.end(options.input ?? '');
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`verify-plan ${args.join(' ')} did not exit within ${options.timeoutMs ?? 20000} ms\nstderr:\n${stderr}`));
    }, options.timeoutMs ?? 20000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    options.onSpawn?.(child);
  });
}

/** A temporary workspace; `plan()` writes `.claude/plans/<name>` with an explicit mtime. */
export class TempWorkspace {
  readonly dir = mkdtempSync(path.join(tmpdir(), 'vp-cli-'));

  file(rel: string, text: string, mtimeSeconds?: number): string {
    const full = path.join(this.dir, rel);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
    if (mtimeSeconds !== undefined) utimesSync(full, mtimeSeconds, mtimeSeconds);
    return full;
  }

  plan(name: string, text: string, mtimeSeconds?: number): string {
    return this.file(path.join('.claude', 'plans', name), text, mtimeSeconds);
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The plan the CLI end-to-end tests verify: three steps, each with a success criterion, and a risks section (no static finding). */
export const SESSIONS_PLAN = `# Plan: keep sessions across restarts

## Goal
Persist user sessions so a deploy does not log everyone out.

## Steps
1. Add a Redis client in src/session/store.ts. Success: the unit tests for the store pass.
2. Replace the in-memory map in src/server.ts with the Redis store. Success: a session survives a restart.
3. Document the new REDIS_URL setting in docs/deploy.md. Success: the deploy guide lists it.

## Risks
- A Redis outage logs users out; fall back to read-only mode.
`;

/** SESSIONS_PLAN with step 3's criterion replaced by a dependency on a step that does not exist (a static error-level finding). */
export const SESSIONS_PLAN_DANGLING = SESSIONS_PLAN.replace('Success: the deploy guide lists it.', 'Depends on: step 7.');

/** A passage of SESSIONS_PLAN the scripted challenges quote (step 2). */
export const SESSIONS_QUOTE = 'Replace the in-memory map';
/** SESSIONS_PLAN's own answer to the outage concern: the ground a settlement needs (seed 002 §6). */
export const SESSIONS_FALLBACK = planEvidence('A Redis outage logs users out; fall back to read-only mode.');

/**
 * A PROCEED run of SESSIONS_PLAN in one iteration: one SIGNIFICANT challenge
 * on SESSIONS_QUOTE (carrying `assertions`), resolved on SESSIONS_FALLBACK.
 * `beforeAudit` runs when the auditor is asked, i.e. late in the run, after
 * the first state save.
 */
export function proceedScript(assertions: AssertionDraft[] = [], beforeAudit: () => void = () => undefined) {
  return byRole({
    challenger: sequence([reply(challengerOut([challenge({ quote: SESSIONS_QUOTE, severity: 'SIGNIFICANT', assertions })]))], reply(challengerOut([]))),
    researcher: () => reply(researcherOut()),
    synthesizer: () => reply(synth([update('C1', 'RESOLVED', 'The plan falls back to read-only mode', [SESSIONS_FALLBACK])], { quality: quality(8) })),
    auditor: () => {
      beforeAudit();
      return reply(audit());
    },
  });
}

/** What a test sees of `useCliAgainstFake()`; the fields are fresh for each test (read them inside `it`). */
export interface CliAgainstFake {
  /** The fake Messages API this test's CLI talks to (no script until the test sets one). */
  readonly server: FakeAnthropicServer;
  /** This test's temp workspace; the CLI's working folder. */
  readonly ws: TempWorkspace;
  /** ANTHROPIC_API_KEY = TEST_KEY and ANTHROPIC_BASE_URL = the fake server. */
  keyedEnv: () => Record<string, string>;
  /** The built CLI in the workspace with `keyedEnv()`; `extra` overrides any option (an `env` there replaces the keyed one). */
  cli: (args: string[], extra?: Partial<CliOptions>) => Promise<CliRun>;
}

export interface CliAgainstFakeOptions {
  /** Options of each test's fake server. */
  server?: FakeServerOptions;
  /** Runs before each test once the server and workspace exist (write plans, git init…). */
  prepare?: (h: CliAgainstFake) => void | Promise<void>;
}

/**
 * Registers the mocha hooks of a CLI-against-fake suite in the calling
 * `describe`: build dist/cli.js once; before each test a new fake server and
 * temp workspace; after each, both disposed (the server stopped, so a hung
 * request never outlives its test).
 */
export function useCliAgainstFake(options: CliAgainstFakeOptions = {}): CliAgainstFake {
  let current: { server: FakeAnthropicServer; ws: TempWorkspace } | undefined;
  const now = () => {
    if (!current) throw new Error('useCliAgainstFake: read server/ws inside a test or hook, not while the suite is declared');
    return current;
  };
  const h: CliAgainstFake = {
    get server() {
      return now().server;
    },
    get ws() {
      return now().ws;
    },
    keyedEnv: () => ({ ANTHROPIC_API_KEY: TEST_KEY, ANTHROPIC_BASE_URL: now().server.baseURL }),
    cli: (args, extra = {}) => runCli(args, { cwd: now().ws.dir, env: h.keyedEnv(), ...extra }),
  };
  before(() => ensureBuilt());
  beforeEach(async () => {
    current = { server: await FakeAnthropicServer.start(options.server), ws: new TempWorkspace() };
    await options.prepare?.(h);
  });
  afterEach(async () => {
    const done = current;
    current = undefined;
    if (!done) return;
    try {
      await done.server.stop();
    } finally {
      done.ws.dispose();
    }
  });
  return h;
}
