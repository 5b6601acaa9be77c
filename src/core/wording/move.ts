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

/**
 * Past-tense verbs after a name that say the file was moved away: "`scan.yml` renamed to `.disabled`", "(since moved
 * to `b.ts`)", "已移至". A rename still to do ("rename `a.ts` to …") needs the file there, so only the past counts.
 */
export const MOVED_AWAY: Wording = {
  en: ['renamed', 'moved', 'relocated', 'split'],
  de: ['umbenannt', 'verschoben'],
  fr: ['renommé', 'renommée', 'déplacé', 'déplacée'],
  es: ['renombrado', 'renombrada', 'movido', 'movida'],
  pt: ['renomeado', 'renomeada', 'movido', 'movida'],
  zh: ['已重命名为', '已移动到', '已移至', '重命名为', '移动到', '移至'],
};

/** What may join the name and such a verb: "`a.ts`, but the file moved to …", "`x` which was renamed". */
export const MOVED_AWAY_LINK: Wording = {
  en: ['but', 'which', 'that', 'and'],
};

/** The subject after such a link: "but the file moved", "and it was renamed". */
export const MOVED_AWAY_SUBJECT: Wording = {
  en: ['the file', 'the folder', 'the module', 'the', 'file', 'folder', 'module', 'it'],
};

/** Auxiliaries and time words before the verb: "was renamed", "has been moved", "since moved", "wurde verschoben", "a été déplacé". */
export const MOVED_AWAY_TENSE: Wording = {
  en: ['was', 'were', 'has been', 'have been', 'had been', 'is now', 'since', 'later'],
  de: ['wurde'],
  fr: ['a été'],
  es: ['fue'],
  pt: ['foi'],
};

/** The word after such a verb, before the new place: "renamed to", "moved into", "verschoben nach", "movido para". */
export const MOVED_AWAY_TARGET: Wording = {
  en: ['to', 'into', 'as', 'in'],
  de: ['nach', 'in'],
  fr: ['en'],
  es: ['a', 'en'],
  pt: ['para'],
};

/** A verb right before the name that moves, renames or splits it: "split `schema.ts` into …", "move `x/` under …", "mv `a`". */
export const MOVE_RIGHT_BEFORE: Wording = {
  en: ['split', 'rename', 'renamed', 'move', 'moved', 'relocate', 'relocated', 'mv'],
};

/**
 * Right before a name the file or folder had before: "(formerly `src/old.ts`)", "renamed from `a.ts`", "（原
 * `packages/backend`）", "(früher `lib/`)": gone by design, named so the reader can follow the move.
 */
export const FORMER_NAME: Wording = {
  en: ['formerly', 'previously', 'renamed from', 'was named', 'was called'],
  de: ['früher'],
  es: ['anteriormente', 'antes'],
  pt: ['anteriormente', 'antes'],
  fr: ['anciennement'],
  ru: ['ранее'],
  zh: ['原', '旧', '舊'],
  ja: ['旧'],
};
