/**
 * Which plan format a text is, from its shape alone (the parser is not told
 * the file name). Formats carry conventions the rules follow: a task list keeps
 * its risks in the companion design/plan, a descriptive document has no steps.
 *
 *   gsd             GSD PLAN.md: XML-like `<task>` blocks with `<verify>`/`<done>`
 *   kiro-tasks      Kiro tasks.md: "- [ ] 1.1 …" checkbox tasks with "_Requirements: …_" links,
 *                   or under a "# Tasks…" / "# Implementation Plan" title
 *   spec-kit-tasks  spec-kit tasks.md: "- [ ] T001 …" tasks
 *   descriptive     Kiro design.md/requirements.md, spec-kit spec.md ("# Design Document", "# Feature Specification")
 *   markdown        anything else: Claude Code, superpowers, free-form plans
 */
import type { PlanFormat } from './types';

export const DESCRIPTIVE_TITLE = /^(?:design(?:\s+document)?|technical\s+design|requirements(?:\s+document)?|feature\s+specification)\b/i;
const GSD_TASK = /^\s*<task\b[^>]*>\s*$/m;
const KIRO_TASK = /^- \[[ xX]\]\*? \d+(?:\.\d+)*\.? \S/m;
const KIRO_REQUIREMENTS = /_Requirements?:/;
/** "# Tasks: Editor MVP", "# Implementation Plan": the title of a Kiro-style tasks.md that links no requirements. */
const TASKS_TITLE = /^(?:tasks|implementation\s+plan)\b/i;
const SPEC_KIT_TASK = /^\s*- \[[ xX]\] T\d{3,}\b/m;

export function detectFormat(text: string, title: string | null): PlanFormat {
  if (title !== null && DESCRIPTIVE_TITLE.test(title)) return 'descriptive';
  if (GSD_TASK.test(text)) return 'gsd';
  if (SPEC_KIT_TASK.test(text)) return 'spec-kit-tasks';
  if (KIRO_TASK.test(text) && (KIRO_REQUIREMENTS.test(text) || (title !== null && TASKS_TITLE.test(title)))) return 'kiro-tasks';
  return 'markdown';
}

/** The format from the text alone, its title taken from the first ATX H1 (for callers that have no parsed headings). */
export function detectFormatOfText(text: string): PlanFormat {
  const h1 = /^ {0,3}# +(.+?)\s*#*\s*$/m.exec(text);
  return detectFormat(text, h1 ? (h1[1] ?? '').replace(/[*_`]/g, '') : null);
}
