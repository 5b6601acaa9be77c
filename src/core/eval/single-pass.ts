/**
 * The `--baseline single-pass` configuration: ONE challenger call, no loop,
 * at the loop's token budget, so the loop's value is a measured difference.
 *
 * Contract (eval/README.md): the call gets the loop's request layout (system
 * rules, the plan as data, the challenger instructions), the workspace tools
 * with the researcher's iteration-1 allowance (the loop's challenger has
 * none, but the loop researches for it), and a token budget equal to the
 * median total tokens of the loop's runs of the same plan. Once the call has
 * used the budget, every further tool call is refused ("answer now"), so the
 * model must answer. Its challenges all count as open; the verdict follows
 * the product's rules (any BLOCKING → RETHINK, SIGNIFICANT → REVISE).
 */
import { challengerAgent } from '../agents';
import { planBlock, systemRules } from '../agents/shared';
import { instructionsFor } from '../agents/spec';
import { assess } from '../complexity';
import type { EngineConfig } from '../config';
import { verdictOf } from '../convergence';
import { openChallenge } from '../convergence/admission';
import { callAgent, usesStructuredOutputs } from '../llm/agent-call';
import { addUsage, ZERO_USAGE, type LlmProvider, type ToolExecutor } from '../llm/provider';
import { emptyIterationState } from '../loop/state';
import { challengerMessage } from '../loop/messages';
import { parsePlan } from '../plan';
import type { ChallengerOutput, Usage } from '../protocol';
import type { ResearchToolbox } from '../research';
import { totalTokens } from './records';

export const BUDGET_SPENT_MESSAGE = 'token budget for this review is spent: answer now with your JSON';
const SINGLE_PASS_NOTE =
  'Single pass: there is no later iteration and no separate researcher. You may use the workspace tools to check the plan against the code before answering.';

export interface SinglePassInput {
  provider: LlmProvider;
  config: EngineConfig;
  planPath: string;
  planText: string;
  research: ResearchToolbox | null;
  tokenBudget: number;
  signal?: AbortSignal;
}

export interface SinglePassOutcome {
  ok: boolean;
  error: string | null;
  output: ChallengerOutput | null;
  verdictLabel: string | null;
  usage: Usage;
  costUsd: number;
  calls: number;
}

export async function runSinglePass(input: SinglePassInput): Promise<SinglePassOutcome> {
  let used = ZERO_USAGE;
  let turns = 0;
  const counting: LlmProvider = {
    id: `${input.provider.id}+budget`,
    async send(request) {
      turns++;
      const response = await input.provider.send(request);
      used = addUsage(used, response.usage);
      return response;
    },
    ...(input.provider.structuredOutputs ? { structuredOutputs: input.provider.structuredOutputs.bind(input.provider) } : {}),
  };
  const inner = input.research?.executorFor('researcher', 1, ['surface', 'probe']);
  const executor: ToolExecutor | undefined = inner && {
    execute: (name, args, signal) =>
      totalTokens(used) >= input.tokenBudget ? Promise.resolve({ content: BUDGET_SPENT_MESSAGE, isError: true }) : inner.execute(name, args, signal),
    ...(inner.chargeServerUse ? { chargeServerUse: inner.chargeServerUse.bind(inner) } : {}),
  };
  const plan = parsePlan(input.planText);
  const assessment = assess(plan, { team: input.config.team, threshold: input.config.threshold });
  const state = emptyIterationState(input.planPath, assessment.quality === 'TRIVIAL' ? 'THIN' : assessment.quality, assessment.team ?? 'base');
  const task = challengerMessage({ role: 'challenger', state, before: null, iteration: 1, maxIterations: 1, nextChallengeId: 1, assessment, memory: null });
  const structured = usesStructuredOutputs(counting, input.config.models.challenger);
  const result = await callAgent({
    provider: counting,
    role: 'challenger',
    model: input.config.models.challenger,
    iteration: 1,
    system: [systemRules(structured)],
    userPrefix: [planBlock(input.planPath, input.planText), instructionsFor(challengerAgent, structured)],
    userText: `${task}\n\n${SINGLE_PASS_NOTE}`,
    schema: challengerAgent.schema,
    tools: input.research ? input.research.specs : [],
    ...(executor ? { executor } : {}),
    maxToolTurns: input.config.maxToolTurns,
    maxTokens: input.config.maxTokensPerCall,
    prices: input.config.prices,
    ...(input.signal ? { signal: input.signal } : {}),
  });
  const base = { usage: result.call.usage, costUsd: result.call.cost_usd, calls: turns };
  if (!result.ok) return { ...base, ok: false, error: `${result.failure.kind}: ${result.failure.message}`, output: null, verdictLabel: null };
  const asOpen = result.value.challenges.map((c, i) => openChallenge(c, `C${i + 1}`, 'challenger', 1));
  return { ...base, ok: true, error: null, output: result.value, verdictLabel: verdictOf(asOpen).label };
}
