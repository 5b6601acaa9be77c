/**
 * `npm run eval:typecheck`: the held-out figures of the rules that read the code
 * (test/fixtures/plan-corpus-typecheck/README.md, test/support/typecheck-heldout.ts).
 *   --set KEY       only the plans of one held-out set (its firstScored: the day, YYYY-MM-DD, or day and hour, YYYY-MM-DDTHH); default every set, each scored apart
 *   --restore       first fetch the absent trees from their public repositories (PLAN_CORPUS_REMOTE as for the corpus)
 *   --restore-only  fetch the absent trees and stop: no rule runs
 *   --trees DIR     where the trees are (default .verify-plan/typecheck-trees)
 *   --findings      also list every finding with its label ("?" when unlabelled) and every defect no finding caught
 *   --record held-out|tuned   write the figures of one set (--set, or the only one scored) to
 *                   test/fixtures/plan-corpus-typecheck/figures.json with the commit of the rules (every tree present);
 *                   a set's held-out figure is written once, on the day of its key, later runs as tuned
 * Runs the built CLI (dist/cli.js) in each tree. Exit code 1 when a tree could not be restored.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_REMOTE } from '../test/support/corpus-restore';
import {
  cliFindings,
  DEFAULT_TREES_DIR,
  HELDOUT_FIGURES_FILE,
  heldoutSets,
  readHeldoutFigures,
  withRun,
  readHeldoutLabels,
  readHeldoutPlans,
  renderHeldoutTable,
  restoreTrees,
  scoreHeldout,
  type CliFinding,
} from '../test/support/typecheck-heldout';

const args = process.argv.slice(2);
const valueOf = (flag: string): string | undefined => {
  const at = args.indexOf(flag);
  return at >= 0 ? (args[at + 1] ?? '') : undefined;
};
const treesDir = path.resolve(valueOf('--trees') ?? DEFAULT_TREES_DIR);
const onlySet = valueOf('--set');
const sets = heldoutSets(readHeldoutPlans()).filter((s) => onlySet === undefined || s.firstScored === onlySet);
if (sets.length === 0) throw new Error(`no held-out set was first scored on ${onlySet}`);
const plans = sets.flatMap((s) => s.plans);
const labels = readHeldoutLabels();
let failed = 0;
if (args.includes('--restore') || args.includes('--restore-only')) {
  const r = restoreTrees(plans, treesDir, process.env.PLAN_CORPUS_REMOTE || DEFAULT_REMOTE, (line) => console.log(line));
  console.log(`restore: ${r.restored.length} restored, ${r.present.length} already present, ${r.failed.length} failed`);
  failed = r.failed.length;
}
if (args.includes('--restore-only')) {
  process.exitCode = failed === 0 ? 0 : 1;
} else {
  const cli = path.join(__dirname, '..', 'dist', 'cli.js');
  if (!existsSync(cli)) throw new Error('dist/cli.js is missing: run `npm run build` first');
  const recordAs = valueOf('--record');
  if (recordAs !== undefined && recordAs !== 'held-out' && recordAs !== 'tuned') throw new Error('--record held-out|tuned');
  if (recordAs && sets.length !== 1) throw new Error('record one set at a time: --set DATE');
  for (const set of sets) {
    const findings = new Map<string, CliFinding[]>();
    const absent: string[] = [];
    for (const plan of set.plans) {
      const tree = path.join(treesDir, plan.id);
      if (!existsSync(path.join(tree, plan.plan))) absent.push(plan.id);
      else findings.set(plan.id, cliFindings(cli, tree, plan));
    }
    const score = scoreHeldout(findings, labels, absent);
    const repos = new Set(set.plans.filter((p) => findings.has(p.id)).map((p) => p.repo));
    console.log(
      `Set first scored on ${set.firstScored}: scored ${score.scored.length} of ${set.plans.length} plans (${repos.size} repositories); ${absent.length} absent${absent.length ? ` (${absent.join(', ')}: run with --restore)` : ''}.\n`,
    );
    console.log(renderHeldoutTable(score));
    if (args.includes('--findings')) {
      for (const [id, list] of findings) {
        for (const f of list) {
          const l = labels.find((x) => x.id === id && x.rule === f.code && x.line === f.line && x.verdict !== 'MISS');
          console.log(`${id}\t${f.code}\t${f.line}\t${l?.verdict ?? '?'}\t${f.message.slice(0, 160)}`);
        }
      }
      for (const m of score.missed) console.log(`missed\t${m.id}\t${m.rule}\t${m.line}\t${m.reason}`);
    }
    if (score.unlabelled.length > 0) console.log(`\n${score.unlabelled.length} finding(s) without a label count as false (--findings lists them).`);
    console.log('');
    if (recordAs) {
      if (absent.length > 0) throw new Error('record with every tree present (--restore)');
      const run = {
        measuredOn: new Date().toISOString().slice(0, 10),
        rulesCommit: execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim(),
        plans: score.scored.length,
        repositories: repos.size,
        rules: score.rules,
      };
      writeFileSync(HELDOUT_FIGURES_FILE, `${JSON.stringify(withRun(readHeldoutFigures(), set.firstScored, run, recordAs), null, 2)}\n`);
      console.log(`wrote ${HELDOUT_FIGURES_FILE} (${recordAs}, set first scored on ${set.firstScored})`);
    }
  }
  process.exitCode = failed === 0 ? 0 : 1;
}
