/**
 * Report sections about the run as a whole: title, verdict, assessment,
 * checkpoints, agent failures, token usage and cost, and the next step.
 */
import { AgentRole, type CallRecord, type IterationState, type Usage } from '../protocol';
import type { Assessment, CheckpointRequest, RunResult } from '../run-types';
import { cell, escapeInline, table } from './escape';
import { ROLE_NAMES, USAGE_NOT_REPORTED_NOTE, describeFailure, failureConsequence, modelsOfRole, partialReason, plural } from '../labels';
import { nextStepFor } from '../convergence/verdict';
import { formatUsd } from '../money';

export const STRONG_REVISE_NOTE = 'Strongly recommended: address these before proceeding.';

export function titleSection(result: RunResult): string {
  const finished = result.finishedAt ? `, finished ${result.finishedAt}` : ', not finished';
  return `# Verify Plan: ${escapeInline(result.planPath)}\n\nRun ${escapeInline(result.runId)}, started ${escapeInline(result.startedAt)}${escapeInline(finished)}.`;
}

function counts(state: IterationState | undefined): string {
  if (!state) return '';
  const open = (sev: string) => state.challenges.filter((c) => c.severity === sev && (c.status === 'OPEN' || c.status === 'UNRESOLVED')).length;
  return `Open or unresolved: ${open('BLOCKING')} BLOCKING, ${open('SIGNIFICANT')} SIGNIFICANT, after ${plural(state.iteration, 'iteration')}.`;
}

export function verdictSection(result: RunResult): string {
  const state = result.iterations.at(-1);
  const parts = ['## Verdict', '', `**${result.verdict}**`];
  if (result.verdict === 'REVISE (strong)') parts.push('', `**${STRONG_REVISE_NOTE}**`);
  const why = partialReason(result);
  if (why) parts.push('', `> Partial run: ${why}. The findings below are incomplete.`);
  if (result.reason.trim()) parts.push('', escapeInline(result.reason));
  const c = counts(state);
  if (c) parts.push('', c);
  const decisions = userDecisionLines(state);
  if (decisions.length) parts.push('', '**User decisions** (recorded beside the verdict; they do not change it):', '', ...decisions);
  const flagged = auditFlagLines(result);
  if (flagged.length) parts.push('', '**The audit disputes these settlements:**', '', ...flagged);
  const refused = refusedLines(state);
  if (refused.length) parts.push('', '**Settlements the engine refused** (no verified evidence or user response about the challenge):', '', ...refused);
  return parts.join('\n');
}

const DECISION_WORDS: Record<string, string> = { acknowledge_risk: 'acknowledged the risk', override: 'overrode it (judged not applicable)', provide_context: 'answered' };

/** Each user answer about a challenge, with the user's words. */
function userDecisionLines(state: IterationState | undefined): string[] {
  if (!state) return [];
  return state.user_responses
    .filter((r) => r.challenge_id && DECISION_WORDS[r.action])
    .map((r) => {
      const c = state.challenges.find((x) => x.id === r.challenge_id);
      const now = c ? ` (${c.severity}, now ${c.status})` : '';
      const words = r.text?.trim() ? `: “${escapeInline(r.text.trim())}”` : '';
      return `- ${r.challenge_id}${now}: the user ${DECISION_WORDS[r.action]} at the ${r.checkpoint.replace('_', ' ')} checkpoint of iteration ${r.iteration}${words}`;
    });
}

/** Settled BLOCKING / SIGNIFICANT challenges the audit says were settled wrongly. */
function auditFlagLines(result: RunResult): string[] {
  const state = result.iterations.at(-1);
  return (result.audit?.wrongly_settled ?? []).flatMap((f) => {
    const c = state?.challenges.find((x) => x.id === f.id);
    if (!c || c.severity === 'MINOR') return [];
    return [`- ${f.id} (${c.severity}, ${c.status}): ${escapeInline(f.reason)}`];
  });
}

function refusedLines(state: IterationState | undefined): string[] {
  return (state?.refused_settlements ?? []).map((r) => `- Iteration ${r.iteration}: ${escapeInline(r.reason)}`);
}

export function assessmentSection(a: Assessment): string {
  const team = a.team === null ? 'none (trivial plan)' : a.team.toUpperCase();
  const rows = a.factors.map((f) => [cell(f.label, 60), `${f.points}/${f.max}`, cell(f.detail, 200)]);
  return [
    '## Assessment',
    '',
    `Complexity: ${a.score}/16 (threshold ${a.threshold}). Team: ${team}. Plan quality: ${a.quality}.`,
    '',
    `- Quality: ${escapeInline(a.qualityReason)}`,
    `- Team: ${escapeInline(a.teamReason)}`,
    `- Unknown signals: ${a.unknownSignals}`,
    ...(rows.length > 0 ? ['', table(['Factor', 'Points', 'Detail'], rows, ['left', 'right', 'left'])] : []),
  ].join('\n');
}

