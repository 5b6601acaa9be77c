/**
 * Deferred: the words that say something is left out of this plan ("Out of scope", "Non-goals", "Hors périmètre",
 * "範囲外"). Plain data, by language; read by ../unknown-signal.ts, where a list under such a title or label is settled
 * for this plan (see README.md).
 */
import type { Wording } from './words';

/** A title or label of what the plan leaves out: "## Out of Scope", "**Not in this phase:**", "Fuera de alcance". */
export const LEFT_OUT: Wording = {
  en: [
    'out of scope',
    'out-of-scope',
    'not in scope',
    'not in this plan',
    'not in this phase',
    'not in this release',
    'not in this version',
    'non-goal',
    'non-goals',
    'non goal',
    'non goals',
    'nongoal',
    'nongoals',
  ],
  es: ['fuera de alcance', 'fuera del alcance'],
  pt: ['fora do escopo'],
  fr: ['hors périmètre', 'hors du périmètre', 'hors perimètre', 'hors du perimètre', 'hors périmetre', 'hors du périmetre', 'hors perimetre', 'hors du perimetre'],
  de: ['nicht im umfang', 'nicht im scope'],
  ja: ['範囲外', 'スコープ外'],
  zh: ['不在范围', '范围之外', '暂不实现'],
};

/** "Deferred", "Explicit deferrals": left out for now, unless one of DEFERRED_BUT_OPEN follows. */
export const DEFERRED: Wording = {
  en: ['deferral', 'deferrals', 'deferred'],
};

/** What, after "deferred", makes the list one of points still open ("Deferred questions", "Deferred decisions"). */
export const DEFERRED_BUT_OPEN: Wording = {
  en: ['question', 'questions', 'decision', 'decisions', 'issues'],
};
