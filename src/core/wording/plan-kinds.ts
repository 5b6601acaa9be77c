/**
 * Plan kinds by their titles: a design or requirements document rather than a plan ("# Technical Design", "# Search
 * Design Document"), a task breakdown ("# Tasks: Editor MVP", "# Plan de Implementación"). Plain data, by language.
 * Read by the plan parser's format detection (../plan/format.ts) through `titles.ts`; see README.md.
 */
import type { Wording } from './words';

/** A title that opens with what the document is, not a plan: "Design", "Technical design", "Requirements document", "Feature specification". */
export const DESCRIPTIVE_TITLE: Wording = {
  en: ['design', 'design document', 'technical design', 'requirements', 'requirements document', 'feature specification'],
};

/** A title that ends with "design" (a design named by its subject): "User Authentication System Design", "Search Design Document". */
export const DESIGN_TITLE_END: Wording = {
  en: ['design', 'design document', 'design doc', 'design specification', 'design spec'],
};

/** A word that makes such a title a plan after all: "Design plan", "Design tasks", "Implementation design". */
export const PLAN_WORD: Wording = {
  en: ['plan', 'task', 'tasks', 'implementation', 'roadmap', 'steps'],
};

/** The title of a Kiro-style tasks.md, at its start: "Tasks: Editor MVP", "Implementation Plan", "Plano de Implementação", "Tâches". */
export const TASKS_DOC_TITLE: Wording = {
  en: ['tasks', 'implementation plan'],
  es: ['tareas', 'plan de implementación', 'plan de implementacion'],
  pt: ['tarefas', 'plano de implementação', 'plano de implementacao'],
  de: ['aufgaben', 'implementierungsplan'],
  fr: ['tâches', 'taches', "plan d'implémentation", "plan d'implementation", 'plan d’implémentation', 'plan d’implementation'],
};
