/**
 * Where work stands, read from the done tables: each query is one expression compiled at module load. The rules ask
 * these (plan-status.ts: "does this line say the work is done?").
 */
import { CRITERIA_MET, DONE_BRACKET, DONE_NOTE, DONE_OPENING, DONE_STATUS, STATUS_HEADING, STATUS_LABEL } from './done';
import { anyScript, wordMatcher } from './words';

/** "**Status**: Complete", "Status: Done ✅", "文档状态：历史实施记录": the label and the value may be in different languages. */
const STATUS_DONE = new RegExp(`^\\W*(?:${anyScript(STATUS_LABEL)})\\W{0,4}[:：]\\W{0,4}(?:${anyScript(DONE_STATUS)}|✅)(?!\\p{L})`, 'iu');

/** Does the line say, as a status label and its value, that the work is done? */
export function statusSaysDone(line: string): boolean {
  return STATUS_DONE.test(line);
}

const STATUS_TITLE = wordMatcher(STATUS_HEADING, { lead: '^\\W*', trail: '\\W*$', guarded: false });

/** Is the heading's title only "Status", "Current status", "현재 상태"? */
export function isStatusTitle(title: string): boolean {
  return STATUS_TITLE.test(title);
}

const OPENS_DONE = wordMatcher(DONE_OPENING, { lead: { latin: '^\\W*(?:all\\s+(?:\\w+\\s+){0,3})?', marked: '^\\W*(?:\\S+\\s+){0,3}', cjk: '^\\W*' } });

/** Does the first line of a status section (markup removed) say the work is done: "Implemented and deployed…", "완료"? */
export function opensDone(text: string): boolean {
  return OPENS_DONE.test(text);
}

/** A title marked done by a mark or a note: "✅", "(done)", "(Status: Completed)", "[done 2026-06-12]", a ticked box at its end. */
const DONE_MARK = new RegExp(`[✅✔☑]|\\((?:status:\\s*)?(?:${anyScript(DONE_NOTE)})\\)|\\[(?:${anyScript(DONE_BRACKET)})[^\\]]{0,120}\\]|(?:^|\\s)\`?\\[[xX]\\]\`?\\s*$`, 'iu');
/** Upper case only: "Phase 2 — complete the import" is a step still to do. */
const DONE_SUFFIX = /[—–:-]\s*(?:DONE|COMPLETED?)\s*$/u;

export function titleSaysDone(title: string): boolean {
  return DONE_MARK.test(title) || DONE_SUFFIX.test(title);
}

const MET = anyScript(CRITERIA_MET);
const SAYS_MET = new RegExp(`[—–:-]\\s*(?:\\*\\*|__)?(?:all\\s+)?(?:${MET})(?:\\*\\*|__)?\\s*$|\\((?:all\\s+)?(?:${MET})\\)`, 'i');

/** A success section's title that says it is met: "— **met**", "(all met)". */
export function titleSaysMet(title: string): boolean {
  return SAYS_MET.test(title);
}
