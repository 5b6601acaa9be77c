/**
 * The real-plan corpus (test/fixtures/plan-corpus/<id>/): every static rule
 * run on each public plan against its repository's file list, and the hand
 * labels that say which findings are right.
 *
 * Per plan folder:
 *   provenance.json  repo, commit, format, heldOut, license, plans (paths in the repo)
 *   files.txt        `git ls-tree -r --name-only <commit>`: the workspace, as names only
 *   plan/<path>      the plan text at its path in the repository
 *   labels.tsv       one line per finding:  <rule> TAB <line> TAB TP|FP TAB <reason>
 *                    one line per miss:     MISS TAB <rule> TAB <line> TAB <reason>
 *                    (lines 1-based; "#" starts a comment; a relabel says so in its reason)
 *   A TP label no finding matches any more counts as a miss.
 *
 * The workspace lookup mirrors the language server's (src/server/file-index.ts
 * `lookup`): a path is tried relative to the plan's folder, then to the root;
 * a leading "/" means the root.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parsePlan } from '../../src/core/plan';
import { RULE_CODES, runStaticChecks, type RuleCode, type StaticFinding } from '../../src/core/rules';

export const CORPUS_DIR = path.join(__dirname, '..', 'fixtures', 'plan-corpus');

export interface CorpusPlan {
  id: string;
  repo: string;
  format: string;
  heldOut: boolean;
  /** Held-out batches: "fresh-2: …" was added and labelled before the changes that followed it. */
  batch: string;
  planPath: string;
  text: string;
  files: ReadonlySet<string>;
  dirs: ReadonlySet<string>;
}

export interface Label {
  rule: string;
  line: number;
  verdict: 'TP' | 'FP' | 'MISS';
  reason: string;
}

export function loadCorpus(): CorpusPlan[] {
  const out: CorpusPlan[] = [];
  for (const id of readdirSync(CORPUS_DIR).sort()) {
    const dir = path.join(CORPUS_DIR, id);
    const provenancePath = path.join(dir, 'provenance.json');
    if (!existsSync(provenancePath)) continue;
    const prov = JSON.parse(readFileSync(provenancePath, 'utf8')) as { repo: string; format: string; heldOut: boolean; plans: string[]; batch?: string };
    const names = readFileSync(path.join(dir, 'files.txt'), 'utf8').split('\n').filter((l) => l !== '');
    const files = new Set(names);
    const dirs = new Set<string>();
    for (const f of names) for (let d = path.posix.dirname(f); d !== '.' && !dirs.has(d); d = path.posix.dirname(d)) dirs.add(d);
    for (const planPath of prov.plans) {
      files.add(planPath);
      out.push({
        id: prov.plans.length > 1 ? `${id}:${planPath}` : id,
        repo: prov.repo,
        format: prov.format,
        heldOut: prov.heldOut,
        batch: prov.batch ?? '',
        planPath,
        text: readFileSync(path.join(dir, 'plan', planPath), 'utf8'),
        files,
        dirs,
      });
    }
  }
  return out;
}

export function workspaceLookup(plan: CorpusPlan): (reference: string) => boolean | undefined {
  const planDir = path.posix.dirname(plan.planPath);
  const has = (rel: string): boolean => rel === '' || rel === '.' || plan.files.has(rel) || plan.dirs.has(rel);
  return (reference: string) => {
    const cleaned = reference.trim().replace(/\/+$/, '');
    if (cleaned === '' || cleaned.includes('\0')) return undefined;
    const candidates = cleaned.startsWith('/')
      ? [path.posix.normalize(cleaned.replace(/^\/+/, ''))]
      : [path.posix.normalize(path.posix.join(planDir, cleaned)), path.posix.normalize(cleaned)];
    let inside = false;
    for (const c of candidates) {
      if (c.startsWith('..')) continue;
      inside = true;
      if (has(c)) return true;
    }
    return inside ? false : undefined;
  };
}

/** Workspace paths by file name, as the language server's index answers `pathsNamed`. */
function namedLookup(plan: CorpusPlan): (basename: string) => string[] {
  const byName = new Map<string, string[]>();
  for (const f of plan.files) {
    const base = path.posix.basename(f);
    const list = byName.get(base);
    if (list) list.push(f);
    else byName.set(base, [f]);
  }
  return (basename) => (byName.get(basename) ?? []).slice(0, 20);
}

