/**
 * Building blocks for benchmark scenarios: agents that answer like real
 * models do for their role, driven by a per-scenario "story" instead of
 * hard-wired ids.
 *
 * The synthesizer and resolver read the state the engine sent them (the
 * fenced JSON in the request: the iteration record and the current
 * iteration, read back with challengesInPrompt) and answer for the ids they find there, the
 * way a real model does. So a scenario states intent ("the Redis fail-open
 * challenge is UNRESOLVED in iteration 1, RESOLVED in 2") and stays valid
 * whatever ids the engine's admission order assigns.
 */
import type { FakeReply, ReceivedRequest } from '../test/support/fake-anthropic';
import { asWritten } from '../test/support/replies';
import { challengesInPrompt } from '../src/core/agents/iteration-record';
import type { ChallengeStatus, Evidence, QualityScores, UnknownResolution } from '../src/core/protocol';
import { QualityScores as QualityScoresSchema, SynthesizerOutput, ResolverOutput } from '../src/core/protocol';

/** A planned status change for the challenge whose claim starts with `claimStart`. */
export interface StatusBeat {
  claimStart: string;
  /** iteration → status and the synthesizer's resolution text for it. */
  at: Record<number, { status: ChallengeStatus; resolution: string; evidence?: Omit<Evidence, 'checked'>[] }>;
}

export interface SynthesisStory {
  beats: StatusBeat[];
  /** Per iteration: directives, re_probe / re_sweep requests, summary. */
  iterations: Record<number, { directives?: string[]; reProbe?: boolean; reSweep?: boolean; summary: string; quality?: QualityScores }>;
}

export interface ResolverStory {
  /** Answer for the unknown whose description starts with `descriptionStart`. */
  answers: { descriptionStart: string; resolution: UnknownResolution; finding: string; evidence?: Omit<Evidence, 'checked'>[] }[];
}

interface PromptChallenge {
  id: string;
  claim: string;
  status: ChallengeStatus;
}

/** Text of every block of the first user message (where the per-call state lives). */
function userText(req: ReceivedRequest): string {
  const content = req.body?.messages?.[0]?.content;
  if (typeof content === 'string') return content;
  return Array.isArray(content) ? content.map((b: { text?: unknown }) => (typeof b?.text === 'string' ? b.text : '')).join('\n') : '';
}

/** The JSON inside `<tag>…</tag>` of the request's first user message. */
export function fencedJson(req: ReceivedRequest, tag: string): unknown {
  const match = new RegExp(`<${tag}[^>]*>\\n([\\s\\S]*?)\\n</${tag}>`).exec(userText(req));
  if (!match) throw new Error(`bench scenario: no <${tag}> block in the ${req.role} request`);
  return JSON.parse(match[1]!);
}

/** True when the request is a later turn of a call (tool results or a correction follow the first message). */
export function isFollowUpTurn(req: ReceivedRequest): boolean {
  return Array.isArray(req.body?.messages) && req.body.messages.length > 1;
}

/**
 * A role that first asks for tools (one reply per turn), then answers.
 * Each call of the role starts a new sequence, taken from `calls` in order.
 */
export function withToolTurns(calls: { turns: FakeReply[]; answer: (req: ReceivedRequest) => FakeReply }[]): (req: ReceivedRequest) => FakeReply {
  let call = -1;
  let turn = 0;
  return (req) => {
    if (!isFollowUpTurn(req)) {
      call++;
      turn = 0;
    }
    const plan = calls[Math.min(call, calls.length - 1)]!;
    const next = plan.turns[turn++];
    return next ?? plan.answer(req);
  };
}

export function toolUse(calls: { name: string; input: Record<string, unknown> }[], text?: string): FakeReply {
  return { kind: 'tool_use', calls, ...(text ? { text } : {}) };
}

/**
 * An answer as the model writes it: bare JSON under structured outputs, else
 * the way the free-text prompts ask for it (one fenced block after a short lead-in).
 */
export function fencedReply(value: unknown, leadIn: string): FakeReply {
  return { kind: 'json', value: asWritten(value), leadIn };
}

/** A source written as a workspace file ("src/lib/redis.ts") is a citation of that file, as a model writes it in `path`. */
function citing(evidence: Omit<Evidence, 'checked'>[]): Omit<Evidence, 'checked'>[] {
  return evidence.map((e) => (e.path || !/^[\w.-]+(\/[\w.-]+)*\.\w+$/.test(e.source) ? e : { ...e, path: e.source }));
}

/** Every synthesis scores the plan (the engine keeps the last); stories that do not care use this middle score. */
const UNSCORED_QUALITY: QualityScores = QualityScoresSchema.parse(
  Object.fromEntries(
    ['approach_soundness', 'risk_coverage', 'assumption_validity', 'integration_feasibility', 'unknowns_coverage', 'constraint_alignment'].map((d) => [
      d,
      { score: 6, evidence: 'Not yet decisive: open challenges remain' },
    ]),
  ),
);

/** The synthesizer of a story: updates for the challenges it sees, by claim. */
export function storySynthesizer(story: SynthesisStory): (req: ReceivedRequest) => FakeReply {
  return (req) => {
    const iteration = (fencedJson(req, 'iteration_state') as { iteration: number }).iteration;
    const challenges = (challengesInPrompt(userText(req)) ?? []) as unknown as PromptChallenge[];
    const updates = [];
    for (const c of challenges) {
      const beat = story.beats.find((b) => c.claim.startsWith(b.claimStart))?.at[iteration];
      if (!beat) continue;
      updates.push({ id: c.id, status: beat.status, resolution: beat.resolution, evidence: citing(beat.evidence ?? []) });
    }
    const plan = story.iterations[iteration] ?? { summary: `Iteration ${iteration}: no change.` };
    const output = SynthesizerOutput.parse({
      updates,
      directives: plan.directives ?? [],
      re_probe: plan.reProbe ?? false,
      re_sweep: plan.reSweep ?? false,
      summary: plan.summary,
      quality: plan.quality ?? UNSCORED_QUALITY,
    });
    return fencedReply(output, `Synthesis for iteration ${iteration}: ${updates.length} status updates with evidence.`);
  };
}

/** The resolver of a story: one answer per pending unknown, by description. */
export function storyResolverAnswer(story: ResolverStory): (req: ReceivedRequest) => FakeReply {
  return (req) => {
    const data = fencedJson(req, 'unknowns') as { unknowns: { id: string; description: string }[] };
    const unknowns = data.unknowns.map((u) => {
      const a = story.answers.find((x) => u.description.startsWith(x.descriptionStart));
      return a
        ? { id: u.id, resolution: a.resolution, finding: a.finding, evidence: citing(a.evidence ?? []) }
        : { id: u.id, resolution: 'UNRESOLVABLE' as const, finding: '[VERIFIED: workspace | no file or decision covers this | the plan must state it explicitly]', evidence: [] };
    });
    return fencedReply(ResolverOutput.parse({ unknowns }), 'Findings for the pending unknowns, each from files I read.');
  };
}

/** Six dimensions with one line of evidence each, as the rubric asks. */
export function qualityWithEvidence(scores: Record<keyof QualityScores, [number, string]>): QualityScores {
  return QualityScoresSchema.parse(Object.fromEntries(Object.entries(scores).map(([d, [score, evidence]]) => [d, { score, evidence }])));
}
