/**
 * What each agent returns (the answer shapes sent as structured output and
 * parsed on arrival); drafts inside them become entities (./entities.ts).
 */
import * as z from 'zod';
import { ChallengeDraft, Evidence, ProbedDraft, QualityDimension, QualityScores, SurfacedDraft, UnknownDraft } from './entities';
import { ChallengeStatus, UnknownResolution } from './enums';
import { ChallengeId, text, UnknownId } from './fields';

/** Challenger, domain expert and devil's advocate. */
export const ChallengerOutput = z.object({
  challenges: z.array(ChallengeDraft).max(12),
  unknowns: z.array(UnknownDraft).max(12).default([]),
});
export type ChallengerOutput = z.infer<typeof ChallengerOutput>;

/** Resolver, Mode 1 (RESOLVE). */
export const ResolverOutput = z.object({
  unknowns: z.array(
    z.object({
      id: UnknownId,
      resolution: UnknownResolution,
      finding: text(2000).describe('[VERIFIED: source | finding | impact] in words'),
      evidence: z.array(Evidence).max(6).default([]),
    }),
  ),
});
export type ResolverOutput = z.infer<typeof ResolverOutput>;

/** Researcher, Modes 2 (SURFACE) and 3 (PROBE) in one call. */
export const ResearcherOutput = z.object({
  surfaced: z.array(SurfacedDraft).max(10).default([]),
  probed: z.array(ProbedDraft).max(10).default([]),
  new_challenges: z.array(ChallengeDraft).max(6).default([]),
});
export type ResearcherOutput = z.infer<typeof ResearcherOutput>;

export const ChallengeUpdate = z.object({
  id: ChallengeId,
  status: ChallengeStatus,
  resolution: text(2000),
  evidence: z.array(Evidence).max(6).default([]),
});
export type ChallengeUpdate = z.infer<typeof ChallengeUpdate>;

export const SynthesizerOutput = z.object({
  updates: z.array(ChallengeUpdate),
  directives: z.array(z.string().max(1000)).max(8).default([]),
  re_sweep: z.boolean().default(false),
  re_probe: z.boolean().default(false),
  contradictions: z.array(z.string().max(2000)).max(4).default([]).describe('Research findings that contradict each other and need a user tiebreak'),
  blocking_question: z.string().max(2000).optional().describe('When a BLOCKING challenge needs the user: the specific question'),
  quality: QualityScores.describe('The plan as it stands after your updates; report-only, the engine keeps the score of the synthesis that ends the loop'),
  summary: z.string().max(4000).default(''),
});
export type SynthesizerOutput = z.infer<typeof SynthesizerOutput>;

export const AuditorOutput = z.object({
  confirmed: z.boolean().describe('true only when you found no score dispute and no wrongly settled challenge'),
  wrongly_settled: z
    .array(z.object({ id: ChallengeId, reason: text(2000).describe('Why the settlement does not hold: what the resolution or evidence misses') }))
    .max(8)
    .default([])
    .describe('Settled challenges whose resolution does not hold up'),
  discrepancies: z
    .array(
      z.object({
        dimension: QualityDimension,
        synthesizer_score: z.number().int().min(1).max(10),
        auditor_score: z.number().int().min(1).max(10),
        evidence: text(2000),
      }),
    )
    .max(6)
    .default([]),
  note: z.string().max(2000).default(''),
});
export type AuditorOutput = z.infer<typeof AuditorOutput>;
