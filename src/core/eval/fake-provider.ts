/**
 * `--provider fake`: a scripted model behind the real LlmProvider interface,
 * in process, so `verify-plan eval --provider fake` exercises the real loop,
 * agent calls, JSON parsing, admission, synthesis and verdict code with
 * answers whose eval figures can be worked out by hand (eval/fake-script.json,
 * eval/README.md).
 *
 * What each role answers (all valid outputs of that role's schema):
 *   challenger      the script's challenges for this case whose `iteration`
 *                   is the current one (single pass: iteration 1) and whose
 *                   `runs` include this run; no unknowns
 *   synthesizer     `settle` of each scripted challenge it finds OPEN (by
 *                   claim), citing the plan passage it quotes, nothing
 *                   else; "quality" every time (the schema requires it)
 *   auditor         confirms
 *   judge (--judge) the scripted challenge's `judge` flaw id, else null
 *   other roles     empty outputs
 * Usage is estimated like the fake Messages API: ⌈UTF-8 bytes / 4⌉ of the
 * request (tools, system, messages) as input, of the reply as output.
 */
import { readFile } from 'node:fs/promises';
import * as z from 'zod';
import {
  AuditorOutput,
  ChallengeDraft,
  ChallengerOutput,
  ChallengeStatus,
  QualityDimension,
  ResearcherOutput,
  ResolverOutput,
  SynthesizerOutput,
  type QualityScores,
} from '../protocol';
import type { LlmProvider, ModelRequest, ModelResponse } from '../llm/provider';
import { challengesInPrompt } from '../agents/iteration-record';
import { JUDGE_MARKER } from './judge';
import { EvalInputError, FlawCategory } from './truth';

export const FakeChallenge = ChallengeDraft.omit({ ref: true, evidence: true, assertions: true }).extend({
  confidence: ChallengeDraft.shape.confidence.default('MED'),
  /** The loop iteration whose challenger raises it (a single pass sees iteration 1 only). */
  iteration: z.number().int().min(1).max(3).default(1),
  /** 1-based runs that raise it; absent = every run. */
  runs: z.array(z.number().int().min(1)).optional(),
  /** Status the synthesizer gives it in the iteration it is raised; absent = stays OPEN. */
  settle: ChallengeStatus.exclude(['OPEN']).optional(),
  /** The category the deterministic mapper gives it (null: uncategorised); documents the hand count and is checked by a test, never sent. */
  category: FlawCategory.nullable().optional(),
  /** What the scripted LLM judge (--judge) answers for it: a flaw id, or null (the default). */
  judge: z.string().nullable().optional(),
  /** Why this line is in the script (hit, miss, over-report…); not sent anywhere. */
  intent: z.string().optional(),
});
export type FakeChallenge = z.infer<typeof FakeChallenge>;

export const FakeScript = z.object({
  version: z.literal(1),
  cases: z.record(z.string(), z.object({ challenges: z.array(FakeChallenge).max(20) })),
});
export type FakeScript = z.infer<typeof FakeScript>;

