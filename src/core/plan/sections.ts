/**
 * Section kinds from heading titles, as ../wording/section-titles.ts reads them: the first kind whose words the title
 * holds wins, in the order documented there (so "Rollback plan" is rollback, "Test plan" testing, "Rollout" steps,
 * "Non-goals" other); a title with none is `other`. The words are tables, by language, in ../wording/section-kinds.ts.
 */
import { isPlaceholderText, titleIsConstraint, titleKind, titleKindIsRisksOrRollback, titleNamesRisks, titleNeverHoldsSteps } from '../wording/section-titles';
import type { SectionKind } from './types';

/** A title that names risks, whatever kind came first ("Data validation & error handling" is testing and risks). */
export function namesRisks(title: string): boolean {
  return titleNamesRisks(title);
}

/**
 * Headings whose lists and sub-headings are never the plan's steps, even when numbered ("## 5. Open questions"):
 * appendices, workflows, design parts, preconditions, guidance, worked examples and "Why …" headings (a reason, not an action).
 */
export function neverHoldsSteps(title: string): boolean {
  return titleNeverHoldsSteps(title);
}

export function sectionKind(title: string): SectionKind {
  return titleKind(title);
}

/** Is sectionKind(title) 'risks' or 'rollback'? */
export function risksOrRollbackKind(title: string): boolean {
  return titleKindIsRisksOrRollback(title);
}

/** True when a heading with this title (its number prefix removed) may be a step: not a constraint such as "5. Do Not Touch". */
export function mayBeStepTitle(title: string): boolean {
  const kind = sectionKind(title);
  return (kind === 'other' || kind === 'steps' || kind === 'testing') && !titleNeverHoldsSteps(title) && !titleIsConstraint(title);
}

/** Placeholder-only content: a section holding just this counts as empty. */
export function isPlaceholder(line: string): boolean {
  const t = line
    .replace(/^[\s>*+-]*(\[[ xX]\]\s*)?/, '')
    .replace(/[*_`.]/g, '')
    .trim()
    .toLowerCase();
  return isPlaceholderText(t);
}
