/**
 * Alternatives: the word that offers two places as alternatives ("`utils/web` or `composables/shared`", "`a` 或 `b`",
 * "`a` oder `b`"). Plain data, by language; read by ../missing-file-scope.ts, where the place not in the workspace is
 * the one the step did not settle on (see README.md).
 */
import type { Wording } from './words';

/** The whole text between two paths, markup aside: "or", "oder", "或者", "または". */
export const ALTERNATIVE: Wording = {
  en: ['or'],
  de: ['oder'],
  fr: ['ou'],
  pt: ['ou'],
  es: ['o'],
  it: ['o'],
  nl: ['of'],
  sv: ['eller'],
  da: ['eller'],
  no: ['eller'],
  tr: ['veya'],
  pl: ['lub'],
  ru: ['или'],
  uk: ['або'],
  vi: ['hoặc'],
  ko: ['또는'],
  zh: ['或', '或者'],
  ja: ['または', 'か'],
};
