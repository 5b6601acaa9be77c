/**
 * Hostile-workspace harness: an attacker prepared the workspace,
 * and a model steered by text in it (prompt injection) asks for crafted tool
 * calls. Each case builds the attack in a temp folder, then drives the REAL
 * CLI (`node dist/cli.js`) against the fake Messages API. The researcher —
 * the role that runs in every run and may use read_file, grep, list_files,
 * git_log and memory_search (seed 002 §9, Modes 2 and 3) — asks for one
 * crafted call per turn, then answers with a valid (empty) researcher JSON,
 * which the prompts allow.
 *
 * What a case can assert from the outcome: every request body the fake
 * received (no secret byte may be in one), each tool call's wall time (from
 * the reply that asked for it to the request carrying its result) and the
 * CLI's resident-memory growth over the call (peak RSS of the child from
 * /proc, sampled when the request arrives), the tool result text the model
 * saw, the exit code and the CLI's output.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { byRole, FakeAnthropicServer, type FakeReply, type ReceivedRequest } from '../support/fake-anthropic';
import { challengerOut, quality, reply, researcherOut, synth } from '../support/replies';
import { runCli, TEST_KEY, type CliRun } from '../cli/run-cli';

export type ToolCall = { name: string; input: unknown };

/**
 * Per-call ceilings of the hostile-workspace budgets ("any single research tool call ≤ 3 s and ≤ 200 MB RSS growth on a 10,000-file repo").
 * The time budget is the CLI's own CPU time for the call (user + system, from /proc): that is the work an attack
 * makes it do, and a busy machine does not inflate it (wall time did, by 20–30 % under `npm run test:stress`).
 * Wall time is printed, and bounded only by `CALL_HANG_MS`, which catches a call that waits instead of working.
 */
export const CALL_BUDGET = { cpuMs: 3000, rssGrowthMb: 200 } as const;
export const CALL_HANG_MS = 30_000;

export const HOSTILE_PLAN = `# Plan: add request logging

## Goal
Log every HTTP request with its duration so slow endpoints can be found.

## Steps
1. Add a logging middleware in src/server/logging.ts. Success: each request writes one log line.
2. Register it in src/server/app.ts before the routes. Success: the integration test sees the line.

## Risks
- Log volume grows with traffic; sample at 10% above 100 requests per second.
`;

export interface ToolOutcome {
  call: ToolCall;
  /** The tool_result content the model received. */
  content: string;
  isError: boolean;
  /** Wall time between the request that made the call and the one that carried its result. */
  ms: number;
  /** The CLI's CPU time (user + system) over the same span; null where /proc is unavailable. */
  cpuMs: number | null;
  rssGrowthMb: number | null;
}

export interface AttackOutcome {
  run: CliRun;
  calls: ToolOutcome[];
  /** Every request body the fake API received, serialised. */
  bodies: string[];
  elapsedMs: number;
}

export interface AttackOptions {
  /** Workspace folder (the CLI's cwd); the plan is written to `.claude/plans/logging.md`. */
  dir: string;
  /** The researcher's crafted calls, one per turn. */
  calls: ToolCall[];
  args?: string[];
  env?: Record<string, string | undefined>;
  timeoutMs?: number;
}

function rssKb(pid: number | undefined, field: 'VmRSS' | 'VmHWM'): number | null {
  if (pid === undefined) return null;
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** CPU time (user + system) a process has used, in ms, from /proc/<pid>/stat (fields 14 and 15, in USER_HZ = 100 ticks/s on Linux). */
function cpuMsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses; the fields after its closing ')' start at field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : null;
  } catch {
    return null;
  }
}

function toolResultsOf(body: ReceivedRequest['body']): { content: string; isError: boolean }[] {
  const messages = (body?.messages ?? []) as { role: string; content: unknown }[];
  const last = messages.at(-1);
  if (!last || last.role !== 'user' || !Array.isArray(last.content)) return [];
  return (last.content as { type?: string; content?: unknown; is_error?: boolean }[])
    .filter((b) => b.type === 'tool_result')
    .map((b) => ({
      content: typeof b.content === 'string' ? b.content : JSON.stringify(b.content),
      isError: b.is_error === true,
    }));
}

