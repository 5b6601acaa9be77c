/**
 * Steps: the words a plan names its units of work by ("Step 3", "Fase 2", "Schritt 1", "Étape 4", "Tarea 5"). Plain
 * data, by language. Read by the plan parser (`../plan/step-details.ts`, as one alternation in its id patterns) and by
 * `../rules/created-paths.ts` (a task label before a path); see README.md.
 */
import type { Wording } from './words';

/** A unit of the plan's work, before its number: "Step 3", "Phase 2.1", "Paso 3", "Schritt 1", "Étape 4", "Jalon 2". */
export const STEP_WORD: Wording = {
  en: ['step', 'phase', 'stage', 'milestone', 'task', 'part', 'week', 'sprint', 'iteration'],
  es: ['fase', 'etapa', 'paso', 'tarea', 'hito'],
  pt: ['fase', 'etapa', 'passo', 'tarefa', 'marco'],
  de: ['schritt', 'stufe', 'aufgabe', 'meilenstein'],
  fr: ['étape', 'etape', 'tâche', 'tache', 'jalon'],
};

/** A bold task label that is only its id, then the file the task makes: "**Task 3: `src/a.ts`**", "**Step 2.1 — …**". */
export const TASK_LABEL: Wording = {
  en: ['task', 'step'],
};

/**
 * A heading about a step already given, not a second step: [ABOUT_STEP_LEAD] ABOUT_STEP_TITLE ("### Phase 1
 * Deliverables Summary", "Overview", "Review notes"), or COMPLETE then COMPLETE_WHAT ("### Phase 1 Complete Code Changes").
 */
export const ABOUT_STEP_TITLE: Wording = { en: ['summary', 'overview', 'recap', 'retrospective', 'review notes'] };
export const ABOUT_STEP_LEAD: Wording = { en: ['deliverable', 'deliverables'] };
export const COMPLETE: Wording = { en: ['complete', 'completed'] };
/** The start of the word after COMPLETE ("Complete code", "Complete file listing", "Completed changes"). */
export const COMPLETE_WHAT: Wording = { en: ['code', 'changes', 'listing', 'file'] };

/** A plan's title that says it is a task breakdown: "# Tasks: …", "# Tareas — 001 Core", "# Implementation tasks". */
export const TASK_LIST_TITLE: Wording = {
  en: ['tasks', 'implementation tasks'],
  es: ['tareas'],
  pt: ['tarefas'],
  de: ['aufgaben'],
  fr: ['tâches', 'taches'],
};

/** A unit of time a heading may be a step of ("Day 3: …"), beside STEP_WORD: such a heading is a step, not a label and its value. */
export const DAY: Wording = {
  en: ['day'],
};
/** The word a title of a task breakdown may end with instead: "# Review Agents Tasks". */
export const TASK_LIST_TITLE_END: Wording = {
  en: ['tasks'],
};

/** A heading over a run of steps done by one pattern: RANGE_UNIT, a number, RANGE_TO (or a dash), a number ("## Tasks 3-13", "Steps 4 through 9"). */
export const RANGE_UNIT: Wording = { en: ['step', 'steps', 'task', 'tasks', 'phase', 'phases', 'stage', 'stages'] };
export const RANGE_TO: Wording = { en: ['to', 'through'] };

/** A heading that names steps or tasks outright, anywhere in it: "Steps", "Tasks", "To-do", "Checklist", "Pasos", "Aufgaben", "Étapes". */
export const STEPS_NAME: Wording = {
  en: ['step', 'steps', 'task', 'tasks', 'todo', 'to do', 'to-do', 'to -do', 'to- do', 'to - do', 'checklist', 'action item', 'action items', 'work item', 'work items'],
  es: ['pasos', 'tareas'],
  pt: ['passos', 'tarefas'],
  de: ['schritte', 'aufgaben'],
  fr: ['étapes', 'etapes', 'tâches', 'taches'],
};
