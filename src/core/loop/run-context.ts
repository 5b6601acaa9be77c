/**
 * Per-run bookkeeping shared by the loop's phases: events, agent invocation
 * (with failure recording, spending cap and cancellation), usage and cost,
 * and persistence of partial results after every phase.
 *
 * Contract: `invoke` never throws. Every problem an agent call can have ends
 * as an `AgentFailure` the failure protocol can reason about.
 */
import { randomUUID, createHash } from 'node:crypto';
import type { AgentFailure, AgentRole, CallRecord, IterationState, Usage } from '../protocol';
import type { RunOptions } from '../run-options';
import type { Assessment, RunEvent, RunResult, StopCause, VerdictLabel, QualityResult } from '../run-types';
import type { AuditorOutput } from '../protocol';
import type { AgentSpec } from '../agents/spec';
import type { Plan } from '../plan';
import type { ResearchCallContext, ResearchMode } from '../research';
import { callAgent, usesStructuredOutputs } from '../llm/agent-call';
import { formatUsd } from '../money';
import { addUsage, servedModelOf, ZERO_USAGE, type LlmProvider, type TextBlock } from '../llm/provider';
import { warmFirstPerModel } from '../llm/warm-first';
import { planBlock, systemRules } from '../agents/shared';
import { recordEntry } from '../agents/iteration-record';
import { instructionsFor } from '../agents/spec';
import { AGENT_SPECS } from '../agents';
import { answerFormats, answerKeyInstruction, envelopeSchema, type AnswerFormat } from '../agents/answer-format';
import { AgentRole as AgentRoles } from '../protocol';
import { technicalDebtWarning } from '../convergence';
import { confidenceOf } from '../research/assertions';
import { allowedModes } from '../research/budgets';
import { linesInPlan } from '../report/anchors';
import { SpendingCap, type CapStop } from './spending-cap';

/** The roles whose task carries the iteration state, and so the record of earlier iterations before their instructions. */
export const RECORD_ROLES: ReadonlySet<AgentRole> = new Set<AgentRole>(['challenger', 'domain-expert', 'devils-advocate', 'synthesizer', 'auditor']);

export type InvokeResult<T> = { ok: true; value: T } | { ok: false; failure: AgentFailure };

export interface FinalParts {
  verdict: VerdictLabel;
  reason: string;
  nextStep: string;
  quality: QualityResult | null;
  audit: AuditorOutput | null;
  partial: boolean;
  stopCause?: StopCause;
}

export class RunContext {
  readonly runId = randomUUID();
  readonly startedAt = new Date().toISOString();
  readonly calls: CallRecord[] = [];
  readonly failures: AgentFailure[] = [];
  readonly iterations: IterationState[] = [];
  private usage: Usage = ZERO_USAGE;
  private spentUsd = 0;
  /** Every turn of every call is held against it before it is sent (spending-cap.ts). */
  private readonly cap: SpendingCap;
  private readonly planData: TextBlock;
  /** The run's provider behind the warm-first gate: a model's first call writes the cache its parallel siblings then read. */
  private readonly provider: LlmProvider;
  /** The workspace facts (agents/workspace-facts.ts), cached after the plan for every role. */
  private factsData: TextBlock | null = null;
  /** The iteration record's entries, rendered once each (agents/iteration-record.ts): entry j at index j − 1. */
  private readonly record: string[] = [];
  /** Each role's answer format with structured outputs: one per model, effort and tool list (agents/answer-format.ts). */
  private readonly formats: Map<AgentRole, AnswerFormat<unknown>>;

  constructor(
    readonly options: RunOptions,
    readonly plan: Plan,
    readonly assessment: Assessment,
  ) {
    this.planData = planBlock(displayPath(options.planPath, options.workspaceRoot), plan.text);
    this.provider = warmFirstPerModel(options.provider);
    this.cap = new SpendingCap(options.config.spendingCapUsd);
    this.formats = this.answerFormats();
  }

  /**
   * Roles whose requests can share a cached prefix — same model, effort and
   * tool list — share one answer format, so the prefix runs through the
   * format, the system rules, the plan and the facts for all of them.
   */
  private answerFormats(): Map<AgentRole, AnswerFormat<unknown>> {
    const { models, effort } = this.options.config;
    const research = this.options.research ?? null;
    const strictTools = (research?.specs ?? []).filter((t) => t.strict).map((t) => t.input_schema);
    const withTools = (role: AgentRole) => research !== null && this.carriesTools(role, ['resolve', 'surface', 'probe']);
    const members = AgentRoles.options
      .filter((role) => usesStructuredOutputs(this.options.provider, models[role]))
      .map((role) => ({ role, schema: AGENT_SPECS[role].schema, group: JSON.stringify([models[role], effort[role], withTools(role)]) }));
    return answerFormats(members, (member) => (withTools(member.role) ? strictTools : []));
  }