export function findingsFor(plan: CorpusPlan): StaticFinding[] {
  return runStaticChecks(parsePlan(plan.text), { fileExists: workspaceLookup(plan), pathsNamed: namedLookup(plan) });
}

export function labelsPath(plan: CorpusPlan): string {
  const folder = plan.id.split(':')[0] as string;
  const file = plan.id.includes(':') ? `labels.${path.posix.basename(plan.planPath, '.md')}.tsv` : 'labels.tsv';
  return path.join(CORPUS_DIR, folder, file);
}

export function readLabels(plan: CorpusPlan): Label[] {
  const file = labelsPath(plan);
  if (!existsSync(file)) return [];
  const out: Label[] = [];
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    if (raw.trim() === '' || raw.startsWith('#')) continue;
    const cols = raw.split('\t');
    if (cols[0] === 'MISS') out.push({ rule: cols[1] ?? '', line: Number(cols[2]), verdict: 'MISS', reason: cols[3] ?? '' });
    else out.push({ rule: cols[0] ?? '', line: Number(cols[1]), verdict: cols[2] === 'TP' ? 'TP' : 'FP', reason: cols[3] ?? '' });
  }
  return out;
}

export interface RuleScore {
  tp: number;
  fp: number;
  miss: number;
  unlabelled: number;
}

/** Scores findings against labels. A finding matches a label of its rule on its line; several findings on one line share the label. */
export function score(plans: readonly CorpusPlan[]): { perRule: Record<RuleCode, RuleScore>; unlabelled: string[]; errorsOnUnbrokenPlans: string[] } {
  const perRule = Object.fromEntries(RULE_CODES.map((c) => [c, { tp: 0, fp: 0, miss: 0, unlabelled: 0 }])) as Record<RuleCode, RuleScore>;
  const unlabelled: string[] = [];
  const errorsOnUnbrokenPlans: string[] = [];
  for (const plan of plans) {
    const labels = readLabels(plan);
    const brokenPlan = labels.some((l) => l.verdict === 'TP' && /\bbroken\b/i.test(l.reason));
    const findings = findingsFor(plan);
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

/** The per-rule precision/recall tables (tuning plans, held-out plans) as Markdown lines. */
export function corpusTables(plans: readonly CorpusPlan[] = loadCorpus()): string[] {
  const out: string[] = [];
  for (const [name, subset] of [
    ['Tuning plans', plans.filter((p) => !p.heldOut)],
    ['Held-out plans (earlier batches)', plans.filter((p) => p.heldOut && !isFreshBatch2(p))],
    ['Held-out plans, fresh batch 2 (labelled before the changes after it)', plans.filter(isFreshBatch2)],
  ] as const) {
    const { perRule, unlabelled, errorsOnUnbrokenPlans } = score(subset);
    out.push(`${name}: ${subset.length} plans from ${new Set(subset.map((p) => p.repo)).size} repositories.`, '');
    out.push('| rule | findings | TP | FP | misses | precision | recall |', '|---|---|---|---|---|---|---|');
    const total: RuleScore = { tp: 0, fp: 0, miss: 0, unlabelled: 0 };
    for (const [rule, s] of Object.entries(perRule)) {
      out.push(tableRow(`\`${rule}\``, s));
      total.tp += s.tp;
      total.fp += s.fp;
      total.miss += s.miss;
      total.unlabelled += s.unlabelled;
    }
    out.push(tableRow('**all**', total), '');
    if (unlabelled.length) out.push(`Unlabelled findings: ${unlabelled.length}.`, '');
    out.push(`Error-level findings on plans not labelled broken: ${errorsOnUnbrokenPlans.length === 0 ? 'none' : errorsOnUnbrokenPlans.join(', ')}.`, '');
  }
  return out;
}

function isFreshBatch2(plan: CorpusPlan): boolean {
  return plan.heldOut && plan.batch.startsWith('fresh-2');
}

function tableRow(rule: string, s: RuleScore): string {
  const n = s.tp + s.fp + s.unlabelled;
  const pct = (a: number, b: number): string => (b === 0 ? '–' : `${Math.round((100 * a) / b)} %`);
  return `| ${rule} | ${n} | ${s.tp} | ${s.fp} | ${s.miss} | ${pct(s.tp, s.tp + s.fp)} | ${pct(s.tp, s.tp + s.miss)} |`;
}
