/**
 * The research toolbox the agent runner hands to the Resolver and the
 * Researcher: confined read-only tools (tools.ts), enforced per-mode and
 * per-iteration budgets (budgets.ts), evidence checking (evidence.ts).
 *
 * One toolbox per run. It owns the budget ledger, so budgets are counted per
 * iteration across every agent call of that iteration.
 */
import type { AgentRole, UnknownType } from '../protocol';
import type { ServerUseCharge, ToolExecutor, ToolSpec } from '../llm/provider';
import type { MemorySource } from '../memory';
import { redactSecrets } from '../secret-scan';
import { allowedModes, BudgetLedger, MODE_BUDGETS, TOOL_BUDGET_KIND, type ResearchMode } from './budgets';
import { gitLogTool, grepTool, listFilesTool, memorySearchTool, readFileTool, toolSpecs, type ToolAnswer, type ToolContext } from './tools';
import { Workspace } from './workspace';

export type { ResearchMode } from './budgets';
export { COMBINED_BUDGET, MODE_BUDGETS, ROLE_MODES } from './budgets';
export { checkEvidence, parseVerifiedTag } from './evidence';
export { confidenceOf, runAssertions } from './assertions';
export { DEFAULT_DENY_GLOBS } from './policy';
export { readProjectNotes, type ProjectNote } from './notes';
export { WEB_MAX_USES_PER_REQUEST, WEB_SERVER_TOOL_TYPES } from './tools';
export { Workspace } from './workspace';

export interface ResearchOptions {
  root: string;
  /** Extra deny rules (gitignore syntax) on top of DEFAULT_DENY_GLOBS. */
  denyGlobs?: string[];
  /** Largest file a tool reads; default 256 KiB. */
  maxFileBytes?: number;
  /** Per tool result; longer results are truncated with a note. Default 12 000. */
  maxResultChars?: number;
  /** Anthropic server tools web_search / web_fetch; off by default. */
  webSearch?: boolean;
  memory?: MemorySource | null;
  /** Tool calls one agent call may make before it must answer (on top of the budgets). Default 24. */
  maxToolCallsPerCall?: number;
  /** Deadline for one grep's regex matching; default 3 s. */
  grepTimeoutMs?: number;
  /** Told when a tool result had secrets removed (secret-scan.ts): where they were and how many, never a value. */
  onSecretsRemoved?: (where: string, scan: { count: number; kinds: string[] }) => void;
}

/** What the loop knows about the call, so seed 002 §9's web restrictions can be enforced. */
export interface ResearchCallContext {
  /** Types of the unknowns this (Mode 1) call resolves; web tools need one of WEB_UNKNOWN_TYPES. Omitted = not checked. */
  unknownTypes?: UnknownType[];
}

export type ResearchExecutor = ToolExecutor & {
  /** Tool calls this executor ran (charged calls only), by tool name. */
  usage(): Record<string, number>;
  /** Calls of `tool` this executor may still make (mode allowance, iteration ceiling and per-call cap). */
  remaining(tool: string): number;
  /** Charges a web_search / web_fetch use the API already ran, under the same rules as `execute`. */
  chargeServerUse(name: string, input: unknown): Promise<ServerUseCharge>;
};

export interface ResearchToolbox {
  /** Identical for every role and call (the prompt-cache prefix starts with tools). */
  readonly specs: ToolSpec[];
  /**
   * An executor for one agent call. Budgets are tracked per iteration across
   * calls of that iteration: resolver = Mode 1 table; researcher = Modes 2+3
   * (a call may use both modes' allowances; the combined totals cap
   * everything per iteration); other roles get budget 0 for every tool.
   */
  executorFor(role: AgentRole, iteration: number, modes: ResearchMode[], context?: ResearchCallContext): ResearchExecutor;
  /** Per-iteration tool-call counts so far, by tool name (for the report/bench). */
  usage(iteration: number): Record<string, number>;
}

/** Seed 002 §9: WebSearch in Mode 1 only for these unknown types. */
export const WEB_UNKNOWN_TYPES: readonly UnknownType[] = ['API_BEHAVIOR', 'STALE_KNOWLEDGE', 'INTEGRATION_UNKNOWN'];

export const NO_BUDGET_MESSAGE = 'this role has no research budget; answer from the state you were given';

const DEFAULT_MAX_RESULT_CHARS = 12_000;
const DEFAULT_MAX_CALLS_PER_CALL = 24;

