/**
 * Language-server benchmark (not a test): per-edit cost of static checks on
 * generated plans of 200, 2,000 and 20,000 lines. Prints one table and
 * writes nothing else.
 *
 *   server ms  — the longest time one edit holds the server: the server's work
 *                per edit (apply the incremental change, parse, run the rules,
 *                build the LSP diagnostics) runs as on the diagnostics path,
 *                a slice at a time with the event loop turning between slices
 *                (after the parse and after each rule; DocumentAnalyzer.
 *                analyzeInSlices), and this is the longest slice: the time
 *                the server is blocked.
 *   work ms    — (second table) all slices of the edit together, wall time
 *                and process CPU time (CPU: what it costs without other
 *                processes competing for the cores; wall time on a busy
 *                machine includes waiting for a core), and the CPU time of
 *                the longest slice.
 *   LSP ms     — the same edit end to end over an in-process JSON-RPC
 *                connection: didChange → textDocument/diagnostic response.
 *   heap MB    — V8 heap in use after the run, with the document open.
 *
 * Targets: median ≤ 10 ms at 2,000 lines; no edit blocking the server
 * > 50 ms at 20,000. Run: npm run bench:lsp
 */
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { fileUri, LspTestClient } from '../test/support/lsp-test-client';
import { DocumentAnalyzer } from '../src/server/document-analyzer';
import { WorkspaceFileIndex } from '../src/core/file-index';
import { toDiagnostic } from '../src/server/lsp-convert';
import { DEFAULT_SETTINGS } from '../src/server/settings';

const SIZES = [200, 2_000, 20_000];
const EDITS: Record<number, number> = { 200: 300, 2_000: 300, 20_000: 60 };

/** Deterministic PRNG so runs are comparable. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A realistic plan: phases of heading steps with files, dependencies, criteria, the odd TBD and dangling id. */
export function generatePlan(lines: number): string {
  const out = [
    '# Plan: generated migration',
    '',
    '## Goal',
    '',
    'Move every service to the new queue without downtime.',
    '',
    '## Context',
    '',
    'The old queue is deprecated; see `src/queue/legacy.ts`.',
    '',
  ];
  let step = 1;
  let wave = 1;
  while (out.length < lines - 8) {
    if (step % 20 === 1) out.push(`## Services ${step}–${step + 19} (wave ${wave++})`, '');
    out.push(`### Step ${step}: migrate service ${step}`, '');
    out.push(`Update \`src/services/svc${step % 40}/handler.ts\` and the consumer in src/queue/consumer${step % 7}.ts.`);
    if (step > 1) out.push(`- Depends on: Step ${step % 97 === 0 ? step + 5000 : step - 1}`);
    if (step % 13 !== 0) out.push(`- Success criteria: service ${step} drains its backlog in staging${step % 31 === 0 ? ', timing TBD' : ''}`);
    out.push('');
    step++;
  }
  out.push('## Risks and rollback', '', '- Messages lost during cut-over: dual-write for one day.', '- Rollback: switch the flag back to the legacy queue.');
  return `${out.slice(0, lines).join('\n')}\n`;
}

function stats(samples: number[]): { median: number; p95: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { median: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] ?? 0 };
}

/** Every file the generated plans name exists, except one service (so missing-file has work to do). */
async function workspace(): Promise<string> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'vp-bench-'));
  for (let i = 1; i < 40; i++) {
    await fs.mkdir(path.join(root, `src/services/svc${i}`), { recursive: true });
    await fs.writeFile(path.join(root, `src/services/svc${i}/handler.ts`), '');
  }
  await fs.mkdir(path.join(root, 'src/queue'), { recursive: true });
  for (let i = 0; i < 7; i++) await fs.writeFile(path.join(root, `src/queue/consumer${i}.ts`), '');
  await fs.writeFile(path.join(root, 'src/queue/legacy.ts'), '');
  return root;
}

