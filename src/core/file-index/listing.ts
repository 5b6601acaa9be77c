/**
 * The breadth-first listing of one root of the file index: each readdir is
 * awaited, so a language server keeps answering while a large tree is
 * listed. A folder's .gitignore is read (through loadGitignore's confined
 * read) before its entries are judged, each entry against the folder's rule
 * chain only; `.git` and `node_modules` are always skipped; symlinks are
 * entries, never followed. The listing stops, marking the root truncated,
 * once the whole index holds `maxEntries`.
 */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { ALWAYS_SKIPPED, ignoredByChain, loadGitignore, type RootIndex } from './root-index';

export interface ListingBudget {
  maxEntries: number;
  /** Entries of the index counting this root as it is being filled. */
  entriesWith: () => number;
  /** True once the index is disposed: the listing ends at the next folder. */
  stopped: () => boolean;
  onError: (message: string) => void;
}

export async function listInto(root: RootIndex, startRel: string, budget: ListingBudget): Promise<void> {
  const queue = [startRel];
  for (let next = 0; next < queue.length && !budget.stopped(); next++) {
    const dirRel = queue[next] as string;
    const dirAbs = path.join(root.root, ...dirRel.split('/').filter(Boolean));
    let dirents;
    try {
      dirents = await fs.readdir(dirAbs, { withFileTypes: true });
    } catch (error) {
      if (dirRel === '') budget.onError(`Cannot list ${dirAbs}: ${(error as Error).message}`);
      continue;
    }
    if (dirents.some((d) => d.name === '.gitignore' && d.isFile())) await loadGitignore(root, dirRel, path.join(dirAbs, '.gitignore'));
    const chain = root.chainFor(dirRel);
    root.chains.set(dirRel, chain);
    for (const dirent of dirents) {
      if (ALWAYS_SKIPPED.has(dirent.name)) continue;
      const rel = dirRel === '' ? dirent.name : `${dirRel}/${dirent.name}`;
      const isDir = dirent.isDirectory();
      if (ignoredByChain(chain, rel, isDir)) continue;
      if (budget.entriesWith() >= budget.maxEntries) {
        root.truncated = true;
        return;
      }
      root.entries.add(rel);
      if (isDir) {
        root.dirs.add(rel);
        queue.push(rel);
      }
    }
  }
}
