/** Rules over the plan's sections: empty headings and a missing risks/rollback section. */
import { assess } from '../complexity';
import { risksOrRollbackKind, type Plan } from '../plan';
import type { Assessment } from '../run-types';
import type { RuleEnvironment, RuleScope } from './catalog';
import { lineRange, titleLine } from './text-ranges';
import type { Draft } from './text-rules';
import { planMarkedDone } from './plan-status';
import { companionHoldsRisks, titleHoldsRisks } from './companion-docs';
import { hasRiskColumn } from '../wording/companion-context';
import { isLabelAndValue, titleIsTaskList } from '../wording/step-labels';
import { titleIsRoadmap } from '../wording/step-work';

/**
 * A heading that is itself a one-line item: a name, a dash and what happens to it ("### 7. DashboardPage.tsx — no change
 * (bulk reuses `data.markRead`).", "### 6. Actions.tsx – disable Mark read offline"), or a sentence ending in a full stop.
 */
const SELF_CONTAINED_HEADING = /\S\s+[—–-]\s+\S+\s+\S+|\S\.\s*$/u;
/** The section's own heading, or one of its sub-headings, is a one-line item: the section has content. */
function holdsSelfContainedHeading(plan: Plan, section: Plan['sections'][number]): boolean {
  return plan.sections.some(
    (t) => t.headingLine >= section.headingLine && t.headingLine <= section.range.endLine && (SELF_CONTAINED_HEADING.test(t.title) || isLabelAndValue(t.title)),
  );
}

/**
 * A heading right under the title that a new top-level heading follows ("# The Undertow" then "## Python-First
 * Architecture with Production-Grade Infrastructure", a rule, "# Executive Summary"): the document's subtitle.
 */
function subtitle(plan: Plan, section: Plan['sections'][number], title: Plan['sections'][number] | undefined): boolean {
  if (!title || section.level !== 2 || section.headingLine <= title.headingLine) return false;
  for (let l = title.headingLine + 1; l < section.headingLine; l++) if ((plan.lines[l] ?? '').trim() !== '') return false;
  const next = plan.sections.find((t) => t.headingLine > section.headingLine);
  return next !== undefined && next.level === 1;
}

/**
 * The sections a reader looks for and finds empty: risks, rollback, testing, success criteria. Any other heading with
 * nothing under it was, on the real-plan corpus, a group heading at its members' level, a label, a frontmatter line or
 * a subtitle in 18 of 19 labelled findings: a plan's layout, not a gap in it.
 */
const PROMISED: ReadonlySet<string> = new Set(['risks', 'rollback', 'testing', 'success']);

/** "## Test strategy (mandatory)" right over "## Unit tests": a heading over parts of its own kind written at its level. */
function groupHeading(plan: Plan, section: Plan['sections'][number]): boolean {
  const next = plan.sections.find((t) => t.headingLine > section.headingLine);
  return next !== undefined && next.kind === section.kind;
}

export function emptySectionRule(plan: Plan, scope: RuleScope = 'precise'): Draft[] {
  // The first H1 is the document's title, not a section to fill ("# Implementation Plan" over a second, named H1).
  const title = plan.sections.find((s) => s.level === 1);
  return plan.sections
    .filter(
      (s) =>
        s.isEmpty && s !== title && !holdsSelfContainedHeading(plan, s) && !subtitle(plan, s, title) && (scope === 'thorough' || (PROMISED.has(s.kind) && !groupHeading(plan, s))),
    )
    .map((s) => ({
      code: 'empty-section',
      message: `Section "${s.title}" is empty: write what belongs there, or remove the heading.`,
      range: lineRange(plan, s.headingLine),
      data: { title: s.title },
    }));
}

/**
 * The spec-kit plan template's header line "**Input**: Feature specification from `/specs/001-x/spec.md`":
 * its plan.md sits beside the feature's spec.md, whose template requires an "Edge Cases" section.
 */
