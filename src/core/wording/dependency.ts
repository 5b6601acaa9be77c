/**
 * Dependencies: the labels a step names the steps it waits for with ("Depends on: Step 2", "Blocked by T003",
 * "**Dependencies**: T001", "After step 2"). Plain data, by language. Read by the plan parser through `step-labels.ts`
 * (`nextDependencyLabel`); see README.md.
 */
import type { Wording } from './words';

/** A label that always opens a dependency list: "Depends on: Step 1, 2", "depends_on: [setup-db]", "Blocked by: T003". */
export const DEPENDS_ON: Wording = {
  en: ['depends on', 'depends_on', 'depends-on', 'blocked by', 'blocked_by', 'blocked-by'],
};

/**
 * A noun that opens a dependency list only as a label, with its colon ("**Dependencies**: T001", "Prerequisites: Step 2");
 * in a sentence it is a word ("no external dependencies").
 */
export const DEPENDENCY_NOUN: Wording = {
  en: ['dependencies', 'dependency', 'prerequisite', 'prerequisites', 'pre-requisite', 'pre-requisites'],
};

/** A word that names a dependency only when a step reference follows at once: "After step 2", "Requires: Phase 1", "Once Task 3 …". */
export const AFTER: Wording = {
  en: ['requires', 'needs', 'after', 'once'],
};

/** After a depends-on label, the words that say the step waits for nothing: "Depends on: none", "Prerequisites: n/a". */
export const NO_DEPENDENCY: Wording = {
  en: ['none', 'nothing', 'n/a'],
};

/** Between an AFTER word and the step it names: "After the step 2 merge", "Once completing phase 1", "After successful task 3". */
export const AFTER_LEAD: Wording = {
  en: ['the', 'completing', 'finishing', 'completion of', 'successful', 'a'],
};
