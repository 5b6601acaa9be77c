/**
 * A resolution that proposes no change: what a synthesizer writes in an UNRESOLVED challenge's resolution when it found
 * no mitigation ("None.", "No viable mitigation identified"). Plain data, by language; the words of the answers the
 * prompts ask for. Read through `no-change.ts` (`proposesNoChange`) by ../report/what-to-change.ts; see README.md.
 */
import type { Wording } from './words';

/** The whole resolution says there is nothing: "None.", "N/A". */
export const NOTHING: Wording = {
  en: ['none', 'n/a'],
};

/**
 * The whole resolution says no remedy was found: NO_REMEDY [REMEDY_QUALIFIER] REMEDY [[REMEDY_TENSE] REMEDY_FOUND]
 * ("No mitigation", "No viable fix identified", "No known resolution has been found", "No fix yet").
 */
export const NO_REMEDY: Wording = { en: ['no'] };
export const REMEDY_QUALIFIER: Wording = { en: ['viable', 'clear', 'known'] };
export const REMEDY: Wording = { en: ['mitigation', 'fix', 'resolution'] };
export const REMEDY_TENSE: Wording = { en: ['was', 'has been'] };
export const REMEDY_FOUND: Wording = { en: ['found', 'identified', 'proposed', 'available', 'yet'] };
