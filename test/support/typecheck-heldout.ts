/**
 * The held-out set for the rules that read the code (test/fixtures/plan-corpus-typecheck/README.md): which plans,
 * their labels, how their trees are restored, and how the CLI's findings on them are scored.
 *
 * Contract:
 * - a tree is restored from the pinned commit into `<trees>/<id>/` (fetched into a temporary bare repository with
 *   hooks off and read with `git cat-file`; nothing is checked out or run), and only when the plan file in it hashes
 *   to the recorded sha256; a tree already present is left alone;
 * - scoring runs the built CLI (`--static --format json`, default levels) in each present tree and keeps the
 *   findings of the five rules; a plan whose tree is absent is counted, not scored;
 * - a finding is true when a TP label names its plan, rule and line; one with no label counts as false;
 * - a labelled defect (MISS) is caught when a finding of its rule is on its line.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as z from 'zod';
import { DEFAULT_REMOTE, fetchCommit, git, remoteFor } from './corpus-restore';

export const HELDOUT_DIR = path.join(__dirname, '..', 'fixtures', 'plan-corpus-typecheck');
export const DEFAULT_TREES_DIR = path.join(__dirname, '..', '..', '.verify-plan', 'typecheck-trees');
export const CODE_RULES = ['unknown-symbol', 'symbol-elsewhere', 'unknown-package', 'unknown-script', 'stale-anchor'] as const;
export type CodeRule = (typeof CODE_RULES)[number];

const repoPath = z
  .string()
  .min(1)
  .refine((p) => !p.startsWith('/') && !p.includes('\\') && !p.split('/').some((s) => s === '..' || s === '.' || s === ''), 'a relative path');

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/**
 * A held-out set's key: the day its plans were first scored, with the hour (UTC, `2026-12-08T04`) when that day already
 * has a set. Keys sort in the order the sets were added.
 */
const setKey = z.string().regex(/^\d{4}-\d{2}-\d{2}(T\d{2})?$/);

export const HeldoutPlan = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  repo: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*\/[A-Za-z0-9_.-]+$/),
  commit: z.string().regex(/^[0-9a-f]{40}$/),
  plan: repoPath,
  planSha256: z.string().regex(/^[0-9a-f]{64}$/),
  format: z.string().min(1),
  license: z.string(),
  /** The day (and, for a second set that day, the hour) the rules first ran on the plan: the plans sharing it form one held-out set. */
  firstScored: setKey,
});
export type HeldoutPlan = z.infer<typeof HeldoutPlan>;

export interface HeldoutLabel {
  id: string;
  rule: string;
  line: number;
  verdict: 'TP' | 'FP' | 'MISS';
  reason: string;
}

export function readHeldoutPlans(dir = HELDOUT_DIR): HeldoutPlan[] {
  return z.array(HeldoutPlan).parse(JSON.parse(readFileSync(path.join(dir, 'plans.json'), 'utf8')));
}

export function readHeldoutLabels(dir = HELDOUT_DIR): HeldoutLabel[] {
  const labels: HeldoutLabel[] = [];
  for (const [n, raw] of readFileSync(path.join(dir, 'labels.tsv'), 'utf8').split('\n').entries()) {
    if (raw.trim() === '' || raw.startsWith('#')) continue;
    const cells = raw.split('\t');
    const [id = '', second = '', third = '', fourth = '', ...rest] = cells;
    const parsed =
      second === 'MISS'
        ? { id, rule: third, line: Number(fourth), verdict: 'MISS' as const, reason: rest.join('\t') }
        : { id, rule: second, line: Number(third), verdict: fourth as HeldoutLabel['verdict'], reason: rest.join('\t') };
    if (!Number.isInteger(parsed.line) || parsed.line < 1 || !['TP', 'FP', 'MISS'].includes(parsed.verdict) || parsed.reason === '') {
      throw new Error(`labels.tsv line ${n + 1}: expected "<id> MISS <rule> <line> <reason>" or "<id> <rule> <line> TP|FP <reason>"`);
    }
    labels.push(parsed);
  }
  return labels;
}

export interface RestoreOutcome {
  restored: string[];
  present: string[];
  failed: { id: string; reason: string }[];
}

