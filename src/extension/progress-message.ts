/** What the progress notification says for each engine event. Pure (no `vscode`). */
import type { RunEvent } from '../core/run-types';

/**
 * The notification's message for an event, or null when it does not change
 * what the user sees. `lastSummary` is the latest iteration summary
 * ("Iteration 1: 3 resolved, 2 remaining"); it stays visible while the next
 * iteration's phases run.
 */
export function progressMessage(event: RunEvent, lastSummary: string | null = null): string | null {
  switch (event.type) {
    case 'run-started':
      return `Complexity ${event.assessment.score}/16 · ${event.assessment.team ? `${event.assessment.team} team` : 'trivial plan'}`;
    case 'phase-started': {
      const phase = event.phase === 'report' ? 'writing the report…' : `iteration ${event.iteration}: ${event.phase}…`;
      return lastSummary ? `${lastSummary} · ${phase}` : phase.charAt(0).toUpperCase() + phase.slice(1);
    }
    case 'iteration-finished':
      return event.message;
    case 'checkpoint':
      return lastSummary ? `${lastSummary} · waiting for you: ${event.request.title}` : `Waiting for you: ${event.request.title}`;
    default:
      return null;
  }
}
