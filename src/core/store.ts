/**
 * File-backed RunStore: every run's full state, one folder per plan.
 *
 *   <dir>/<key>/<startedAt>-<runId>.json   one file per run (re-saved as it progresses)
 *   <dir>/<key>/latest.json                copy of the newest save, for quick readers
 *
 * key = first 16 hex of sha256(absolute plan path). Writes are atomic (temp
 * file in the same folder, fsync, rename), so a crash leaves either the old
 * or the new file, never half of one. Readers validate with the RunResult
 * schema and skip anything corrupt, partial or foreign — each such file is
 * reported to `onUnreadable` (which file, why — never its content), never
 * dropped in silence. The newest 20 runs per plan are kept.
 *
 * Stored state is input too (a repository can ship `.verify-plan/`): each
 * run file carries an HMAC keyed by the user's state key
 * (state-integrity.ts), and a file without a valid one is ignored. Run
 * files are read through readConfinedFile below the state folder (no link,
 * regular file, size cap). Without `key` the store makes a key of its own
 * for this process: it trusts what it wrote itself and nothing found on
 * disk. `readStored: false` (CI without a user key) reads nothing stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { readConfinedFile } from './research/confined-read';
import { RunResult } from './run-types';
import { keyLoader, openSealedRun, sealRun, type StateKeySource } from './state-integrity';

/** Persists run results; implementations write atomically (temp file + rename). */
export interface RunStore {
  /** Saves the (possibly partial) result; returns where it went. */
  save(result: RunResult): Promise<string>;
  /** The most recent saved result for this plan, or null. Corrupt files are skipped, never thrown. */
  loadLatest(planPath: string): Promise<RunResult | null>;
}

export const RUNS_KEPT_PER_PLAN = 20;
const LATEST = 'latest.json';
const RUN_FILE = /^\d{4}-\d{2}-\d{2}T[\w.-]+\.json$/;
const MAX_RUN_FILE_BYTES = 64 * 1024 * 1024;
/** Upper bound on the run files (by size on disk) whose parsed form a store keeps. */
const MAX_PARSED_CACHE_BYTES = 128 * 1024 * 1024;

export interface FileRunStore extends RunStore {
  readonly dir: string;
  /** Folder holding this plan's runs. */
  folderFor(planPath: string): string;
  /** Valid runs of this plan, newest first. */
  loadHistory(planPath: string, limit?: number): Promise<RunResult[]>;
  /** The newest valid run of every plan in the store, newest first (for memory_search across plans). */
  loadAllLatest(limit?: number): Promise<RunResult[]>;
}

/** Storage key of a plan: stable for the same absolute path. */
export function planKey(planPath: string): string {
  return createHash('sha256').update(path.resolve(planPath)).digest('hex').slice(0, 16);
}

/** File name for a run; sortable by start time and safe on every file system. */
export function runFileName(result: Pick<RunResult, 'startedAt' | 'runId'>): string {
  const stamp = result.startedAt.replace(/[^\w.-]/g, '-');
  const id = result.runId.replace(/[^\w.-]/g, '_').slice(0, 80);
  return `${stamp}-${id}.json`;
}

/**
 * Run state is never meant for version control: the state folder carries its
 * own `.gitignore` ("*"), written once and never overwritten.
 */
