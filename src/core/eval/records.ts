/**
 * What one eval run leaves behind (persisted in eval.json, so figures can be
 * recomputed from a hand-reviewed file without calling a model again).
 */
import { createHash } from 'node:crypto';
import type { Usage, Verdict } from '../protocol';
import type { MatchResult, Prediction } from './match';

export type Configuration = 'loop' | 'single-pass' | 'static';
export const CONFIGURATIONS: readonly Configuration[] = ['static', 'single-pass', 'loop'];

export interface RunRecord {
  config: Configuration;
  caseId: string;
  /** 1-based run number (static checks run once: always 1). */
  run: number;
  /** PROCEED / REVISE / RETHINK, null when the configuration gives none (static) or the run ended without one. */
  verdict: Verdict | null;
  /** The label as the product showed it ("REVISE (strong)", "FAILED"…). */
  verdictLabel: string | null;
  predictions: Prediction[];
  /** Challenges the loop raised and then settled as RESOLVED or WITHDRAWN. */
  dismissed: Prediction[];
  match: MatchResult;
  usage: Usage;
  costUsd: number;
  wallMs: number;
  calls: number;
  error: string | null;
}

export function totalTokens(u: Usage): number {
  return u.input_tokens + u.output_tokens + u.cache_read_input_tokens + u.cache_creation_input_tokens;
}

/** PROCEED / REVISE / RETHINK of a product label; null for labels that are no verdict (FAILED, CANCELLED, ABORTED). */
export function verdictOfLabel(label: string): Verdict | null {
  if (label.startsWith('PROCEED')) return 'PROCEED';
  if (label.startsWith('REVISE')) return 'REVISE';
  if (label === 'RETHINK') return 'RETHINK';
  return null;
}

/** Stable key of an unmatched prediction for the hand-review file: same case, source and words → same key. */
export function reviewKey(caseId: string, p: Pick<Prediction, 'source' | 'quote' | 'claim'>): string {
  const squash = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
  return createHash('sha256')
    .update(`${caseId}\n${p.source}\n${squash(p.quote)}\n${squash(p.claim)}`)
    .digest('hex')
    .slice(0, 16);
}