export function createResearchToolbox(options: ResearchOptions): ResearchToolbox {
  const memory = options.memory ?? null;
  const webSearch = options.webSearch === true;
  const specs = toolSpecs({ memory: memory !== null, webSearch });
  const available = new Set(specs.map((s) => s.name));
  const ledger = new BudgetLedger();
  const perIteration = new Map<number, Record<string, number>>();
  // Opened lazily so creating a toolbox never fails; a missing root becomes a tool error.
  let workspace: Promise<Workspace> | null = null;
  const openWorkspace = () => (workspace ??= Workspace.open(options.root, { denyGlobs: options.denyGlobs, maxFileBytes: options.maxFileBytes }));
  const maxCalls = options.maxToolCallsPerCall ?? DEFAULT_MAX_CALLS_PER_CALL;

  const countFor = (iteration: number) => {
    let counts = perIteration.get(iteration);
    if (!counts) perIteration.set(iteration, (counts = {}));
    return counts;
  };

  return {
    specs,
    usage: (iteration) => ({ ...countFor(iteration) }),
    executorFor(role, iteration, requestedModes, context = {}) {
      const modes = allowedModes(role, requestedModes);
      const callCounts: Record<string, number> = {};
      let calls = 0;

      const webRefusal = (tool: string): string | null => {
        if (tool === 'web_fetch' && !modes.includes('resolve')) return 'web_fetch is allowed only in Mode 1 RESOLVE (seed 002 §9)';
        const forResolve = modes.includes('resolve');
        if (forResolve && context.unknownTypes && !context.unknownTypes.some((t) => WEB_UNKNOWN_TYPES.includes(t)) && !modes.includes('probe')) {
          return `${tool} is allowed only for unknowns of type ${WEB_UNKNOWN_TYPES.join(', ')}; answer this from the workspace (seed 002 §9)`;
        }
        return null;
      };

      /** Every rule a tool call must pass, then the charge; a refusal is the model's answer. */
      const admit = (name: string): ServerUseCharge => {
        if (modes.length === 0) return { ok: false, message: NO_BUDGET_MESSAGE };
        if (!(name in TOOL_BUDGET_KIND)) return { ok: false, message: `unknown tool "${name}"; available: ${[...available].join(', ')}` };
        if (!available.has(name)) {
          const why = name.startsWith('web_') ? 'web search is turned off in the settings' : 'no memory of earlier runs is configured';
          return { ok: false, message: `${name} is not available: ${why}` };
        }
        if (name.startsWith('web_')) {
          const refusal = webRefusal(name);
          if (refusal) return { ok: false, message: refusal };
        }
        if (calls >= maxCalls) return { ok: false, message: `tool limit reached: ${maxCalls} tool calls in this agent call. Answer now from what you have.` };
        const charge = ledger.charge(iteration, modes, name);
        if (!charge.ok) return { ok: false, message: charge.message };
        calls++;
        callCounts[name] = (callCounts[name] ?? 0) + 1;
        const counts = countFor(iteration);
        counts[name] = (counts[name] ?? 0) + 1;
        return { ok: true };
      };

      const run = async (name: string, input: unknown, signal?: AbortSignal): Promise<ToolAnswer> => {
        const admitted = admit(name);
        if (!admitted.ok) return { content: admitted.message, isError: true };
        if (name === 'web_search' || name === 'web_fetch') {
          // Web tools run only as Anthropic server tools (accounted through chargeServerUse). Reaching here
          // means a provider sent the tool as a client tool, so there honestly are no results.
          return {
            content: `${name} has no client-side implementation: it runs only as an Anthropic server tool, so no results are available here; answer from the workspace`,
            isError: true,
          };
        }
        let ws: Workspace;
        try {
          ws = await openWorkspace();
        } catch {
          return { content: 'the workspace folder is not available, so research tools cannot run', isError: true };
        }
        const ctx: ToolContext = { workspace: ws, maxResultChars: options.maxResultChars ?? DEFAULT_MAX_RESULT_CHARS, memory, signal, grepTimeoutMs: options.grepTimeoutMs };
        switch (name) {
          case 'read_file':
            return readFileTool(ctx, input);
          case 'grep':
            return grepTool(ctx, input);
          case 'list_files':
            return listFilesTool(ctx, input);
          case 'git_log':
            return gitLogTool(ctx, input);
          default:
            return memorySearchTool(ctx, input);
        }
      };

      return {
        async execute(name, input, signal) {
          let answer: ToolAnswer;
          try {
            answer = await run(name, input, signal);
          } catch (error) {
            answer = { content: `${name} failed: ${(error as Error).message}`, isError: true };
          }
          // Every result leaves the machine in the next request: secrets found by content are removed first.
          const scan = await redactSecrets(answer.content);
          if (scan.count === 0) return answer;
          options.onSecretsRemoved?.(resultSource(name, input), scan);
          return { ...answer, content: scan.text };
        },
        chargeServerUse(name) {
          if (name !== 'web_search' && name !== 'web_fetch') return Promise.resolve({ ok: false, message: `${name} is not a server tool of this toolbox` });
          return Promise.resolve(admit(name));
        },
        usage: () => ({ ...callCounts }),
        remaining(tool) {
          const kind = TOOL_BUDGET_KIND[tool];
          if (!kind || modes.length === 0 || !available.has(tool)) return 0;
          const iterationUsage = ledger.remaining(iteration, modes, kind);
          return Math.max(0, Math.min(iterationUsage, maxCalls - calls));
        },
      };
    },
  };
}

/** Where a tool result came from, for the user's note: the file read, or the tool. */
function resultSource(name: string, input: unknown): string {
  const file = (input as { path?: unknown } | null)?.path;
  return name === 'read_file' && typeof file === 'string' ? file.slice(0, 200) : `${name} results`;
}

/** The per-agent table a role gets for the given modes (for prompts: "your budget this iteration"). */
export function budgetFor(role: AgentRole, modes: ResearchMode[]): Record<string, number> {
  const result: Record<string, number> = {};
  for (const mode of allowedModes(role, modes)) {
    for (const [kind, limit] of Object.entries(MODE_BUDGETS[mode])) result[kind] = (result[kind] ?? 0) + limit;
  }
  return result;
}