export async function loadFakeScript(file: string): Promise<FakeScript> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new EvalInputError(`cannot read the fake script ${file} (${error instanceof Error ? error.message : String(error)})`);
  }
  const parsed = FakeScript.safeParse(raw);
  if (!parsed.success) throw new EvalInputError(`${file}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export interface FakeProviderOptions {
  challenges: readonly FakeChallenge[];
  run: number;
  mode: 'loop' | 'single-pass';
}

const encoder = new TextEncoder();
const tokensOf = (value: unknown) => Math.ceil(encoder.encode(typeof value === 'string' ? value : JSON.stringify(value)).length / 4);

function userText(request: ModelRequest): string {
  return (request.messages[0]?.content ?? []).map((b) => (b.type === 'text' ? b.text : '')).join('\n');
}

function quality(): QualityScores {
  return Object.fromEntries(QualityDimension.options.map((d) => [d, { score: 6, evidence: 'Scripted evaluation answer.' }])) as QualityScores;
}

export function createFakeProvider(options: FakeProviderOptions): LlmProvider {
  const inRun = options.challenges.filter((c) => !c.runs || c.runs.includes(options.run));
  const draft = (c: FakeChallenge, i: number) =>
    ChallengeDraft.parse({
      ref: `n${i + 1}`,
      quote: c.quote,
      claim: c.claim,
      concern: c.concern,
      failure_scenario: c.failure_scenario,
      alternative: c.alternative,
      severity: c.severity,
      confidence: c.confidence,
    });

  const answer = (request: ModelRequest): unknown => {
    const text = userText(request);
    if (request.system.some((b) => b.text.startsWith(JUDGE_MARKER))) {
      const judged = options.challenges.find((c) => text.includes(JSON.stringify(c.claim).slice(1, -1)));
      return { flaw_id: judged?.judge ?? null, reason: 'Scripted judge answer.' };
    }
    switch (request.role) {
      case 'challenger': {
        const iteration = options.mode === 'single-pass' ? 1 : Number(/Task: iteration (\d+)/.exec(text)?.[1] ?? 1);
        return ChallengerOutput.parse({ challenges: inRun.filter((c) => c.iteration === iteration).map(draft), unknowns: [] });
      }
      case 'domain-expert':
      case 'devils-advocate':
        return ChallengerOutput.parse({ challenges: [], unknowns: [] });
      case 'researcher':
        return ResearcherOutput.parse({});
      case 'resolver':
        return ResolverOutput.parse({ unknowns: [] });
      case 'auditor':
        return AuditorOutput.parse({ confirmed: true, note: 'Scripted evaluation answer: scores confirmed.' });
      case 'synthesizer':
        return synthesis(text, inRun);
    }
  };

  return {
    id: 'eval-fake',
    // A script error becomes a rejected promise, as a provider's failure would.
    send: (request: ModelRequest): Promise<ModelResponse> =>
      Promise.resolve().then(() => {
        const reply = JSON.stringify(answer(request));
        return {
          content: [{ type: 'text', text: reply }],
          stopReason: 'end_turn',
          model: request.model,
          usage: {
            input_tokens: tokensOf({ tools: request.tools, system: request.system, messages: request.messages }),
            output_tokens: tokensOf(reply),
            cache_read_input_tokens: 0,
            cache_creation_input_tokens: 0,
          },
        };
      }),
  };
}

interface StateChallenge {
  id: string;
  claim?: string;
  status: string;
  severity: string;
}

/** The first plan line of five words or more that is not part of `quote` (the plan is fenced in the request). */
function otherPlanLine(text: string, quote: string): string | null {
  const plan = /<plan[^>]*>\n([\s\S]*?)\n<\/plan>/.exec(text)?.[1] ?? '';
  const own = quote.toLowerCase();
  const line = plan
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.split(/\s+/).length >= 5 && !own.includes(l.toLowerCase()) && !l.toLowerCase().includes(own));
  return line ?? null;
}

function synthesis(text: string, scripted: readonly FakeChallenge[]): SynthesizerOutput {
  const challenges = (challengesInPrompt(text) ?? []) as unknown as StateChallenge[];
  const updates = [];
  for (const c of challenges) {
    const script = scripted.find((s) => s.claim === c.claim);
    if (c.status !== 'OPEN' || !script?.settle) continue;
    // The engine accepts a settlement only on grounds it can check: the scripted dismissal cites another passage of the plan.
    const passage = otherPlanLine(text, script.quote);
    const evidence = passage ? [{ source: 'plan', quote: passage, finding: 'This part of the plan answers the concern', impact: 'The concern does not hold' }] : [];
    updates.push({ id: c.id, status: script.settle, resolution: `Scripted evaluation answer: ${script.settle.toLowerCase()} after weighing the evidence.`, evidence });
  }
  return SynthesizerOutput.parse({ updates, summary: `Scripted synthesis: ${updates.length} updates.`, quality: quality() });
}
