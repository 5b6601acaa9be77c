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
import { linksRequirements, titleIsDescriptive, titleIsTasksDoc } from '../wording/titles';

const GSD_TASK = /^\s*<task\b[^>]*>\s*$/m;
const KIRO_TASK = /^- \[[ xX]\]\*?[ \t]+\d+(?:\.\d+)*\.?[ \t]+\S/m;
const SPEC_KIT_TASK = /^\s*- \[[ xX]\][ \t]+T\d{3,}\b/m;
const SPEC_KIT_PLAN = /^\*\*Input\*\*:\s*Feature specification from\b|^#{2,3}\s+Constitution Check\b|\btemplate is filled in by the `?\/(?:speckit\.)?plan`? command\b/m;

export function detectFormat(text: string, title: string | null): PlanFormat {
  if (title !== null && titleIsDescriptive(title)) return 'descriptive';
  if (GSD_TASK.test(text)) return 'gsd';
  if (SPEC_KIT_TASK.test(text)) return 'spec-kit-tasks';
  if (SPEC_KIT_PLAN.test(text)) return 'spec-kit-plan';
  if (KIRO_TASK.test(text) && (linksRequirements(text) || (title !== null && titleIsTasksDoc(title)))) return 'kiro-tasks';
  return 'markdown';
}

/** The format from the text alone, its title taken from the first ATX H1 (for callers that have no parsed headings). */
export function detectFormatOfText(text: string): PlanFormat {
  const h1 = /^ {0,3}# +(.+?)\s*#*\s*$/m.exec(text);
  return detectFormat(text, h1 ? (h1[1] ?? '').replace(/[*_`]/g, '') : null);
}