export function checkpointsSection(state: IterationState | undefined): string | null {
  if (!state || state.user_responses.length === 0) return null;
  const lines = state.user_responses.map((r) => {
    const about = r.challenge_id ? ` on ${r.challenge_id}` : '';
    const text = r.text?.trim() ? `: ${escapeInline(r.text)}` : '';
    return `- Iteration ${r.iteration}, ${r.checkpoint} checkpoint${about}: ${r.action.replace('_', ' ')}${text}`;
  });
  return `## Checkpoints\n\n${lines.join('\n')}`;
}

/** Checkpoints passed by the non-interactive policy: the user never saw them, so the report must. */
export function unansweredCheckpointsSection(requests: readonly CheckpointRequest[]): string | null {
  if (requests.length === 0) return null;
  const lines = requests.map((r) => {
    const about = r.challengeId ? ` on ${r.challengeId}` : '';
    return `- Iteration ${r.iteration}, ${r.kind} checkpoint${about}: ${escapeInline(r.title)}. Details: ${escapeInline(r.detail)}`;
  });
  return `## Checkpoints passed without an answer\n\nThis run was non-interactive, so these checkpoints continued without a user decision:\n\n${lines.join('\n')}`;
}

export function failuresSection(result: RunResult): string | null {
  if (result.failures.length === 0) return null;
  const lines = result.failures.map((f) => `- ${[describeFailure(f), failureConsequence(f)].filter(Boolean).join(' ')} Details: ${escapeInline(f.message)}`);
  return `## Agent failures\n\n${lines.join('\n')}`;
}

function fmtTokens(n: number): string {
  return n.toLocaleString('en-US');
}

const ZERO: Usage = { input_tokens: 0, output_tokens: 0, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 };

function usageRow(name: string, models: string, calls: number, u: Usage, cost: number): string[] {
  return [
    name,
    models,
    String(calls),
    fmtTokens(u.input_tokens),
    fmtTokens(u.output_tokens),
    fmtTokens(u.cache_read_input_tokens),
    fmtTokens(u.cache_creation_input_tokens),
    formatUsd(cost),
  ];
}

/** Per role: the model(s) that ran it (as each call recorded the serving model), calls, tokens and cost. */
export function usageSection(result: RunResult): string {
  const rows: string[][] = [];
  for (const role of AgentRole.options) {
    const calls = result.calls.filter((c) => c.role === role);
    if (calls.length === 0) continue;
    const models = cell(modelsOfRole(calls, role).join(', '), 200);
    if (result.usageReported === false) {
      rows.push([ROLE_NAMES[role], models, String(calls.length)]);
      continue;
    }
    const u = calls.reduce<Usage>(
      (acc, c) => ({
        input_tokens: acc.input_tokens + c.usage.input_tokens,
        output_tokens: acc.output_tokens + c.usage.output_tokens,
        cache_read_input_tokens: acc.cache_read_input_tokens + c.usage.cache_read_input_tokens,
        cache_creation_input_tokens: acc.cache_creation_input_tokens + c.usage.cache_creation_input_tokens,
      }),
      ZERO,
    );
    rows.push(
      usageRow(
        ROLE_NAMES[role],
        models,
        calls.length,
        u,
        calls.reduce((s, c) => s + c.cost_usd, 0),
      ),
    );
  }
  if (result.usageReported === false) {
    rows.push(['**Total**', '', String(result.calls.length)]);
    return `## Tokens and cost\n\n${table(['Role', 'Model', 'Calls'], rows, ['left', 'left', 'right'])}\n\n${USAGE_NOT_REPORTED_NOTE}`;
  }
  rows.push(usageRow('**Total**', '', result.calls.length, result.usage, result.costUsd));
  const unpriced = unpricedModels(result.calls);
  const note =
    unpriced.length > 0
      ? `\n\nNo price is configured for ${unpriced.map(escapeInline).join(', ')}; those calls count as $0. Give a price in USD per million tokens with the \`verifyPlan.prices\` setting or \`--price MODEL=IN/OUT\`.`
      : '';
  const header = ['Role', 'Model', 'Calls', 'Input', 'Output', 'Cache read', 'Cache write', 'Cost'];
  return `## Tokens and cost\n\n${table(header, rows, ['left', 'left', 'right', 'right', 'right', 'right', 'right', 'right'])}${note}`;
}

function unpricedModels(calls: CallRecord[]): string[] {
  const tokens = (c: CallRecord) => c.usage.input_tokens + c.usage.output_tokens;
  return [...new Set(calls.filter((c) => c.cost_usd === 0 && tokens(c) > 0).map((c) => c.model))];
}

export function nextStepSection(result: RunResult): string {
  const step = result.nextStep.trim() ? escapeInline(result.nextStep) : nextStepFor(result.verdict);
  return `## Recommended next step\n\n${step}`;
}
