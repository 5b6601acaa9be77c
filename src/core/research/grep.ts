/**
 * Regex search over the confined workspace, shared by the `grep` tool and
 * the grep assertions.
 *
 * A model-written regex is untrusted: it may backtrack catastrophically.
 * Files are read on this thread (through Workspace, so every confinement
 * rule applies) and matched in a short-lived worker thread that is
 * terminated at a deadline; input is bounded per line, per file, in files
 * scanned and in total bytes.
 */
import { Worker } from 'node:worker_threads';
import { compileGlob } from './glob';
import type { WalkOutcome, Workspace } from './workspace';

export interface GrepOptions {
  pattern: string;
  /** Glob over workspace-relative paths (glob.ts); a glob without `/` matches the base name at any depth. */
  glob?: string;
  ignoreCase?: boolean;
  maxResults: number;
  maxFiles?: number;
  maxTotalBytes?: number;
  /** Deadline for the regex worker; by default whatever is left of `GREP_LIMITS.callMs`. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface GrepMatch {
  rel: string;
  line: number;
  text: string;
}

export type GrepResult = { ok: true; matches: GrepMatch[]; filesScanned: number; truncated: boolean; inputCapped: boolean; timedOut: boolean } | { ok: false; message: string };

/**
 * `callMs` bounds a whole call: the walk and reads stop at `walkMs` (the
 * answer then says the search was cut short), the regex gets what is left
 * (at least `minMatchMs`) unless the caller set `timeoutMs`.
 */
export const GREP_LIMITS = { maxFiles: 2000, maxTotalBytes: 8 * 1024 * 1024, maxLineChars: 2000, callMs: 2700, walkMs: 2000, minMatchMs: 250 } as const;

/** Runs in the worker: plain JS, no imports beyond worker_threads, no access to anything but the data posted to it. */
const MATCHER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { pattern, flags, files, maxResults, maxLineChars } = workerData;
const re = new RegExp(pattern, flags);
const matches = [];
let truncated = false;
outer: for (const file of files) {
  const lines = file.text.split(/\\r?\\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].length > maxLineChars ? lines[i].slice(0, maxLineChars) : lines[i];
    if (re.test(line)) {
      if (matches.length >= maxResults) { truncated = true; break outer; }
      matches.push({ rel: file.rel, line: i + 1, text: line });
    }
  }
}
parentPort.postMessage({ matches, truncated });
`;

/** Compiles the pattern or explains why it cannot be used. */
export function compilePattern(pattern: unknown, ignoreCase = false): { ok: true; regex: RegExp } | { ok: false; message: string } {
  if (typeof pattern !== 'string' || pattern === '') return { ok: false, message: 'pattern must be a non-empty string' };
  if (pattern.length > 1000) return { ok: false, message: 'pattern is longer than 1000 characters' };
  try {
    return { ok: true, regex: new RegExp(pattern, ignoreCase ? 'i' : '') };
  } catch (error) {
    return { ok: false, message: `invalid regular expression: ${(error as Error).message}` };
  }
}

export async function grepWorkspace(workspace: Workspace, options: GrepOptions): Promise<GrepResult> {
  const started = Date.now();
  const glob = compileGlob(options.glob);
  if (!glob.ok) return glob;
  const compiled = compilePattern(options.pattern, options.ignoreCase);
  if (!compiled.ok) return compiled;
  const maxFiles = options.maxFiles ?? GREP_LIMITS.maxFiles;
  const maxTotalBytes = options.maxTotalBytes ?? GREP_LIMITS.maxTotalBytes;
  const files: { rel: string; text: string }[] = [];
  let totalBytes = 0;
  let inputCapped = false;
  const outcome: WalkOutcome = {};
  const walkDeadline = started + GREP_LIMITS.walkMs;
  for await (const file of workspace.walk({ dir: '', glob: glob.matcher, maxFiles, signal: options.signal, deadline: walkDeadline, outcome })) {
    if (file.size > workspace.maxFileBytes) continue;
    if (Date.now() > walkDeadline) {
      outcome.stoppedBy = 'deadline';
      break;
    }
    if (totalBytes + file.size > maxTotalBytes) {
      inputCapped = true;
      break;
    }
    const read = await workspace.readWalked(file);
    if (!read.ok) continue;
    totalBytes += file.size;
    files.push({ rel: read.rel, text: read.text });
  }
  if (files.length >= maxFiles) inputCapped = true;
  if (options.signal?.aborted) return { ok: false, message: 'grep cancelled' };
  const matched = await matchInWorker(
    { pattern: options.pattern, flags: options.ignoreCase ? 'i' : '', files, maxResults: options.maxResults, maxLineChars: GREP_LIMITS.maxLineChars },
    options.timeoutMs ?? Math.max(GREP_LIMITS.minMatchMs, started + GREP_LIMITS.callMs - Date.now()),
    options.signal,
  );
  if (!matched.ok) return matched;
  const timedOut = outcome.stoppedBy === 'deadline';
  return { ok: true, matches: matched.matches, filesScanned: files.length, truncated: matched.truncated, inputCapped, timedOut };
}

function matchInWorker(
  data: { pattern: string; flags: string; files: { rel: string; text: string }[]; maxResults: number; maxLineChars: number },
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<{ ok: true; matches: GrepMatch[]; truncated: boolean } | { ok: false; message: string }> {
  return new Promise((resolve) => {
    const worker = new Worker(MATCHER_SOURCE, { eval: true, workerData: data, execArgv: [], resourceLimits: { maxOldGenerationSizeMb: 128 } });
    let settled = false;
    const finish = (result: { ok: true; matches: GrepMatch[]; truncated: boolean } | { ok: false; message: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      resolve(result);
    };
    const onAbort = () => finish({ ok: false, message: 'grep cancelled' });
    const timer = setTimeout(
      () => finish({ ok: false, message: `grep stopped: the pattern ran longer than ${timeoutMs} ms (likely catastrophic backtracking); use a simpler pattern` }),
      timeoutMs,
    );
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (message: { matches: GrepMatch[]; truncated: boolean }) => finish({ ok: true, ...message }));
    worker.once('error', (error) => finish({ ok: false, message: `grep failed: ${error.message}` }));
    worker.once('exit', (code) => finish({ ok: false, message: `grep failed: matcher exited with code ${code}` }));
  });
}
