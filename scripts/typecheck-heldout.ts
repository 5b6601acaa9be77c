/**
 * `npm run eval:typecheck`: the held-out figures of the rules that read the code
 * (test/fixtures/plan-corpus-typecheck/README.md, test/support/typecheck-heldout.ts).
 *   --restore       first fetch the absent trees from their public repositories (PLAN_CORPUS_REMOTE as for the corpus)
 *   --trees DIR     where the trees are (default .verify-plan/typecheck-trees)
 *   --findings      also list every finding with its label ("?" when unlabelled) and every defect no finding caught
 *   --record held-out|tuned   write the figures to test/fixtures/plan-corpus-typecheck/figures.json with the commit of
 *                   the rules (every tree present); the held-out figure is written once, later runs as tuned
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
const treesAt = args.indexOf('--trees');
const treesDir = path.resolve(treesAt >= 0 ? (args[treesAt + 1] ?? '') : DEFAULT_TREES_DIR);
const plans = readHeldoutPlans();
const labels = readHeldoutLabels();
let failed = 0;
if (args.includes('--restore')) {
  const r = restoreTrees(plans, treesDir, process.env.PLAN_CORPUS_REMOTE || DEFAULT_REMOTE, (line) => console.log(line));
  console.log(`restore: ${r.restored.length} restored, ${r.present.length} already present, ${r.failed.length} failed`);
  failed = r.failed.length;
}
const cli = path.join(__dirname, '..', 'dist', 'cli.js');
if (!existsSync(cli)) throw new Error('dist/cli.js is missing: run `npm run build` first');
const findings = new Map<string, CliFinding[]>();
const absent: string[] = [];
for (const plan of plans) {
  const tree = path.join(treesDir, plan.id);
  if (!existsSync(path.join(tree, plan.plan))) absent.push(plan.id);
  else findings.set(plan.id, cliFindings(cli, tree, plan));
}
const score = scoreHeldout(findings, labels, absent);
const repos = new Set(plans.filter((p) => findings.has(p.id)).map((p) => p.repo));
console.log(
  `Scored ${score.scored.length} of ${plans.length} plans (${repos.size} repositories); ${absent.length} absent${absent.length ? ` (${absent.join(', ')}: run with --restore)` : ''}.\n`,
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
const recordAt = args.indexOf('--record');
if (recordAt >= 0) {
  const as = args[recordAt + 1];
  if (as !== 'held-out' && as !== 'tuned') throw new Error('--record held-out|tuned');
  if (absent.length > 0) throw new Error('record with every tree present (--restore)');
  const run = {
    measuredOn: new Date().toISOString().slice(0, 10),
    rulesCommit: execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim(),
    plans: score.scored.length,
    repositories: repos.size,
    rules: score.rules,
  };
  writeFileSync(HELDOUT_FIGURES_FILE, `${JSON.stringify(withRun(readHeldoutFigures(), run, as), null, 2)}\n`);
  console.log(`wrote ${HELDOUT_FIGURES_FILE} (${as})`);
}
if (score.unlabelled.length > 0) console.log(`\n${score.unlabelled.length} finding(s) without a label count as false (--findings lists them).`);
process.exitCode = failed === 0 ? 0 : 1;
