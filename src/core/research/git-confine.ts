/**
 * git_log reads the repository of the WORKSPACE, never another one. A `.git`
 * file (`gitdir: ../other/.git`), a `commondir` file or
 * `objects/info/alternates` can point git at a repository elsewhere on the
 * disk, whose history would then be read and sent. Contract: before git log
 * runs, `git rev-parse --absolute-git-dir --git-common-dir` (same safe
 * environment and config) must name folders whose real paths lie inside the
 * workspace root, and the common dir's `objects/info/alternates` must be
 * absent or name only folders inside it (read through readConfinedFile). A
 * workspace that is a folder inside a larger repository therefore has no
 * git_log: its git directory lies above the root.
 */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { readConfinedFile } from './confined-read';
import { isInside } from './paths';

export type GitQuery = (args: string[]) => Promise<{ ok: true; stdout: string } | { ok: false; stderr: string }>;

const MAX_ALTERNATES_BYTES = 64 * 1024;

/** Why git must not run in `root` (a refusal for the model), or null when its repository lies inside. */
export async function gitOutsideWorkspace(root: string, query: GitQuery): Promise<string | null> {
  const located = await query(['rev-parse', '--absolute-git-dir', '--git-common-dir']);
  if (!located.ok) return null; // not a repository: git log itself says so
  const [gitDir = '', commonDir = ''] = located.stdout.split('\n').map((l) => l.trim());
  const realRoot = await fs.realpath(root);
  const dirs: string[] = [];
  for (const dir of [gitDir, commonDir]) {
    if (dir === '') return 'git_log: refused: git did not say where the repository is';
    const real = await fs.realpath(path.resolve(root, dir)).catch(() => null);
    if (real === null || !isInside(realRoot, real)) {
      return "git_log: refused: the git directory of this workspace lies outside it (a `.git` file or `commondir` pointing elsewhere); only the workspace's own history is read";
    }
    dirs.push(real);
  }
  const objects = path.join(dirs[1] as string, 'objects');
  const alternates = await readConfinedFile(path.join(objects, 'info', 'alternates'), { maxBytes: MAX_ALTERNATES_BYTES, singleLink: false, root: realRoot });
  if (!alternates.ok) {
    return alternates.rule === 'not-found' ? null : `git_log: refused: the repository's objects/info/alternates ${alternates.detail}`;
  }
  for (const line of alternates.buffer.toString('utf8').split('\n')) {
    const entry = line.trim();
    if (entry === '' || entry.startsWith('#')) continue;
    const real = await fs.realpath(path.resolve(objects, entry)).catch(() => null);
    if (real === null || !isInside(realRoot, real)) return 'git_log: refused: objects/info/alternates borrows objects from a repository outside the workspace';
  }
  return null;
}
