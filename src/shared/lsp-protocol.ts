/**
 * Everything the Verify Plan language server and its clients agree on beyond
 * standard LSP: custom messages (each a typed constant; the comment says who
 * sends it to whom), the settings section, the CodeLens command, and the
 * initialization options. Imported by src/server (Node) and
 * src/extension/language-client.ts (VS Code); it must never import `vscode`.
 * Payloads are validated with the zod schemas below on arrival.
 */
import { NotificationType, RequestType } from 'vscode-languageserver-protocol';
import * as z from 'zod';
import { Assessment } from '../core/run-types';

/** Settings section read through workspace/configuration: `verifyPlan.rules.<code>`, `verifyPlan.threshold`, `verifyPlan.team`. */
export const SETTINGS_SECTION = 'verifyPlan';

/** Command behind the top-of-plan CodeLens; the extension registers it. Argument: the document URI (string). */
export const VERIFY_COMMAND = 'verifyPlan.verify';

/** Diagnostic `source` of every static finding (agent challenges use "verify-plan"). */
export const STATIC_DIAGNOSTIC_SOURCE = 'verify-plan-static';

export const AssessmentParams = z.object({ uri: z.string().min(1) });
export type AssessmentParams = z.infer<typeof AssessmentParams>;

export const DocumentAssessment = z.object({
  uri: z.string(),
  version: z.number().int(),
  assessment: Assessment,
});
export type DocumentAssessment = z.infer<typeof DocumentAssessment>;

/**
 * client → server request: the complexity assessment (seed 001 Step 2) of an
 * open plan, e.g. for the status bar. `null` when the document is not open,
 * too large to analyse, or could not be analysed.
 */
export const AssessmentRequest = new RequestType<AssessmentParams, DocumentAssessment | null, void>('verifyPlan/assessment');

/**
 * server → client notification: an open plan's assessment changed (score,
 * team or quality), so a status bar can follow edits without polling.
 */
export const AssessmentChangedNotification = new NotificationType<DocumentAssessment>('verifyPlan/assessmentChanged');

export const IndexStatus = z.object({
  /** The first scan of the workspace finished; until then missing-file stays silent. */
  ready: z.boolean(),
  files: z.number().int().min(0),
  /** The workspace had more files than the index keeps; missing-file stays silent for paths it cannot see. */
  truncated: z.boolean(),
  roots: z.array(z.string()),
});
export type IndexStatus = z.infer<typeof IndexStatus>;

/** client → server request (no params): state of the workspace file index. Tests and diagnostics views use it. */
export const IndexStatusRequest = new RequestType<null, IndexStatus, void>('verifyPlan/indexStatus');

/** `initializationOptions` a client may send; every field optional, unknown fields ignored. */
export const InitializationOptions = z
  .object({
    /** Settings for clients without workspace/configuration (same shape as the `verifyPlan` section). */
    settings: z.unknown().optional(),
    /** Base URL of the rules documentation; `#rule-<code>` is appended. Default: README.md next to the server bundle. */
    docsUrl: z.string().optional(),
    /** Push-diagnostics debounce in milliseconds (default 150). */
    debounceMs: z.number().int().min(0).max(5000).optional(),
  })
  .loose();
export type InitializationOptions = z.infer<typeof InitializationOptions>;
