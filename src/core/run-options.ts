/**
 * What a front end passes to `runVerification`: the run's inputs plus the
 * Node-side services it runs with (provider, store, research toolbox). Kept
 * apart from the plain data in ./run-types so that the webview, which only
 * renders results, never depends on Node-side code.
 */
import type { EngineConfig } from './config';
import type { LlmProvider } from './llm/provider';
import type { ResearchToolbox } from './research';
import type { CheckpointAnswer, CheckpointRequest, RunEventListener, RunResult } from './run-types';
import type { RunStore } from './store';

/** Everything a front end passes to `runVerification`. */
export interface RunOptions {
  /** Absolute path of the plan file (used for display, storage keys and reports). */
  planPath: string;
  planText: string;
  /** Root for research tools, evidence checks and assertions; null = no workspace access. */
  workspaceRoot: string | null;
  provider: LlmProvider;
  config: EngineConfig;
  signal?: AbortSignal;
  onEvent?: RunEventListener;
  /** Asked at the seed's user checkpoints; absent = the documented non-interactive policy (continue). */
  onCheckpoint?: (request: CheckpointRequest) => Promise<CheckpointAnswer>;
  store?: RunStore | null;
  /** The last run of this plan, for memory carry-forward. */
  previous?: RunResult | null;
  research?: ResearchToolbox | null;
  /** Workspace trust: shell assertions never run in untrusted workspaces. */
  trusted?: boolean;
}
