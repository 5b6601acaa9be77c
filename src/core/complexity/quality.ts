/**
 * Plan quality (seed 001 Step 2): RICH / ADEQUATE / THIN / TRIVIAL. Rules,
 * first match wins:
 *
 *   TRIVIAL   "fix a typo"-sized: at most 1 step, ≤ 120 words, ≤ 3 referenced
 *             files, at most 1 domain, no integration, no compliance term, no
 *             unknown signal, and no risky operation (migrate, delete, deploy,
 *             schema, auth, payments, production, refactor…; lexicon.ts).
 *   THIN      too little to challenge: no steps and < 250 words; or ≥ 2 steps and
 *             fewer than half of them detailed (a success criterion, or ≥ 15 words
 *             on the step's own lines); or < 12 words per step overall.
 *   RICH      a goal (a non-empty Goal/Objective/Summary section, or a paragraph
 *             of ≥ 8 words before the first step), ≥ 2 steps with ≥ 75 % carrying success
 *             criteria, a non-empty risks or rollback section, ≥ 1 referenced file.
 *   ADEQUATE  everything else.
 */
import type { PlanQuality } from '../protocol';
import type { Plan } from '../plan';
import { RISKY_OPERATIONS } from './lexicon';

export interface QualityInputs {
  domains: number;
  integrations: number;
  compliance: number;
}

export interface QualityVerdict {
  quality: PlanQuality;
  reason: string;
}

const DETAILED_WORDS = 15;

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export function judgeQuality(plan: Plan, inputs: QualityInputs): QualityVerdict {
  const steps = plan.steps;
  const n = steps.length;
  const words = plan.wordCount;
  const risky = RISKY_OPERATIONS.exec(plan.text);

  const trivial =
    n <= 1 &&
    words <= 120 &&
    plan.referencedPaths.length <= 3 &&
    inputs.domains <= 1 &&
    inputs.integrations === 0 &&
    inputs.compliance === 0 &&
    plan.unknownSignals.length === 0 &&
    risky === null;
  if (trivial && words === 0) return { quality: 'TRIVIAL', reason: 'TRIVIAL: the plan is empty; there is nothing to verify.' };
  if (trivial) {
    return { quality: 'TRIVIAL', reason: `TRIVIAL: ${plural(n, 'step')}, ${plural(words, 'word')}, no integrations, compliance, unknowns or risky operations.` };
  }

  if (n === 0 && words < 250) {
    return { quality: 'THIN', reason: `THIN: no steps recognised and only ${plural(words, 'word')}.` };
  }
  const detailed = steps.filter((s) => s.successCriteria !== null || s.wordCount >= DETAILED_WORDS).length;
  if (n >= 2 && detailed * 2 < n) {
    return { quality: 'THIN', reason: `THIN: only ${detailed} of ${n} steps have a success criterion or ${DETAILED_WORDS}+ words of detail.` };
  }
  if (n > 0 && words < 12 * n) {
    return { quality: 'THIN', reason: `THIN: ${plural(words, 'word')} for ${plural(n, 'step')} is too short to act on.` };
  }

  const goalSection = plan.sections.some((s) => s.kind === 'goal' && !s.isEmpty);
  const opening = plan.goal !== null && plan.goalLine !== null && (n === 0 || plan.goalLine < (steps[0]?.line ?? 0));
  const hasGoal = goalSection || (opening && (plan.goal ?? '').split(/\s+/).length >= 8);
  const withCriteria = steps.filter((s) => s.successCriteria !== null).length;
  const criteriaOk = n >= 2 && withCriteria * 4 >= n * 3;
  const risks = plan.sections.some((s) => (s.kind === 'risks' || s.kind === 'rollback') && !s.isEmpty);
  const files = plan.referencedPaths.length > 0;
  const missing: string[] = [];
  if (!hasGoal) missing.push('a goal');
  if (!criteriaOk) missing.push(n < 2 ? 'at least 2 steps' : `success criteria on ≥ 75 % of steps (${withCriteria}/${n})`);
  if (!risks) missing.push('a risks or rollback section');
  if (!files) missing.push('referenced files');
  if (missing.length === 0) {
    return {
      quality: 'RICH',
      reason: `RICH: goal, ${plural(n, 'step')} (${withCriteria} with success criteria), risks/rollback, ${plural(plan.referencedPaths.length, 'referenced file')}.`,
    };
  }
  return { quality: 'ADEQUATE', reason: `ADEQUATE: ${plural(n, 'step')}, ${detailed} detailed; not RICH without ${missing.join(', ')}.` };
}
