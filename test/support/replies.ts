/**
 * Builders for agents' JSON replies, for tests that script the fake Anthropic
 * server. Every builder validates its output with the protocol schema, so a
 * test can never feed the loop a reply the real prompts would not produce by
 * accident; use `raw()` to send deliberately invalid text.
 *
 *   byRole({
 *     challenger: [reply(challengerOut([challenge({ quote: 'Step 2', severity: 'BLOCKING' })]))],
 *     synthesizer: [reply(synth([update('C1', 'RESOLVED')], { quality: quality(8) }))],
 *   })
 */
import * as z from 'zod';
import {
  AuditorOutput,
  ChallengeDraft,
  ChallengerOutput,
  type ChallengeStatus,
  Evidence,
  type QualityDimension,
  QualityDimension as QualityDimensionSchema,
  type QualityScores,
  ResearcherOutput,
  ResolverOutput,
  SynthesizerOutput,
  UnknownDraft,
  type UnknownResolution,
} from '../../src/core/protocol';
import type { FakeReply } from './fake-anthropic';

/**
 * The answer as a model writes it: without the fields the engine fills in
 * (evidence `checked`), which the answer schema sent to the model leaves out
 * (src/core/llm/output-schema.ts); the functions here build parsed values that have them.
 */
export function asWritten(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (key, v: unknown) => (key === 'checked' ? undefined : v));
}

/** A reply whose text is the JSON of `value` (as written: see `asWritten`). */
export function reply(value: unknown): FakeReply {
  return { kind: 'json', value: asWritten(value) };
}

/** A reply with arbitrary text (invalid JSON, prose, a fenced block…). */
export function raw(text: string): FakeReply {
  return { kind: 'text', text };
}

export function challenge(overrides: Partial<z.input<typeof ChallengeDraft>> = {}): ChallengeDraft {
  return ChallengeDraft.parse({
    ref: 'n1',
    quote: 'Step 1',
    claim: 'The plan assumes the step is safe',
    concern: 'It is not safe under load',
    failure_scenario: 'Under load the step times out and the deploy fails',
    alternative: 'Batch the work and add a timeout',
    severity: 'SIGNIFICANT',
    confidence: 'MED',
    ...overrides,
  });
}

export function unknown(overrides: Partial<z.input<typeof UnknownDraft>> = {}): z.output<typeof UnknownDraft> {
  return UnknownDraft.parse({
    description: 'Does the API support batching?',
    type: 'API_BEHAVIOR',
    affects_challenge: 'n1',
    suggested_query: 'grep batch src/',
    ...overrides,
  });
}

/** Challenger, domain expert or devil's advocate output. */
export function challengerOut(challenges: ChallengeDraft[] = [], unknowns: z.input<typeof UnknownDraft>[] = []): ChallengerOutput {
  return ChallengerOutput.parse({ challenges, unknowns });
}

export function resolverOut(answers: { id: string; resolution?: UnknownResolution; finding?: string }[]): ResolverOutput {
  return ResolverOutput.parse({
    unknowns: answers.map((a) => ({ id: a.id, resolution: a.resolution ?? 'CONFIRMED', finding: a.finding ?? 'Confirmed in the codebase' })),
  });
}

export function researcherOut(value: z.input<typeof ResearcherOutput> = {}): ResearcherOutput {
  return ResearcherOutput.parse(value);
}

/**
 * A synthesizer update. Settling a BLOCKING or SIGNIFICANT challenge needs
 * grounds the engine can check (a verified citation or a user response on it): pass `evidence` (e.g. `planEvidence(quote)`).
 */
export function update(
  id: string,
  status: ChallengeStatus,
  resolution = `${id} is ${status.toLowerCase()}`,
  evidence: z.input<typeof Evidence>[] = [],
): z.output<typeof SynthesizerOutput>['updates'][number] {
  return { id, status, resolution, evidence: evidence.map((e) => Evidence.parse(e)) };
}

/** Evidence citing the plan itself: a verbatim passage the engine finds in the plan text. */
export function planEvidence(quote: string, finding = 'The plan already states this'): z.output<typeof Evidence> {
  return Evidence.parse({ source: 'plan', quote, finding, impact: 'Answers the concern' });
}

/** Six dimensions, each `score` unless overridden. */
export function quality(score: number, overrides: Partial<Record<QualityDimension, number>> = {}): QualityScores {
  return Object.fromEntries(QualityDimensionSchema.options.map((d) => [d, { score: overrides[d] ?? score, evidence: `evidence for ${d}` }])) as QualityScores;
}

export function synth(updates: z.input<typeof SynthesizerOutput>['updates'] = [], extra: Omit<Partial<z.input<typeof SynthesizerOutput>>, 'updates'> = {}): SynthesizerOutput {
  return SynthesizerOutput.parse({ updates, summary: 'synthesis', quality: quality(7), ...extra });
}

export function audit(value: Partial<z.input<typeof AuditorOutput>> = {}): AuditorOutput {
  return AuditorOutput.parse({ confirmed: true, ...value });
}
