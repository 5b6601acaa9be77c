/**
 * Grow: the words that say a step makes an existing file longer, so a line number the plan gives later may be one of
 * the new lines. Plain data, by language. Read by file-operations.ts (`saysFileGrows`, see README.md).
 */
import type { Wording } from './words';

/** Verbs that add lines to a file: "Insert the guard into `a.ts`", "Añadir la ruta a `server.go`", "在 `a.ts` 中添加". */
export const GROW: Wording = {
  en: [
    'add',
    'adds',
    'added',
    'adding',
    'insert',
    'inserts',
    'inserted',
    'inserting',
    'append',
    'appends',
    'appended',
    'appending',
    'extend',
    'extends',
    'extended',
    'extending',
    'expand',
    'expands',
    'expanded',
    'expanding',
    'move',
    'moves',
    'moved',
    'moving',
    'paste',
    'pastes',
    'pasted',
    'copy',
    'copies',
    'copied',
    'write',
    'writes',
    'wrote',
  ],
  es: ['añadir', 'añade', 'agregar', 'agrega', 'insertar', 'inserta'],
  pt: ['adicionar', 'adiciona', 'inserir', 'insere'],
  de: ['hinzufügen', 'einfügen', 'ergänzen', 'anhängen'],
  fr: ['ajouter', 'ajoute', 'insérer', 'insère'],
  zh: ['添加', '新增', '插入', '追加'],
  ja: ['追加', '挿入'],
};
