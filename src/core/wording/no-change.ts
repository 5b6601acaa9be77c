/**
 * Does a resolution propose a change, read from the resolution tables: one expression compiled at module load, the
 * whole resolution matched (a resolution that goes on, "No mitigation is needed once …; key it by tenant", proposes one).
 * Asked by ../report/what-to-change.ts.
 */
import { NO_REMEDY, NOTHING, REMEDY, REMEDY_FOUND, REMEDY_QUALIFIER, REMEDY_TENSE } from './resolution';
import { phraseAlternation, type Wording } from './words';

const slot = (table: Wording): string => `(?:${phraseAlternation(table, '\\s+')})`;

/** A run of dashes ("-", "---") says nothing too: a placeholder, not words. */
const NO_CHANGE = new RegExp(
  `^(?:${slot(NOTHING)}|-+|${slot(NO_REMEDY)}\\s+(?:${slot(REMEDY_QUALIFIER)}\\s+)?${slot(REMEDY)}(?:\\s+(?:${slot(REMEDY_TENSE)}\\s+)?${slot(REMEDY_FOUND)})?)[.!]?$`,
  'i',
);

/** Does the resolution (trimmed) only record that no change was found: "None.", "N/A", "No viable mitigation identified"? */
export function proposesNoChange(resolution: string): boolean {
  return NO_CHANGE.test(resolution);
}
