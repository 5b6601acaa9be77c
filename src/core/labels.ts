/**
 * The one module of user-facing words and rule-derived facts: role, dimension
 * and phase names, verdict tones (the colour family every front end draws a
 * verdict in), agent-failure descriptions and their consequences, and why a
 * run stopped. The report, the CLI, the panel and the status bar all read
 * these functions, so no front end re-derives an engine rule.
 *
 * Plain data and pure functions only: the browser-side panel imports it.
 */
import type { AgentFailure, AgentRole, ChallengeOrigin, QualityDimension } from './protocol';
import type { Phase, RunResult, StopCause, VerdictLabel } from './run-types';

export const ROLE_NAMES: Record<AgentRole, string> = {
  challenger: 'Challenger',
  'domain-expert': 'Domain expert',
  'devils-advocate': "Devil's advocate",
  resolver: 'Resolver',
  researcher: 'Researcher',
  synthesizer: 'Synthesizer',
  auditor: 'Auditor',
};

/** Where a challenge came from: the challenging role by its name, or the researcher's finding it was made from. */
export const ORIGIN_NAMES: Record<ChallengeOrigin, string> = {
  challenger: ROLE_NAMES.challenger,
  'domain-expert': ROLE_NAMES['domain-expert'],
  'devils-advocate': ROLE_NAMES['devils-advocate'],
  // Plain words for the seed's "surfaced context" and "probed risk": both are the researcher's findings.
  surfaced: 'Researcher (found in the code)',
  probed: 'Researcher (a risk it looked into)',
};

/** What the views say instead of a token count or a cost the provider did not report (`RunResult.usageReported` false). */
export const USAGE_NOT_REPORTED = 'not reported by this API';
export const USAGE_NOT_REPORTED_NOTE = "Token counts and cost are not reported by the editor's Language Model API (vscode.lm).";

/** The distinct models that ran `role`, in call order (a call names the model that served it). */
export function modelsOfRole(calls: readonly { role: AgentRole; model: string }[], role: AgentRole): string[] {
  return [...new Set(calls.filter((c) => c.role === role).map((c) => c.model))];
}

/** Each model that ran in the run and the roles it ran (in ROLE_NAMES order), models in the order they first ran. */
export function modelsOfRun(calls: readonly { role: AgentRole; model: string }[]): { model: string; roles: AgentRole[] }[] {
  const models = [...new Set(calls.map((c) => c.model))];
  const roles = Object.keys(ROLE_NAMES) as AgentRole[];
  return models.map((model) => ({ model, roles: roles.filter((r) => calls.some((c) => c.role === r && c.model === model)) }));
}

/** The quality dimensions as seed 000's scoring table names them. */
export const DIMENSION_NAMES: Record<QualityDimension, string> = {
  approach_soundness: 'Approach Soundness',
  risk_coverage: 'Risk Coverage',
  assumption_validity: 'Assumption Validity',
  integration_feasibility: 'Integration Feasibility',
  unknowns_coverage: 'Unknowns Coverage',
  constraint_alignment: 'Constraint Alignment',
};

export const PHASE_NAMES: Record<Phase, string> = {
  assess: 'Assessing the plan',
  challenge: 'Challenging the plan',
  research: 'Researching the workspace',
  synthesis: 'Weighing the findings',
  audit: 'Auditing the score',
  report: 'Writing the report',
};

export type VerdictTone = 'good' | 'warn' | 'bad' | 'neutral';

const VERDICT_TONES: Record<VerdictLabel, VerdictTone> = {
  PROCEED: 'good',
  'PROCEED (trivial)': 'good',
  REVISE: 'warn',
  'REVISE (strong)': 'warn',
  RETHINK: 'bad',
  FAILED: 'bad',
  ABORTED: 'neutral',
  CANCELLED: 'neutral',
};

/** The colour family a verdict is drawn in: the panel's CSS class, the status bar's background, the editor's icon. */
export function verdictTone(v: VerdictLabel | null): VerdictTone {
  return v === null ? 'neutral' : VERDICT_TONES[v];
}

const FAILURE_WORDS: Record<AgentFailure['kind'], string> = {
  api_error: 'the API call failed',
  timeout: 'it timed out',
  invalid_output: 'its answer did not match the expected format',
  refusal: 'the model declined to answer',
  truncated: 'the model ran out of output room (its answer hit max_tokens, thinking included)',
  connection_lost: 'the connection was lost while its answer was streaming',
  empty: 'it returned no answer',
  cancelled: 'the run was cancelled',
  budget: 'the spending cap was reached before it could start',
};

/** How an agent failure's message starts when the API rejected the key (401/403). */
export const AUTH_FAILURE = 'authentication failed, check the API key:';

/** The API rejected the key: every further call would fail the same way, so a front end stops the run. */
export function isAuthFailure(failure: Pick<AgentFailure, 'kind' | 'message'>): boolean {
  return failure.kind === 'api_error' && failure.message.startsWith(AUTH_FAILURE);
}

