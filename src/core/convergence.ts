/**
 * Convergence rules of the loop as pure functions (seed 002 §5–§8, seed 000,
 * seed 001 Steps 3d–4): no I/O, no clock, no randomness. The loop calls
 * these; the pieces live in `convergence/`, one concept per file.
 */
export {
  CAPS,
  ORIGINS_OF_SOURCE,
  SETTLED_STATUSES,
  type AdmissionSource,
  challengeNumber,
  compareConfidence,
  compareSeverity,
  countOpen,
  isActive,
  isOpenOrUnresolved,
} from './convergence/counting';
export {
  CLAIM_SIMILARITY_THRESHOLD,
  CONCERN_OVERLAP_THRESHOLD,
  compareAdmission,
  tieBreakWeight,
  type AdmissionCandidate,
  type AdmissionInput,
  type AdmissionResult,
  admitChallenges,
  capPerAgent,
  claimSimilarity,
  dedupeCandidates,
  normaliseText,
} from './convergence/admission';
export { type ConvergenceInput, type RejectedUpdate, applyUpdates, evaluateConvergence, isStalled, netResolution } from './convergence/progress';
export { type Grounds, type GroundsCheck, flattenQuote, settlementGrounds } from './convergence/grounds';
export { nextStepFor, nextStepForStopped, technicalDebtWarning, verdictOf } from './convergence/verdict';
export { AUDIT_DISPUTE_THRESHOLD, auditDiscrepancies, qualityLabel, qualityTotal } from './convergence/quality';
export { type ResearchGateInput, type ResearchGateResult, gateResearchDirectives } from './convergence/research-gate';
export { REOPENED_BY_AUDIT, type AuditReopening, reopenWronglySettled } from './convergence/audit';
