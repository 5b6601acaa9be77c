/**
 * Brings back the corpus texts the repository does not carry (their licence
 * does not allow it): each from its public repository at the pinned commit,
 * checked against the sha256 its provenance.json recorded. `npm run
 * corpus:restore` (scripts/corpus-restore.ts) runs it.
 *
 * Contract:
 * - idempotent: a text already present is not fetched again (its sha256 is
 *   checked, and a mismatch reported, never overwritten);
 * - a text is written only when its bytes hash to the recorded sha256;
 * - nothing from a fetched repository is executed: objects are fetched into a
 *   temporary bare repository with hooks disabled and read with `git
 *   cat-file`; nothing is checked out, no submodule or filter runs;
 * - every failure is reported with the entry, the text, the repository and
 *   the reason, and the run goes on with the rest.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { corpusEntries, textFile, type CorpusEntry, type CorpusText } from './plan-corpus';

/** Where a repository is fetched from: {repo} is "owner/name", {owner} and {name} its parts. */
export const DEFAULT_REMOTE = 'https://github.com/{repo}.git';

export interface RestoreOptions {
  corpusDir?: string;
  /** The git remote of a repository, from DEFAULT_REMOTE's placeholders (env PLAN_CORPUS_REMOTE in the script). */
  remoteTemplate?: string;
  /** Only these entry ids (all when empty). */
  only?: readonly string[];
  log?: (line: string) => void;
}

export interface RestoreFailure {
  entry: string;
  text: string;
  repo: string;
  commit: string;
  reason: string;
}

export interface RestoreResult {
  restored: number;
  present: number;
  failures: RestoreFailure[];
}

export function remoteFor(template: string, repo: string): string {
  const [owner = '', name = ''] = repo.split('/');
  return template.replaceAll('{repo}', repo).replaceAll('{owner}', owner).replaceAll('{name}', name);
}

export function restoreCorpus(options: RestoreOptions = {}): RestoreResult {
  const template = options.remoteTemplate ?? DEFAULT_REMOTE;
  const log = options.log ?? (() => undefined);
  const result: RestoreResult = { restored: 0, present: 0, failures: [] };
  const only = new Set(options.only ?? []);
  // Missing texts grouped by (repository, commit): one fetch each.
  const wanted = new Map<string, { entry: CorpusEntry; text: CorpusText }[]>();
  for (const entry of corpusEntries(options.corpusDir)) {
    if (only.size > 0 && !only.has(entry.id)) continue;
    for (const text of entry.provenance.texts) {
      const file = textFile(entry, text);
      if (existsSync(file)) {
        result.present++;
        const actual = sha256(readFileSync(file));
        if (actual !== text.sha256) fail(result, entry, text, `present but its sha256 is ${actual}, not the recorded ${text.sha256} (left as it is)`);
        continue;
      }
      const key = `${entry.provenance.repo}@${text.commit}`;
      wanted.set(key, [...(wanted.get(key) ?? []), { entry, text }]);
    }
  }
  for (const [key, texts] of wanted) {
    const [repo, commit] = key.split('@') as [string, string];
    const scratch = mkdtempSync(path.join(tmpdir(), 'corpus-restore-'));
    try {
      const fetched = fetchCommit(scratch, remoteFor(template, repo), commit);
      for (const { entry, text } of texts) {
        if (fetched !== null) {
          fail(result, entry, text, fetched);
          continue;
        }
        const blob = git(scratch, ['cat-file', 'blob', `${commit}:${text.path}`]);
        if (blob.status !== 0) {
          fail(result, entry, text, `no such file at the commit (${blob.stderr.toString().trim()})`);
          continue;
        }
        const actual = sha256(blob.stdout);
        if (actual !== text.sha256) {
          fail(result, entry, text, `sha256 mismatch: the repository's file hashes to ${actual}, the record says ${text.sha256} (not written)`);
          continue;
        }
        writeAtomically(textFile(entry, text), blob.stdout);
        result.restored++;
        log(`restored ${entry.id}/${text.in}/${text.path}`);
      }
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  for (const f of result.failures) log(`FAILED ${f.entry}/${f.text} (${f.repo} at ${f.commit}): ${f.reason}`);
  return result;
}

/** Fetches one commit into a fresh bare repository: null when it is there, else why not. */
export function fetchCommit(scratch: string, remote: string, commit: string): string | null {
  const init = git(scratch, ['init', '--bare', '--quiet']);
  if (init.status !== 0) return `git init failed: ${init.stderr.toString().trim()}`;
  const byId = git(scratch, ['fetch', '--quiet', '--no-tags', '--depth=1', remote, commit]);
  if (byId.status === 0 && hasCommit(scratch, commit)) return null;
  // A server that refuses a want by id (older servers, some mirrors): every ref, then look for the commit.
  const all = git(scratch, ['fetch', '--quiet', '--no-tags', remote, '+refs/*:refs/fetched/*']);
  if (all.status === 0 && hasCommit(scratch, commit)) return null;
  const why = (all.status !== 0 ? all : byId).stderr.toString().trim().split('\n').slice(-2).join(' ');
  return all.status === 0 ? `the commit is not in ${remote} (history rewritten or the commit unreachable)` : `cannot fetch from ${remote}: ${why}`;
}

function hasCommit(scratch: string, commit: string): boolean {
  return git(scratch, ['cat-file', '-e', `${commit}^{commit}`]).status === 0;
}

/** git with no hooks, no credential prompt and no ext:: transport: the fetched repository stays data. */
export function git(cwd: string, args: string[]): { status: number | null; stdout: Buffer; stderr: Buffer } {
  const r = spawnSync(
    'git',
    ['-c', `core.hooksPath=${path.join(cwd, 'no-hooks')}`, '-c', 'protocol.ext.allow=never', '-c', 'core.fsmonitor=false', '-c', 'credential.helper=', ...args],
    {
      cwd,
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_ASKPASS: '', SSH_ASKPASS: '', GIT_DIR: cwd },
      timeout: 10 * 60_000,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return { status: r.status, stdout: r.stdout ?? Buffer.alloc(0), stderr: r.stderr ?? Buffer.from(r.error?.message ?? '') };
}

function writeAtomically(file: string, bytes: Buffer): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, file);
}

function fail(result: RestoreResult, entry: CorpusEntry, text: CorpusText, reason: string): void {
  result.failures.push({ entry: entry.id, text: `${text.in}/${text.path}`, repo: entry.provenance.repo, commit: text.commit, reason });
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}
