/**
 * Building blocks the protocol's schemas share: the id formats (C1, U1, S1,
 * P1) and bounded non-empty text. Internal to protocol/: protocol.ts does not
 * re-export them, so its public surface is the entities and outputs only.
 */
import * as z from 'zod';

export const ChallengeId = z.string().regex(/^C\d+$/, 'challenge ids look like C1, C12');
export const UnknownId = z.string().regex(/^U\d+$/, 'unknown ids look like U1');
export const SurfacedId = z.string().regex(/^S\d+$/, 'surfaced ids look like S1');
export const ProbedId = z.string().regex(/^P\d+$/, 'probed ids look like P1');

export const text = (max = 4000) => z.string().trim().min(1).max(max);
