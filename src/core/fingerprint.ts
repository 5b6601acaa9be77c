/**
 * Stable challenge fingerprints: the same plan passage with the same concern
 * gets the same id across runs and revisions, so reports can say "new",
 * "still open" and "fixed". Position is not part of it (a moved section keeps
 * its id); case, punctuation, word order and filler words are normalised away
 * (a re-worded line keeps its id while its content words stay the same).
 */
import { createHash } from 'node:crypto';
import type { Challenge } from './protocol';

const FILLER = new Set(
  'a an the and or but of to in on at by for with from into onto as is are was were be been being it its this that these those we our you your they their will shall should would can could may might must do does did not no so then than there here if when while'.split(
    ' ',
  ),
);
const CONCERN_WORDS = 8;

/** Sorted unique content words: insensitive to case, punctuation, order and filler. */
export function contentWords(text: string): string[] {
  const words =
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((w) => !FILLER.has(w)))].sort();
}

/** The concern's leading content words carry its subject; the rest is phrasing the model varies. */
function concernKey(concern: string): string[] {
  const words =
    concern
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((w) => !FILLER.has(w)).slice(0, CONCERN_WORDS))].sort();
}

export function challengeFingerprint(challenge: Pick<Challenge, 'quote' | 'concern'>): string {
  const material = `${contentWords(challenge.quote).join(' ')}\n${concernKey(challenge.concern).join(' ')}`;
  return createHash('sha256').update(material).digest('hex').slice(0, 16);
}

export type ChallengeChange = 'new' | 'still open' | 'fixed';

/** Open now and not before → new; open in both → still open; open before only → fixed. */
export function diffFingerprints(before: Iterable<string>, now: Iterable<string>): Map<string, ChallengeChange> {
  const previous = new Set(before);
  const current = new Set(now);
  const changes = new Map<string, ChallengeChange>();
  for (const id of current) changes.set(id, previous.has(id) ? 'still open' : 'new');
  for (const id of previous) if (!current.has(id)) changes.set(id, 'fixed');
  return changes;
}

const OPEN: ReadonlySet<Challenge['status']> = new Set(['OPEN', 'UNRESOLVED']);

export function isOpenChallenge(challenge: Pick<Challenge, 'status'>): boolean {
  return OPEN.has(challenge.status);
}
