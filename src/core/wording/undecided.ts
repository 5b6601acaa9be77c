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

/**
 * The markers an author leaves where work is unfinished: "TBD", "TODO", "FIXME". Found by the parser
 * (src/core/signals.ts) as unknown signals, with UNKNOWN_WORDS; the rule reads them in context.
 */
export const MARKER: Wording = {
  en: ['tbd', 'tbc', 'tba', 'todo', 'fixme', 'xxx'],
};

/** The phrases of UNKNOWN_WORDS that may go on to say how or when the point is settled: "to be decided by the platform lead". */
export const TO_BE_DECIDED: Wording = {
  en: ['to be decided', 'to be determined', 'to be confirmed', 'to be defined', 'to be agreed'],
};

/** The words and phrases besides the markers that say the author does not know yet: "unclear", "to be decided", "figure out". */
export const UNKNOWN_WORDS: Wording = {
  en: [
    ...(TO_BE_DECIDED.en ?? []),
    'not yet decided',
    'not yet known',
    'not yet clear',
    'not yet sure',
    'not yet defined',
    'open question',
    'open questions',
    'investigate whether',
    'investigate if',
    'need to check whether',
    'need to check if',
    'need to confirm whether',
    'need to confirm if',
    'need to verify whether',
    'need to verify if',
    'needs to check whether',
    'needs to check if',
    'needs to confirm whether',
    'needs to confirm if',
    'needs to verify whether',
    'needs to verify if',
    // Not "figures out": "the system figures out which expert fits" says what the program does.
    'figure out',
    'figured out',
    'not sure',
    'unclear',
    'unknown',
    'unknowns',
    'unsure',
    'undecided',
    'maybe',
    'perhaps',
    'somehow',
    'hopefully',
  ],
};

/** Before markers, a word that says they are absent: "No TBD, TODO…", "without TODOs", "sin TBD", "無 TBD". */
export const ABSENT: Wording = {
  en: ['no', 'without', 'zero', 'free of', 'nor'],
  es: ['sin'],
  pt: ['sem'],
  de: ['kein', 'keine', 'keinen', 'ohne'],
  fr: ['aucun', 'sans'],
  zh: ['無', '无', '沒有', '没有'],
};

/** What such a word may name besides the markers, and the words joining them: "no TODOs or placeholders". */
export const MARKER_NAMES: Wording = {
  en: ['todos', 'fixmes', 'placeholder', 'placeholders', 'marker', 'markers', 'or', 'and', 'nor'],
};

/** After a marker, what makes it content rather than an open point: "TBD values", "TODO comments", "fixme tests". */
export const MARKER_AS_CONTENT: Wording = {
  en: [
    'value',
    'values',
    'cell',
    'cells',
    'field',
    'fields',
    'entry',
    'entries',
    'marker',
    'markers',
    'comment',
    'comments',
    'placeholder',
    'placeholders',
    'string',
    'strings',
    'tag',
    'tags',
    'annotation',
    'annotations',
    'test',
    'tests',
    'case',
    'cases',
    'spec',
    'specs',
  ],
};

/** After "unknowns", the words that say they are settled: "unknowns resolved", "unknowns have been answered". */
export const SETTLED: Wording = {
  en: ['resolved', 'answered', 'settled', 'closed', 'addressed', 'eliminated'],
};

/** Between "unknowns" and such a word: "were", "have been", "all", "already". */
export const SETTLED_TENSE: Wording = {
  en: ['were', 'are', 'have been', 'has been', 'all', 'now', 'already'],
};

/** Before where the unknowns come from: "unknowns from the spike resolved", "unknowns in phase 1 …". */
export const SETTLED_SOURCE: Wording = {
  en: ['from', 'in', 'of'],
};

/**
 * Right before "unknown", a condition: "left empty when unknown", "null if unknown". The value a program gives a state
 * it cannot know is a decided behaviour, not an open point.
 */
export const HANDLED_WHEN: Wording = {
  en: ['when', 'if', 'whenever', 'while', 'where'],
};

/**
 * A few words before a marker, a word that points at one already written: "implement the flatten TODO", "this FIXME",
 * "the remaining TODOs". The marker is in the code, named as the work item.
 */
export const MARKER_POINTED_AT: Wording = {
  en: ['the', 'this', 'that', 'these', 'those', 'existing', 'remaining', 'open'],
};

/** Right before a marker, a state a test or an item is put in: "all marked fixme (skipped)", "tagged TODO", "labelled as `TBD`". */
export const MARKED_AS: Wording = {
  en: ['marked', 'marked as', 'tagged', 'tagged as', 'flagged', 'flagged as', 'labeled', 'labeled as', 'labelled', 'labelled as'],
};

/**
 * Right after a marker, when or by whom it is decided: "TBD — pending Phase 4A evaluation", "TBD (until the vendor call)",
 * "TBD, owner: platform team". The marker says what the rule asks for.
 */
export const DECIDED_WHEN: Wording = {
  en: ['pending', 'until', 'after', 'decided in', 'decided by', 'decided at', 'to be decided in', 'to be decided by', 'owner:', 'owner :'],
};

/**
 * Right after a TO_BE_DECIDED phrase, how, by whom or when: "to be defined from real scan runs", "to be decided by the
 * platform lead", "to be determined after the spike".
 */
export const SETTLED_HOW: Wording = {
  en: ['from', 'by', 'after', 'once', 'when', 'during', 'based on', 'with'],
};

/** A few words before "unknowns", a verb that sets out to settle them: "resolve the technical unknowns", "lists the open unknowns". */
export const SETTLE_VERB: Wording = {
  en: [
    'resolve',
    'resolves',
    'resolved',
    'resolving',
    'research',
    'researches',
    'researched',
    'researching',
    'identify',
    'identifies',
    'clarify',
    'clarifies',
    'address',
    'addresses',
    'reduce',
    'reduces',
    'reduced',
    'settle',
    'settles',
    'settled',
    'list',
    'lists',
    'listed',
    'document',
    'documents',
    'documented',
  ],
};

/** Between a count and a marker, a tally whose total is not counted yet: "**Plan:** 3 of TBD", "Sprint 2 of TBD". */
export const TALLY_OF: Wording = {
  en: ['of'],
};

/** A label whose value is a count not filled in: "**Plans**: TBD" (a GSD roadmap phase's count of its plans). */
export const COUNT_LABEL: Wording = {
  en: ['plans'],
};
