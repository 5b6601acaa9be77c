/**
 * The real-plan corpus (test/fixtures/plan-corpus/<id>/): every static rule
 * run on each public plan against its repository's file list, and the hand
 * labels that say which findings are right. The folder's README.md describes
 * the format, the held-out method and how to restore the texts that are not
 * in the repository (`npm run corpus:restore`).
 *
 * Per plan folder:
 *   provenance.json  repo, commit, format, license (as stated), heldOut, firstScored, plans (paths in the repo),
 *                    texts (each copied text: path in the repository, plan/ or companions/, commit, sha256);
 *                    planCommit / submodules / filesNote when they differ
 *   files.txt        `git ls-tree -r --name-only <commit>`: the workspace, as names only
 *   gitignore.json   the commit's .gitignore files: { "<path>/.gitignore": "<text>" }
 *   labels.tsv       one line per finding:  <rule> TAB <line> TAB TP|FP TAB <reason>
 *                    one line per miss:     MISS TAB <rule> TAB <line> TAB <reason>
 *                    (lines 1-based; "#" starts a comment; a relabel says so in its reason)
 *   plan/<path>      the plan text at its path in the repository, when present
 *   companions/<path> the text at the commit of a design or spec the plan names (src/core/rules/companion-docs.ts),
 *                    for the rules that read it; a companion not present is "cannot read", as an unreadable file
 *   A TP label no finding matches any more counts as a miss.
 *
 * A text is in the repository only when its repository's licence allows it
 * (test/support/corpus-license.ts); the others are absent until restored, and
 * a plan whose text is absent is not scored.
 *
 * The workspace lookup is the language server's own (src/core/file-index.ts,
 * built from the file list and the .gitignore texts in gitignore.json): a path
 * is tried relative to the plan's folder, then to the root; a leading "/"
 * means the root; a gitignored path is "cannot tell".
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as z from 'zod';
import { parsePlan } from '../../src/core/plan';
import { ADVICE_ON, RULE_CODES, ruleEnvironment, runStaticChecks, type RuleCode, type RuleLevel, type StaticFinding } from '../../src/core/rules';
export { ADVICE_ON };
import { WorkspaceFileIndex } from '../../src/core/file-index';
import { classifyLicense } from './corpus-license';

/** The repository's own corpus folder: what it tracks and attributes (NOTICES.md), whatever copy the scores read. */
export const REPOSITORY_CORPUS_DIR = path.join(__dirname, '..', 'fixtures', 'plan-corpus');
/** The corpus folder the scores read; PLAN_CORPUS_DIR points the tests at another copy (e.g. one with every text restored). */
export const CORPUS_DIR = process.env.PLAN_CORPUS_DIR ?? REPOSITORY_CORPUS_DIR;

const sha = z.string().regex(/^[0-9a-f]{40}$/);
/** A repository path: relative, no "..", no backslash, so a restore never writes outside the entry's folder. */
const repoPath = z
  .string()
  .min(1)
  .refine((p) => !p.startsWith('/') && !p.includes('\\') && !p.split('/').some((s) => s === '..' || s === '.' || s === ''), 'a relative path without "." or ".." segments');

