/**
 * The one message protocol between the panel host (src/extension/panel) and
 * the webview (webview-ui/). Both sides import this file and parse every
 * message they receive with these schemas; nothing crosses the boundary
 * untyped.
 *
 * Handshake: the webview posts `ready` when it has booted (again after every
 * reload of its iframe); only then does the host post `state`. The latest
 * state wins. Requests from the webview carry an `id` that the host's `reply`
 * echoes.
 */
import * as z from 'zod';
import { LiveRun } from '../core/live-run';
import { RunResult, VerdictLabel } from '../core/run-types';

// ── Live run: defined in core (src/core/live-run.ts), which produces it ─────

export { AnsweredCheckpoint, LiveAgent, LivePhase, LiveRun, LiveToolCall } from '../core/live-run';

// ── Panel state ─────────────────────────────────────────────────────────────

const ChallengeRef = z
  .string()
  .regex(/^C\d+$/)
  .max(16);

/** One static finding of the plan: a diagnostic the language server published (line is 1-based). */
export const StaticFinding = z.object({
  line: z.number().int().min(1),
  message: z.string().max(2000),
  severity: z.enum(['error', 'warning', 'information', 'hint']),
  code: z.string().max(100).optional(),
});
export type StaticFinding = z.infer<typeof StaticFinding>;

/** An evidence reference as the panel keys it: `path` or `path:line`. */
export function evidenceKey(e: { path?: string | undefined; line?: number | undefined }): string | null {
  if (!e.path) return null;
  return e.line ? `${e.path}:${e.line}` : e.path;
}

export const PanelState = z.object({
  planPath: z.string().nullable(),
  /** What a run needs before it can start (absent: the host did not say). */
  setup: z.object({ needsApiKey: z.boolean() }).optional(),
  /** The plan's static findings (the language server's diagnostics), shown before any run. */
  staticFindings: z.array(StaticFinding).max(500).optional(),
  /**
   * The evidence references (`evidenceKey`) that resolve to an existing file
   * and line in the workspace; only these are links, any other is plain text.
   */
  evidenceTargets: z.array(z.string().max(520)).max(2000).optional(),
  /**
   * "Open in report": the challenge to scroll to and expand. `seq` grows with
   * every request so asking twice for the same challenge works twice.
   */
  focus: z
    .object({ challengeId: ChallengeRef, seq: z.number().int().min(0) })
    .nullable()
    .optional(),
  /** The last finished (or partial) run of this plan. */
  result: RunResult.nullable(),
  /** The run in progress, or the one that just finished; null when none ran in this session. */
  live: LiveRun.nullable(),
});
export type PanelState = z.infer<typeof PanelState>;

/** What the webview keeps through a window reload (vscode.setState); the serializer reads it back. */
export const PersistedPanelState = z.object({
  planPath: z.string().nullable(),
  result: RunResult.nullable(),
});
export type PersistedPanelState = z.infer<typeof PersistedPanelState>;

// ── Requests (webview → host, each answered by one reply) ───────────────────

const RequestId = z.string().min(1).max(64);

export const PanelRequest = z.discriminatedUnion('action', [
  /** Reveal the plan line the challenge is pinned to. */
  z.object({ action: z.literal('reveal'), planPath: z.string(), challengeId: ChallengeRef }),
  /** Accept the risk of an unresolved challenge; carried to later runs. */
  z.object({ action: z.literal('acknowledge'), planPath: z.string(), challengeId: ChallengeRef }),
  z.object({ action: z.literal('reverify'), planPath: z.string() }),
  z.object({ action: z.literal('cancel') }),
  z.object({ action: z.literal('export'), planPath: z.string() }),
  /** Open the plan at a line (a static finding). */
  z.object({ action: z.literal('revealLine'), planPath: z.string(), line: z.number().int().min(1) }),
  /** Open a workspace file an evidence reference cites; the host checks it resolves. */
  z.object({ action: z.literal('openEvidence'), planPath: z.string(), path: z.string().min(1).max(500), line: z.number().int().min(1).optional() }),
  /** The same buttons a notification offers: store a key, raise the spending cap, show the log. */
  z.object({ action: z.literal('setApiKey') }),
  z.object({ action: z.literal('raiseCap') }),
  z.object({ action: z.literal('showLog') }),
]);
export type PanelRequest = z.infer<typeof PanelRequest>;
export type PanelAction = PanelRequest['action'];

// ── Messages ────────────────────────────────────────────────────────────────

/** Webview → host. */
export const WebviewMessage = z.discriminatedUnion('type', [
  /** Sent once per boot of the webview, before anything else. */
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('request'), id: RequestId, request: PanelRequest }),
  /** Sent after a state was drawn: lets the host (and its tests) know what the user sees. */
  z.object({ type: z.literal('rendered'), planPath: z.string().nullable(), verdict: VerdictLabel.nullable(), running: z.boolean() }),
]);
export type WebviewMessage = z.infer<typeof WebviewMessage>;

/** Host → webview. */
export const HostMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('state'), state: PanelState }),
  /** Answers the request with the same id; `error` is shown to the user as is. */
  z.object({ type: z.literal('reply'), id: RequestId, ok: z.boolean(), error: z.string().max(2000).optional() }),
]);
export type HostMessage = z.infer<typeof HostMessage>;

export type RenderedSummary = Extract<WebviewMessage, { type: 'rendered' }>;
