/**
 * The Markdown report (seed 001 Step 4): every section in reading order.
 * Pure: RunResult in, string out; all model text is escaped by the sections.
 */
import type { CheckpointRequest, RunResult } from '../run-types';
import { challengeDetails, deferredSurfacedSection, resolutionTable, technicalDebtSection } from './challenges';
import { probedSection, surfacedSection, synthesisSection, unknownsSection } from './findings';
import { assessmentSection, checkpointsSection, unansweredCheckpointsSection, failuresSection, nextStepSection, titleSection, usageSection, verdictSection } from './run-summary';
import { assertionsSection, auditSection, qualitySection } from './score';
import { whatToChange, type StaticErrorItem } from './what-to-change';
import { whatToChangeMarkdown } from './what-to-change-format';

export interface ReportOptions {
  /** 1-based plan line per challenge id (see anchorsForPlan); challenges without one show "—". */
  anchors?: ReadonlyMap<string, number>;
  /** Checkpoints no user answered (non-interactive runs); listed so the report notes them. */
  unansweredCheckpoints?: readonly CheckpointRequest[];
  /** Error-level static findings of the plan, listed last under "What to change". */
  staticErrors?: readonly StaticErrorItem[];
}

export function renderMarkdownReport(result: RunResult, options: ReportOptions = {}): string {
  const state = result.iterations.at(-1);
  const challenges = state?.challenges ?? [];
  const lines = options.anchors ?? result.planLines;
  const changes = whatToChange(state, { ...(lines ? { lines } : {}), ...(options.staticErrors ? { staticErrors: options.staticErrors } : {}) });
  const sections: (string | null)[] = [titleSection(result), verdictSection(result), whatToChangeMarkdown(result.verdict, changes), assessmentSection(result.assessment)];
  if (state) {
    sections.push(
      resolutionTable(challenges, options.anchors),
      challengeDetails(challenges, options.anchors),
      unknownsSection(state.unknowns, state.research_unavailable),
      surfacedSection(state.surfaced_contexts),
      probedSection(state.probed_risks),
      deferredSurfacedSection(state.deferred_surfaced),
      synthesisSection(result.iterations),
    );
  }
  sections.push(
    technicalDebtSection(challenges, result.technicalDebtWarning),
    qualitySection(result.quality, result.verdict),
    auditSection(result.audit, result.quality),
    assertionsSection(state?.assertions ?? [], result.confidence),
    checkpointsSection(state),
    unansweredCheckpointsSection(options.unansweredCheckpoints ?? []),
    failuresSection(result),
    result.calls.length > 0 ? usageSection(result) : null,
    nextStepSection(result),
  );
  return `${sections.filter((s): s is string => s !== null).join('\n\n')}\n`;
}