const SPEC_KIT_INPUT = /^\*\*Input\*\*:\s*Feature specification from\s+`?([^`\s]{1,300}spec\.md)`?/m;

/**
 * A spec-kit plan.md generated from a spec that is in the workspace (the "**Input**" header names it). The Input
 * line's path goes stale when a feature folder moves; spec-kit keeps spec.md beside plan.md, so that counts too.
 */
export function specKitSpecBeside(plan: Plan, env?: RuleEnvironment): boolean {
  const spec = SPEC_KIT_INPUT.exec(plan.text.slice(0, 2000));
  // A spec-kit plan.md whose Input line is worded otherwise ("**Input**: Complete Phase II specifications from …") is
  // still one by its header; its spec.md beside it is the spec.
  if (!spec && plan.format !== 'spec-kit-plan') return false;
  try {
    return (spec !== null && env?.fileExists(spec[1] as string) === true) || env?.fileExists('./spec.md') === true;
  } catch {
    return false;
  }
}

/**
 * A GSD PLAN.md by its frontmatter ("---" then "wave: 1", "depends_on:", "files_modified:", "autonomous: true"), also one
 * that writes its tasks as Markdown headings rather than <task> blocks: its phase research holds the risks.
 */
const GSD_FRONTMATTER = /^---[ \t]*\n(?:[^\n]*\n){0,30}?(?:wave|files_modified|autonomous)[ \t]*:/;

/**
 * A bold label alone on its line, heading the list or paragraph under it ("**Risks / open questions:**"). Not a label
 * with its value on the line ("**Risk:** None - documentation only"): a one-word rating is no section.
 */
const BOLD_LABEL = /^\s*(?:\*\*|__)([^*_:\n]{2,40}?)\s*(?::\s*(?:\*\*|__)|(?:\*\*|__)\s*:)\s*$/;

/** A step's "**Error handling:**" says how the code handles errors, not what could go wrong with the change: the label must name risks. */
const RISK_WORD = /risk|roll\s*-?\s*back|revert|mitigation|pitfall|caveat|failure\s+mode|riesgo|risco|risiko|risque|リスク|风险|風險/iu;

/** Risks written under a bold label instead of a heading: the plan has the section in all but form. */
function risksLabel(lines: readonly string[]): boolean {
  for (const line of lines) {
    if (line.indexOf('**') === -1 && line.indexOf('__') === -1) continue;
    const label = BOLD_LABEL.exec(line);
    if (label && risksOrRollbackKind(label[1] as string) && RISK_WORD.test(label[1] as string)) return true;
  }
  return false;
}

/** What the rule reads of the plan's assessment (seed 001 Step 2). */
export type RiskAssessment = Pick<Assessment, 'quality' | 'score' | 'threshold'>;

/**
 * Scope `thorough`: every plan above TRIVIAL (seed 001 Step 2 quality) needs one; a typo fix has nothing to roll back.
 * Scope `precise`: only a plan whose complexity reaches the scaled team's threshold (seed 001: score >= 7 by default, the
 * user's `threshold` otherwise). On the blind-labelled real-plan corpus the finding was real in 80 % of such plans
 * (60 of 75) and in 59 % below it (54 of 77; on plans held out from the rule, 14 of 23 at 45 % against 70 % above): a one-screen
 * change, a greenfield tool or a record of finished work rarely owes a risks section, and labellers said so.
 */
export function missingRisksSectionRule(
  plan: Plan,
  knownAssessment: () => RiskAssessment | undefined = () => undefined,
  env?: RuleEnvironment,
  scope: RuleScope = 'precise',
): Draft[] {
  // A section that is not a step carries its title's kind (a step's is 'steps'): no need to classify the title again.
  if (plan.sections.some((s) => s.kind === 'risks' || s.kind === 'rollback' || titleHoldsRisks(s.title, s.kind === 'steps' ? undefined : s.kind))) return [];
  if (risksLabel(plan.lines)) return [];
  // A plan marked done is a record of finished work: what could go wrong has happened or not.
  if (planMarkedDone(plan)) return [];
  // A roadmap, a backlog or a list of next steps ("# Next steps", "# Long-Term Features Roadmap") orders work to come;
  // each item's risks belong to the plan that will build it (on the corpus, no such document's finding was true).
  if (titleIsRoadmap(plan.title ?? '')) return [];
  // Task lists and GSD task plans keep their risks in the companion design, plan or research by their format's convention.
  if (plan.format === 'gsd' || plan.format === 'kiro-tasks' || plan.format === 'spec-kit-tasks' || titleIsTaskList(plan.title ?? '') || GSD_FRONTMATTER.test(plan.text)) return [];
  if (/<threat_model>/.test(plan.text) || hasRiskColumn(plan.text)) return [];
  // A spec-kit plan.md keeps its failure cases in the spec it was generated from, when that spec is there.
  if (specKitSpecBeside(plan, env)) return [];
  const assessment = knownAssessment() ?? assess(plan);
  if (assessment.quality === 'TRIVIAL') return [];
  if (scope === 'precise' && assessment.score < assessment.threshold) return [];
  // The design or spec the plan names holds its risks ("## Error Handling", "## Edge Cases" there): read with it, as a reader does.
  if (companionHoldsRisks(plan, env)) return [];
  return [
    {
      code: 'missing-risks-section',
      message: 'This plan has no risks or rollback section: add "## Risks and rollback" with what can go wrong, how you would notice, and how to undo it.',
      range: lineRange(plan, titleLine(plan)),
      data: {},
    },
  ];
}
