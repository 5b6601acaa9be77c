/**
 * Research tool budgets, exactly as seed 002 §9: a table per research mode
 * (per agent per iteration) and combined per-iteration ceilings over all
 * modes. Tool names map to the seed's tool kinds: read_file → Read,
 * grep and list_files → Grep, git_log → git log, memory_search →
 * memory_search, web_search → WebSearch, web_fetch → WebFetch.
 *
 * Contract: `BudgetLedger.charge` is called once per tool call, before the
 * tool runs; a call is charged to the first of the caller's modes that still
 * has allowance, and only while the iteration's combined ceiling holds.
 * Counters live per iteration, so the next iteration starts afresh.
 */
import type { AgentRole } from '../protocol';

export type ResearchMode = 'resolve' | 'surface' | 'probe';
export type BudgetKind = 'read' | 'grep' | 'git_log' | 'memory_search' | 'web_search' | 'web_fetch';
export type BudgetTable = Record<BudgetKind, number>;

const table = (partial: Partial<BudgetTable>): BudgetTable => ({
  read: 0,
  grep: 0,
  git_log: 0,
  memory_search: 0,
  web_search: 0,
  web_fetch: 0,
  ...partial,
});

/** Seed 002 §9, per agent per iteration. */
export const MODE_BUDGETS: Readonly<Record<ResearchMode, Readonly<BudgetTable>>> = {
  resolve: table({ read: 8, grep: 5, memory_search: 3, web_search: 3, web_fetch: 2 }),
  surface: table({ memory_search: 3, grep: 4, read: 3, git_log: 1 }),
  probe: table({ grep: 4, read: 3, memory_search: 2, web_search: 1 }),
};

/** Seed 002 §9 "Combined Totals"; git log is not in that table, so its ceiling is Mode 2's single call. */
export const COMBINED_BUDGET: Readonly<BudgetTable> = table({ read: 14, grep: 13, git_log: 1, memory_search: 8, web_search: 4, web_fetch: 2 });

/** Which research modes each role may use. Every other role has no research budget. */
export const ROLE_MODES: Readonly<Partial<Record<AgentRole, readonly ResearchMode[]>>> = {
  resolver: ['resolve'],
  researcher: ['surface', 'probe'],
};

export const TOOL_BUDGET_KIND: Readonly<Record<string, BudgetKind>> = {
  read_file: 'read',
  grep: 'grep',
  list_files: 'grep',
  git_log: 'git_log',
  memory_search: 'memory_search',
  web_search: 'web_search',
  web_fetch: 'web_fetch',
};

export type Charge = { ok: true; mode: ResearchMode } | { ok: false; message: string };

const MODE_LABEL: Record<ResearchMode, string> = { resolve: 'Mode 1 RESOLVE', surface: 'Mode 2 SURFACE', probe: 'Mode 3 PROBE' };

/** The modes a call may draw on: the requested ones the role is allowed, in the order requested. */
export function allowedModes(role: AgentRole, requested: readonly ResearchMode[]): ResearchMode[] {
  const permitted = ROLE_MODES[role] ?? [];
  return [...new Set(requested)].filter((mode) => permitted.includes(mode));
}

/** Per-iteration counters for one run (one toolbox). */
export class BudgetLedger {
  private readonly used = new Map<number, { perMode: Record<ResearchMode, BudgetTable>; total: BudgetTable }>();

  private countersFor(iteration: number) {
    let counters = this.used.get(iteration);
    if (!counters) {
      counters = { perMode: { resolve: table({}), surface: table({}), probe: table({}) }, total: table({}) };
      this.used.set(iteration, counters);
    }
    return counters;
  }

  charge(iteration: number, modes: readonly ResearchMode[], tool: string): Charge {
    const kind = TOOL_BUDGET_KIND[tool];
    if (!kind) return { ok: false, message: `unknown tool "${tool}"` };
    const counters = this.countersFor(iteration);
    if (counters.total[kind] >= COMBINED_BUDGET[kind]) {
      return {
        ok: false,
        message: `budget exhausted: the combined ${kind} ceiling of ${COMBINED_BUDGET[kind]} calls for iteration ${iteration} is used up (seed 002 §9). Answer now from what you have.`,
      };
    }
    const mode = modes.find((m) => counters.perMode[m][kind] < MODE_BUDGETS[m][kind]);
    if (!mode) {
      const limits = modes.map((m) => `${MODE_LABEL[m]}: ${MODE_BUDGETS[m][kind]}`).join(', ');
      return {
        ok: false,
        message: `budget exhausted: ${tool} counts as ${kind}; allowance this iteration (${limits || 'none'}) is used up (seed 002 §9). Answer now from what you have.`,
      };
    }
    counters.perMode[mode][kind]++;
    counters.total[kind]++;
    return { ok: true, mode };
  }

  /** Calls of `kind` still allowed in this iteration for a caller with these modes. */
  remaining(iteration: number, modes: readonly ResearchMode[], kind: BudgetKind): number {
    const counters = this.countersFor(iteration);
    const modeLeft = modes.reduce((sum, m) => sum + Math.max(0, MODE_BUDGETS[m][kind] - counters.perMode[m][kind]), 0);
    return Math.min(modeLeft, Math.max(0, COMBINED_BUDGET[kind] - counters.total[kind]));
  }

  /** Calls charged so far in an iteration, by budget kind. */
  usage(iteration: number): BudgetTable {
    return { ...this.countersFor(iteration).total };
  }
}
