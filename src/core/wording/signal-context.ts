/**
 * What the words around an unknown signal say of it, read from the undecided and done tables: each query is one matcher
 * compiled at module load (the parser asks them of every signal it finds, on every keystroke). Asked by the signal scan
 * (src/core/signals.ts): "is this `unknown` a state the program handles?", "is this TODO a status value?".
 */
import { STATUS_LABEL } from './done';
import { HANDLED_WHEN, MARKED_AS, MARKER_POINTED_AT } from './undecided';
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
