/**
 * Runs the fault scenario (fault-scenario.ts) once, through the real SDK and
 * the fake API, with faults injected into chosen roles on chosen iterations,
 * and a file run store in a temp folder. Returns everything a test needs to
 * judge the cell; never throws for a fault, only for a broken harness.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AgentRole } from '../../src/core/protocol';
import type { z } from 'zod';
import { defaultConfig, type EngineConfig } from '../../src/core/config';
import { createAnthropicProvider } from '../../src/core/llm/anthropic';
import { runVerification } from '../../src/core/loop';
import type { RunEvent, RunResult } from '../../src/core/run-types';
import { createFileRunStore } from '../../src/core/store';
import { enveloped } from './fake-anthropic-script';
import { FakeAnthropicServer, type FakeReply, type ReceivedRequest } from './fake-anthropic';
import { FAULT_TIMEOUT_MS, HEALTHY_TIMEOUT_MS, resolverReplyFor, SCALED_ONLY, scenarioReply, type FaultSpec } from './fault-scenario';
import { examplePlan } from './run-harness';

export interface Injection {
  role: AgentRole;
  iteration: number;
  fault: FaultSpec;
  /** 'persistent': every request of that call fails; 'transient': only the first request does. */
  mode: 'persistent' | 'transient';
}

export interface CellRun {
  result: RunResult;
  events: RunEvent[];
  received: (ReceivedRequest & { iteration: number })[];
  /** Requests that were answered with an injected fault, per injection index. */
  injected: number[];
  /** The newest run the store holds for the plan after the run, or null. */
  stored: RunResult | null;
  durationMs: number;
}

export interface CellOptions {
  team?: 'base' | 'scaled';
  /** Engine settings on top of the defaults (e.g. a spending cap). */
  config?: Partial<z.input<typeof EngineConfig>>;
  signal?: AbortSignal;
  /** Provider timeout; default FAULT_TIMEOUT_MS when a timeout fault is injected, else HEALTHY_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Called for every request as it arrives, with the iteration it belongs to. */
  onRequest?: (req: ReceivedRequest, iteration: number, server: FakeAnthropicServer) => void;
  /** Changes the scenario's healthy reply to a request (e.g. how much the model thinks, which sets what the call costs). */
  reshape?: (reply: FakeReply, req: ReceivedRequest, index: number) => FakeReply;
  /** Runs after the loop resolved and before the server stops (e.g. to wait for the server to see an abort). */
  beforeStop?: (server: FakeAnthropicServer) => Promise<void>;
}

export async function runFaultCell(injections: Injection[], options: CellOptions = {}): Promise<CellRun> {
  const started = Date.now();
  const team = options.team ?? (injections.some((i) => SCALED_ONLY.includes(i.role)) ? 'scaled' : 'base');
  const plan = examplePlan('base-team-rate-limiter');
  const stateDir = await mkdtemp(path.join(tmpdir(), 'vp-fault-'));
  const store = createFileRunStore(stateDir);
  const received: CellRun['received'] = [];
  const injected = injections.map(() => 0);
  // The loop's phases run in order, so the request of a role belongs to the iteration of the phase that started last.
  let iteration = 1;
  // The auditor runs only when the loop converges: its cells run the converging variant of the scenario.
  const converging = injections.some((i) => i.role === 'auditor');

  let server: FakeAnthropicServer | undefined;
  const script = (req: ReceivedRequest): FakeReply => {
    received.push(Object.assign(req, { iteration }));
    options.onRequest?.(req, iteration, server!);
    const role = req.role;
    if (!role) return { kind: 'error', status: 500, message: 'fault harness: request without a role marker', shouldRetry: false };
    for (const [k, inj] of injections.entries()) {
      if (inj.role !== role || inj.iteration !== iteration) continue;
      if (inj.mode === 'transient' && injected[k]! > 0) continue;
      injected[k]!++;
      return inj.fault.reply;
    }
    const healthy = role === 'resolver' ? resolverReplyFor(req.body) : scenarioReply(role, iteration, converging);
    return options.reshape ? options.reshape(healthy, req, received.length - 1) : healthy;
  };

  server = await FakeAnthropicServer.start({ script: enveloped(script) });
  const events: RunEvent[] = [];
  try {
    const result = await runVerification({
      ...plan,
      workspaceRoot: null,
      provider: createAnthropicProvider({
        apiKey: 'test-key',
        baseURL: server.baseURL,
        maxRetries: 1,
        timeoutMs: options.timeoutMs ?? (injections.some((i) => i.fault.name === 'timeout') ? FAULT_TIMEOUT_MS : HEALTHY_TIMEOUT_MS),
      }),
      config: defaultConfig({ team, ...options.config }),
      store,
      ...(options.signal ? { signal: options.signal } : {}),
      onEvent: (e) => {
        events.push(e);
        if (e.type === 'phase-started') iteration = e.iteration;
      },
    });
    await options.beforeStop?.(server);
    const stored = await store.loadLatest(plan.planPath);
    return { result, events, received, injected, stored, durationMs: Date.now() - started };
  } finally {
    await server.stop();
    await rm(stateDir, { recursive: true, force: true });
  }
}

/** Runs `tasks` with at most `limit` in flight; results in input order. */
export async function inPool<T, R>(tasks: T[], limit: number, run: (task: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const k = next++;
      results[k] = await run(tasks[k]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}
