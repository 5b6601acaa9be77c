/**
 * `--format sarif` glue: where the plan sits in its repository (the SARIF
 * artifact uri is relative to the repository root, %SRCROOT%) and the one
 * SarifPlan a CLI run contributes.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { challengeFingerprint, isOpenChallenge } from '../core/fingerprint';
import type { SarifPlan } from '../core/report/sarif';
import type { RunResult } from '../core/run-types';

/** The nearest folder at or above `start` holding `.git` (folder or worktree file); `fallback` when none. */
export function repositoryRoot(start: string, fallback: string): string {
  let dir = path.resolve(start);
  for (;;) {
    if (existsSync(path.join(dir, '.git'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(fallback);
    dir = parent;
  }
}

/**
 * The plan's SARIF uri: repository-relative with `/` separators and each
 * segment percent-encoded (a valid uri-reference whatever the file name).
 * A plan outside the repository (e.g. ~/.claude/plans) gets an absolute
 * file: URI and no base id.
 */
export function planArtifactUri(planPath: string, root: string): { uri: string; relative: boolean } {
  const rel = path.relative(root, path.resolve(planPath));
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return { uri: pathToFileURL(path.resolve(planPath)).href, relative: false };
  return { uri: rel.split(path.sep).map(encodeURIComponent).join('/'), relative: true };
}

/** Fingerprints of the challenges open at the end of a stored run. */
export function openFingerprints(run: Pick<RunResult, 'iterations'> | null | undefined): string[] {
  return (run?.iterations.at(-1)?.challenges ?? []).filter(isOpenChallenge).map(challengeFingerprint);
}

export function sarifPlan(planPath: string, cwd: string, rest: Omit<SarifPlan, 'uri'>): SarifPlan {
  const { uri } = planArtifactUri(planPath, repositoryRoot(path.dirname(path.resolve(planPath)), cwd));
  return { uri, ...rest };
}