/** Runs the CLI on `options.dir` with a researcher that makes `options.calls`, one per turn. */
export async function runAttack(options: AttackOptions): Promise<AttackOutcome> {
  const planFile = path.join(options.dir, '.claude', 'plans', 'logging.md');
  mkdirSync(path.dirname(planFile), { recursive: true });
  writeFileSync(planFile, HOSTILE_PLAN);
  let child: ChildProcess | undefined;
  /** Per researcher request: arrival time, RSS and peak RSS of the CLI at that moment. */
  const samples: { at: number; cpuMs: number | null; rss: number | null; hwm: number | null; results: { content: string; isError: boolean }[] }[] = [];
  const researcher = (req: ReceivedRequest): FakeReply => {
    samples.push({ at: Date.now(), cpuMs: cpuMsOf(child?.pid), rss: rssKb(child?.pid, 'VmRSS'), hwm: rssKb(child?.pid, 'VmHWM'), results: toolResultsOf(req.body) });
    const next = options.calls[samples.length - 1];
    return next ? { kind: 'tool_use', calls: [next] } : reply(researcherOut());
  };
  const server = await FakeAnthropicServer.start({
    script: byRole({
      challenger: () => reply(challengerOut([])),
      researcher,
      synthesizer: () => reply(synth([], { quality: quality(8) })),
    }),
  });
  const started = Date.now();
  try {
    const run = await runCli(['--team', 'base', '--max-iterations', '1', ...(options.args ?? []), planFile], {
      cwd: options.dir,
      env: { ANTHROPIC_API_KEY: TEST_KEY, ANTHROPIC_BASE_URL: server.baseURL, ...options.env },
      timeoutMs: options.timeoutMs ?? 60_000,
      onSpawn: (c) => (child = c),
    });
    const calls: ToolOutcome[] = [];
    for (let i = 0; i + 1 < samples.length && i < options.calls.length; i++) {
      const before = samples[i] as (typeof samples)[number];
      const after = samples[i + 1] as (typeof samples)[number];
      const result = after.results[0] ?? { content: '', isError: true };
      const growth = after.hwm !== null && before.rss !== null ? Math.max(0, after.hwm - before.rss) / 1024 : null;
      const cpuMs = after.cpuMs !== null && before.cpuMs !== null ? after.cpuMs - before.cpuMs : null;
      calls.push({ call: options.calls[i] as ToolCall, ...result, ms: after.at - before.at, cpuMs, rssGrowthMb: growth });
    }
    return { run, calls, bodies: server.received.map((r) => JSON.stringify(r.body)), elapsedMs: Date.now() - started };
  } finally {
    await server.stop();
  }
}

/** Every call was answered within the per-call budget of time and memory. */
export function assertWithinBudget(outcome: AttackOutcome): void {
  assert.ok(outcome.calls.length > 0, `the crafted calls were made (exit ${outcome.run.code}): ${outcome.run.stderr.slice(-2000)}`);
  for (const c of outcome.calls) {
    const what = `${c.call.name} ${JSON.stringify(c.call.input)}`;
    assert.ok(c.cpuMs !== null, `${what}: the CLI's CPU time could not be read from /proc`);
    assert.ok(c.cpuMs <= CALL_BUDGET.cpuMs, `${what} used ${c.cpuMs} ms of CPU (budget ${CALL_BUDGET.cpuMs} ms; wall ${c.ms} ms)`);
    assert.ok(c.ms <= CALL_HANG_MS, `${what} took ${c.ms} ms of wall time (hang bound ${CALL_HANG_MS} ms, CPU ${c.cpuMs} ms)`);
    if (c.rssGrowthMb !== null) {
      assert.ok(c.rssGrowthMb <= CALL_BUDGET.rssGrowthMb, `${c.call.name} grew the CLI's memory by ${c.rssGrowthMb.toFixed(0)} MB (budget ${CALL_BUDGET.rssGrowthMb} MB)`);
    }
  }
}

/** No request body the API received carries any of `secrets`. */
export function assertNoSecret(outcome: AttackOutcome, secrets: readonly string[]): void {
  for (const body of outcome.bodies) {
    for (const secret of secrets) assert.ok(!body.includes(secret), `a request body carries the secret "${secret}"`);
  }
}

/** Figures for the issue's before/after note, printed once per case. */
export function report(title: string, outcome: AttackOutcome): void {
  const calls = outcome.calls.map((c) => `${c.call.name} ${c.ms} ms (CPU ${c.cpuMs ?? '?'} ms)${c.rssGrowthMb === null ? '' : ` +${c.rssGrowthMb.toFixed(0)} MB`}`).join(', ');
  console.log(`      [${title}] exit ${outcome.run.code}, ${outcome.elapsedMs} ms total; ${calls}`);
}

/** A repository-shaped tree of `count` small text files (100 per folder). */
export function populate(dir: string, count: number): void {
  for (let i = 0; i < count; i++) {
    const folder = path.join(dir, 'src', `module${Math.floor(i / 100)}`);
    if (i % 100 === 0) mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, `file${i % 100}.ts`), `export const value${i} = ${i};\n`);
  }
}
