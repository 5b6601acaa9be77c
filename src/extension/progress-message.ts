/** What the progress notification says for each engine event. Pure (no `vscode`). */
import type { RunEvent } from '../core/run-types';

/** The notification's first message, shown as soon as the command runs (the provider and the engine load behind it). */
export const PREPARING_MESSAGE = 'Preparing the run…';
/** Shown while the configured model ids are looked up in the provider's Models API (a network round trip). */
export const CHECKING_MODELS_MESSAGE = 'Checking the models…';
/** Messages shown before the engine's first event. */
export const PREPARATION_MESSAGES: readonly string[] = [PREPARING_MESSAGE, CHECKING_MODELS_MESSAGE];

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
    case 'agent-retry': {
      const wait = Math.max(1, Math.round(event.waitMs / 1000));
      const step = `${event.reason}: retrying in ${wait} s (attempt ${event.attempt} of ${event.maxRetries})`;
      return lastSummary ? `${lastSummary} · ${step}` : step.charAt(0).toUpperCase() + step.slice(1);
    }
    case 'checkpoint':
      return lastSummary ? `${lastSummary} · waiting for you: ${event.request.title}` : `Waiting for you: ${event.request.title}`;
    default:
      return null;
  }
}
