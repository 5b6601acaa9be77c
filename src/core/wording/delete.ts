/**
 * Delete: the words that say the plan (or the work it records) takes a file away. Plain data, by language. Read by
 * file-operations.ts (see README.md).
 */
import type { Wording } from './words';

/** Verbs that delete what follows them anywhere on the line: "Delete `legacy/`", "Удалить `public/index.html`", "整个删除". */
export const DELETE: Wording = {
  en: ['delete', 'deletes', 'deleted', 'deleting', 'remove', 'removes', 'removed', 'removing'],
  es: ['eliminar', 'borrar'],
  pt: ['apagar', 'remover'],
  de: ['löschen', 'loschen', 'entfernen'],
  fr: ['supprimer'],
  ru: ['удалить', 'удалите', 'удаляем', 'удаление', 'удалён', 'удален'],
  uk: ['видалити', 'видаліть'],
  pl: ['usuń', 'usun', 'usunąć'],
  vi: ['xóa', 'xoá', 'xoa'],
  ko: ['삭제'],
  zh: ['删除', '刪除', '移除'],
  ja: ['削除'],
};

/**
 * A weaker delete verb: "drop" is as often "drag-and-drop" or "drop a file at the root", so it counts only where the
 * line already says a file goes (a ticked task, a folder the plan removes, the old side of an arrow), not to excuse a
 * path on an open line.
 */
export const DELETE_WEAK: Wording = {
  en: ['drop', 'drops', 'dropped'],
};

/** Verbs that follow the path they delete (German infinitive last: "`x.ts` löschen"). */
export const DELETE_AFTER: Wording = {
  de: ['löschen', 'entfernen'],
};

/** Right after the path: the work has deleted it ("is gone", "was removed", "no longer exists"). */
export const DELETED_AFTER: Wording = {
  en: [
    'is gone',
    'are gone',
    'is now gone',
    'are now gone',
    'is removed',
    'are removed',
    'is now removed',
    'are now removed',
    'is deleted',
    'are deleted',
    'is now deleted',
    'are now deleted',
    'is dropped',
    'are dropped',
    'is now dropped',
    'are now dropped',
    'was removed',
    'were removed',
    'has been removed',
    'have been removed',
    'was deleted',
    'were deleted',
    'has been deleted',
    'have been deleted',
    'was dropped',
    'were dropped',
    'has been dropped',
    'have been dropped',
    'no longer exists',
    'no longer exist',
  ],
};

/** A table cell that is only the operation on the row's file: "| `old.ts` | Delete |". */
export const DELETE_CELL: Wording = {
  en: ['delete', 'deletes', 'deleted', 'remove', 'removes', 'removed'],
  es: ['eliminar'],
  pt: ['apagar'],
  de: ['löschen', 'loschen'],
  fr: ['supprimer'],
};
