/**
 * What a step's own lines say about it, read from the criterion and dependency tables: "does this line introduce the
 * step's check, and where does the check's text start?", "is this sub-heading the step's check?", "where is the next
 * dependency label on this line, and of which kind?", "is this heading about a step already given?". Each query is compiled once, at module load: the parser asks them
 * of every line of every step on every keystroke. Asked by the plan parser (../plan/step-details.ts) and the step rules (../rules/step-rules.ts).
 */
import {
  CHECK_LABEL_VERB,
  CRITERION_LABEL,
  CRITERION_TITLE,
  CRITERION_TITLE_UNIT,
  DONE_WHEN,
  END_OF,
  GOAL,
  REPLACE_VERB,
  REPLACE_WITH,
  REQUIREMENTS_LINK,
  REWORD_LABEL,
} from './criterion';
import { AFTER, DEPENDENCY_NOUN, DEPENDS_ON, NO_DEPENDENCY } from './dependency';
import { ABOUT_STEP_LEAD, ABOUT_STEP_TITLE, COMPLETE, COMPLETE_WHAT, DAY, RANGE_TO, RANGE_UNIT, STEP_WORD, STEPS_NAME, TASK_LIST_TITLE, TASK_LIST_TITLE_END } from './step-words';
import { alternation, anyOf, merge, pairMatcher, patternMatcher, phraseAlternation, wordMatcher, wordsOf, type Wording } from './words';

const CRITERION = anyOf(
  wordMatcher(CRITERION_LABEL, { trail: { latin: '\\s*:', cjk: '\\s*[:：]' } }),
  // "Verify the login works:", "Verify (manual):": the verb, then a parenthesis or up to five words, then the colon.
  wordMatcher(CHECK_LABEL_VERB, { trail: "(?:\\s*\\([^)]{0,80}\\)|(?:\\s+[\\w'’-]+){1,5})?\\s*:" }),
  pairMatcher(END_OF, GOAL, '\\s+(?:[\\w-]+\\s+){1,3}', { trail: '\\s*:' }),
  wordMatcher(DONE_WHEN, { trail: '\\s*:?' }),
  // `_` glues to the word (a word character to `\b`): the italic mark is the lead, the colon the trail.
  wordMatcher(REQUIREMENTS_LINK, { lead: '(?:^|\\s)_', trail: '\\s*[:：]', bounded: false }),
  // GSD plans' check tags (<verify>, <done>, <acceptance_criteria>, <automated>): the format's markup, not words of prose.
  patternMatcher({ latin: '<(?:verify|done|acceptance_criteria|automated)>' }),
);

/**
 * Where the text after a label that introduces the step's check starts ("Success criteria: the build passes" → after
 * ":"; "Done when the build is green" → after "when"), or null when the line holds none. English labels first, then
 * Chinese and Japanese ones.
 */
export function criterionLabelEnd(line: string): number | null {
  const m = CRITERION.exec(line);
  return m === null ? null : m.index + m[0].length;
}

const CRITERION_TITLE_LEAD = `^[\\W\\d.]*(?:(?:${phraseAlternation(CRITERION_TITLE_UNIT, '\\s+')})\\s+[\\w.-]+\\s+)?`;
const CRITERION_HEADING = wordMatcher(CRITERION_TITLE, { lead: CRITERION_TITLE_LEAD, trail: '\\W*$', bounded: false });

/** Is a sub-heading's title, numbering, marks and a unit's number aside, only the step's check: "1.7 Sprint 1 Tests", "Acceptance criteria"? */
export function isCriterionTitle(title: string): boolean {
  return CRITERION_HEADING.test(title);
}

export interface DependencyLabel {
  /** Where the label starts on the line. */
  index: number;
  /** Where what it labels starts: after the label, its colon and the spaces. */
  end: number;
  /**
   * `depends`: always a label ("Depends on", "Blocked by"); `noun`: a label only with its colon ("Dependencies:");
   * `after`: a dependency only when a step reference follows at once ("After step 2").
   */
  kind: 'depends' | 'noun' | 'after';
  /** The label's own colon was matched ("Depends on:", "Dependencies :"). */
  colon: boolean;
}

const DEPENDENCY_LABEL = new RegExp(
  `(?:(?<depends>${alternation(wordsOf(DEPENDS_ON, 'latin'), 'latin')})|(?<noun>${alternation(wordsOf(DEPENDENCY_NOUN, 'latin'), 'latin')})|(?<after>${alternation(wordsOf(AFTER, 'latin'), 'latin')}))\\s*:?\\s*`,
  'gi',
);

