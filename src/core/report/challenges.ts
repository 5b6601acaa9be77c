/**
 * Report sections about challenges: the resolution table, the detail and
 * status history of each challenge, items the caps deferred, and the
 * technical-debt warning (seed 002 §6–§8).
 */
import type { Challenge, DeferredSurfaced, Evidence } from '../protocol';
import { cell, escapeInline, table } from './escape';

/** Seed 002 §7 advisory: this many DEFERRED challenges trigger the warning. */
export const TECH_DEBT_THRESHOLD = 5;

/** Seed 002 §8 caps, quoted in the note above deferred items. */
const CAP_NOTE =
  'These did not fit the convergence caps (at most 2 new research challenges per iteration, at most 8 active challenges); ' +
  'the highest-severity ones were kept and the rest are listed here, tagged DEFERRED_SURFACED.';

export function planLineOf(challenge: Challenge, anchors: ReadonlyMap<string, number> | undefined): string {
  const line = anchors?.get(challenge.id);
  return line === undefined ? '—' : String(line);
}

export function resolutionTable(challenges: Challenge[], anchors?: ReadonlyMap<string, number>): string {
  if (challenges.length === 0) return '## Resolution\n\nNo challenges were raised.';
  const rows = challenges.map((c) => [c.id, c.severity, c.origin, c.status, cell(c.claim, 200), cell(c.resolution, 200), planLineOf(c, anchors)]);
  return `## Resolution\n\n${table(['ID', 'Severity', 'Origin', 'Status', 'Claim', 'Resolution', 'Plan line'], rows)}`;
}

/** "OPEN (iteration 1) → UNRESOLVED (iteration 2) → RESOLVED (iteration 3)". */
export function statusHistory(challenge: Challenge): string {
  if (challenge.history.length === 0) return `${challenge.status} (iteration ${challenge.iteration_introduced})`;
  return challenge.history.map((h) => `${h.status} (iteration ${h.iteration})`).join(' → ');
}

/** One evidence item as a list entry; citations the engine could not confirm are marked. */
export function evidenceLine(e: Evidence): string {
  const where = e.path ? `${e.path}${e.line ? `:${e.line}` : ''}` : e.source;
  const mark = e.checked === 'verified' ? 'citation verified' : e.checked === 'not_found' ? 'citation NOT FOUND in the workspace' : 'unverified';
  const quote = e.quote ? ` — “${escapeInline(e.quote)}”` : '';
  return `- [${mark}] ${escapeInline(where)}: ${escapeInline(e.finding)} (impact: ${escapeInline(e.impact)})${quote}`;
}

function challengeDetail(c: Challenge, anchors?: ReadonlyMap<string, number>): string {
  const line = anchors?.get(c.id);
  const head = `### ${c.id} · ${c.severity} · ${c.status}${line === undefined ? '' : ` · plan line ${line}`}`;
  const parts = [
    head,
    '',
    `- Origin: ${c.origin}, confidence ${c.confidence}${c.probability ? `, probability ${c.probability}` : ''}, raised in iteration ${c.iteration_introduced}`,
    `- Quote: “${escapeInline(c.quote)}”`,
    `- Claim: ${escapeInline(c.claim)}`,
    `- Concern: ${escapeInline(c.concern)}`,
    `- Failure scenario: ${escapeInline(c.failure_scenario)}`,
    `- Alternative: ${escapeInline(c.alternative)}`,
  ];
  if (c.resolution.trim()) parts.push(`- Resolution: ${escapeInline(c.resolution)}`);
  if (c.user_decision) parts.push(`- User decision: ${c.user_decision}`);
  parts.push(`- Status history: ${statusHistory(c)}`);
  const notes = c.history.filter((h) => h.note && h.note.trim());
  for (const h of notes) parts.push(`  - iteration ${h.iteration}, ${h.status}: ${escapeInline(h.note ?? '')}`);
  if (c.evidence.length > 0) {
    parts.push('- Evidence:');
    for (const e of c.evidence) parts.push(`  ${evidenceLine(e)}`);
  }
  return parts.join('\n');
}

export function challengeDetails(challenges: Challenge[], anchors?: ReadonlyMap<string, number>): string | null {
  if (challenges.length === 0) return null;
  return `## Challenges in detail\n\n${challenges.map((c) => challengeDetail(c, anchors)).join('\n\n')}`;
}

export function deferredSurfacedSection(items: DeferredSurfaced[]): string | null {
  if (items.length === 0) return null;
  const rows = items.map((d) => [String(d.iteration), d.severity, d.origin, cell(d.claim, 200), cell(d.reason, 160)]);
  return `## Deferred by the caps (DEFERRED_SURFACED)\n\n${CAP_NOTE}\n\n${table(['Iteration', 'Severity', 'Origin', 'Claim', 'Why deferred'], rows)}`;
}

/** Shown when the loop flagged it or when 5+ challenges ended DEFERRED. */
export function technicalDebtSection(challenges: Challenge[], flagged: boolean): string | null {
  const deferred = challenges.filter((c) => c.status === 'DEFERRED');
  if (!flagged && deferred.length < TECH_DEBT_THRESHOLD) return null;
  const items = deferred.map((c) => `- ${c.id} (${c.severity}): ${escapeInline(c.claim)}`);
  return [
    '## Technical Debt Warning',
    '',
    `${deferred.length} challenges were deferred to implementation. They do not change the verdict, but together they are debt to plan for:`,
    '',
    ...(items.length > 0 ? items : ['- (the loop flagged debt, but no challenge is currently DEFERRED)']),
  ].join('\n');
}
