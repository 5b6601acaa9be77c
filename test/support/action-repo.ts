/**
 * The checkout a GitHub Action run sees, for the Action suites: a git
 * repository with a CI identity, commits, and the event file of a pull
 * request between two of them.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

export const git = (cwd: string, ...args: string[]): string => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

/** `git init` on main with the identity CI commits as. */
export function initCiRepo(dir: string): void {
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'config', 'user.email', 'ci@example.test');
  git(dir, 'config', 'user.name', 'CI');
}

/** Commits everything in `dir`; returns the new commit. */
export function commitAll(dir: string, message: string): string {
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', message);
  return git(dir, 'rev-parse', 'HEAD');
}

/** The event file of a pull request from `base` to the current HEAD, beside the checkout; the GITHUB_* variables that name it. */
export function pullRequestEvent(dir: string, base: string, number: number): Record<string, string> {
  const file = path.join(dir, '..', `${path.basename(dir)}-event.json`);
  writeFileSync(file, JSON.stringify({ pull_request: { number, base: { sha: base, ref: 'main' }, head: { sha: git(dir, 'rev-parse', 'HEAD') } } }));
  return { GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: file };
}
