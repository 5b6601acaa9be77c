/**
 * The static checks on real plans: the corpus in test/fixtures/plan-corpus
 * holds public plans of several formats, each with its repository's file
 * list and a hand label for every finding. A finding without a label fails
 * here, so a rule change that produces new findings gets them judged.
 *
 * It runs on the plans whose text is present: in a fresh clone the texts
 * whose licence allows them in the repository, after `npm run corpus:restore`
 * the whole corpus. It says how many it scored and how many were absent, and
 * holds the same thresholds on whatever is present: precision >= 90 % overall
 * at the default levels, >= 80 % for a rule with 10+ findings, no error-level
 * finding on a plan that is not broken. A rule with fewer than 10 findings on
 * the present plans is named in the output as too few to judge, never held
 * to a lower bar. Never relabel a finding to pass.
 * `npx tsx scripts/plan-corpus.ts` prints the tables (BENCHMARKS.md section 6).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { RULES } from '../../src/core/rules';
import { NOTICES_FILE, renderNotices } from '../support/corpus-notices';
import { ADVICE_ON, corpusEntries, REPOSITORY_CORPUS_DIR, precisionOf, readCorpus, readLabels, score, textFile, totalScore } from '../support/plan-corpus';

const TARGET = { overall: 0.9, perRule: 0.8 };
/** The advice checks when the user turns them on (ADVICE_ON): held to their measure on the whole corpus, not to the target. */
const ADVICE_FLOOR: Partial<Record<string, number>> = { 'missing-risks-section': 0.67, 'no-success-criterion': 0.52 };
const RULE_MIN_FINDINGS = 10;

