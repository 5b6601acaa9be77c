/**
 * git_log reads the repository the workspace belongs to, never another one.
 * A `.git` FILE (`gitdir: ../other/.git`), a `commondir` file or
 * `objects/info/alternates` can point git at a repository elsewhere on the
 * disk, whose history would then be read and sent.
 *
 * Contract: before git log runs, `git rev-parse --absolute-git-dir
 * --git-common-dir` (same safe environment and config) must name either
 * folders inside the workspace root, or — for a workspace that is a folder
 * of a larger repository — the `.git` DIRECTORY (not a file, not a link)
 * that git's own discovery finds in the nearest folder above the root. And
 * `objects/info/alternates` (read through readConfinedFile) must be absent or
 * name only folders inside that repository's git directory. Refused as a
 * consequence: linked worktrees and `--shared`/`--reference` clones.
 */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { readConfinedFile } from './confined-read';
import { isInside } from './paths';

export type GitQuery = (args: string[]) => Promise<{ ok: true; stdout: string } | { ok: false; stderr: string }>;

const MAX_ALTERNATES_BYTES = 64 * 1024;
const OUTSIDE =
  "git_log: refused: the git directory of this workspace lies outside it (a `.git` file, `commondir` or link pointing elsewhere); only the workspace's own repository is read";

/** The real path of the `.git` directory git's discovery finds above `root` (exclusive), when it is a plain directory. */
async function enclosingGitDir(root: string): Promise<string | null> {
  for (let dir = path.dirname(root); ; dir = path.dirname(dir)) {
    const entry = await fs.lstat(path.join(dir, '.git')).catch(() => null);
    if (entry) return entry.isDirectory() ? fs.realpath(path.join(dir, '.git')) : null;
    if (path.dirname(dir) === dir) return null;
  }
}

/** Why git must not run in `root` (a refusal for the model), or null when its repository is the workspace's. */
export async function gitOutsideWorkspace(root: string, query: GitQuery): Promise<string | null> {
  const located = await query(['rev-parse', '--absolute-git-dir', '--git-common-dir']);
  if (!located.ok) return null; // not a repository: git log itself says so
  const [gitDir = '', commonDir = ''] = located.stdout.split('\n').map((l) => l.trim());
  const realRoot = await fs.realpath(root);
  const reals: string[] = [];
  for (const dir of [gitDir, commonDir]) {
    const real = dir === '' ? null : await fs.realpath(path.resolve(root, dir)).catch(() => null);
    if (real === null) return OUTSIDE;
    reals.push(real);
  }
  const [realGit, realCommon] = reals as [string, string];
  const inside = isInside(realRoot, realGit) && isInside(realRoot, realCommon);
  if (!inside) {
    const above = await fs.lstat(path.join(realRoot, '.git')).then(
      () => null, // the workspace has its own `.git` entry, and it points outside
      () => enclosingGitDir(realRoot),
    );
    if (above === null || realGit !== above || realCommon !== above) return OUTSIDE;
  }
  const objects = path.join(realCommon, 'objects');
  const alternates = await readConfinedFile(path.join(objects, 'info', 'alternates'), { maxBytes: MAX_ALTERNATES_BYTES, singleLink: false, root: realCommon });
  if (!alternates.ok) return alternates.rule === 'not-found' ? null : `git_log: refused: the repository's objects/info/alternates ${alternates.detail}`;
  for (const line of alternates.buffer.toString('utf8').split('\n')) {
    const entry = line.trim();
    if (entry === '' || entry.startsWith('#')) continue;
    const real = await fs.realpath(path.resolve(objects, entry)).catch(() => null);
    if (real === null || !isInside(realCommon, real)) return 'git_log: refused: objects/info/alternates borrows objects from another repository';
  }
  return null;
}