  /** Set once, before iteration 1. */
  setWorkspaceFacts(block: TextBlock | null): void {
    this.factsData = block;
  }

  /** The closed snapshot of iteration `iteration` (after its checkpoints), or null. */
  snapshotOf(iteration: number): IterationState | null {
    return this.iterations.find((s) => s.iteration === iteration) ?? null;
  }

  /**
   * The record of the iterations before `iteration`, one block per entry.
   * Entries are rendered the first time they are asked for (by then their
   * iteration is closed) and kept, so the record only ever grows.
   */
  private recordBefore(iteration: number): TextBlock[] {
    for (let j = this.record.length + 1; j < iteration; j++) {
      const closed = this.snapshotOf(j);
      if (!closed) break;
      this.record.push(recordEntry(this.snapshotOf(j - 1), closed));
    }
    return this.record.slice(0, Math.max(0, iteration - 1)).map((text) => ({ type: 'text', text }));
  }

  /**
   * The first message's blocks before the role's instructions, with their
   * breakpoints. Plan and facts are the same for every role of the run.
   * The roles that see the iteration state (RECORD_ROLES) also get the
   * record of earlier iterations, with two breakpoints: where the previous
   * iteration's calls ended their prefix (the facts, or the entry before
   * the newest), so the first call of this iteration reads what they wrote,
   * and the newest entry, which the later calls of this iteration read. The
   * role block then has none: behind the record it is never sent again with
   * the same prefix. Other roles keep a breakpoint on their instructions
   * (the same bytes every iteration).
   */
  private sharedPrefix(role: AgentRole, iteration: number, instructions: TextBlock): TextBlock[] {
    const data = this.factsData
      ? [
          { ...this.planData, cache: false },
          { ...this.factsData, cache: true },
        ]
      : [{ ...this.planData, cache: true }];
    if (!RECORD_ROLES.has(role)) return [...data, { ...instructions, cache: true }];
    const record = this.recordBefore(iteration);
    if (record.length === 0) return [...data, { ...instructions, cache: false }];
    const blocks = [...data, ...record].map((b) => ({ ...b, cache: false }));
    blocks[blocks.length - 1]!.cache = true;
    blocks[blocks.length - 2]!.cache = true;
    return [...blocks, { ...instructions, cache: false }];
  }

  get signal(): AbortSignal | undefined {
    return this.options.signal;
  }

  get cancelled(): boolean {
    return this.options.signal?.aborted === true;
  }

  /** The cap refused a call (its worst case did not fit what was left), or the spend reached it. */
  get capReached(): boolean {
    const cap = this.options.config.spendingCapUsd;
    return cap > 0 && (this.cap.stop !== null || this.spentUsd >= cap);
  }

  /** The call the spending cap did not let start, or null. */
  get capStop(): CapStop | null {
    return this.cap.stop;
  }

  get costUsd(): number {
    return this.spentUsd;
  }

  /** Listener errors are contained: a broken UI must never break a run. */
  emit(event: RunEvent): void {
    try {
      this.options.onEvent?.(event);
    } catch {
      /* ignored by contract */
    }
  }

  failuresIn(iteration: number): AgentFailure[] {
    // A call refused by the spending cap or cut by cancel is not an agent failure.
    return this.failures.filter((f) => f.iteration === iteration && f.kind !== 'cancelled' && f.kind !== 'budget');
  }

