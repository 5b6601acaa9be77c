/**
 * Undecided: the words that say a choice is still open, and the headings of the place such points are listed. Plain
 * data, by language; read by ../unknown-signal.ts (see README.md). The markers themselves (TBD, TODO, "not sure"…) are
 * found by the parser (src/core/signals.ts); these tables say which of them the rule reports and where they are
 * acknowledged.
 */
import type { Wording } from './words';

/** A signal that says a choice is open, whatever its context: "TBD", "undecided", "not sure". */
export const DECISION_OPEN: Wording = {
  en: ['tbd', 'tbc', 'tba', 'undecided', 'unsure', 'not sure'],
};

/** A signal that says so only in a question: "Compress maybe?". */
export const OPEN_IF_ASKED: Wording = {
  en: ['maybe', 'perhaps'],
};

/** A heading or label of the list of open points: "## Open questions", "Offene Fragen", "Unknowns". */
export const OPEN_QUESTIONS_TITLE: Wording = {
  en: [
    'deferred question',
    'deferred questions',
    'deferred decision',
    'deferred decisions',
    'deferred issues',
    'unresolved question',
    'unresolved questions',
    'unresolved decision',
    'unresolved decisions',
    'unresolved issues',
    'outstanding question',
    'outstanding questions',
    'outstanding decision',
    'outstanding decisions',
    'outstanding issues',
    'pending decision',
    'pending decisions',
    'decision pending',
    'decisions pending',
    'decision to make',
    'decisions to make',
    'unknowns',
  ],
  fr: ['question ouverte', 'questions ouvertes', 'question ouvertes', 'questions ouverte'],
  es: ['preguntas abiertas', 'decisiones pendientes'],
  pt: ['questões em aberto', 'questoes em aberto'],
  de: ['offene fragen', 'offene entscheidungen'],
};

/** "Open questions", "Open design decisions": the word for open, at most one word, then what is open. */
export const OPEN: Wording = { en: ['open'] };
export const OPEN_POINTS: Wording = { en: ['question', 'questions', 'decision', 'decisions', 'issues', 'points'] };

/** A legend defines the plan's marks ("## Task Status Legend": "**TODO**: task not started"): its markers are names. */
export const LEGEND: Wording = {
  en: ['legend'],
  es: ['leyenda'],
  fr: ['légende', 'legende'],
  pt: ['legenda'],
  zh: ['图例', '圖例'],
  ja: ['凡例'],
};