/** "Resolver failed in iteration 2: it timed out." */
export function describeFailure(f: AgentFailure): string {
  return `${ROLE_NAMES[f.role]} failed in iteration ${f.iteration}: ${FAILURE_WORDS[f.kind]}.`;
}

/** What the loop did about a failed role (seed 000, agent failure protocol). */
const CARRIED_FORWARD = 'Its challenges from the previous iteration were carried forward.';
const CONSEQUENCE: Record<AgentRole, string> = {
  challenger: CARRIED_FORWARD,
  'domain-expert': CARRIED_FORWARD,
  'devils-advocate': CARRIED_FORWARD,
  resolver: 'Open unknowns stay unanswered for this iteration.',
  researcher: 'Research was skipped for this iteration and is marked unavailable.',
  synthesizer: 'The run stopped early; the results are partial.',
  auditor: 'The quality score was not audited.',
};

/**
 * What followed from a failure, or '' when nothing did beyond the run's own
 * stop: an agent that was cancelled or never started because of the cap did
 * not fail on its own, and the loop does not count it (failure protocol 4).
 */
export function failureConsequence(f: AgentFailure): string {
  if (f.kind === 'cancelled' || f.kind === 'budget') return '';
  // Failure protocol 1 carries a challenger's earlier challenges forward; in iteration 1 there are none.
  if (f.iteration === 1 && CONSEQUENCE[f.role] === CARRIED_FORWARD) return 'It raised no challenges, and there were none from an earlier iteration to carry forward.';
  return CONSEQUENCE[f.role];
}

const STOP_CAUSE_WORDS: Record<StopCause, string> = {
  trivial: 'the plan is trivial, so no team ran',
  converged: 'no BLOCKING or SIGNIFICANT challenge remained open',
  max_iterations: 'the last iteration was reached',
  cancelled: 'the run was cancelled',
  aborted: 'the run was aborted at a checkpoint',
  agent_failures: 'agent failures forced an early exit',
  spending_cap: 'the spending cap was reached',
  degradation: 'the loop kept creating more challenges than it resolved',
};

type StopFacts = Pick<RunResult, 'partial' | 'verdict' | 'failures' | 'reason' | 'stopCause'>;

/**
 * Why the loop stopped: the run's recorded `stopCause`. Results saved before
 * that field existed are read from their verdict and reason text (the cap also
 * from its failure kind); null when nothing says.
 */
export function stopCauseOf(result: StopFacts): StopCause | null {
  if (result.stopCause) return result.stopCause;
  if (result.failures.some((f) => f.kind === 'budget') || /spending cap/i.test(result.reason)) return 'spending_cap';
  if (result.verdict === 'CANCELLED') return 'cancelled';
  if (result.verdict === 'ABORTED') return 'aborted';
  if (result.verdict === 'PROCEED (trivial)') return 'trivial';
  if (result.verdict === 'FAILED' || /^Forced exit/.test(result.reason)) return 'agent_failures';
  return null;
}

export function stopCauseText(cause: StopCause): string {
  return STOP_CAUSE_WORDS[cause];
}

/** Why a partial run stopped early, in words; null when the run is complete. */
export function partialReason(result: StopFacts): string | null {
  if (!result.partial && !['CANCELLED', 'ABORTED', 'FAILED'].includes(result.verdict)) return null;
  const cause = stopCauseOf(result);
  if (cause && cause !== 'converged' && cause !== 'max_iterations' && cause !== 'trivial') return STOP_CAUSE_WORDS[cause];
  if (result.failures.length > 0) return STOP_CAUSE_WORDS.agent_failures;
  return 'the run did not finish';
}

/** What the user can do about a stopped run: the end-of-run notification and the panel offer the same. */
export type StopAction = 'raise_cap' | 'show_log';

export function stopActions(cause: StopCause | null): StopAction[] {
  if (cause === 'spending_cap') return ['raise_cap'];
  if (cause === 'agent_failures') return ['show_log'];
  return [];
}

/** The causes after which a run is complete; any other ends it early (partial). */
const COMPLETE_CAUSES: readonly StopCause[] = ['trivial', 'converged', 'max_iterations', 'degradation'];

/** Whether a run that stopped for `cause` ended early, for a live run that has no `partial` flag yet. */
export function endedEarly(cause: StopCause | null): boolean {
  return cause !== null && !COMPLETE_CAUSES.includes(cause);
}

/**
 * The iteration in which agent failures forced the run to stop, or null when
 * they did not (the run ended for any other cause). Read from the run's stop
 * cause and its last snapshot — never recounted from the failure list, which
 * holds failures the loop does not count (cancelled, cap).
 */
export function forcedExitIteration(cause: StopCause | null, iterations: readonly { iteration: number }[]): number | null {
  if (cause !== 'agent_failures') return null;
  return iterations.at(-1)?.iteration ?? 1;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