  async invoke<T>(spec: AgentSpec<T>, iteration: number, userText: string, modes: ResearchMode[] = [], context: ResearchCallContext = {}): Promise<InvokeResult<T>> {
    const role = spec.role;
    if (this.cancelled) return this.fail(role, iteration, 'cancelled', 'Run cancelled before this agent started.', false);
    if (this.capReached) return this.fail(role, iteration, 'budget', `The spending cap (${formatUsd(this.options.config.spendingCapUsd)}) was reached; no further agent calls.`);
    const model = this.options.config.models[role];
    this.emit({ type: 'agent-started', iteration, role, model: servedModelOf(this.options.provider, model) });
    const research = this.options.research ?? null;
    const executor = research ? research.executorFor(role, iteration, modes, context) : undefined;
    const structured = usesStructuredOutputs(this.options.provider, model);
    const format = structured ? (this.formats.get(role) as AnswerFormat<T> | undefined) : undefined;
    // Thinking streams no text: the live view says so once per stretch of thinking, not per delta.
    let thinking = false;
    let thoughtBefore = false;
    const active = () => (thinking = false);
    const result = await callAgent({
      provider: this.provider,
      role,
      model,
      iteration,
      system: [systemRules(structured)],
      // Shared by every role of a model: plan, facts (and the record of earlier iterations). Then the role's instructions and its task.
      // At most two breakpoints before the task: the tool loop keeps two (at most 4 per request).
      userPrefix: this.sharedPrefix(role, iteration, instructionsFor(spec, structured)),
      userText: format ? `${userText}\n\n${answerKeyInstruction(format.key)}` : userText,
      schema: format ? envelopeSchema(format.key, spec.schema) : spec.schema,
      ...(format ? { outputSchema: format.jsonSchema } : {}),
      tools: research && this.carriesTools(role, modes) ? research.specs : [],
      executor,
      maxToolTurns: this.options.config.maxToolTurns,
      maxTokens: this.options.config.maxTokensPerCall,
      ...(this.options.config.spendingCapUsd > 0 ? { budget: this.cap } : {}),
      prices: this.options.config.prices,
      effort: this.options.config.effort[role],
      signal: this.options.signal,
      onText: (delta) => {
        active();
        this.emit({ type: 'agent-text', iteration, role, delta });
      },
      onRetry: (notice) => {
        active();
        this.emit({ type: 'agent-retry', iteration, role, ...notice });
      },
      onThinking: () => {
        if (thinking) return;
        thinking = true;
        this.emit({ type: 'agent-thinking', iteration, role, first: !thoughtBefore });
        thoughtBefore = true;
      },
      onTool: (e) => {
        active();
        this.emit({ type: 'tool-called', iteration, role, ...e });
      },
    });
    this.calls.push(result.call);
    this.usage = addUsage(this.usage, result.call.usage);
    this.spentUsd += result.call.cost_usd;
    if (result.ok) {
      this.emit({ type: 'agent-finished', iteration, role, call: result.call });
      return { ok: true, value: result.value };
    }
    if (result.failure.kind === 'budget') this.cap.refused({ role, iteration, message: result.failure.message });
    const cancelled = result.failure.kind === 'cancelled' || this.cancelled;
    return this.fail(role, iteration, cancelled ? 'cancelled' : result.failure.kind, result.failure.message, !cancelled);
  }

  /**
   * Only a call with a research budget gets the tool list (research/budgets.ts
   * ROLE_MODES: the resolver and the researcher, in the modes of this call).
   * Any other role would be refused every call it made, paying a tool turn
   * and ~600 prefix tokens per call for nothing; seed 001 lists research
   * inside the challenger as an anti-pattern.
   */
  private carriesTools(role: AgentRole, modes: readonly ResearchMode[]): boolean {
    return allowedModes(role, modes).length > 0;
  }

  private fail(role: AgentRole, iteration: number, kind: AgentFailure['kind'], message: string, record = true): InvokeResult<never> {
    const failure: AgentFailure = { role, iteration, kind, message: message.slice(0, 2000) };
    if (record) {
      this.failures.push(failure);
      this.emit({ type: 'agent-failed', iteration, failure });
    }
    return { ok: false, failure };
  }

  result(parts: FinalParts, finished: boolean): RunResult {
    const last = this.iterations[this.iterations.length - 1];
    const assertions = last?.assertions ?? [];
    return {
      version: 1,
      runId: this.runId,
      planPath: this.options.planPath,
      planHash: createHash('sha256').update(this.plan.text).digest('hex'),
      planText: this.plan.text,
      startedAt: this.startedAt,
      finishedAt: finished ? new Date().toISOString() : null,
      assessment: this.assessment,
      verdict: parts.verdict,
      reason: parts.reason,
      nextStep: parts.nextStep,
      iterations: this.iterations.map((s) => structuredClone(s)),
      quality: parts.quality,
      audit: parts.audit,
      failures: [...this.failures],
      calls: [...this.calls],
      usage: this.usage,
      costUsd: this.spentUsd,
      technicalDebtWarning: last ? technicalDebtWarning(last.challenges) : false,
      confidence: confidenceOf(assertions),
      partial: parts.partial,
      ...(parts.stopCause ? { stopCause: parts.stopCause } : {}),
      ...(this.options.provider.reportsUsage === false ? { usageReported: false } : {}),
      ...(finished && last ? { planLines: Object.fromEntries(linesInPlan(this.plan, last.challenges)) } : {}),
    };
  }

  /** Persists a snapshot; storage problems are reported as events, never thrown. */
  async save(parts: FinalParts, finished: boolean): Promise<RunResult> {
    const result = this.result(parts, finished);
    const store = this.options.store;
    if (store) {
      try {
        const path = await store.save(result);
        this.emit({ type: 'state-saved', path });
      } catch (error) {
        this.emit({ type: 'state-not-saved', error: error instanceof Error ? error.message : String(error), final: finished });
      }
    }
    return result;
  }
}

/** The plan path shown to models: workspace-relative when possible, never the user's home layout. */
function displayPath(planPath: string, root: string | null): string {
  if (root && planPath.startsWith(root)) return planPath.slice(root.length).replace(/^[/\\]+/, '');
  return planPath.split(/[/\\]/).pop() ?? 'plan.md';
}
