/**
 * The top-of-plan CodeLens (`Complexity 8/16 · scaled team · ▶ Verify Plan`)
 * and the hover on that line with the seed 001 Step 2 factor breakdown and
 * the plan quality. Pure functions of an Analysis.
 */
import { MarkupKind, type CodeLens, type Hover, type Position } from 'vscode-languageserver';
import { titleLine } from '../core/rules/text-ranges';
import type { Assessment } from '../core/run-types';
import { VERIFY_COMMAND } from '../shared/lsp-protocol';
import type { Analysis } from './document-analyzer';
import { toLspRange } from './lsp-convert';

export function lensTitle(assessment: Assessment | null): string {
  if (!assessment) return '▶ Verify Plan';
  const team = assessment.team ? `${assessment.team} team` : 'trivial, no team';
  return `Complexity ${assessment.score}/16 · ${team} · ▶ Verify Plan`;
}

export function topLens(analysis: Analysis): CodeLens {
  const line = analysis.plan ? titleLine(analysis.plan) : 0;
  return {
    range: { start: { line, character: 0 }, end: { line, character: 0 } },
    command: { title: lensTitle(analysis.assessment), command: VERIFY_COMMAND, arguments: [analysis.uri], tooltip: lensTooltip(analysis.assessment) },
  };
}

/** Why this score gives this team (e.g. a thin plan runs the base team whatever its score), and what a click does. */
export function lensTooltip(assessment: Assessment | null): string {
  const click = 'Click to verify the plan with the agent team (uses the model provider).';
  if (!assessment) return click;
  return `Complexity ${assessment.score}/16 (the scaled team starts at ${assessment.threshold}): ${assessment.teamReason} Hover the title line for the factor breakdown. ${click}`;
}

/** Hover anywhere on the title line (where the lens sits). */
export function topHover(analysis: Analysis, position: Position): Hover | null {
  const plan = analysis.plan;
  if (!plan || !analysis.assessment) return null;
  const line = titleLine(plan);
  if (position.line !== line) return null;
  const text = plan.lines[line] ?? '';
  return {
    contents: { kind: MarkupKind.Markdown, value: assessmentMarkdown(analysis.assessment, analysis.findings.length) },
    range: toLspRange({ startLine: line, startChar: 0, endLine: line, endChar: text.length }, analysis.bomOffset),
  };
}

export function assessmentMarkdown(a: Assessment, findingCount: number): string {
  const team = a.team ? `**${a.team} team**` : '**no team** (trivial plan)';
  const rows = a.factors.map((f) => `| ${cell(f.label)} | ${f.points}/${f.max} | ${cell(f.detail)} |`);
  return [
    `**Complexity ${a.score}/16** · threshold ${a.threshold} · ${team}`,
    '',
    cell(a.teamReason),
    '',
    '| Factor | Points | Counted |',
    '|---|---:|---|',
    ...rows,
    '',
    `**Plan quality: ${a.quality}** — ${cell(a.qualityReason)}`,
    '',
    `Static checks: ${findingCount === 0 ? 'no findings' : `${findingCount} finding${findingCount === 1 ? '' : 's'} (see Problems)`}.`,
  ].join('\n');
}

/** Plan text inside a Markdown table cell: no pipes, no line breaks, no HTML. */
function cell(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/\|/g, '\\|')
    .replace(/</g, '&lt;');
}