/** The first dependency label on the line at or after `from`, or null. */
export function nextDependencyLabel(line: string, from: number): DependencyLabel | null {
  DEPENDENCY_LABEL.lastIndex = from;
  const m = DEPENDENCY_LABEL.exec(line);
  if (m === null) return null;
  const kind = m.groups?.depends !== undefined ? 'depends' : m.groups?.noun !== undefined ? 'noun' : 'after';
  return { index: m.index, end: m.index + m[0].length, kind, colon: m[0].includes(':') };
}

/** The new text's colon ends the line, a few words after the label ("Replace the intro with the following:"). */
const REPLACEMENT_TRAIL = '[^:]{0,40}:\\s*$';
const REPLACEMENT = anyOf(pairMatcher(REPLACE_VERB, REPLACE_WITH, '.{0,40}', { trail: REPLACEMENT_TRAIL }), wordMatcher(REWORD_LABEL, { trail: REPLACEMENT_TRAIL }));

/** Does the line end with a label that gives new wording, quoted below: "Replace with:", "Should read:", "Ersetzen durch:"? */
export function opensReplacement(line: string): boolean {
  return REPLACEMENT.test(line);
}

// A dash alone ("Depends on: -", "—") says none too: a placeholder, not a word.
const NO_DEPENDENCY_OPENING = anyOf(wordMatcher(NO_DEPENDENCY, { lead: '^\\s*' }), patternMatcher({ latin: '^\\s*(?:-|—)\\b' }));

/** Does the text after a depends-on label say the step waits for nothing: " none", ": n/a"? */
export function saysNoDependency(segment: string): boolean {
  return NO_DEPENDENCY_OPENING.test(segment);
}

const slot = (table: Wording): string => `(?:${phraseAlternation(table, '\\s+')})`;
// COMPLETE_WHAT is a word's start ("Complete file listing", "Complete filesystem changes"): no boundary after it.
const ABOUT_A_STEP = patternMatcher({
  latin: `^\\W*(?:${slot(ABOUT_STEP_LEAD)}\\s+)?${slot(ABOUT_STEP_TITLE)}\\b|^\\W*${slot(COMPLETE)}\\s+${slot(COMPLETE_WHAT)}`,
});

/** Is a step's title (its id taken off) about a step already given: "Deliverables Summary", "Complete Code Changes"? */
export function isAboutAStep(title: string): boolean {
  return ABOUT_A_STEP.test(title);
}

/**
 * A heading that is a label and its value ("### Blocked by: TEST_SCENARIOS.md human approval", "### Story Points: 2"):
 * a short label of letters, its colon, a value; no digit before the colon, and not a step's heading ("### Step 2: Add
 * the schema", "## Fase 1: Setup", "## Day 3: Deploy").
 */
const LABEL_AND_VALUE = new RegExp(`^(?![^:]*\\d)(?!\\s*(?:${phraseAlternation(merge(STEP_WORD, DAY))})\\b)[\\p{L}][\\p{L} '-]{0,30}:\\s+\\S`, 'iu');

/** Is a heading's title a label and its value, complete on its line: "Story Points: 2", not "Step 2: Add the schema"? */
export function isLabelAndValue(title: string): boolean {
  return LABEL_AND_VALUE.test(title);
}

const TASK_LIST = anyOf(wordMatcher(TASK_LIST_TITLE, { lead: '^' }), wordMatcher(TASK_LIST_TITLE_END, { trail: '\\s*$' }));

/** Does a plan's title say it is a task breakdown: "Tasks: …", "Tareas — 001 Core", "Review Agents Tasks"? */
export function titleIsTaskList(title: string): boolean {
  return TASK_LIST.test(title);
}

const STEP_RANGE = patternMatcher({ latin: `^\\W*${slot(RANGE_UNIT)}\\s+\\d+\\s*(?:[-–]|${slot(RANGE_TO)})\\s*\\d+` });

/** Does a heading title open with a run of steps: "Tasks 3-13: Remaining objects", "Steps 4 through 9"? */
export function titleIsStepRange(title: string): boolean {
  return STEP_RANGE.test(title);
}

const NAMES_STEPS = wordMatcher(STEPS_NAME);

/** Does a heading title name steps or tasks outright: "Steps", "Implementation tasks", "To-do", "Pasos", "Aufgaben"? */
export function titleNamesSteps(title: string): boolean {
  return NAMES_STEPS.test(title);
}