export const CorpusText = z.object({
  path: repoPath,
  in: z.enum(['plan', 'companions']),
  commit: sha,
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type CorpusText = z.infer<typeof CorpusText>;

export const Provenance = z.object({
  repo: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*\/[A-Za-z0-9_.-]+$/),
  commit: sha,
  planCommit: sha.optional(),
  format: z.string().min(1),
  license: z.string(),
  heldOut: z.boolean(),
  firstScored: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  plans: z.array(repoPath).min(1),
  texts: z.array(CorpusText).min(1),
  submodules: z.record(z.string(), z.unknown()).optional(),
  filesNote: z.string().optional(),
});
export type Provenance = z.infer<typeof Provenance>;

export interface CorpusEntry {
  id: string;
  dir: string;
  provenance: Provenance;
  /** The licence allows the texts in the repository (test/support/corpus-license.ts). */
  shipped: boolean;
}

export interface CorpusPlan {
  id: string;
  repo: string;
  format: string;
  /** Never looked at while a rule was changed: its figures say how the rules do on plans they were not shaped on. */
  heldOut: boolean;
  /** The day its labels were first written (YYYY-MM-DD). */
  firstScored: string;
  shipped: boolean;
  planPath: string;
  text: string;
  files: ReadonlySet<string>;
}

export interface Label {
  rule: string;
  line: number;
  verdict: 'TP' | 'FP' | 'MISS';
  reason: string;
}

/** Every entry of the corpus folder with its provenance (validated). */
export function corpusEntries(dir: string = CORPUS_DIR): CorpusEntry[] {
  const out: CorpusEntry[] = [];
  for (const id of readdirSync(dir).sort()) {
    const provenancePath = path.join(dir, id, 'provenance.json');
    if (!existsSync(provenancePath)) continue;
    const parsed = Provenance.safeParse(JSON.parse(readFileSync(provenancePath, 'utf8')));
    if (!parsed.success) throw new Error(`${provenancePath}: ${z.prettifyError(parsed.error)}`);
    out.push({ id, dir: path.join(dir, id), provenance: parsed.data, shipped: classifyLicense(parsed.data.license).class === 'permissive' });
  }
  return out;
}

/** The local file of a text: <entry>/plan/<path> or <entry>/companions/<path>. */
export function textFile(entry: CorpusEntry, text: CorpusText): string {
  return path.join(entry.dir, text.in, ...text.path.split('/'));
}

/** The corpus' plans whose text is present, and the ids of those whose text is absent (not restored). */
export function readCorpus(): { present: CorpusPlan[]; absent: string[] } {
  const present: CorpusPlan[] = [];
  const absent: string[] = [];
  for (const entry of corpusEntries()) {
    const prov = entry.provenance;
    const files = new Set(
      readFileSync(path.join(entry.dir, 'files.txt'), 'utf8')
        .split('\n')
        .filter((l) => l !== ''),
    );
    for (const planPath of prov.plans) {
      files.add(planPath);
      const id = prov.plans.length > 1 ? `${entry.id}:${planPath}` : entry.id;
      const file = path.join(entry.dir, 'plan', ...planPath.split('/'));
      if (!existsSync(file)) {
        absent.push(id);
        continue;
      }
      present.push({
        id,
        repo: prov.repo,
        format: prov.format,
        heldOut: prov.heldOut,
        firstScored: prov.firstScored,
        shipped: entry.shipped,
        planPath,
        text: readFileSync(file, 'utf8'),
        files,
      });
    }
  }
  return { present, absent };
}

/** The plans whose text is present. */
export function loadCorpus(): CorpusPlan[] {
  return readCorpus().present;
}

/**
 * The plan's workspace as the language server's index sees it: the commit's
 * file list with its .gitignore rules (gitignore.json: the text of each
 * .gitignore by path), so a gitignored path is "cannot tell" here as there.
 */
export function workspaceIndex(plan: CorpusPlan): WorkspaceFileIndex {
  const folder = plan.id.split(':')[0] as string;
  const cached = indexes.get(folder);
  if (cached) return cached;
  const gitignorePath = path.join(CORPUS_DIR, folder, 'gitignore.json');
  const gitignores = existsSync(gitignorePath) ? (JSON.parse(readFileSync(gitignorePath, 'utf8')) as Record<string, string>) : {};
  const index = WorkspaceFileIndex.fromListing(path.posix.join(CORPUS_ROOT, folder), plan.files, gitignores);
  indexes.set(folder, index);
  return index;
}

const CORPUS_ROOT = '/plan-corpus';
const indexes = new Map<string, WorkspaceFileIndex>();

/** The static findings on a corpus plan, at the default levels or at `levels` (ADVICE_ON: what a user who turns the advice on sees). */
export function findingsFor(plan: CorpusPlan, levels?: Partial<Record<RuleCode, RuleLevel>>): StaticFinding[] {
  const index = workspaceIndex(plan);
  const planFsPath = path.posix.join(CORPUS_ROOT, plan.id.split(':')[0] as string, plan.planPath);
  const companions = path.join(CORPUS_DIR, plan.id.split(':')[0] as string, 'companions');
  const root = path.posix.join(CORPUS_ROOT, plan.id.split(':')[0] as string);
  const readMarkdown = (reference: string): string | undefined => {
    const file = index.resolveFile(planFsPath, reference);
    if (file === null) return undefined;
    const vendored = path.join(companions, path.posix.relative(root, file));
    return existsSync(vendored) ? readFileSync(vendored, 'utf8') : undefined;
  };
  // The index's own lookups, the designs read from the vendored copies (the listed files are names only).
  return runStaticChecks(parsePlan(plan.text), { ...ruleEnvironment(index, planFsPath), readMarkdown }, levels);
}

export function labelsPath(plan: Pick<CorpusPlan, 'id' | 'planPath'>): string {
  const folder = plan.id.split(':')[0] as string;
  const file = plan.id.includes(':') ? `labels.${path.posix.basename(plan.planPath, '.md')}.tsv` : 'labels.tsv';
  return path.join(CORPUS_DIR, folder, file);
}

export function readLabels(plan: Pick<CorpusPlan, 'id' | 'planPath'>): Label[] {
  const file = labelsPath(plan);
  if (!existsSync(file)) return [];
  const out: Label[] = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((raw, i) => {
      if (raw.trim() === '' || raw.startsWith('#')) return;
      const cols = raw.split('\t');
      if (cols[0] === 'MISS') out.push({ rule: cols[1] ?? '', line: Number(cols[2]), verdict: 'MISS', reason: cols[3] ?? '' });
      else if (cols[2] === 'TP' || cols[2] === 'FP') out.push({ rule: cols[0] ?? '', line: Number(cols[1]), verdict: cols[2], reason: cols[3] ?? '' });
      else throw new Error(`${file}:${i + 1}: the verdict must be TP or FP (or the line must start with MISS), not ${JSON.stringify(cols[2])}`);
    });
  return out;
}

export interface RuleScore {
  tp: number;
  fp: number;
  miss: number;
  unlabelled: number;
}

/** Scores findings against labels. A finding matches a label of its rule on its line; several findings on one line share the label. */
export function score(
  plans: readonly CorpusPlan[],
  levels?: Partial<Record<RuleCode, RuleLevel>>,
): { perRule: Record<RuleCode, RuleScore>; unlabelled: string[]; errorsOnUnbrokenPlans: string[] } {
  const perRule = Object.fromEntries(RULE_CODES.map((c) => [c, { tp: 0, fp: 0, miss: 0, unlabelled: 0 }])) as Record<RuleCode, RuleScore>;
  const unlabelled: string[] = [];
  const errorsOnUnbrokenPlans: string[] = [];
  for (const plan of plans) {
    const labels = readLabels(plan);
    const brokenPlan = labels.some((l) => l.verdict === 'TP' && /\bbroken\b/i.test(l.reason));
    const findings = findingsFor(plan, levels);
    // A real problem the checks found once and no longer find is a miss.
    for (const l of labels) {
      if (l.verdict === 'TP' && l.rule in perRule && !findings.some((f) => f.code === l.rule && f.range.startLine + 1 === l.line)) perRule[l.rule as RuleCode].miss++;
    }
    for (const f of findings) {
      const line = f.range.startLine + 1;
      const label = labels.find((l) => l.verdict !== 'MISS' && l.rule === f.code && l.line === line);
      const s = perRule[f.code];
      if (!label) {
        s.unlabelled++;
        unlabelled.push(`${plan.id}\t${f.code}\t${line}\t${f.message}`);
      } else if (label.verdict === 'TP') s.tp++;
      else s.fp++;
      if (f.level === 'error' && !brokenPlan) errorsOnUnbrokenPlans.push(`${plan.id}:${line} ${f.code}`);
    }
    for (const l of labels) if (l.verdict === 'MISS' && l.rule in perRule) perRule[l.rule as RuleCode].miss++;
  }
  return { perRule, unlabelled, errorsOnUnbrokenPlans };
}

/**
 * Precision as the corpus test judges it: an unlabelled finding counts
 * against it (as well as failing the labels test), so a rule change cannot
 * look better by producing findings nobody judged.
 */
export function precisionOf(s: RuleScore): number | null {
  const n = s.tp + s.fp + s.unlabelled;
  return n === 0 ? null : s.tp / n;
}

export function totalScore(perRule: Record<RuleCode, RuleScore>): RuleScore {
  const total: RuleScore = { tp: 0, fp: 0, miss: 0, unlabelled: 0 };
  for (const s of Object.values(perRule)) {
    total.tp += s.tp;
    total.fp += s.fp;
    total.miss += s.miss;
    total.unlabelled += s.unlabelled;
  }
  return total;
}
