/**
 * Which plan format a text is, from its shape alone (the parser is not told
 * the file name). Formats carry conventions the rules follow: a task list keeps
 * its risks in the companion design/plan, a descriptive document has no steps.
 *
 *   gsd             GSD PLAN.md: XML-like `<task>` blocks with `<verify>`/`<done>`
 *   kiro-tasks      Kiro tasks.md: "- [ ] 1.1 …" checkbox tasks with "_Requirements: …_" links,
 *                   or under a "# Tasks…" / "# Implementation Plan" title (also in es/pt/de/fr)
 *   spec-kit-tasks  spec-kit tasks.md: "- [ ] T001 …" tasks
 *   spec-kit-plan   spec-kit plan.md: the template's "**Input**: Feature specification from …" header, its
 *                   note "This template is filled in by the `/speckit.plan` command", or a "## Constitution
 *                   Check" section; its steps are its "Phase N" headings (and lists under a steps heading),
 *                   the work itself is in the tasks.md generated from it
 *   descriptive     Kiro design.md/requirements.md, spec-kit spec.md ("# Design Document", "# Feature Specification",
 *                   "# User Authentication System Design")
 *   markdown        anything else: Claude Code, superpowers, free-form plans
 */
import type { PlanFormat } from './types';

export const DESCRIPTIVE_TITLE = /^(?:design(?:\s+document)?|technical\s+design|requirements(?:\s+document)?|feature\s+specification)\b/i;
/** "# User Authentication System Design", "# Search Design Document": a design named by its subject, not a plan ("Design plan", "Design tasks"). */
const DESIGN_TITLE_END = /\bdesign(?:\s+(?:document|doc|specification|spec))?\s*$/i;
const PLAN_WORDS = /\b(?:plan|tasks?|implementation|roadmap|steps)\b/i;
const GSD_TASK = /^\s*<task\b[^>]*>\s*$/m;
const KIRO_TASK = /^- \[[ xX]\]\*?[ \t]+\d+(?:\.\d+)*\.?[ \t]+\S/m;
/** "_Requirements: 1.2_", in es/pt ("_Requisitos:_"), de ("_Anforderungen:_"), fr ("_Exigences:_"), zh ("_需求: 1.3_") and ja ("_要件: 2.1_"). */
const KIRO_REQUIREMENTS = /_(?:Requirements?|Requisitos?|Anforderungen|Exigences?|需求|要件|要求)\s*[:：]/;
/**
 * "# Tasks: Editor MVP", "# Implementation Plan": the title of a Kiro-style tasks.md that links no requirements;
 * also in es/pt/de/fr ("# Plan de Implementación", "# Plano de Implementação", "# Implementierungsplan", "# Tâches").
 */
const TASKS_TITLE =
  /^(?:tasks|implementation\s+plan|tareas|tarefas|aufgaben|t[âa]ches|plan(?:o)?\s+de\s+implementa(?:ci[oó]n|[cç][aã]o)|implementierungsplan|plan\s+d['’]impl[ée]mentation)(?!\p{L})/iu;
const SPEC_KIT_TASK = /^\s*- \[[ xX]\][ \t]+T\d{3,}\b/m;
const SPEC_KIT_PLAN = /^\*\*Input\*\*:\s*Feature specification from\b|^#{2,3}\s+Constitution Check\b|\btemplate is filled in by the `?\/(?:speckit\.)?plan`? command\b/m;

export function detectFormat(text: string, title: string | null): PlanFormat {
  if (title !== null && (DESCRIPTIVE_TITLE.test(title) || (DESIGN_TITLE_END.test(title) && !PLAN_WORDS.test(title)))) return 'descriptive';
  if (GSD_TASK.test(text)) return 'gsd';
  if (SPEC_KIT_TASK.test(text)) return 'spec-kit-tasks';
  if (SPEC_KIT_PLAN.test(text)) return 'spec-kit-plan';
  if (KIRO_TASK.test(text) && (KIRO_REQUIREMENTS.test(text) || (title !== null && TASKS_TITLE.test(title)))) return 'kiro-tasks';
  return 'markdown';
}

/** The format from the text alone, its title taken from the first ATX H1 (for callers that have no parsed headings). */
export function detectFormatOfText(text: string): PlanFormat {
  const h1 = /^ {0,3}# +(.+?)\s*#*\s*$/m.exec(text);
  return detectFormat(text, h1 ? (h1[1] ?? '').replace(/[*_`]/g, '') : null);
}
