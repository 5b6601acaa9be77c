/**
 * The language server's findings after any sequence of edits are the findings of a fresh run on the final text: the
 * incremental parse, the per-document LineMemo of one-line checks and the rules run a slice at a time change when the
 * work is done, never what it finds. Checked on real plans of the corpus, each in its own workspace listing.
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { assess } from '../../src/core/complexity';
import { parsePlan } from '../../src/core/plan';
import { ADVICE_ON, effectiveLevel, RULE_CODES, ruleEnvironment, runStaticChecks, type RuleCode, type RuleLevel } from '../../src/core/rules';
import { LineMemo } from '../../src/core/rules/line-memo';
import { DocumentAnalyzer, type AnalyzerDeps } from '../../src/server/document-analyzer';
import { DEFAULT_SETTINGS, type ServerSettings } from '../../src/server/settings';
import { generatePlan } from '../../bench/lsp-bench';
import { loadCorpus, workspaceIndex, type CorpusPlan } from '../support/plan-corpus';

/** Lines an author types into a plan: each one changes what some rule reads about the lines around it. */
const SNIPPETS = [
  '- Create `src/new/module.ts` for the parser',
  'Update `src/core/plan.ts` and `README.md`.',
  '- [x] T012 Create `src/db/factory.ts`',
  '- [ ] T013 Add `tests/test_x.py`',
  '**New files to create:**',
  '**File:** `migrations/add_rating.sql`',
  '```sql',
  '```',
  '| File | Action |',
  '|---|---|',
  '| `src/a.ts` | Create |',
  '| Old path | New path |',
  '| `old/x.ts` | `new/x.ts` |',
  '(formerly `src/old.ts`)',
  'Caminho: `apps/api/src/modules/availability/`',
  'Rename `src/a.ts` to `src/b.ts`',
  'Delete `legacy/` entirely.',
  '## Risks and rollback',
  '### Step 4: Deploy',
  '- Depends on: Step 9',
  'Retry policy: TBD',
  'Run `npm run tset` and `make lnit`.',
  "import { z } from 'zod'",
  'Call `loadUsr()` in `src/users.ts:12`.',
  '',
];

type Edit = { at: number; kind: 'insert-line' | 'delete-line' | 'replace-line' | 'type'; text: string; column: number };

const edit = fc.record({
  at: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
  kind: fc.constantFrom<Edit['kind']>('insert-line', 'delete-line', 'replace-line', 'type'),
  text: fc.oneof(fc.constantFrom(...SNIPPETS), fc.constantFrom('x', '`', '|', '#', ' ', 'TBD', '/')),
  column: fc.nat({ max: 200 }),
});

function apply(document: TextDocument, e: Edit, version: number): TextDocument {
  const line = Math.floor(e.at * document.lineCount);
  const length = document.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } }).replace(/\r?\n$/, '').length;
  const whole = { start: { line, character: 0 }, end: { line, character: length } };
  const change =
    e.kind === 'insert-line'
      ? { range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: `${e.text}\n` }
      : e.kind === 'delete-line'
        ? { range: { start: { line, character: 0 }, end: { line: line + 1, character: 0 } }, text: '' }
        : e.kind === 'replace-line'
          ? { range: whole, text: e.text }
          : { range: { start: { line, character: Math.min(e.column, length) }, end: { line, character: Math.min(e.column, length) } }, text: e.text };
  return TextDocument.update(document, [change], version);
}

const CORPUS_ROOT = '/plan-corpus';

function depsFor(plan: CorpusPlan, settings: ServerSettings): AnalyzerDeps {
  const index = workspaceIndex(plan);
  return {
    lookup: (p, r) => index.lookup(p, r),
    pathsNamed: (name) => index.pathsNamed(name),
    markdownText: (p, r) => index.markdownText(p, r),
    hasSourceFiles: () => index.hasSourceFiles(),
    manifests: () => index.manifests(),
    symbolFacts: (p) => index.symbolFacts(p),
    indexGeneration: () => 0,
    settings: () => settings,
    settingsGeneration: () => 0,
    log: () => undefined,
  };
}