describe('real-plan corpus', function () {
  // Scoring runs every rule on every present plan: about 10 s for the shipped texts, a minute for the whole corpus on a busy machine.
  this.timeout(300_000);
  const { present: plans, absent } = readCorpus();
  // Each score runs every rule over every plan: computed once per level set, shared by the tests that read it.
  let atDefault: ReturnType<typeof score> | undefined;
  let adviceOn: ReturnType<typeof score> | undefined;
  const scoreAtDefault = (): ReturnType<typeof score> => (atDefault ??= score(plans));
  const scoreWithAdvice = (): ReturnType<typeof score> => (adviceOn ??= score(plans, ADVICE_ON));

  before(() => {
    console.log(`    plan corpus: ${plans.length} plans scored, ${absent.length} absent (texts not in the repository; \`npm run corpus:restore\` brings them back)`);
  });

  it('scores at least 100 plans from 100 repositories in 5 formats, 10 of them held out, none sharing a repository with a tuning plan', () => {
    assert.ok(plans.length >= 100, `${plans.length} plans`);
    assert.ok(new Set(plans.map((p) => p.repo)).size >= 100, 'repositories');
    assert.ok(new Set(plans.map((p) => p.format)).size >= 5, 'formats');
    const heldOut = plans.filter((p) => p.heldOut);
    assert.ok(heldOut.length >= 10, 'held-out plans');
    const tuningRepos = new Set(plans.filter((p) => !p.heldOut).map((p) => p.repo));
    assert.deepEqual(
      heldOut.filter((p) => tuningRepos.has(p.repo)).map((p) => p.id),
      [],
    );
  });

  it('has a label with a reason for every finding the static checks produce, the advice checks turned on too', () => {
    const { unlabelled } = scoreWithAdvice();
    assert.deepEqual(unlabelled, [], `label these in the plan's labels.tsv:\n${unlabelled.join('\n')}`);
  });

  it(`holds precision at the default levels on the plans present: ${TARGET.overall * 100} % overall, ${TARGET.perRule * 100} % for each rule with ${RULE_MIN_FINDINGS}+ findings`, () => {
    const { perRule } = scoreAtDefault();
    const overall = precisionOf(totalScore(perRule));
    const tooFew = Object.entries(perRule)
      .filter(([, s]) => s.tp + s.fp + s.unlabelled > 0 && s.tp + s.fp + s.unlabelled < RULE_MIN_FINDINGS)
      .map(([rule, s]) => `${rule} (${s.tp + s.fp + s.unlabelled})`);
    if (tooFew.length) console.log(`    too few findings to judge a rule's precision (under ${RULE_MIN_FINDINGS}): ${tooFew.join(', ')}`);
    const failures: string[] = [];
    if (overall === null || overall < TARGET.overall) failures.push(`overall precision ${fmt(totalScore(perRule))}`);
    for (const [rule, s] of Object.entries(perRule)) {
      const p = precisionOf(s);
      if (s.tp + s.fp + s.unlabelled >= RULE_MIN_FINDINGS && (p === null || p < TARGET.perRule)) failures.push(`${rule}: precision ${fmt(s)}`);
    }
    assert.deepEqual(failures, [], `below the thresholds on ${plans.length} plans:\n${failures.join('\n')}`);
  });

  it('keeps the advice checks, when the user turns them on, at or above their floor (on the whole corpus only)', function () {
    if (absent.length > 0) this.skip(); // their floor is a measure of the whole corpus; a subset says nothing about it
    const { perRule } = scoreWithAdvice();
    for (const [rule, floor] of Object.entries(ADVICE_FLOOR)) {
      const p = precisionOf(perRule[rule as keyof typeof perRule]);
      assert.ok(p !== null && floor !== undefined && p >= floor, `${rule}: precision ${p} (floor ${floor})`);
    }
  });

  it('raises no error-level finding on a plan that is not broken (a plan is broken when a TP label says so)', () => {
    assert.deepEqual(scoreWithAdvice().errorsOnUnbrokenPlans, []);
  });

  it('judges only rules that exist, and gives every label a line and a one-line reason (absent plans included)', () => {
    for (const entry of corpusEntries()) {
      for (const planPath of entry.provenance.plans) {
        const id = entry.provenance.plans.length > 1 ? `${entry.id}:${planPath}` : entry.id;
        for (const label of readLabels({ id, planPath })) {
          assert.ok(label.rule in RULES, `${id}:${label.line} ${label.rule}`);
          assert.ok(Number.isInteger(label.line) && label.line > 0, `${id}: ${JSON.stringify(label)}`);
          assert.notEqual(label.reason.trim(), '', `${id}:${label.line} ${label.rule}`);
        }
      }
    }
  });

  it('the repository tracks a plan or design text only where its licence allows it, every such text unchanged (sha256)', () => {
    // The repository's own folder, also when PLAN_CORPUS_DIR points the scores at a restored copy.
    const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: REPOSITORY_CORPUS_DIR, encoding: 'utf8' }).trim();
    const tracked = new Set(
      execFileSync('git', ['ls-files', '-z', '--', REPOSITORY_CORPUS_DIR], { cwd: root, encoding: 'utf8' })
        .split('\0')
        .filter((f) => f !== ''),
    );
    const problems: string[] = [];
    const listed = new Set<string>();
    for (const entry of corpusEntries(REPOSITORY_CORPUS_DIR)) {
      for (const text of entry.provenance.texts) {
        const file = path.relative(root, textFile(entry, text)).split(path.sep).join('/');
        listed.add(file);
        if (tracked.has(file) !== entry.shipped) problems.push(`${file}: ${entry.shipped ? 'licence allows it, not tracked' : `tracked, licence "${entry.provenance.license}"`}`);
        else if (
          entry.shipped &&
          createHash('sha256')
            .update(readFileSync(textFile(entry, text)))
            .digest('hex') !== text.sha256
        )
          problems.push(`${file}: sha256 differs from provenance`);
      }
    }
    for (const file of tracked) if (/\/(?:plan|companions)\//.test(file) && !listed.has(file)) problems.push(`${file}: tracked but in no provenance "texts"`);
    assert.deepEqual(problems, []);
  });

  it('NOTICES.md attributes exactly the entries whose texts the repository may carry', () => {
    assert.equal(readFileSync(NOTICES_FILE, 'utf8'), renderNotices(corpusEntries(REPOSITORY_CORPUS_DIR)), 'regenerate: npx tsx scripts/plan-corpus.ts --notices');
  });
});

function fmt(s: { tp: number; fp: number; unlabelled: number }): string {
  const n = s.tp + s.fp + s.unlabelled;
  return `${n === 0 ? '–' : ((100 * s.tp) / n).toFixed(1)} % (${s.tp}/${n})`;
}
