/**
 * The Markdown plan model: sections, steps, line ranges, referenced paths and
 * unknown signals, parsed with markdown-it. `parsePlan` never throws: any
 * input, including non-strings and binary noise, yields a Plan whose ranges
 * all lie inside `lines`. Line numbers match the editor's (BOM stripped,
 * CRLF/CR turned into LF, so no line moves).
 *
 * Recognition rules live next to the code that applies them:
 *   sections and their kinds     plan/sections.ts
 *   steps                        plan/steps.ts
 *   ids, dependencies, criteria  plan/step-details.ts
 *   referenced paths             plan/paths.ts
 *   unknown signals              signals.ts
 *   the plan's format            plan/format.ts
 *
 * The language server re-parses on every keystroke: parsing is linear in the
 * text (2,000 lines take a few milliseconds).
 */
import { detectFormat } from './plan/format';
import { readOutline } from './plan/outline';
import { findReferencedPaths } from './plan/paths';
import { isPlaceholder, sectionKind } from './plan/sections';
import { classifyHeadings, type HeadingInfo } from './plan/step-headings';
import { findSteps } from './plan/steps';
import { countWords, lineSpan, normalizeText, plainText } from './plan/text';
import type { Plan, PlanSection } from './plan/types';
import { findUnknownSignals } from './signals';

export type { Plan, PlanFormat, PlanSection, PlanStep, Range, ReferencedPath, SectionKind, StepRef, UnknownSignal } from './plan/types';
export { normalizeStepId, openingStepId, openingStepIds, stepPrefix, STEP_KEYWORDS } from './plan/step-details';
export { namesRisks, risksOrRollbackKind, sectionKind } from './plan/sections';

const MAX_GOAL = 1000;

export function parsePlan(text: string): Plan {
  const normalized = normalizeText(text);
  try {
    return parse(normalized);
  } catch {
    // Last line of defence for inputs no rule foresaw: a plan without structure beats a crash.
    const lines = normalized.split('\n');
    return {
      text: normalized,
      lines,
      lineCount: lines.length,
      wordCount: countWords(normalized),
      title: null,
      goal: null,
      goalLine: null,
      sections: [],
      steps: [],
      referencedPaths: [],
      unknownSignals: [],
    };
  }
}

/** `parsePlan` without its last-resort catch, so tests see a parser bug instead of an empty plan. */
export function parsePlanStrict(text: string): Plan {
  return parse(normalizeText(text));
}

function parse(text: string): Plan {
  const lines = text.split('\n');
  const outline = readOutline(lines, text);
  const skip = (line: number): boolean => outline.codeMask[line] === 1;
  const firstH1 = outline.headings.find((h) => h.level === 1);
  const format = detectFormat(text, firstH1 ? plainText(firstH1.source) : null);
  const infos = classifyHeadings(outline, lines, format);
  const lineWords = Int32Array.from(lines, (l) => countWords(l));
  const h1 = infos.find((i) => i.heading.level === 1) ?? infos[0];
  const steps = findSteps(outline, infos, lines, lineWords, format);
  const sections = infos.map((info, i) => toSection(info, i, lines, infos, info === h1));
  return {
    text,
    lines,
    lineCount: lines.length,
    wordCount: lineWords.reduce((a, b) => a + b, 0),
    format,
    title: h1 ? h1.title : null,
    ...findGoal(outline.paragraphs, sections),
    sections,
    steps,
    referencedPaths: findReferencedPaths(lines, skip),
    unknownSignals: findUnknownSignals(lines, skip, text),
  };
}

/** The plan's title heading ("# Plan: add a rate limiter") is kind 'other' unless it names another kind. */
function toSection(info: HeadingInfo, index: number, lines: readonly string[], infos: readonly HeadingInfo[], isTitle: boolean): PlanSection {
  const start = info.heading.line;
  const kind = info.isStep ? 'steps' : sectionKind(info.title);
  return {
    title: info.title,
    level: info.heading.level,
    headingLine: start,
    range: lineSpan(lines, start, info.endLine),
    kind: isTitle && kind === 'steps' ? 'other' : kind,
    isEmpty: isEmptySection(index, lines, infos),
  };
}

/** True when every line after the heading is a sub-heading or a placeholder; stops at the first real content. */
function isEmptySection(index: number, lines: readonly string[], infos: readonly HeadingInfo[]): boolean {
  const info = infos[index] as HeadingInfo;
  let next = index + 1;
  for (let l = info.heading.lastLine + 1; l <= info.endLine; l++) {
    while (next < infos.length && (infos[next] as HeadingInfo).heading.lastLine < l) next++;
    const sub = infos[next];
    if (sub && sub.heading.line <= l) continue;
    if (!isPlaceholder(lines[l] ?? '')) return false;
  }
  return true;
}

/** First paragraph of a Goal/Objective/Summary section, else the first paragraph of the plan. */
function findGoal(paragraphs: ReadonlyArray<{ line: number; source: string }>, sections: readonly PlanSection[]): { goal: string | null; goalLine: number | null } {
  const goal = sections.find((s) => s.kind === 'goal' && !s.isEmpty);
  const inGoal = goal ? paragraphs.find((p) => p.line > goal.headingLine && p.line <= goal.range.endLine) : undefined;
  const first = inGoal ?? paragraphs[0];
  const text = first ? plainText(first.source) : '';
  return text === '' || !first ? { goal: null, goalLine: null } : { goal: text.slice(0, MAX_GOAL), goalLine: first.line };
}
