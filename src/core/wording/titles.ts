/**
 * What a plan's title says it is, read from the plan-kind tables, and the requirement links of a Kiro task (the
 * criterion tables): each query one matcher compiled at module load. Asked by the plan parser's format detection
 * (../plan/format.ts): "is this a design, not a plan?", "is this a tasks.md?".
 */
import { REQUIREMENTS_LINK } from './criterion';
import { DESCRIPTIVE_TITLE, DESIGN_TITLE_END, PLAN_WORD, TASKS_DOC_TITLE } from './plan-kinds';
import { wordMatcher } from './words';

const DESCRIPTIVE_OPENING = wordMatcher(DESCRIPTIVE_TITLE, { lead: '^' });
const DESIGN_AT_END = wordMatcher(DESIGN_TITLE_END, { trail: '\\s*$' });
const NAMES_PLAN = wordMatcher(PLAN_WORD);

/** Is the title a design or requirements document's ("Technical design", "Search Design Document"), not a plan's ("Design plan")? */
export function titleIsDescriptive(title: string): boolean {
  return DESCRIPTIVE_OPENING.test(title) || (DESIGN_AT_END.test(title) && !NAMES_PLAN.test(title));
}

const TASKS_DOC = wordMatcher(TASKS_DOC_TITLE, { lead: '^' });

/** Does the title open as a Kiro-style tasks.md's does: "Tasks: Editor MVP", "Implementation Plan", "Implementierungsplan"? */
export function titleIsTasksDoc(title: string): boolean {
  return TASKS_DOC.test(title);
}

const REQUIREMENTS_REFERENCE = wordMatcher(REQUIREMENTS_LINK, { lead: '_', trail: '\\s*[:：]', bounded: false });

/** Does the text link a task to its requirements, in italics: "_Requirements: 1.2_", "_Requisitos:_", "_需求: 1.3_"? */
export function linksRequirements(text: string): boolean {
  return REQUIREMENTS_REFERENCE.test(text);
}
