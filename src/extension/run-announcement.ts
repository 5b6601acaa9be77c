/**
 * The one-line notification at the end of a run, and the buttons that lead
 * on from it. Pure (no `vscode`): the runner shows it and maps each button
 * to its command.
 *
 * Contract: a stopped run (cap, cancel, abort, agent failures) says
 * "stopped" and why, never a verdict word; the cap offers Raise Cap, agent
 * failures Show Log. Model-written text never appears here.
 */
import type { RunResult } from '../core/run-types';
import { stopActions, stopCauseOf, type StopAction } from '../core/labels';
import { stoppedBecause, verdictSummary } from './finding-text';

export type AnnouncementButton = 'Show Report' | 'Raise Cap' | 'Show Log';

/** The button of each stop action (src/core/labels.ts `stopActions`, which the panel offers too). */
const STOP_BUTTONS: Record<StopAction, AnnouncementButton> = { raise_cap: 'Raise Cap', show_log: 'Show Log' };

export interface Announcement {
  severity: 'info' | 'warning';
  text: string;
  buttons: AnnouncementButton[];
}

export function announcement(result: RunResult, costKnown: boolean, capUsd: number): Announcement {
  const spent = costKnown ? `$${result.costUsd.toFixed(2)}` : null;
  const stopped = stoppedBecause(result);
  if (stopped !== null) {
    const cause = stopCauseOf(result);
    const buttons: AnnouncementButton[] = [...stopActions(cause).map((a) => STOP_BUTTONS[a]), 'Show Report'];
    if (cause === 'spending_cap') {
      // A call already under way is allowed to finish, so the spend can pass the cap by what that call costs.
      const over = spent && capUsd > 0 ? ` (${spent} spent, cap $${capUsd.toFixed(2)})` : '';
      return { severity: 'warning', text: `Verify Plan stopped: the spending cap was reached${over}. Partial results are in the report.`, buttons };
    }
    return { severity: 'warning', text: `Verify Plan stopped: ${stopped}${spent ? ` · ${spent}` : ''}. Partial results are in the report.`, buttons };
  }
  const cost = spent ? ` · ${spent}` : ' · cost not reported (editor model)';
  const severity = result.verdict === 'RETHINK' ? 'warning' : 'info';
  return { severity, text: `Verify Plan: ${verdictSummary(result)}${cost}`, buttons: ['Show Report'] };
}