interface EditTimes {
  /** Longest slice per edit, wall ms. */
  samples: number[];
  /** All slices per edit, wall ms. */
  work: number[];
  /** All slices per edit, process CPU ms. */
  cpu: number[];
  /** Longest slice per edit, process CPU ms. */
  sliceCpu: number[];
}

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** The server's per-edit path as the diagnostics request runs it, each slice timed directly. */
async function serverSide(root: string, text: string, edits: number): Promise<EditTimes> {
  const index = new WorkspaceFileIndex([root]);
  await index.start();
  const analyzer = new DocumentAnalyzer({
    lookup: (p, r) => index.lookup(p, r),
    manifests: () => index.manifests(),
    symbolFacts: (p) => index.symbolFacts(p),
    indexGeneration: () => index.generation,
    settings: () => DEFAULT_SETTINGS,
    settingsGeneration: () => 0,
    log: () => undefined,
  });
  const uri = fileUri(root, 'plan.md');
  let document = TextDocument.create(uri, 'markdown', 1, text);
  void analyzer.analyze(document).findings;
  const next = random(7);
  const times: EditTimes = { samples: [], work: [], cpu: [], sliceCpu: [] };
  for (let v = 2; v < edits + 2; v++) {
    const line = Math.floor(next() * document.lineCount);
    const slices: number[] = [];
    const slicesCpu: number[] = [];
    let sliceStart = performance.now();
    let sliceCpuStart = cpuMs();
    const endSlice = () => {
      slices.push(performance.now() - sliceStart);
      slicesCpu.push(cpuMs() - sliceCpuStart);
    };
    const pause = async () => {
      endSlice();
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
      sliceCpuStart = cpuMs();
    };
    document = TextDocument.update(document, [{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: 'x' }], v);
    const analysis = await analyzer.analyzeInSlices(document, pause, () => true);
    if (!analysis) throw new Error('the analysis stopped without a newer version');
    analysis.findings.map((f) => toDiagnostic(f, 'file:///README.md', analysis.bomOffset));
    endSlice();
    times.samples.push(Math.max(...slices));
    times.work.push(slices.reduce((a, b) => a + b, 0));
    times.cpu.push(slicesCpu.reduce((a, b) => a + b, 0));
    times.sliceCpu.push(Math.max(...slicesCpu));
  }
  index.dispose();
  return times;
}

/** The same edits end to end through the LSP connection. */
async function overLsp(root: string, text: string, edits: number): Promise<{ samples: number[]; heapMb: number }> {
  const client = await LspTestClient.start({ rootDir: root });
  await client.waitForIndex();
  const uri = fileUri(root, 'plan.md');
  await client.open(uri, text);
  await client.pull(uri);
  const next = random(11);
  const lineCount = text.split('\n').length;
  const samples: number[] = [];
  for (let v = 2; v < edits + 2; v++) {
    const line = Math.floor(next() * lineCount);
    const started = performance.now();
    await client.change(uri, v, [{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: 'x' }]);
    await client.pull(uri);
    samples.push(performance.now() - started);
  }
  (globalThis as { gc?: () => void }).gc?.();
  const heapMb = process.memoryUsage().heapUsed / 2 ** 20;
  await client.dispose();
  return { samples, heapMb };
}

async function main(): Promise<void> {
  const root = await workspace();
  const rows: string[] = [];
  const pad = (s: string, n: number) => s.padStart(n);
  // Two tables: bench/editor-figures.ts parses the first one's layout; keep it.
  rows.push(
    `${pad('lines', 7)} ${pad('edits', 6)} │ ${pad('server ms: median', 17)} ${pad('p95', 7)} ${pad('max', 7)} │ ${pad('LSP ms: median', 14)} ${pad('p95', 7)} ${pad('max', 7)} │ ${pad('heap MB', 8)}`,
  );
  const cpuRows = [
    `${pad('lines', 7)} ${pad('edits', 6)} │ ${pad('work ms: median', 15)} ${pad('p95', 7)} ${pad('max', 7)} │ ${pad('work CPU ms: median', 19)} ${pad('p95', 7)} ${pad('max', 7)} │ ${pad('longest slice CPU ms: median', 28)} ${pad('p95', 7)} ${pad('max', 7)}`,
  ];
  for (const size of SIZES) {
    const text = generatePlan(size);
    const edits = EDITS[size] ?? 100;
    const side = await serverSide(root, text, edits);
    const server = stats(side.samples);
    const cpu = stats(side.cpu);
    const work = stats(side.work);
    const sliceCpu = stats(side.sliceCpu);
    const lsp = await overLsp(root, text, edits);
    const l = stats(lsp.samples);
    const three = (s: { median: number; p95: number; max: number }, width: number) => `${pad(s.median.toFixed(2), width)} ${pad(s.p95.toFixed(2), 7)} ${pad(s.max.toFixed(2), 7)}`;
    cpuRows.push(`${pad(size.toLocaleString('en-US'), 7)} ${pad(String(edits), 6)} │ ${three(work, 15)} │ ${three(cpu, 19)} │ ${three(sliceCpu, 28)}`);
    const f = (n: number) => n.toFixed(2);
    rows.push(
      `${pad(size.toLocaleString('en-US'), 7)} ${pad(String(edits), 6)} │ ${pad(f(server.median), 17)} ${pad(f(server.p95), 7)} ${pad(f(server.max), 7)} │ ${pad(f(l.median), 14)} ${pad(f(l.p95), 7)} ${pad(f(l.max), 7)} │ ${pad(lsp.heapMb.toFixed(1), 8)}`,
    );
  }
  await fs.rm(root, { recursive: true, force: true });
  process.stdout.write(`${rows.join('\n')}\n\n${cpuRows.join('\n')}\n`);
}

if (require.main === module)
  main().catch((error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  });