/** What a fresh run finds on this text: the core parser, no memo, the same settings and lookups. */
function fromScratch(text: string, deps: AnalyzerDeps, planFsPath: string, settings: ServerSettings) {
  const plan = parsePlan(text.replace(/^\uFEFF/, ''));
  const assessment = assess(plan, { team: settings.team, threshold: settings.threshold });
  return runStaticChecks(plan, ruleEnvironment(deps, planFsPath), settings.rules, { scope: settings.ruleScope, assessment });
}

const THOROUGH: ServerSettings = {
  ...DEFAULT_SETTINGS,
  ruleScope: 'thorough',
  rules: Object.fromEntries(RULE_CODES.map((code) => [code, effectiveLevel(code, ADVICE_ON)])) as Record<RuleCode, RuleLevel>,
};

describe('language server: incremental findings equal a fresh run', function () {
  this.timeout(300_000);
  const plans = loadCorpus();

  it('after random edit sequences on corpus plans, a rule at a time or at once, in both scopes (property)', async () => {
    assert.ok(plans.length >= 100, `${plans.length} corpus plans`);
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: plans.length - 1 }), fc.array(edit, { minLength: 1, maxLength: 6 }), fc.boolean(), fc.boolean(), async (which, edits, thorough, sliced) => {
        const plan = plans[which] as CorpusPlan;
        const settings = thorough ? THOROUGH : DEFAULT_SETTINGS;
        const deps = depsFor(plan, settings);
        const planFsPath = path.posix.join(CORPUS_ROOT, plan.id.split(':')[0] as string, plan.planPath);
        const analyzer = new DocumentAnalyzer(deps);
        let document = TextDocument.create(pathToFileURL(planFsPath).href, 'markdown', 1, plan.text);
        void analyzer.analyze(document).findings;
        for (const [i, e] of edits.entries()) {
          document = apply(document, e, i + 2);
          const analysis = sliced
            ? await analyzer.analyzeInSlices(
                document,
                () => Promise.resolve(),
                () => true,
              )
            : analyzer.analyze(document);
          assert.ok(analysis);
          assert.deepEqual(analysis.findings, fromScratch(document.getText(), deps, planFsPath, settings), `${plan.id} after edit ${i + 1}`);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('on a long generated plan, chunked, across edits that add and remove creating lines', async () => {
    const settings = DEFAULT_SETTINGS;
    const deps: AnalyzerDeps = {
      lookup: (_p, r) => !r.includes('svc0/') && !r.includes('new/'),
      indexGeneration: () => 0,
      settings: () => settings,
      settingsGeneration: () => 0,
      log: () => undefined,
    };
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 8 }), async (edits) => {
        const analyzer = new DocumentAnalyzer(deps);
        let document = TextDocument.create('file:///w/plan.md', 'markdown', 1, generatePlan(1_200));
        void analyzer.analyze(document).findings;
        for (const [i, e] of edits.entries()) {
          document = apply(document, e, i + 2);
          const analysis = await analyzer.analyzeInSlices(
            document,
            () => Promise.resolve(),
            () => true,
          );
          assert.ok(analysis);
          assert.deepEqual(analysis.findings, fromScratch(document.getText(), deps, '/w/plan.md', settings), `after edit ${i + 1}`);
        }
      }),
      { numRuns: 15 },
    );
  });

  it('a run that a newer version supersedes stops at a pause and leaves the findings to be computed', async () => {
    const deps: AnalyzerDeps = { lookup: () => false, indexGeneration: () => 0, settings: () => DEFAULT_SETTINGS, settingsGeneration: () => 0, log: () => undefined };
    const analyzer = new DocumentAnalyzer(deps);
    const document = TextDocument.create('file:///w/plan.md', 'markdown', 1, generatePlan(600));
    let pauses = 0;
    const stopped = await analyzer.analyzeInSlices(
      document,
      () => Promise.resolve(),
      () => ++pauses < 3,
    );
    assert.equal(stopped, null);
    const whole = analyzer.analyze(document).findings;
    assert.deepEqual(whole, fromScratch(document.getText(), deps, '/w/plan.md', DEFAULT_SETTINGS));
    assert.ok(whole.some((f) => f.code === 'missing-file'));
  });

  it('the memo keeps two runs of lines at most', () => {
    const memo = new LineMemo();
    for (let run = 0; run < 5; run++) {
      memo.nextRun();
      for (let line = 0; line < 100; line++) memo.get(`line ${run}.${line}`, ['check'], () => true);
    }
    assert.equal(memo.size, 200);
  });
});
