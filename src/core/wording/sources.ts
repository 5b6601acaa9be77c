/**
 * Sources: the labels a plan's header names the documents it follows by ("**Spec:** `docs/x-design.md`", "Based on:",
 * "Baseado em:", "设计文档："). Plain data, by language. Read by ../rules/companion-docs.ts through
 * `companion-context.ts` (`opensSourcesLabel`); see README.md.
 */
import type { Wording } from './words';

/** A document the plan follows, or "based on", then a colon: "Spec:", "Design doc:", "Companion docs:", "Based on:", "設計書：". */
export const SOURCE_DOC: Wording = {
  en: [
    'spec',
    'specs',
    'specification',
    'design',
    'design doc',
    'design docs',
    'prd',
    'requirements',
    'research',
    'rfc',
    'adr',
    'companion doc',
    'companion docs',
    'related doc',
    'related docs',
    'based on',
  ],
  pt: ['baseado em'],
  es: ['basado en'],
  de: ['basierend auf'],
  fr: ['basé sur', 'base sur'],
  ko: ['설계 문서', '설계문서'],
  zh: ['设计文档'],
  ja: ['設計書'],
};

/** Before an English SOURCE_DOC: "Master spec:", "Source design:", "Design spec:". */
export const SOURCE_DOC_QUALIFIER: Wording = {
  en: ['master', 'source', 'design'],
};