/** Writes each absent tree from its public repository (remoteTemplate as in corpus-restore). */
export function restoreTrees(plans: readonly HeldoutPlan[], treesDir: string, remoteTemplate = DEFAULT_REMOTE, log: (line: string) => void = () => undefined): RestoreOutcome {
  const outcome: RestoreOutcome = { restored: [], present: [], failed: [] };
  for (const plan of plans) {
    const dest = path.join(treesDir, plan.id);
    if (existsSync(dest)) {
      outcome.present.push(plan.id);
      continue;
    }
    const scratch = mkdtempSync(path.join(tmpdir(), 'typecheck-restore-'));
    try {
      const fetched = fetchCommit(scratch, remoteFor(remoteTemplate, plan.repo), plan.commit);
      const reason = fetched ?? writeTree(scratch, plan, dest);
      if (reason === null) {
        outcome.restored.push(plan.id);
        log(`restored ${plan.id} (${plan.repo} at ${plan.commit.slice(0, 10)})`);
      } else {
        outcome.failed.push({ id: plan.id, reason });
        log(`FAILED ${plan.id} (${plan.repo} at ${plan.commit}): ${reason}`);
      }
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  return outcome;
}

/** The commit's files into dest (null) or why not; files git cannot read are skipped and counted in the log. */
function writeTree(scratch: string, plan: HeldoutPlan, dest: string): string | null {
  const listing = git(scratch, ['ls-tree', '-r', '-z', plan.commit]);
  if (listing.status !== 0) return `cannot list the commit: ${listing.stderr.toString().trim()}`;
  const blobs = listing.stdout
    .toString('utf8')
    .split('\0')
    .flatMap((entry) => {
      const m = /^(\d+) blob ([0-9a-f]+)\t(.+)$/s.exec(entry);
      // Symbolic links and gitlinks are not written: a link could point outside the tree.
      return m && m[1] !== '120000' ? [{ sha: m[2] as string, file: m[3] as string }] : [];
    })
    .filter((b) => !b.file.split('/').some((s) => s === '..' || s === ''));
  const partial = `${dest}.partial`;
  rmSync(partial, { recursive: true, force: true });
  for (const blob of blobs) {
    const r = git(scratch, ['cat-file', 'blob', blob.sha]);
    if (r.status !== 0) continue;
    const out = path.join(partial, blob.file);
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, r.stdout);
  }
  const planFile = path.join(partial, plan.plan);
  const actual = existsSync(planFile) ? createHash('sha256').update(readFileSync(planFile)).digest('hex') : 'absent';
  if (actual !== plan.planSha256) {
    rmSync(partial, { recursive: true, force: true });
    return `the plan at the commit hashes to ${actual}, the record says ${plan.planSha256}`;
  }
  renameSync(partial, dest);
  return null;
}

export interface CliFinding {
  code: string;
  line: number;
  message: string;
}

/** The CLI's findings of the five rules on one plan (its tree is the working directory, as a user runs it). */
export function cliFindings(cli: string, tree: string, plan: HeldoutPlan): CliFinding[] {
  const r = spawnSync(process.execPath, [cli, '--static', '--format', 'json', '--quiet', plan.plan], {
    cwd: tree,
    encoding: 'utf8',
    timeout: 180_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.error) throw r.error;
  const parsed = z.object({ findings: z.array(z.object({ code: z.string(), message: z.string(), range: z.object({ startLine: z.number() }) })) }).parse(JSON.parse(r.stdout));
  return parsed.findings.filter((f) => (CODE_RULES as readonly string[]).includes(f.code)).map((f) => ({ code: f.code, line: f.range.startLine + 1, message: f.message }));
}

export interface RuleScore {
  rule: CodeRule;
  findings: number;
  truePositives: number;
  defects: number;
  caught: number;
}

export interface HeldoutScore {
  scored: string[];
  absent: string[];
  rules: RuleScore[];
  /** Findings with no TP/FP label (they count as false). */
  unlabelled: { id: string; finding: CliFinding }[];
  /** Labelled defects no finding of their rule caught. */
  missed: HeldoutLabel[];
}

/** Scores the findings (by plan id) of the scored plans against the labels. */
export function scoreHeldout(findingsById: ReadonlyMap<string, readonly CliFinding[]>, labels: readonly HeldoutLabel[], absent: readonly string[]): HeldoutScore {
  const scored = [...findingsById.keys()];
  const inScope = labels.filter((l) => findingsById.has(l.id));
  const unlabelled: HeldoutScore['unlabelled'] = [];
  const rules = CODE_RULES.map((rule): RuleScore => {
    let findings = 0;
    let truePositives = 0;
    for (const [id, list] of findingsById) {
      for (const f of list.filter((x) => x.code === rule)) {
        findings++;
        const label = inScope.find((l) => l.id === id && l.rule === rule && l.line === f.line && l.verdict !== 'MISS');
        if (label?.verdict === 'TP') truePositives++;
        if (!label) unlabelled.push({ id, finding: f });
      }
    }
    const defects = inScope.filter((l) => l.verdict === 'MISS' && l.rule === rule);
    const caught = defects.filter((d) => (findingsById.get(d.id) ?? []).some((f) => f.code === rule && f.line === d.line)).length;
    return { rule, findings, truePositives, defects: defects.length, caught };
  });
  const missed = inScope.filter((l) => l.verdict === 'MISS' && !(findingsById.get(l.id) ?? []).some((f) => f.code === l.rule && f.line === l.line));
  return { scored, absent: [...absent], rules, unlabelled, missed };
}

const pct = (n: number, d: number): string => (d === 0 ? '–' : `${((100 * n) / d).toFixed(1)} % (${n}/${d})`);

export function renderHeldoutTable(score: HeldoutScore): string {
  const all = score.rules.reduce(
    (a, r) => ({ findings: a.findings + r.findings, truePositives: a.truePositives + r.truePositives, defects: a.defects + r.defects, caught: a.caught + r.caught }),
    { findings: 0, truePositives: 0, defects: 0, caught: 0 },
  );
  const row = (name: string, r: Omit<RuleScore, 'rule'>): string =>
    `| ${name} | ${r.findings} | ${r.truePositives} | ${pct(r.truePositives, r.findings)} | ${r.defects} | ${r.caught} | ${pct(r.caught, r.defects)} |`;
  return [
    '| rule | findings | true | precision | labelled defects | caught | recall |',
    '|---|---|---|---|---|---|---|',
    ...score.rules.map((r) => row(`\`${r.rule}\``, r)),
    row('**all five**', all),
  ].join('\n');
}

export const HELDOUT_FIGURES_FILE = path.join(HELDOUT_DIR, 'figures.json');

const RecordedScore = z.object({
  measuredOn: isoDate,
  rulesCommit: z.string().regex(/^[0-9a-f]{40}$/),
  plans: z.number().int(),
  repositories: z.number().int(),
  rules: z.array(z.object({ rule: z.enum(CODE_RULES), findings: z.number().int(), truePositives: z.number().int(), defects: z.number().int(), caught: z.number().int() })),
});
export type RecordedScore = z.infer<typeof RecordedScore>;
/**
 * One set's record. `heldOut`: the first run on the set, on the day it was first scored, never rewritten;
 * `tuned`: the latest run with rules changed after looking at the set (so not a held-out figure).
 */
const SetFigures = z.object({ firstScored: setKey, heldOut: RecordedScore, tuned: RecordedScore.optional() });
export type SetFigures = z.infer<typeof SetFigures>;
export const HeldoutFigures = z.object({ sets: z.array(SetFigures) });
export type HeldoutFigures = z.infer<typeof HeldoutFigures>;

export function readHeldoutFigures(file = HELDOUT_FIGURES_FILE): HeldoutFigures | undefined {
  return existsSync(file) ? HeldoutFigures.parse(JSON.parse(readFileSync(file, 'utf8'))) : undefined;
}

/** The held-out sets by the day they were first scored, oldest first. */
export function heldoutSets(plans: readonly HeldoutPlan[]): { firstScored: string; plans: HeldoutPlan[] }[] {
  const days = [...new Set(plans.map((p) => p.firstScored))].sort();
  return days.map((firstScored) => ({ firstScored, plans: plans.filter((p) => p.firstScored === firstScored) }));
}

/**
 * The record with this run of one set added. A set's held-out figure is recorded once, by a run on the day the set
 * says it was first scored; every later run is recorded as tuned, replacing the previous tuned figure.
 */
export function withRun(previous: HeldoutFigures | undefined, firstScored: string, run: RecordedScore, as: 'held-out' | 'tuned'): HeldoutFigures {
  const sets = previous?.sets ?? [];
  const existing = sets.find((s) => s.firstScored === firstScored);
  if (as === 'held-out') {
    if (existing) throw new Error(`the held-out figure of the set first scored on ${firstScored} is recorded already; record later runs as tuned`);
    if (run.measuredOn !== firstScored.slice(0, 10)) throw new Error(`a held-out figure is the run of the day the set was first scored (${firstScored}), not of ${run.measuredOn}`);
    return { sets: [...sets, { firstScored, heldOut: run }].sort((a, b) => a.firstScored.localeCompare(b.firstScored)) };
  }
  if (!existing) throw new Error(`record the held-out figure of the set first scored on ${firstScored} first`);
  return { sets: sets.map((s) => (s === existing ? { ...s, tuned: run } : s)) };
}

const totals = (s: RecordedScore) =>
  s.rules.reduce((a, r) => ({ findings: a.findings + r.findings, tp: a.tp + r.truePositives, defects: a.defects + r.defects, caught: a.caught + r.caught }), {
    findings: 0,
    tp: 0,
    defects: 0,
    caught: 0,
  });

function runSentence(label: string, s: RecordedScore, withDate: boolean): string {
  const all = totals(s);
  return `${label} (rules at ${s.rulesCommit.slice(0, 10)}${withDate ? `, ${s.measuredOn}` : ''}): ${all.tp} of ${all.findings} findings true, ${all.caught} of ${all.defects} labelled defects caught`;
}

/**
 * BENCHMARKS.md lines: one paragraph naming each set and its totals, then one table with a precision and a recall
 * column per recorded run (a set's held-out run, and its tuned run when there is one). Rules with no finding and no
 * labelled defect in any run are named in the paragraph instead of a row.
 */
export function renderHeldoutFigures(figures: HeldoutFigures, reposBySet: ReadonlyMap<string, readonly string[]>): string[] {
  const runs = figures.sets.flatMap((set) => [
    { head: `${set.firstScored} set, held out`, score: set.heldOut },
    ...(set.tuned ? [{ head: `${set.firstScored} set, now`, score: set.tuned }] : []),
  ]);
  const active = CODE_RULES.filter((rule) => runs.some(({ score }) => score.rules.some((r) => r.rule === rule && r.findings + r.defects > 0)));
  const silent = CODE_RULES.filter((rule) => !active.includes(rule)).map((r) => `\`${r}\``);
  const sets = figures.sets.map((set) => {
    const repos = reposBySet.get(set.firstScored) ?? [];
    return `Set first scored on ${set.firstScored}: ${set.heldOut.plans} plans from ${set.heldOut.repositories} repositories (${repos.join(', ')}); ${runSentence('held out', set.heldOut, false)}${set.tuned ? `; ${runSentence('now, rules changed after looking at it', set.tuned, true)}` : ''}.`;
  });
  const cell = (score: RecordedScore, rule: CodeRule): string => {
    const r = score.rules.find((x) => x.rule === rule);
    return r ? ` ${pct(r.truePositives, r.findings)} | ${pct(r.caught, r.defects)} |` : ' – | – |';
  };
  const newest = figures.sets.at(-1)?.firstScored;
  return [
    `**Rules that read the code, on held-out sets** (test/fixtures/plan-corpus-typecheck): plans from repositories no corpus plan comes from, each with the tree of the commit that added it, labelled blind before the rules first ran on them; default levels. A set's held-out figure is its first run and stays as it was; rules changed after looking at a set are measured on the next set. ${sets.join(' ')}${silent.length ? ` No finding and no labelled defect in any run: ${silent.join(', ')}.` : ''} Reproduce: \`npm run eval:typecheck -- --restore${newest ? ` --set ${newest}` : ''}\` (fetches the trees, then scores; without \`--set\`, every set).`,
    '',
    `| rule |${runs.map((r) => ` ${r.head}: precision | recall |`).join('')}`,
    `|---|${runs.map(() => '---|---|').join('')}`,
    ...active.map((rule) => `| \`${rule}\` |${runs.map((r) => cell(r.score, rule)).join('')}`),
  ];
}
