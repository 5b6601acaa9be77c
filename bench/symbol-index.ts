/**
 * The symbol index's budget on a real repository: `npx tsx bench/symbol-index.ts <folder>` lists the folder (the file
 * index), reads its manifests, builds the symbol index as the language server does (one file at a time, yielding
 * between files) and prints the time, the memory, the skipped files and the longest event-loop stall during the build
 * (what an edit arriving mid-build would wait at most). Run with `node --expose-gc` semantics via NODE_OPTIONS to get
 * the retained heap after a collection.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { WorkspaceFileIndex } from '../src/core/file-index';

async function main(): Promise<void> {
  const folder = process.argv[2];
  if (!folder) throw new Error('usage: tsx bench/symbol-index.ts <folder>');
  const gc = (globalThis as { gc?: () => void }).gc;
  const mb = (n: number): string => `${(n / 1024 / 1024).toFixed(0)} MB`;
  gc?.();
  const before = process.memoryUsage();
  const index = new WorkspaceFileIndex([folder]);
  let t = Date.now();
  await index.start();
  const listMs = Date.now() - t;
  t = Date.now();
  await index.loadManifests();
  const manifestMs = Date.now() - t;
  const manifests = index.manifests();
  const symbols = index.symbols();
  if (!symbols) throw new Error('index not ready');
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  t = Date.now();
  await symbols.start();
  const buildMs = Date.now() - t;
  delay.disable();
  gc?.();
  const after = process.memoryUsage();
  const s = symbols.statistics;
  const rows: Array<[string, string]> = [
    ['files listed (file index)', `${index.size.toLocaleString('en-US')} entries in ${listMs} ms`],
    ['manifests and script files', `${manifests?.counts.read ?? 0} read, ${manifests?.counts.skipped ?? 0} skipped, in ${manifestMs} ms`],
    ['source files indexed', `${s.files.toLocaleString('en-US')} (${s.definitions.toLocaleString('en-US')} definitions)`],
    [
      'skipped',
      `${s.skippedLarge} over the size cap, ${s.skippedSlow} over the parse-time cap (words kept), ${s.skippedUnreadable} unreadable, ${s.skippedOverBudget} over the file budget; ${s.unindexedCodeFiles} code files without a grammar`,
    ],
    ['build time', `${(buildMs / 1000).toFixed(1)} s`],
    ['longest event-loop stall during the build', `${(delay.max / 1e6).toFixed(0)} ms (p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms)`],
    [
      'memory after the build',
      `RSS ${mb(after.rss)} (+${mb(after.rss - before.rss)}), JS heap ${mb(after.heapUsed)} (+${mb(after.heapUsed - before.heapUsed)}), wasm/external ${mb(after.external + after.arrayBuffers)}`,
    ],
  ];
  for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
  index.dispose();
}

void main();
