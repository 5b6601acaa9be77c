/**
 * Existing files: the words that say a file the plan names is already there, to change or to read ("**Modify:**
 * `a.ts`", "the existing `a.ts`", "Input: `spec.md`"). Plain data, by language; read by file-claims.ts (see README.md).
 */
import type { Wording } from './words';

/** A label that is only a change verb or noun over the file: "- **Modify:** `src/a.ts`", "Files to update:", "Modificar `a.py`". */
export const CHANGE_LABEL: Wording = {
  en: [
    'file to modify',
    'files to modify',
    'file to change',
    'files to change',
    'file to update',
    'files to update',
    'file to edit',
    'files to edit',
    'modified file',
    'modified files',
    'changed file',
    'changed files',
    'updated file',
    'updated files',
    'existing file',
    'existing files',
  ],
  es: ['modificar', 'editar', 'actualizar'],
  pt: ['modificar', 'editar', 'atualizar'],
  de: ['ändern'],
  fr: ['modifier'],
};

/** The starts of change words a label may be in any form of: "Modify", "Modifications", "Editing", "Updates", "Changed", "Extends". */
export const CHANGE_LABEL_STEM: Wording = {
  en: ['modif', 'edit', 'updat', 'chang', 'extend'],
};

/** Right before the path: "the existing `a.ts`", "existing file `b.ts`". */
export const EXISTING: Wording = {
  en: ['existing', 'existing file'],
};

/** A label whose value is a file to read: "**Input**: Feature specification from `spec.md`", "See also: `docs/a.md`". */
export const READ_LABEL: Wording = {
  en: ['input', 'spec', 'specification', 'see', 'see also', 'reference'],
};

/** A section title over the plan's new files: "### New Files (12)", "## Archivos nuevos", "Neue Dateien". */
export const NEW_FILES_TITLE: Wording = {
  en: ['new', 'create', 'created', 'added'],
  es: ['nuevos', 'nuevas'],
  pt: ['novos', 'novas'],
  de: ['neu', 'neue', 'neuen'],
  fr: ['nouveaux'],
};

/** The files a section title names: "## Files to Modify", "### Modified files", "Dateien". */
export const FILES_NOUN: Wording = {
  en: ['file', 'files'],
  de: ['dateien'],
  es: ['archivos'],
  pt: ['arquivos'],
  fr: ['fichiers'],
};

/**
 * A word that says files are changed, not made (a table's header, the heading or label above it, a row's operation):
 * "Files to Modify", "| File | Changes |", "| `svc/c.go` | editar |", "Archivos existentes". Whole words: "Editor" or
 * "Alternatives" say nothing about editing or altering.
 */
export const CHANGED: Wording = {
  en: ['edit', 'edits', 'edited', 'editing', 'existing', 'touch', 'touched', 'touches', 'alter', 'alters', 'altered', 'altering', 'alteration', 'alterations'],
  es: ['editar', 'editado', 'editada', 'editando', 'existente', 'existentes', 'alterar', 'alterado', 'alterada'],
  pt: ['editar', 'editado', 'editada', 'editando', 'edite', 'existente', 'existentes', 'alterar', 'alterado', 'alterada'],
  de: ['editieren', 'editiert', 'ändern', 'änderungen'],
};

/** The starts of change words in any form: "Modify", "Modifications", "Updates", "Changed", "Atualizar", "Geänderte", "Existants". */
export const CHANGED_STEM: Wording = {
  en: ['modif', 'updat', 'chang'],
  es: ['actualiz'],
  pt: ['atualiz'],
  de: ['geändert', 'bestehende'],
  fr: ['existant'],
};

/** A verb that changes a file that is there: "Replace the in-memory map in `src/server.ts`", "update", "fix", "refactor". */
export const CHANGE_VERB: Wording = {
  en: [
    'replace',
    'replaces',
    'replacing',
    'update',
    'updates',
    'updating',
    'modify',
    'modifies',
    'modifying',
    'edit',
    'edits',
    'editing',
    'change',
    'changes',
    'changing',
    'fix',
    'fixes',
    'fixing',
    'extend',
    'extends',
    'extending',
    'refactor',
    'refactors',
    'refactoring',
    'patch',
    'patches',
    'patching',
  ],
};
