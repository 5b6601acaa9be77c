/**
 * The corpus' figures as data (what BENCHMARKS.md section 6 prints and the
 * full-corpus record keeps): per-rule scores at the default levels and with
 * the advice checks on, and the held-out record by the day plans were first
 * scored. computeFigures scores plans; renderFigures prints any figures, live
 * or recorded, the same way.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import { RULE_CODES } from '../../src/core/rules';
import { ADVICE_ON, CORPUS_DIR, precisionOf, score, totalScore, type CorpusPlan, type RuleScore } from './plan-corpus';

const Score = z.object({ tp: z.number().int(), fp: z.number().int(), miss: z.number().int(), unlabelled: z.number().int() });

export const CorpusFigures = z.object({
  plans: z.number().int(),
  repositories: z.number().int(),
  defaultLevels: z.record(z.string(), Score),
  adviceOn: z.record(z.string(), Score),
  errorsOnUnbrokenPlans: z.number().int(),
  /** One row per (day first scored, held out or not). */
  record: z.array(z.object({ date: z.string(), heldOut: z.boolean(), plans: z.number().int(), repositories: z.number().int(), score: Score })),
});
export type CorpusFigures = z.infer<typeof CorpusFigures>;

/** The whole corpus' figures, measured once with every text restored, and the commit whose rules produced them. */
export const FullCorpusRecord = z.object({ rulesCommit: z.string().regex(/^[0-9a-f]{40}$/), measuredOn: z.string(), figures: CorpusFigures });
export type FullCorpusRecord = z.infer<typeof FullCorpusRecord>;

export const FULL_CORPUS_RECORD = path.join(CORPUS_DIR, 'full-corpus-figures.json');

export function readFullCorpusRecord(file: string = FULL_CORPUS_RECORD): FullCorpusRecord | null {
  return existsSync(file) ? FullCorpusRecord.parse(JSON.parse(readFileSync(file, 'utf8'))) : null;
}

export function computeFigures(plans: readonly CorpusPlan[]): CorpusFigures {
  const atDefault = score(plans);
  const withAdvice = score(plans, ADVICE_ON);
  const groups = new Map<string, CorpusPlan[]>();
  for (const p of plans) {
    const key = `${p.firstScored}\t${p.heldOut}`;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  const record = [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, group]) => {
      const [date, heldOut] = key.split('\t') as [string, string];
      return { date, heldOut: heldOut === 'true', plans: group.length, repositories: repositories(group), score: totalScore(score(group).perRule) };
    });
  return {
    plans: plans.length,
    repositories: repositories(plans),
    defaultLevels: atDefault.perRule,
    adviceOn: withAdvice.perRule,
    errorsOnUnbrokenPlans: atDefault.errorsOnUnbrokenPlans.length,
    record,
  };
}

/** Markdown: the per-rule tables at both level sets, then the held-out record. */
/** `record: false` leaves out the held-out record (BENCHMARKS.md prints it once, for the whole corpus). */
export function renderFigures(f: CorpusFigures, options: { record?: boolean } = {}): string[] {
  const out: string[] = [];
  let silentBefore = '';
  for (const [title, perRule] of [
    ['At the default levels (where the test thresholds apply)', f.defaultLevels],
    ['With the advice checks turned on (`verifyPlan.rules.<code>`: info)', f.adviceOn],
  ] as const) {
    out.push(`${title}:`, '', '| rule | findings | TP | FP | misses | precision | recall |', '|---|---|---|---|---|---|---|');
    // A rule with no finding and no labelled problem here says nothing: named in one line, not a row of zeros.
    const silent: string[] = [];
    for (const rule of RULE_CODES) {
      const s = perRule[rule];
      if (!s) continue;
      if (s.tp + s.fp + s.unlabelled + s.miss === 0) silent.push(`\`${rule}\``);
      else out.push(row(`\`${rule}\``, s));
    }
    out.push(row('**all**', totalScore(perRule)), '');
    // Said once when both level sets leave the same rules silent.
    if (silent.length > 0 && silent.join() !== silentBefore) out.push(`No finding and no labelled problem: ${silent.join(', ')}.`, '');
    silentBefore = silent.join();
  }
  if (options.record === false) return out;
  out.push('Held-out record (plans by the day they were first scored; precision at the default levels):', '');
  out.push('| first scored | plans | repositories | held out | findings | precision |', '|---|---|---|---|---|---|');
  for (const r of f.record) {
    const n = r.score.tp + r.score.fp + r.score.unlabelled;
    out.push(`| ${r.date} | ${r.plans} | ${r.repositories} | ${r.heldOut ? 'yes' : 'no'} | ${n} | ${ratio(r.score.tp, n)} |`);
  }
  out.push('');
  return out;
}

/** Precision of a rule at the default levels in these figures, or null without findings. */
export function precisionAtDefault(f: CorpusFigures, rule: string): number | null {
  const s = f.defaultLevels[rule];
  return s ? precisionOf(s) : null;
}

function repositories(plans: readonly CorpusPlan[]): number {
  return new Set(plans.map((p) => p.repo)).size;
}

function row(rule: string, s: RuleScore): string {
  const n = s.tp + s.fp + s.unlabelled;
  return `| ${rule} | ${n} | ${s.tp} | ${s.fp} | ${s.miss} | ${ratio(s.tp, n)} | ${ratio(s.tp, s.tp + s.miss)} |`;
}

function ratio(a: number, b: number): string {
  return b === 0 ? '–' : `${((100 * a) / b).toFixed(1)} % (${a}/${b})`;
}
