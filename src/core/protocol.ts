/**
 * The inter-agent protocol (seed 002): every entity the loop holds and every
 * agent output it accepts, declared in protocol/ (enums.ts, entities.ts,
 * agent-outputs.ts, usage.ts) and exported from here; importers use this
 * module. It is the single source of truth; JSON Schemas in `schemas/` are
 * generated from EXPORTED_SCHEMAS (`npm run schemas`).
 *
 * Contract: anything an agent returns is parsed with these schemas; a parse
 * failure is an agent failure (failure protocol), never a crash.
 */
import { AuditorOutput, ChallengerOutput, ResearcherOutput, ResolverOutput, SynthesizerOutput } from './protocol/agent-outputs';
import { Assertion, Challenge, IterationState, ProbedRisk, SurfacedContext, Unknown } from './protocol/entities';

export * from './protocol/enums';
export * from './protocol/entities';
export * from './protocol/agent-outputs';
export * from './protocol/usage';

/** Every schema that gets a JSON Schema file in `schemas/`. */
export const EXPORTED_SCHEMAS = {
  challenge: Challenge,
  unknown: Unknown,
  'surfaced-context': SurfacedContext,
  'probed-risk': ProbedRisk,
  'iteration-state': IterationState,
  assertion: Assertion,
  'challenger-output': ChallengerOutput,
  'resolver-output': ResolverOutput,
  'researcher-output': ResearcherOutput,
  'synthesizer-output': SynthesizerOutput,
  'auditor-output': AuditorOutput,
} as const;
