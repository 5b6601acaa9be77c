/**
 * Report sections about the report-only numbers: the quality score breakdown
 * (scoring rubric: six weighted dimensions, rounded half up), the challenger
 * audit's Score Dispute block, and assertion confidence (seed 003).
 */
import { QUALITY_WEIGHTS, QualityDimension, type Assertion, type AuditorOutput } from '../protocol';
import type { QualityResult, RunResult } from '../run-types';
import { cell, escapeInline, table } from './escape';
import { DIMENSION_NAMES } from '../labels';

export const PRE_RETHINK_LABEL = 'Score (pre-rethink)';

/** The weighted sum before rounding, e.g. 6.85. */
export function weightedSum(quality: QualityResult): number {
  return QualityDimension.options.reduce((sum, d) => sum + quality.scores[d].score * QUALITY_WEIGHTS[d], 0);
}

/** RETHINK always shows the pre-rethink label, whatever label the loop stored. */
export function scoreLabel(quality: QualityResult, verdict: RunResult['verdict']): string {
  if (verdict === 'RETHINK') return PRE_RETHINK_LABEL;
  return quality.label.trim() || 'Score';
}

export function qualitySection(quality: QualityResult | null, verdict: RunResult['verdict']): string | null {
  if (!quality) return null;
  const rows = QualityDimension.options.map((d) => [
    DIMENSION_NAMES[d],
    `${Math.round(QUALITY_WEIGHTS[d] * 100)}%`,
    `${quality.scores[d].score}/10`,
    cell(quality.scores[d].evidence, 240),
  ]);
  const sum = weightedSum(quality).toFixed(2);
  return [
    '## Quality score (report-only)',
    '',
    'The score is informational: binary resolution counts decide the verdict, never the score.',
    '',
    table(['Dimension', 'Weight', 'Score', 'Evidence'], rows, ['left', 'right', 'right', 'left']),
    '',
    `**${escapeInline(scoreLabel(quality, verdict))}: ${quality.total}/10** (weighted sum ${sum}, rounded half up)`,
  ].join('\n');
}

/** Audit outcome; each disagreement shows both scores and both rationales, unresolved (the user decides). */
export function auditSection(audit: AuditorOutput | null, quality: QualityResult | null): string | null {
  if (!audit) return null;
  const parts = ['## Challenger audit', ''];
  const flagged = audit.wrongly_settled ?? [];
  if (audit.discrepancies.length === 0 && flagged.length === 0) {
    parts.push(audit.confirmed ? 'The challenger audit confirmed the verdict and the scores.' : 'The challenger audit did not confirm the verdict.');
  }
  if (flagged.length > 0) {
    parts.push('### Settlements disputed', '', 'The audit says these challenges were settled without answering their concern:', '');
    for (const f of flagged) parts.push(`- ${f.id}: ${escapeInline(f.reason)}`);
    if (audit.discrepancies.length > 0) parts.push('');
  }
  if (audit.discrepancies.length > 0) {
    parts.push('### Score Dispute', '', 'The audit disagrees with these scores. Both sides are shown; nothing was resolved automatically, you decide.');
    for (const d of audit.discrepancies) {
      const synthEvidence = quality ? escapeInline(quality.scores[d.dimension].evidence) : '—';
      parts.push(
        '',
        `- ${DIMENSION_NAMES[d.dimension]}: synthesizer ${d.synthesizer_score}/10, audit ${d.auditor_score}/10`,
        `  - Synthesizer: ${synthEvidence}`,
        `  - Audit: ${escapeInline(d.evidence)}`,
      );
    }
  }
  if (audit.note.trim()) parts.push('', `Note from the audit: ${escapeInline(audit.note)}`);
  return parts.join('\n');
}

/** "Confidence: 73% (11/15 assertions passing)"; null when there are no assertions. */
export function confidenceLine(confidence: RunResult['confidence']): string | null {
  if (!confidence || confidence.total <= 0) return null;
  const pct = Math.round((confidence.passed / confidence.total) * 100);
  return `Confidence: ${pct}% (${confidence.passed}/${confidence.total} assertions passing)`;
}

/**
 * The assertions the roles proposed (seed 003) are checks for AFTER
 * implementation: they say how to tell the plan's concerns were handled, not
 * how confident anyone is in the plan. Results appear once `verify-plan
 * check` ran them (then the confidence line of seed 003 applies).
 */
export function assertionsSection(assertions: Assertion[], confidence: RunResult['confidence']): string | null {
  const line = confidenceLine(confidence);
  if (!line && assertions.length === 0) return null;
  const parts = [
    '## Checks to run after implementation',
    '',
    'Run `verify-plan check` once the plan is implemented; each check shows whether the concern it belongs to was handled.',
    '',
  ];
  if (line) parts.push(`**After implementation — ${line}**`, '');
  if (assertions.length > 0) {
    const rows = assertions.map((a) => [a.id, a.type, a.challenge_id ?? '—', a.status ?? 'not run yet', cell(a.description, 200), cell(a.failure_output, 160)]);
    parts.push(table(['ID', 'Type', 'Challenge', 'Result', 'Description', 'Failure output'], rows));
  }
  return parts.join('\n').trimEnd();
}
