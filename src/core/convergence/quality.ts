/**
 * The report-only quality score (scoring rubric of the original plugin):
 * six weighted dimensions, rounded half up to an integer 1–10, and the
 * challenger's audit ("Score Dispute" when a dimension differs by 2+).
 * Never used for loop control.
 */
import { type AuditorOutput, QUALITY_WEIGHTS, QualityDimension, type QualityScores, type Verdict } from '../protocol';

/** Weights in hundredths so the sum is exact integer arithmetic (0.25*7+0.2*6+… is not exact in floating point). */
const WEIGHT_HUNDREDTHS = Object.fromEntries(QualityDimension.options.map((d) => [d, Math.round(QUALITY_WEIGHTS[d] * 100)])) as Record<QualityDimension, number>;

/** Weighted sum of the six dimension scores, rounded half up (6.5 → 7, 6.45 → 6), clamped to 1..10. */
export function qualityTotal(scores: QualityScores): number {
  let hundredths = 0;
  for (const d of QualityDimension.options) {
    const score = scores[d]?.score;
    if (typeof score !== 'number' || !Number.isInteger(score) || score < 1 || score > 10) {
      throw new RangeError(`quality score for ${d} must be an integer 1..10, got ${String(score)}`);
    }
    hundredths += score * WEIGHT_HUNDREDTHS[d];
  }
  const rounded = Math.floor((hundredths + 50) / 100);
  return Math.min(10, Math.max(1, rounded));
}

/** "Score (pre-rethink)" tells the reader the plan was rejected whatever the score says. */
export function qualityLabel(verdict: Verdict): string {
  return verdict === 'RETHINK' ? 'Score (pre-rethink)' : 'Score';
}

/** Score Dispute differences smaller than this are noise, not a dispute. */
export const AUDIT_DISPUTE_THRESHOLD = 2;

/**
 * The discrepancies worth a Score Dispute block: |synthesizer - auditor| >= 2
 * and the auditor quoted the synthesizer's score as recorded (a misquoted
 * score is dropped). At most one per dimension, the first given.
 */
export function auditDiscrepancies(scores: QualityScores, audit: AuditorOutput): AuditorOutput['discrepancies'] {
  const seen = new Set<QualityDimension>();
  return (audit.discrepancies ?? []).filter((d) => {
    if (seen.has(d.dimension)) return false;
    const recorded = scores[d.dimension]?.score;
    if (recorded === undefined || d.synthesizer_score !== recorded) return false;
    if (Math.abs(d.synthesizer_score - d.auditor_score) < AUDIT_DISPUTE_THRESHOLD) return false;
    seen.add(d.dimension);
    return true;
  });
}
