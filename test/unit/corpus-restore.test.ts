import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { remoteFor, restoreCorpus } from '../support/corpus-restore';

/**
 * `npm run corpus:restore` offline: a bare git repository in a temp folder
 * stands in for the public one, and a temp corpus entry records the texts by
 * path, commit and sha256, as the real corpus does.
 */
describe('corpus:restore (a local bare repository standing in for the public one)', function () {
  this.timeout(60_000);
  let tmp: string;
  let template: string;
  let pinned: string;
  const PLAN = '# Plan\r\n\r\n1. Add `src/ä.ts`\r\n'; // CRLF and a non-ASCII byte: restored byte for byte
  const DESIGN = '# Design\n\nRisks: none.\n';

  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  const git = (cwd: string, ...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', '-c', 'init.defaultBranch=main', '-c', 'core.autocrlf=false', ...args], {
      cwd,
      encoding: 'utf8',
    }).trim();

  /** A corpus with one entry of owner/project at the pinned commit; `texts` override the recorded hashes or commits. */
  function corpus(texts: { path: string; in: 'plan' | 'companions'; sha256: string; commit?: string }[], repo = 'owner/project'): string {
    const dir = mkdtempSync(path.join(tmp, 'corpus-'));
    mkdirSync(path.join(dir, 'entry'));
    const provenance = {
      repo,
      commit: pinned,
      format: 'free-form',
      license: 'none stated in the repository',
      heldOut: false,
      firstScored: '2026-11-26',
      plans: ['docs/plan.md'],
      texts: texts.map((t) => ({ path: t.path, in: t.in, commit: t.commit ?? pinned, sha256: t.sha256 })),
    };
    writeFileSync(path.join(dir, 'entry', 'provenance.json'), JSON.stringify(provenance));
    return dir;
  }
  const planText = { path: 'docs/plan.md', in: 'plan' as const, sha256: sha256(PLAN) };
  const designText = { path: 'docs/design.md', in: 'companions' as const, sha256: sha256(DESIGN) };

  before(() => {
    tmp = mkdtempSync(path.join(tmpdir(), 'restore-test-'));
    const work = path.join(tmp, 'work');
    mkdirSync(path.join(work, 'docs'), { recursive: true });
    git(tmp, 'init', '-q', work);
    writeFileSync(path.join(work, 'docs', 'plan.md'), PLAN);
    writeFileSync(path.join(work, 'docs', 'design.md'), DESIGN);
    // A hook and a filter in the repository are data: nothing may run them.
    writeFileSync(path.join(work, '.gitattributes'), '*.md filter=evil\n');
    git(work, 'add', '-A');
    git(work, 'commit', '-q', '-m', 'plan');
    pinned = git(work, 'rev-parse', 'HEAD');
    // A later commit changes the plan: the pinned commit is no longer the tip, as for most corpus plans.
    writeFileSync(path.join(work, 'docs', 'plan.md'), '# Plan, later\n');
    git(work, 'commit', '-q', '-am', 'later');
    mkdirSync(path.join(tmp, 'remotes', 'owner'), { recursive: true });
    git(tmp, 'clone', '-q', '--bare', work, path.join(tmp, 'remotes', 'owner', 'project.git'));
    template = path.join(tmp, 'remotes', '{owner}', '{name}.git');
  });
  after(() => rmSync(tmp, { recursive: true, force: true }));

  it('fills in {repo}, {owner} and {name} in the remote template', () => {
    assert.equal(remoteFor('https://github.com/{repo}.git', 'a/b'), 'https://github.com/a/b.git');
    assert.equal(remoteFor('/srv/{owner}+{name}', 'a/b'), '/srv/a+b');
  });

  it('restores each missing text byte for byte from the pinned commit, then finds nothing to do (idempotent)', () => {
    const dir = corpus([planText, designText]);
    const first = restoreCorpus({ corpusDir: dir, remoteTemplate: template });
    assert.deepEqual(first, { restored: 2, present: 0, failures: [] });
    assert.equal(readFileSync(path.join(dir, 'entry', 'plan', 'docs', 'plan.md'), 'utf8'), PLAN);
    assert.equal(readFileSync(path.join(dir, 'entry', 'companions', 'docs', 'design.md'), 'utf8'), DESIGN);
    assert.deepEqual(restoreCorpus({ corpusDir: dir, remoteTemplate: template }), { restored: 0, present: 2, failures: [] });
  });

  it('writes nothing when the fetched file does not hash to the recorded sha256, and says which text and why', () => {
    const dir = corpus([{ ...planText, sha256: sha256('another text') }, designText]);
    const result = restoreCorpus({ corpusDir: dir, remoteTemplate: template });
    assert.equal(result.restored, 1, 'the other text is still restored');
    assert.equal(result.failures.length, 1);
    assert.equal(result.failures[0]?.text, 'plan/docs/plan.md');
    assert.match(result.failures[0]?.reason ?? '', new RegExp(`sha256 mismatch: the repository's file hashes to ${sha256(PLAN)}`));
    assert.equal(existsSync(path.join(dir, 'entry', 'plan', 'docs', 'plan.md')), false);
  });

  it('reports a present text that was changed and leaves it as it is', () => {
    const dir = corpus([planText]);
    mkdirSync(path.join(dir, 'entry', 'plan', 'docs'), { recursive: true });
    writeFileSync(path.join(dir, 'entry', 'plan', 'docs', 'plan.md'), 'edited locally\n');
    const result = restoreCorpus({ corpusDir: dir, remoteTemplate: template });
    assert.equal(result.failures.length, 1);
    assert.match(result.failures[0]?.reason ?? '', /present but its sha256 is/);
    assert.equal(readFileSync(path.join(dir, 'entry', 'plan', 'docs', 'plan.md'), 'utf8'), 'edited locally\n');
  });

  it('gives a clear reason for a repository that cannot be fetched, a commit it does not hold and a path the commit lacks', () => {
    const missingRepo = restoreCorpus({ corpusDir: corpus([planText], 'owner/gone'), remoteTemplate: template });
    assert.match(missingRepo.failures[0]?.reason ?? '', /cannot fetch from .*gone\.git/);
    const missingCommit = restoreCorpus({ corpusDir: corpus([{ ...planText, commit: 'f'.repeat(40) }]), remoteTemplate: template });
    assert.match(missingCommit.failures[0]?.reason ?? '', /commit is not in|cannot fetch/);
    const missingPath = restoreCorpus({ corpusDir: corpus([{ ...planText, path: 'docs/none.md' }]), remoteTemplate: template });
    assert.match(missingPath.failures[0]?.reason ?? '', /no such file at the commit/);
  });

  it('runs as `npm run corpus:restore` with the remote from PLAN_CORPUS_REMOTE, exit code 1 while a text fails', () => {
    const dir = corpus([planText, { ...designText, sha256: sha256('wrong') }]);
    const script = path.join(__dirname, '..', '..', 'scripts', 'corpus-restore.ts');
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, PLAN_CORPUS_REMOTE: template, PLAN_CORPUS_DIR: dir }, encoding: 'utf8' });
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stdout, /restored entry\/plan\/docs\/plan\.md/);
    assert.match(run.stdout, /FAILED entry\/companions\/docs\/design\.md \(owner\/project at [0-9a-f]{40}\): sha256 mismatch/);
    assert.match(run.stdout, /1 restored, 0 already present, 1 failed/);
  });
});
