/**
 * A row added to a wording table, as a contributor adds one: the table's module is loaded, the row pushed into it, and
 * every module that compiled its matchers from the table is loaded afresh, so the rules and the parser read the table
 * with the row and nothing else changed. After `run` the table is as it was, the fresh modules are dropped and the modules loaded before are back.
 */
import { createRequire } from 'node:module';
import * as path from 'node:path';
import type { Language } from '../../src/core/wording/words';

const SRC = path.resolve(__dirname, '..', '..', 'src');
const SUPPORT = __dirname;
/** Node's own loader: the module cache is what a row added must reach past. */
const load = createRequire(__filename);

/** Takes the project's loaded modules (but `keep`) out of the cache, and returns how to put them back. */
function setAsideLoadedModules(keep: ReadonlySet<string>): () => void {
  const ours = (id: string): boolean => (id.startsWith(SRC) || id.startsWith(SUPPORT)) && !keep.has(id);
  const aside = Object.entries(load.cache).filter(([id]) => ours(id));
  for (const [id] of aside) delete load.cache[id];
  return () => {
    for (const id of Object.keys(load.cache)) if (ours(id)) delete load.cache[id];
    for (const [id, module] of aside) load.cache[id] = module;
  };
}

/** A row to add: `words` in `lang`, to the table `table` exported by `module` (a path under src/core/wording/). */
export interface Row {
  module: string;
  table: string;
  lang: Language;
  words: readonly string[];
}

/**
 * Runs `run` with the rows added. `load(id)` requires a module afresh (a path relative to the repository root), built on
 * the tables with the rows.
 */
export function withRows<T>(rows: readonly Row[], run: (load: (id: string) => unknown) => T): T {
  const root = path.resolve(SRC, '..');
  const files = rows.map((row) => load.resolve(path.resolve(root, row.module)));
  const keep = new Set([...files, load.resolve(path.join(SRC, 'core', 'wording', 'words')), __filename]);
  const restore: Array<() => void> = [];
  rows.forEach((row, i) => {
    const target = (load(files[i] as string) as Record<string, Partial<Record<Language, string[]>>>)[row.table];
    if (target === undefined) throw new Error(`${row.module} has no table ${row.table}`);
    const before = target[row.lang];
    target[row.lang] = [...(before ?? []), ...row.words];
    restore.unshift(() => {
      if (before === undefined) delete target[row.lang];
      else target[row.lang] = before;
    });
  });
  const putBack = setAsideLoadedModules(keep);
  try {
    return run((id) => load(path.resolve(root, id)) as unknown);
  } finally {
    for (const undo of restore) undo();
    putBack();
  }
}

/** withRows with one row. */
export function withRow<T>(module: string, table: string, lang: Language, words: readonly string[], run: (load: (id: string) => unknown) => T): T {
  return withRows([{ module, table, lang, words }], run);
}
