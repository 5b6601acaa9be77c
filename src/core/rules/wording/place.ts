/**
 * Place: the words with which a plan puts a code name it treats as existing in a file ("Wrap `getFlag()` in
 * `src/flags/client.ts`", "Reuse `fetchOrders()` from `src/db/orders.ts`", "the existing `uploadObject()` function in
 * `src/storage/s3Client.ts`", "In `src/app.ts`, wrap `main()`"). Plain data, by language; read by ./placement.ts,
 * whose place claims tell missing-file that the file is there and unknown-symbol that the name is (see README.md).
 */
import type { Wording } from './words';

/**
 * Before the name, in its sentence: a verb that works on what is already there, or a word that says it is there. Not
 * the create verbs (a name the plan brings into being is its own) nor the delete ones (a name the plan removes may be
 * gone already: the step was done).
 */
export const USES_EXISTING: Wording = {
  en: [
    'call',
    'calls',
    'called',
    'calling',
    'wrap',
    'wraps',
    'wrapped',
    'wrapping',
    'reuse',
    'reuses',
    'reused',
    'reusing',
    'invoke',
    'invokes',
    'invoked',
    'invoking',
    'extend',
    'extends',
    'extended',
    'extending',
    'modify',
    'modifies',
    'modified',
    'modifying',
    'update',
    'updates',
    'updated',
    'updating',
    'change',
    'changes',
    'changed',
    'changing',
    'refactor',
    'refactors',
    'refactored',
    'refactoring',
    'rename',
    'renames',
    'renaming',
    'replace',
    'replaces',
    'replacing',
    'move',
    'moves',
    'moving',
    'patch',
    'patches',
    'patched',
    'patching',
    'fix',
    'fixes',
    'fixing',
    'adjust',
    'adjusts',
    'adjusting',
    'adapt',
    'adapts',
    'adapting',
    'override',
    'overrides',
    'overriding',
    'use',
    'uses',
    'using',
    'import',
    'imports',
    'importing',
    'delegate to',
    'delegates to',
    'hook into',
    'hooks into',
    'go through',
    'goes through',
    'rely on',
    'relies on',
    'existing',
    'current',
    'currently',
  ],
};

/**
 * Between the name and the file, the whole text (markup aside): "in", "from", "defined in". Read after an optional
 * word of CODE_KIND ("the `uploadObject()` function in").
 */
export const PLACE: Wording = {
  en: [
    'in',
    'inside',
    'within',
    'from',
    'of',
    'is in',
    'are in',
    'defined in',
    'is defined in',
    'are defined in',
    'declared in',
    'implemented in',
    'exported from',
    'exported by',
    'located in',
    'lives in',
    'that lives in',
    'living in',
  ],
};

/** What the name is, written between it and the place: "the `RequestContext` type in", "`uploadObject()` function in". */
export const CODE_KIND: Wording = {
  en: [
    'function',
    'functions',
    'method',
    'methods',
    'class',
    'classes',
    'type',
    'types',
    'interface',
    'interfaces',
    'hook',
    'hooks',
    'component',
    'components',
    'struct',
    'enum',
    'trait',
    'constant',
    'constants',
    'handler',
    'handlers',
    'export',
    'exports',
    'implementation',
    'definition',
    'signature',
    'call',
    'calls',
    'variable',
    'field',
    'property',
  ],
};

/** Between two names placed together: "`findByEmail()` and `create()` in `a.ts`". */
export const NAMES_JOINED: Wording = {
  en: ['and', 'or', 'as well as'],
};

/** Opening the sentence, right before the file: "In `src/app.ts`, wrap `main()`". */
export const IN_FILE: Wording = {
  en: ['in', 'inside', 'within'],
};
