/**
 * What the words around an unknown signal say of it, read from the undecided and done tables: each query is one matcher
 * compiled at module load (the parser asks them of every signal it finds, on every keystroke). Asked by the signal scan
 * (src/core/signals.ts): "is this `unknown` a state the program handles?", "is this TODO a status value?", "does this TBD
 * say when it is decided?".
 */
import { STATUS_LABEL } from './done';
import { COUNT_LABEL, DECIDED_WHEN, HANDLED_WHEN, MARKED_AS, MARKER_POINTED_AT, SETTLE_VERB, SETTLED_HOW, TALLY_OF, TO_BE_DECIDED } from './undecided';
import { wordMatcher } from './words';

const CONDITION_RIGHT_BEFORE = wordMatcher(HANDLED_WHEN, { trail: '[ \\t]+$' });

/** Does the text right before "unknown" end with a condition: "left empty when ", "null if "? */
export function conditionBefore(before: string): boolean {
  return CONDITION_RIGHT_BEFORE.test(before);
}

const POINTED_AT = wordMatcher(MARKER_POINTED_AT, { trail: "\\s+(?:[\\w.`'-]+\\s+){0,2}$" });

/** Does the text before a marker point at one already written, a few words back: "implement the flatten ", "this "? */
export function pointsAtMarkerBefore(before: string): boolean {
  return POINTED_AT.test(before);
}

const MARKED_AS_BEFORE = wordMatcher(MARKED_AS, { trail: '\\s+[`\'"]?$' });

/** Does the text right before a marker name a state it is put in: "all marked ", "tagged as `"? */
export function markedAsBefore(before: string): boolean {
  return MARKED_AS_BEFORE.test(before);
}

const STATUS_FIELD_BEFORE = wordMatcher(STATUS_LABEL, { trail: '\\W{0,4}:\\W{0,4}$' });

/** Is the text right before a marker a status field's label, so the marker is its value: "**Status**: ", "Estado: "? */
export function statusFieldBefore(before: string): boolean {
  return STATUS_FIELD_BEFORE.test(before);
}

const COUNTED_OF_BEFORE = wordMatcher(TALLY_OF, { lead: '\\b\\d+[ \\t]+', trail: '[ \\t]+$' });

/** Is the text right before a marker a count and "of", so the marker is a tally's total: "3 of ", "Sprint 2 of "? */
export function countedOfBefore(before: string): boolean {
  return COUNTED_OF_BEFORE.test(before);
}

const COUNT_LABEL_BEFORE = wordMatcher(COUNT_LABEL, { trail: '\\W{0,4}:\\W{0,4}$' });

/** Is the text right before a marker a label of a count, so the marker is the count not filled in: "**Plans**: "? */
export function countLabelBefore(before: string): boolean {
  return COUNT_LABEL_BEFORE.test(before);
}

const SETTLES_BEFORE = wordMatcher(SETTLE_VERB, { trail: '\\s+(?:\\w+\\s+){0,3}$' });

/** Do the few words before "unknowns" open with a verb that settles them: "resolve the technical ", "lists the open "? */
export function settlesUnknownsBefore(before: string): boolean {
  return SETTLES_BEFORE.test(before);
}

const DECIDED_WHEN_AFTER = wordMatcher(DECIDED_WHEN, { lead: '^[ \\t]*(?:[—–:-]+|\\(|,)?[ \\t]*', trail: '\\s' });

/** Does the text right after a marker say when or by whom it is decided: " — pending Phase 4A", " (until the call", ", owner: "? */
export function decidedWhenAfter(after: string): boolean {
  return DECIDED_WHEN_AFTER.test(after);
}

const TO_BE_DECIDED_PHRASE = wordMatcher(TO_BE_DECIDED, { lead: '^', trail: '$' });
const SETTLED_HOW_AFTER = wordMatcher(SETTLED_HOW, { lead: '^[ \\t]+', trail: '[ \\t]' });

/** Is the phrase "to be decided" (or defined, determined…) and does the text after it say how or by whom: " by the lead"? */
export function settledHowAfter(phrase: string, after: string): boolean {
  return TO_BE_DECIDED_PHRASE.test(phrase) && SETTLED_HOW_AFTER.test(after);
}
