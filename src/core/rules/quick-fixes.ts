/**
 * Mechanical fixes for static findings, as plain text edits in plan
 * coordinates (0-based lines, LF text). The language server turns them into
 * LSP code actions; anything else (a CLI --fix) can apply them the same way.
 * A fix that cannot be computed safely is simply not offered.
 */
import type { Plan, PlanStep, Range, StepRef } from '../plan';
import type { StaticFinding } from './catalog';
import { stepLabel } from './step-rules';
import { sameRange } from './text-ranges';

export interface TextEdit {
  range: Range;
  newText: string;
}

export interface QuickFix {
  title: string;
  /** Empty when the fix is a command only. */
  edits: TextEdit[];
  isPreferred?: boolean;
  /** A front-end command to run (after the edits): e.g. turning the check off in the user's settings. */
  command?: { title: string; command: string; arguments: unknown[] };
}

/** The command that sets `verifyPlan.rules.<code>` to "off" in the user's settings; its argument is the rule code. */
export const TURN_OFF_CHECK_COMMAND = 'verifyPlan.turnOffCheck';

export const SUCCESS_CRITERION_STUB = 'Success criteria: …';
export const RISKS_SECTION_TEXT = '## Risks and rollback\n\n- Risk: … — how we would notice: … — mitigation: …\n- Rollback: …\n';

/** The fixes for a finding, and last, for every finding, turning its check off. */
export function fixesFor(plan: Plan, finding: StaticFinding): QuickFix[] {
  const off: QuickFix = {
    title: `Turn off the "${finding.code}" check (user settings)`,
    edits: [],
    command: { title: 'Turn off this check', command: TURN_OFF_CHECK_COMMAND, arguments: [finding.code] },
  };
  return [...textFixesFor(plan, finding), off];
}

function textFixesFor(plan: Plan, finding: StaticFinding): QuickFix[] {
  try {
    switch (finding.code) {
      case 'no-success-criterion':
        return successCriterionFix(plan, finding);
      case 'missing-risks-section':
        return [risksSectionFix(plan)];
      case 'dangling-dependency':
        return danglingDependencyFixes(plan, finding);
      case 'missing-file':
        return [...realPathFix(finding), ...createdByPlanFix(plan, finding)];
      case 'unknown-script':
      case 'unknown-symbol':
        return suggestedNameFix(finding);
      case 'symbol-elsewhere':
        return placeFix(finding);
      case 'stale-anchor':
        return anchorFix(finding);
      default:
        return [];
    }
  } catch {
    return [];
  }
}

/** "did you mean …": replaces the mention with the one workspace path that has its name. */
function realPathFix(finding: StaticFinding): QuickFix[] {
  const suggestion = finding.data?.['suggestion'];
  const written = finding.data?.['path'];
  if (typeof suggestion !== 'string' || suggestion === '' || typeof written !== 'string') return [];
  const newText = `${written.startsWith('@') ? '@' : ''}${suggestion}`;
  return [{ title: `Change the path to ${suggestion}`, edits: [{ range: finding.range, newText }], isPreferred: true }];
}

/**
 * "Mark as created by this plan": " (new file)" right after the mention (past
 * its closing backtick or quote), the wording created-paths.ts reads as "the
 * plan brings this file into being", so missing-file no longer reports it.
 */
