/**
 * Progress lines for stderr, one per meaningful run event, in the seed's
 * words ("Complexity: 8/16. Team: SCALED. Starting verification...",
 * "Iteration 2: 3 resolved, 2 remaining. Continuing..."). Pure: event in,
 * line (or null) out. Text from a model or an API error is flattened to one
 * line (terminalLine), so it can never start a line of its own such as
 * "Verdict: PROCEED".
 */
import type { Assessment, CheckpointRequest, RunEvent } from '../core/run-types';
import { ROLE_NAMES } from '../core/labels';
import { terminalLine } from '../core/terminal-text';
import { retryText } from '../core/live-state';

/** Seed 001 Step 2: "Complexity: N/16. Team: BASE|SCALED." */
export function assessmentLine(a: Assessment): string {
  const team = a.team === null ? 'none (trivial plan)' : a.team.toUpperCase();
  return `Complexity: ${a.score}/16. Team: ${team}.`;
}

const PHASE_WORDS = {
  assess: 'assessment',
  challenge: 'challenge phase',
  research: 'research phase',
  synthesis: 'synthesis',
  audit: 'final audit',
  report: 'report',
} as const;

export function progressLine(event: RunEvent): string | null {
  switch (event.type) {
    case 'run-started':
      return event.assessment.team === null
        ? `${assessmentLine(event.assessment)} Trivial plan: no verification team needed.`
        : `${assessmentLine(event.assessment)} Starting verification...`;
    case 'phase-started': {
      if (event.phase === 'report' || event.phase === 'assess') return null;
      const who = event.roles.length > 0 ? ` (${event.roles.map((r) => ROLE_NAMES[r]).join(', ')})` : '';
      return `Iteration ${event.iteration}: ${PHASE_WORDS[event.phase]}${who}...`;
    }
    case 'agent-failed':
      return `Agent ${ROLE_NAMES[event.failure.role]} failed on iteration ${event.failure.iteration}: ${terminalLine(event.failure.message)}`;
    case 'iteration-finished': {
      const status = event.state.convergence.status;
      const tail = status === 'CONTINUE' ? 'Continuing...' : status === 'BLOCKED' ? 'Blocked.' : status === 'CONVERGED' ? 'Converged.' : 'Stopping.';
      const base = terminalLine(event.message) || `Iteration ${event.iteration}: ${event.resolved} resolved, ${event.remaining} remaining`;
      return `${base.replace(/[.\s]+$/, '')}. ${tail}`;
    }
    case 'checkpoint':
      return `Checkpoint (${event.request.kind}${event.request.challengeId ? `, ${terminalLine(event.request.challengeId)}` : ''}): ${terminalLine(event.request.title)}`;
    case 'checkpoint-answered':
      return `  → ${event.answer.action.replace(/_/g, ' ')}${event.answer.text?.trim() ? `: ${terminalLine(event.answer.text).slice(0, 200)}` : ''}`;
    case 'run-finished':
      return `Verdict: ${event.result.verdict}`;
    case 'agent-retry':
      return `${ROLE_NAMES[event.role]}: ${retryText(event)}`;
    case 'agent-thinking':
      // Thinking streams no text; one line per call says the agent is at work rather than stalled.
      return event.first ? `  ${ROLE_NAMES[event.role]} is thinking...` : null;
    case 'agent-started':
    case 'agent-text':
    case 'agent-finished':
    case 'tool-called':
    case 'state-saved':
    case 'state-not-saved': // an error, not progress: run-command.ts prints it even with --quiet
      return null;
  }
}

/** What the non-interactive policy does at each checkpoint kind, for the progress output. */
export function policyNote(kind: string): string {
  switch (kind) {
    case 'blocked':
      return '  → non-interactive: continuing without an answer (a BLOCKING still open after the last iteration gives RETHINK)';
    case 'contradiction':
      return '  → non-interactive: continuing; the contradiction is noted for the report';
    default:
      return '  → non-interactive: continuing';
  }
}

/**
 * Non-interactive runs pass every checkpoint by policy; one line per
 * checkpoint kind and iteration says so ("Checkpoint (blocked, iteration 2):
 * C1, C3 → non-interactive: continuing ..."), instead of three lines per
 * challenge. Feed it every event; it returns the lines to print now.
 */
export class NonInteractiveProgress {
  private pending: CheckpointRequest[] = [];

  lines(event: RunEvent): string[] {
    if (event.type === 'checkpoint') {
      const first = this.pending[0];
      const out = first && (first.kind !== event.request.kind || first.iteration !== event.request.iteration) ? this.flush() : [];
      this.pending.push(event.request);
      return out;
    }
    if (event.type === 'checkpoint-answered') return [];
    const line = progressLine(event);
    return [...this.flush(), ...(line ? [line] : [])];
  }

  flush(): string[] {
    const [first] = this.pending;
    if (!first) return [];
    const ids = this.pending.map((r) => (r.challengeId ? terminalLine(r.challengeId) : null)).filter((id): id is string => id !== null);
    const what = ids.length > 0 ? ids.join(', ') : terminalLine(first.title);
    this.pending = [];
    return [`Checkpoint (${first.kind}, iteration ${first.iteration}): ${what}${policyNote(first.kind).replace(/^\s*→/, ' →')}`];
  }
}
