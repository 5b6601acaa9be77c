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

/**
 * A note in parentheses in a step's title that puts the step off for later: "Phase 8 (Future): …", "(post-MVP)",
 * "(später)". Such a step is an idea, of which no done criterion is expected yet.
 */
export const LATER_NOTE: Wording = {
  en: ['future', 'later', 'deferred', 'post-mvp', 'post mvp', 'postmvp', 'out of scope', 'backlog', 'stretch', 'nice-to-have', 'nice to have'],
  es: ['futuro', 'futura'],
  pt: ['futuro', 'futura'],
  it: ['futuro', 'futura'],
  fr: ['futur', 'future', 'ultérieur', 'ulterieur', 'ultérieure', 'ulterieure'],
  de: ['später', 'spater', 'zukünftig', 'zukunftig'],
};

/** What a step's title (or a sub-heading opening its body) opens with when the step is for later: "Future Enhancements", "Post-MVP ideas", "Backlog". */
export const LATER_TITLE: Wording = {
  en: [
    'future',
    'deferred',
    'post-mvp',
    'post mvp',
    'postmvp',
    'out of scope',
    'backlog',
    'stretch goal',
    'stretch goals',
    'nice-to-have',
    'nice-to-haves',
    'nice to have',
    'nice to haves',
  ],
};

/** What the first line of a step's body opens with when the step is out of this plan's scope: "Not in MVP scope.", "Deferred to v2". */
export const LATER_BODY: Wording = {
  en: [
    'not in scope',
    'not in the scope',
    'not in mvp scope',
    'not in the mvp scope',
    'not in v1 scope',
    'not in the v1 scope',
    'not in initial scope',
    'not in the initial scope',
    'not in first release scope',
    'not in the first release scope',
    'not in current scope',
    'not in the current scope',
    'not part of scope',
    'not part of the scope',
    'not part of mvp scope',
    'not part of the mvp scope',
    'not part of v1 scope',
    'not part of the v1 scope',
    'not part of initial scope',
    'not part of the initial scope',
    'not part of first release scope',
    'not part of the first release scope',
    'not part of current scope',
    'not part of the current scope',
    'out of scope',
    'out of mvp scope',
    'deferred to',
    'deferred until',
  ],
  es: ['fuera del alcance'],
  pt: ['fora do escopo'],
  fr: ['hors périmètre', 'hors perimètre', 'hors périmetre', 'hors perimetre'],
  de: ['außerhalb des umfangs', 'ausserhalb des umfangs'],
};

/** A plan's title that says it lists work for later, anywhere in it: "Product roadmap", "Backlog", "Next steps", "Hoja de ruta", "路线图". */
export const ROADMAP: Wording = {
  en: ['roadmap', 'backlog', 'next steps', 'wishlist', 'wish list', 'ideas', 'future work', 'future features', 'future ideas'],
  es: ['hoja de ruta'],
  pt: ['roteiro'],
  fr: ['feuille de route'],
  zh: ['路线图', '路線圖'],
  ja: ['ロードマップ'],
};
