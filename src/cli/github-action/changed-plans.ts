/**
 * Which plans a GitHub Actions run verifies: on a pull request, the files the
 * pull request adds or changes (git diff between the base commit named in the
 * event file and the checked-out HEAD) that match the plan globs; on any other
 * event, every tracked file that matches. The event file, the globs and the
 * file names are untrusted: shas must look like shas, git gets arguments (no
 * shell), and paths stay inside the repository.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { minimatch } from 'minimatch';
import { CliError } from '../exit-codes';

export const DEFAULT_PLAN_GLOBS = ['.claude/plans/*.md', 'specs/*/plan.md', '.kiro/specs/*/*.md', 'docs/plans/**/*.md'];
const SHA = /^[0-9a-f]{40}([0-9a-f]{24})?$/;
const PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target']);

/** Globs from an input: one per line or comma-separated; blank lines and `#` comments ignored. */
export function parseGlobs(raw: string | undefined): string[] {
  const globs = (raw ?? '')
    .split(/[\n,]/)
    .map((g) => g.trim())
    .filter((g) => g !== '' && !g.startsWith('#'));
  return globs.length > 0 ? globs : DEFAULT_PLAN_GLOBS;
}

export function matchesAny(file: string, globs: readonly string[]): boolean {
  return globs.some((g) => minimatch(file, g, { dot: true }));
}

function git(cwd: string, args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
}

const hasCommit = (cwd: string, sha: string) => {
  try {
    git(cwd, ['cat-file', '-e', `${sha}^{commit}`]);
    return true;
  } catch {
    return false;
  }
};

/** The pull request's base sha from the event file, or null when the event is not a pull request. */
export function pullRequestBase(eventName: string | undefined, eventPath: string | undefined): string | null {
  if (!eventName || !PULL_REQUEST_EVENTS.has(eventName)) return null;
  if (!eventPath) throw new CliError('GITHUB_EVENT_PATH is not set; cannot tell which files the pull request changed.');
  let event: unknown;
  try {
    event = JSON.parse(readFileSync(eventPath, 'utf8'));
  } catch (error) {
    throw new CliError(`Cannot read the event file ${eventPath} (${(error as Error).message}).`);
  }
  const sha = (event as { pull_request?: { base?: { sha?: unknown } } })?.pull_request?.base?.sha;
  if (typeof sha !== 'string' || !SHA.test(sha)) throw new CliError('The event file has no pull_request.base.sha.');
  return sha;
}

export interface PlanSelection {
  /** Repository-relative paths, `/`-separated, sorted. */
  plans: string[];
  /** How they were chosen, for the log and the summary. */
  how: string;
}

export function selectPlans(root: string, globs: readonly string[], eventName: string | undefined, eventPath: string | undefined): PlanSelection {
  const base = pullRequestBase(eventName, eventPath);
  let files: string[];
  let how: string;
  if (base) {
    // actions/checkout fetches one commit by default; fetch the base when it is missing.
    if (!hasCommit(root, base)) {
      try {
        git(root, ['fetch', '--no-tags', '--depth=1', 'origin', base]);
      } catch {
        // Reported below.
      }
    }
    if (!hasCommit(root, base))
      throw new CliError(`The pull request's base commit ${base} is not in the checkout and could not be fetched; use actions/checkout with fetch-depth: 0.`);
    files = git(root, ['diff', '--name-only', '-z', '--no-renames', '--diff-filter=AM', base, 'HEAD', '--']).split('\0');
    how = `plans added or changed in the pull request (against ${base.slice(0, 12)})`;
  } else {
    files = git(root, ['ls-files', '-z']).split('\0');
    how = `all plans matching ${globs.join(', ')}`;
  }
  const plans = files.filter((f) => f !== '' && !f.split('/').includes('..') && matchesAny(f, globs));
  return { plans: [...new Set(plans)].sort(), how };
}

export function repositoryTopLevel(cwd: string): string {
  try {
    return git(cwd, ['rev-parse', '--show-toplevel']).trim();
  } catch {
    throw new CliError(`${cwd} is not a git checkout; run actions/checkout before Verify Plan.`);
  }
}