export async function ensureIgnoredByGit(root: string): Promise<void> {
  await fs.writeFile(path.join(root, '.gitignore'), '*\n', { flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
}

export interface FileRunStoreOptions {
  /** A stored run that exists but cannot be used: too large, not JSON, not a run, no valid tag, unreadable. */
  onUnreadable?: (file: string, reason: string) => void;
  /** The user's state key (bytes or a loader); omitted: a key of this process only. */
  key?: StateKeySource;
  /** false: never read stored runs (saving still works). Default true. */
  readStored?: boolean;
}

export function createFileRunStore(dir: string, options: FileRunStoreOptions = {}): FileRunStore {
  const root = path.resolve(dir);
  const key = keyLoader(options.key);
  const readStored = options.readStored ?? true;
  const readRun = async (file: string) => (readStored ? readRunFile(file, root, await key(), options.onUnreadable) : null);
  const folderFor = (planPath: string) => path.join(root, planKey(planPath));

  const runFilesNewestFirst = async (folder: string): Promise<string[]> => {
    const names = await fs.readdir(folder).catch(() => [] as string[]);
    return names
      .filter((n) => RUN_FILE.test(n))
      .sort()
      .reverse();
  };

  /**
   * Parsed runs by file, keyed on (mtime, size): memory_search asks for the
   * same runs on every call, and a run file can be up to 64 MB, so each file
   * is parsed once while it stays unchanged. Bounded by the total size of
   * the files held (oldest first out).
   */
  const parsed = new Map<string, { mtimeMs: number; size: number; run: RunResult | null }>();
  let parsedBytes = 0;
  const readCached = async (file: string): Promise<RunResult | null> => {
    if (!readStored) return null;
    const stats = await fs.lstat(file).catch(() => null);
    if (!stats) return null;
    if (!stats.isFile()) return readRun(file); // refused with a note that names it
    const hit = parsed.get(file);
    if (hit && hit.mtimeMs === stats.mtimeMs && hit.size === stats.size) return hit.run;
    const run = await readRun(file);
    if (hit) parsedBytes -= hit.size;
    parsed.delete(file);
    parsed.set(file, { mtimeMs: stats.mtimeMs, size: stats.size, run });
    parsedBytes += stats.size;
    for (const [key, entry] of parsed) {
      if (parsedBytes <= MAX_PARSED_CACHE_BYTES || key === file) break;
      parsed.delete(key);
      parsedBytes -= entry.size;
    }
    return run;
  };

  const loadHistory = async (planPath: string, limit = RUNS_KEPT_PER_PLAN): Promise<RunResult[]> => {
    const folder = folderFor(planPath);
    const runs: RunResult[] = [];
    for (const name of await runFilesNewestFirst(folder)) {
      const run = await readCached(path.join(folder, name));
      if (run) runs.push(run);
      if (runs.length >= limit) break;
    }
    return runs;
  };

  return {
    dir: root,
    folderFor,
    loadHistory,

    async save(result) {
      const valid = RunResult.parse(result);
      const folder = folderFor(valid.planPath);
      await refuseLinks(root, folder);
      await makeFolders(folder);
      await ensureIgnoredByGit(root);
      const json = sealRun(valid, await key());
      const target = path.join(folder, runFileName(valid));
      await writeAtomic(target, json);
      await writeAtomic(path.join(folder, LATEST), json);
      await prune(folder, await runFilesNewestFirst(folder));
      return target;
    },

    async loadLatest(planPath) {
      const [newest] = await loadHistory(planPath, 1);
      if (newest) return newest;
      return readRun(path.join(folderFor(planPath), LATEST));
    },

    async loadAllLatest(limit = 50) {
      if (!readStored) return [];
      const entries = await fs.readdir(root, { withFileTypes: true }).catch(() => []);
      const runs: RunResult[] = [];
      for (const entry of entries) {
        if (!entry.isDirectory() || !/^[0-9a-f]{16}$/.test(entry.name)) continue;
        const folder = path.join(root, entry.name);
        for (const name of await runFilesNewestFirst(folder)) {
          const run = await readCached(path.join(folder, name));
          if (run) {
            runs.push(run);
            break;
          }
        }
      }
      return runs.sort((a, b) => (a.startedAt < b.startedAt ? 1 : a.startedAt > b.startedAt ? -1 : 0)).slice(0, limit);
    },
  };
}

/**
 * A valid RunResult or null; never throws. A file that exists but is unusable
 * goes to `onUnreadable` with the reason, which never quotes the file (a run
 * file can be a link to anything, and the reason may land in a public CI log).
 */
async function readRunFile(file: string, root: string, key: Buffer, onUnreadable: FileRunStoreOptions['onUnreadable']): Promise<RunResult | null> {
  const unusable = (reason: string) => {
    onUnreadable?.(file, reason);
    return null;
  };
  const read = await readConfinedFile(file, { maxBytes: MAX_RUN_FILE_BYTES, singleLink: false, root });
  if (!read.ok) return read.rule === 'not-found' ? null : unusable(`${read.detail}; a stored run must be a regular file inside the state folder`);
  let json: unknown;
  try {
    json = JSON.parse(read.buffer.toString('utf8'));
  } catch {
    return unusable('not valid JSON');
  }
  const sealed = openSealedRun(json, key);
  if (sealed === null) return unusable('no valid authentication tag: not written by Verify Plan for this user (copied, committed or edited), so it is ignored');
  const parsed = RunResult.safeParse(sealed);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  return unusable(`not a Verify Plan run (${issue ? `${issue.path.join('.') || 'top level'}: ${issue.message}` : 'schema mismatch'})`);
}

/**
 * A cloned repository can ship `.verify-plan` (or a plan's folder inside it)
 * as a symbolic link, so that run files and the `.gitignore` land outside the
 * workspace. Nothing is written through a link: the state folder and every
 * folder below it down to `folder` must be real folders (or not exist yet).
 */
export async function refuseLinks(root: string, folder: string): Promise<void> {
  const relative = path.relative(root, folder);
  const parts = relative === '' ? [] : relative.split(path.sep);
  let current = root;
  for (let i = 0; i <= parts.length; i++) {
    const stats = await fs.lstat(current).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (!stats) return;
    if (stats.isSymbolicLink()) {
      throw Object.assign(
        new Error(
          `${current} is a symbolic link; run state is never written through a link (a repository can ship one to send files elsewhere). Remove the link or choose another state folder.`,
        ),
        {
          code: 'ELINK',
        },
      );
    }
    if (i < parts.length) current = path.join(current, parts[i]!);
  }
}

/**
 * mkdir -p without `{ recursive: true }`: Node's recursive mkdir never
 * returns under /proc (it retries ENOENT forever), so a state folder there —
 * or a `.verify-plan` symlink into it — would hang the run. Each missing
 * folder is one plain mkdir, at most 64 levels; any refusal is thrown.
 */
export async function makeFolders(dir: string): Promise<void> {
  const missing: string[] = [];
  for (let current = dir; missing.length < 64; current = path.dirname(current)) {
    const stats = await fs.stat(current).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (stats) {
      if (!stats.isDirectory()) throw Object.assign(new Error(`ENOTDIR: ${current} is not a folder`), { code: 'ENOTDIR' });
      break;
    }
    missing.push(current);
    if (path.dirname(current) === current) break;
  }
  for (const folder of missing.reverse()) {
    await fs.mkdir(folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  }
}

/** Temp file in the same folder (same file system, so rename is atomic), fsync, rename, then fsync the folder. */
export async function writeAtomic(target: string, data: string): Promise<void> {
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await fs.open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(data, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.rename(temp, target);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
  // Directory fsync makes the rename durable; not every platform allows opening a directory.
  const dirHandle = await fs.open(path.dirname(target), 'r').catch(() => null);
  if (dirHandle) {
    await dirHandle.sync().catch(() => undefined);
    await dirHandle.close();
  }
}

async function prune(folder: string, newestFirst: string[]): Promise<void> {
  for (const name of newestFirst.slice(RUNS_KEPT_PER_PLAN)) {
    await fs.rm(path.join(folder, name), { force: true });
  }
}
