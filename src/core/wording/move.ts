/**
 * Move and rename: the words that say a file goes to a new place or name (the old one goes away), and copy, which makes
 * the new one and keeps the old. Plain data, by language. Read by file-operations.ts (see README.md).
 */
import type { Wording } from './words';

/** Verbs that move or rename a file: the old path is gone, the path after the target word is new. */
export const MOVE: Wording = {
  en: ['rename', 'renames', 'renamed', 'renaming', 'move', 'moves', 'moved', 'moving'],
  es: ['renombrar'],
  pt: ['renomear'],
  de: ['umbenennen'],
  fr: ['renommer'],
  zh: ['重命名', '改名', '更名'],
};

/** Verbs that make a second file from one: the path after the target word is new, the old one stays. */
export const COPY: Wording = {
  en: ['copy', 'copies', 'copied', 'split', 'extract', 'extracts', 'extracted'],
};

/** The word before the new place or name: "rename `a` to `b`", "renomear … para", "umbenennen … in", "重命名为". */
export const MOVE_TARGET: Wording = {
  en: ['to', 'into', 'as'],
  es: ['a'],
  pt: ['para'],
  de: ['in'],
  fr: ['en'],
  zh: ['为'],
};

/** After the path, in languages that put the verb last: "`src/proxy.ts` へのリネーム" (the rename to it). */
export const RENAMED_TO_AFTER: Wording = {
  ja: ['へのリネーム', 'にリネーム', 'への改名', 'に改名', 'への名前変更', 'に名前変更'],
};
