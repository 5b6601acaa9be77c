/**
 * The report of a run (seed 001 Step 4), as Markdown for people and JSON for
 * tools. Implementation lives in `report/`, one file per group of sections.
 */
export { renderMarkdownReport, type ReportOptions } from './report/markdown';
export { renderJsonReport, InvalidRunResultError } from './report/json';
export { escapeInline } from './report/escape';
export { confidenceLine, PRE_RETHINK_LABEL } from './report/score';
export { describeFailure, partialReason, ROLE_NAMES } from './labels';
