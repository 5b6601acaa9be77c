/**
 * The status of the active plan as ONE union, and how it is presented. The
 * status bar renders from `presentStatus` through a single switch; nothing
 * else decides status-bar text. Pure (no `vscode`).
 */
import type { RunResult } from '../core/run-types';
import { verdictTone, type VerdictTone } from '../core/labels';
import { summaryIcon, verdictSummary } from './finding-text';
import { whatToChange } from '../core/report/what-to-change';
import { whatToChangeText } from '../core/report/what-to-change-format';
import { formatUsd } from '../core/money';

/** "What to change" in the hover, short enough for a tooltip; the report has the rest. */
function changesText(r: RunResult): string {
  const w = whatToChange(r.iterations.at(-1), r.planLines ? { lines: r.planLines } : {});
  const text = whatToChangeText(r.verdict, w, { width: 72, limit: 1500, moreWhere: 'open the report' });
  return text ? `\n\n${text}\n` : '';
}

export type PlanStatus =
  | { kind: 'idle'; planName: string | null }
  | { kind: 'running'; planName: string; iteration: number; message: string }
  | { kind: 'verdict'; planName: string; result: RunResult; stale: boolean }
  | { kind: 'error'; planName: string | null; message: string };

export interface StatusPresentation {
  text: string;
  tooltip: string;
  /** Command the item runs on click. */
  command: string;
  /** 'error' and 'warning' map to the theme's status-bar background colours. */
  tone: 'normal' | 'warning' | 'error';
}

/** The status bar's background per verdict tone (src/core/labels.ts). */
const STATUS_TONES: Record<VerdictTone, StatusPresentation['tone']> = { good: 'normal', neutral: 'normal', warn: 'warning', bad: 'error' };

export const STATUS_CLICK_COMMAND = 'verifyPlan.showReport';

export function presentStatus(s: PlanStatus): StatusPresentation {
  switch (s.kind) {
    case 'idle':
      return {
        text: '$(checklist) Verify Plan',
        tooltip: s.planName ? `Verify ${s.planName}` : 'Verify the active Markdown plan',
        command: 'verifyPlan.verify',
        tone: 'normal',
      };
    case 'running':
      return {
        text: `$(sync~spin) Verify Plan: iteration ${s.iteration}`,
        tooltip: `${s.planName}: ${s.message}\nClick to open the run.`,
        command: STATUS_CLICK_COMMAND,
        tone: 'normal',
      };
    case 'verdict': {
      const r = s.result;
      const cost = r.costUsd > 0 ? ` · ${formatUsd(r.costUsd)}` : '';
      return {
        text: `${summaryIcon(r)} ${verdictSummary(r)}${s.stale ? ' (plan edited)' : ''}`,
        tooltip: `${s.planName}: ${r.reason}${cost}${changesText(r)}\nNext: ${r.nextStep}\nClick to open the report.`,
        command: STATUS_CLICK_COMMAND,
        tone: STATUS_TONES[verdictTone(r.verdict)],
      };
    }
    case 'error':
      return {
        text: '$(error) Verify Plan',
        tooltip: `${s.planName ? `${s.planName}: ` : ''}${s.message}\nClick to open the log.`,
        command: 'verifyPlan.showLog',
        tone: 'error',
      };
  }
}