function createdByPlanFix(plan: Plan, finding: StaticFinding): QuickFix[] {
  const { endLine, endChar } = finding.range;
  const line = plan.lines[endLine];
  if (line === undefined) return [];
  let at = endChar;
  while (at < line.length && /[`'"*_>)\]]/.test(line[at]!)) at++;
  return [{ title: 'Mark as created by this plan', edits: [{ range: { startLine: endLine, startChar: at, endLine, endChar: at }, newText: ' (new file)' }] }];
}

/** "did you mean …": replaces the script or target name with the one the workspace defines. */
function suggestedNameFix(finding: StaticFinding): QuickFix[] {
  const suggestion = finding.data?.['suggestion'];
  if (typeof suggestion !== 'string' || !/^[\w:.@/-]+$/.test(suggestion)) return [];
  return [{ title: `Change the name to ${suggestion}`, edits: [{ range: finding.range, newText: suggestion }], isPreferred: true }];
}

/** symbol-elsewhere: the path the plan wrote becomes the file that defines the name. */
function placeFix(finding: StaticFinding): QuickFix[] {
  const suggestion = finding.data?.['suggestion'];
  const range = finding.data?.['pathRange'] as Range | undefined;
  if (typeof suggestion !== 'string' || !range || typeof range.startLine !== 'number') return [];
  return [{ title: `Change the path to ${suggestion}`, edits: [{ range, newText: suggestion }], isPreferred: true }];
}

/** stale-anchor: the line number (or range) becomes the one where the name is defined now. */
function anchorFix(finding: StaticFinding): QuickFix[] {
  const newText = finding.data?.['newText'];
  if (typeof newText !== 'string' || !/^\d+(?:-L?\d+)?$/.test(newText)) return [];
  return [{ title: `Change the line to ${newText}`, edits: [{ range: finding.range, newText }], isPreferred: true }];
}

function successCriterionFix(plan: Plan, finding: StaticFinding): QuickFix[] {
  const step = plan.steps.find((s) => s.line === finding.range.startLine);
  if (!step) return [];
  const head = plan.lines[step.line] ?? '';
  const lastLine = lastContentLine(plan, step);
  const listItem = /^(\s*)([-*+]|\d{1,9}[.)])(\s+)/.exec(head);
  let text: string;
  if (listItem) {
    const [, lead = '', marker = '', gap = ''] = listItem;
    // Content indent of the item (CommonMark): a nested bullet there stays inside the step.
    const indent = lead.length + marker.length + (gap.length > 4 ? 1 : gap.length);
    text = `${' '.repeat(indent)}- ${SUCCESS_CRITERION_STUB}\n`;
  } else {
    const previous = plan.lines[lastLine] ?? '';
    const needsBlank = lastLine !== step.line && !/^\s*([-*+]|\d{1,9}[.)])\s/.test(previous);
    text = `${needsBlank ? '\n' : ''}- ${SUCCESS_CRITERION_STUB}\n`;
  }
  return [{ title: `Add a success criterion to ${stepLabel(step.id)}`, edits: [insertAfterLine(plan, lastLine, text)], isPreferred: true }];
}

/** Last non-blank line inside the step's range (the step's own line at least). */
function lastContentLine(plan: Plan, step: PlanStep): number {
  const end = Math.min(step.range.endChar === 0 && step.range.endLine > step.line ? step.range.endLine - 1 : step.range.endLine, plan.lines.length - 1);
  for (let line = end; line > step.line; line--) {
    if ((plan.lines[line] ?? '').trim() !== '') return line;
  }
  return step.line;
}

function insertAfterLine(plan: Plan, line: number, text: string): TextEdit {
  if (line + 1 < plan.lines.length) {
    return { range: { startLine: line + 1, startChar: 0, endLine: line + 1, endChar: 0 }, newText: text };
  }
  const end = (plan.lines[line] ?? '').length;
  return { range: { startLine: line, startChar: end, endLine: line, endChar: end }, newText: `\n${text.replace(/\n$/, '')}` };
}

function risksSectionFix(plan: Plan): QuickFix {
  const lastLine = Math.max(0, plan.lines.length - 1);
  const lastText = plan.lines[lastLine] ?? '';
  const end = { startLine: lastLine, startChar: lastText.length, endLine: lastLine, endChar: lastText.length };
  // Ensure exactly one blank line between the existing text and the new heading.
  const trailingNewlines = /\n*$/.exec(plan.text)?.[0].length ?? 0;
  const lead = plan.text.trim() === '' ? '' : '\n'.repeat(Math.max(0, 2 - trailingNewlines));
  return { title: 'Add a "Risks and rollback" section', edits: [{ range: end, newText: `${lead}${RISKS_SECTION_TEXT}` }], isPreferred: true };
}

function danglingDependencyFixes(plan: Plan, finding: StaticFinding): QuickFix[] {
  const found = findRef(plan, finding.range);
  if (!found) return [];
  const { step, ref } = found;
  // A step never depends on itself: its own id is no candidate.
  const candidates = Array.isArray(finding.data?.candidates)
    ? finding.data.candidates.filter((c): c is string => typeof c === 'string' && c.toLowerCase() !== step.id.toLowerCase())
    : [];
  const fixes: QuickFix[] = candidates.map((candidate, i) => ({
    title: `Change to ${stepLabel(candidate)}`,
    edits: [{ range: ref.range, newText: replaceId(ref, candidate) }],
    isPreferred: i === 0 && candidates.length === 1,
  }));
  fixes.push({ title: `Remove the dependency on ${stepLabel(ref.id)}`, edits: [removeRefEdit(plan, step, ref)] });
  return fixes;
}

function findRef(plan: Plan, range: Range): { step: PlanStep; ref: StepRef } | null {
  for (const step of plan.steps) {
    for (const ref of step.dependsOn) if (sameRange(ref.range, range)) return { step, ref };
  }
  return null;
}

/** Keeps the author's spelling: "Step 9" → "Step 3", "step-9" → "step-3". */
function replaceId(ref: StepRef, candidate: string): string {
  const at = ref.raw.toLowerCase().lastIndexOf(ref.id.toLowerCase());
  if (at >= 0 && ref.id !== '') return ref.raw.slice(0, at) + candidate + ref.raw.slice(at + ref.id.length);
  return /^\d+(\.\d+)*$/.test(candidate) ? `Step ${candidate}` : candidate;
}

const DEPENDENCY_LINE = /^\s*([-*+]\s+)?[*_]{0,2}(depends[\s_-]*on|dependencies|requires|prerequisites?|after)\b/i;

function removeRefEdit(plan: Plan, step: PlanStep, ref: StepRef): TextEdit {
  const { startLine, startChar, endLine, endChar } = ref.range;
  const line = plan.lines[startLine] ?? '';
  const othersOnLine = step.dependsOn.filter((r) => r !== ref && r.range.startLine === startLine).length;
  if (startLine === endLine && othersOnLine === 0 && DEPENDENCY_LINE.test(line)) return deleteLine(plan, startLine);
  if (startLine !== endLine) return { range: ref.range, newText: '' };
  const after = /^\s*(,|&|\band\b)\s*/.exec(line.slice(endChar));
  if (after && othersOnLine > 0) return { range: { ...ref.range, endChar: endChar + after[0].length }, newText: '' };
  const before = /\s*(,|&|\band\b)\s*$/.exec(line.slice(0, startChar));
  if (before) return { range: { ...ref.range, startChar: startChar - before[0].length }, newText: '' };
  return { range: ref.range, newText: '' };
}

function deleteLine(plan: Plan, line: number): TextEdit {
  if (line + 1 < plan.lines.length) return { range: { startLine: line, startChar: 0, endLine: line + 1, endChar: 0 }, newText: '' };
  if (line === 0) return { range: { startLine: 0, startChar: 0, endLine: 0, endChar: (plan.lines[0] ?? '').length }, newText: '' };
  const previousEnd = (plan.lines[line - 1] ?? '').length;
  return { range: { startLine: line - 1, startChar: previousEnd, endLine: line, endChar: (plan.lines[line] ?? '').length }, newText: '' };
}
