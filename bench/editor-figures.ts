/**
 * Editor latency figures: the language-server bench (bench/lsp-bench.ts,
 * run as its own process so its heap figure is its own) and the real-VS-Code
 * metrics written by test/vscode/metrics.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod';

export interface LspRow {
  lines: number;
  edits: number;
  server: { median: number; p95: number; max: number };
  lsp: { median: number; p95: number; max: number };
  heapMb: number;
  /** From the second table: all slices of an edit together (wall and CPU), and the CPU time of the longest slice. */
  work?: { median: number; p95: number; max: number };
  workCpu?: { median: number; p95: number; max: number };
  sliceCpu?: { median: number; p95: number; max: number };
}

export type LspFigures = { ok: true; rows: LspRow[] } | { ok: false; problem: string };

const ROW = /^\s*([\d,]+)\s+(\d+)\s+│\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+│\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+│\s+([\d.]+)\s*$/;

const THREE = String.raw`\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+`;
const WORK_ROW = new RegExp(String.raw`^\s*([\d,]+)\s+(\d+)\s+│${THREE}│${THREE}│${THREE.replace(/\\s\+$/, '')}\s*$`);

/** Parses lsp-bench's tables; rows it cannot read are skipped. */
export function parseLspTable(stdout: string): LspRow[] {
  const rows: LspRow[] = [];
  for (const line of stdout.split('\n')) {
    const w = WORK_ROW.exec(line);
    if (w) {
      const n = w.slice(1).map((v) => Number(v.replace(/,/g, '')));
      const row = rows.find((r) => r.lines === n[0]);
      const three = (at: number) => ({ median: n[at]!, p95: n[at + 1]!, max: n[at + 2]! });
      if (row) Object.assign(row, { work: three(2), workCpu: three(5), sliceCpu: three(8) });
      continue;
    }
    const m = ROW.exec(line);
    if (!m) continue;
    const n = m.slice(1).map((v) => Number(v.replace(/,/g, '')));
    rows.push({ lines: n[0]!, edits: n[1]!, server: { median: n[2]!, p95: n[3]!, max: n[4]! }, lsp: { median: n[5]!, p95: n[6]!, max: n[7]! }, heapMb: n[8]! });
  }
  return rows;
}

export function runLspBench(repoRoot: string): LspFigures {
  const r = spawnSync(path.join(repoRoot, 'node_modules', '.bin', 'tsx'), [path.join(repoRoot, 'bench', 'lsp-bench.ts')], { cwd: repoRoot, encoding: 'utf8', timeout: 150_000 });
  if (r.status !== 0) return { ok: false, problem: `lsp-bench exited ${r.status ?? r.signal}: ${(r.stderr ?? '').trim().split('\n').slice(-1)[0] ?? ''}` };
  const rows = parseLspTable(r.stdout);
  return rows.length ? { ok: true, rows } : { ok: false, problem: 'lsp-bench printed no table rows' };
}

/** What test/vscode/metrics.test.ts writes to test-output/vscode/metrics.json. */
export const VscodeMetrics = z.object({
  vscodeVersion: z.string(),
  measuredAt: z.string(),
  activationMs: z.number().nullable(),
  activationSource: z.string(),
  firstProgressMs: z.array(z.number()),
  firstProgressMedianMs: z.number().nullable(),
  /** The extension host's CPU time over each first-progress interval. */
  firstProgressCpuMs: z.array(z.number()).optional(),
  /** From the same start to the engine's first event (the assessment), and the extension host's CPU time over it. */
  engineProgressMs: z.array(z.number()).optional(),
  engineProgressCpuMs: z.array(z.number()).optional(),
  bundle: z.enum(['development', 'production']).optional(),
  loadAverage: z.number().optional(),
  cores: z.number().optional(),
});
export type VscodeMetrics = z.infer<typeof VscodeMetrics>;

/** Where the metrics phase writes for each tested host (scripts/run-vscode-tests.mjs: the minimum host, then the others by version). */
export const METRICS_HOSTS = [
  { host: '4.96.4', folder: 'vscode' },
  { host: '4.100.3', folder: 'vscode-1.100.3' },
] as const;

export function readVscodeMetrics(repoRoot: string, folder = 'vscode'): { ok: true; metrics: VscodeMetrics } | { ok: false; problem: string } {
  const file = path.join(repoRoot, 'test-output', folder, 'metrics.json');
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch {
    return { ok: false, problem: 'not measured — run npm run test:vscode -- --phases metrics' };
  }
  try {
    const parsed = VscodeMetrics.safeParse(JSON.parse(raw));
    return parsed.success ? { ok: true, metrics: parsed.data } : { ok: false, problem: `metrics.json does not match its schema: ${parsed.error.issues[0]?.message ?? ''}` };
  } catch {
    return { ok: false, problem: 'metrics.json is not JSON' };
  }
}
