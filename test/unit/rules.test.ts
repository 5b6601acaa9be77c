import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parsePlan } from '../../src/core/plan';
import { ADVICE_ON, RULES, RULE_CODES, fixesFor, runStaticChecks, type RuleEnvironment, type RuleScope, type StaticFinding } from '../../src/core/rules';
import { isCreatedByPlan } from '../../src/core/rules/created-paths';
import { editDistance, nearestStepIds } from '../../src/core/rules/step-rules';
import { assess } from '../../src/core/complexity';
import { applyEdits, check, noFiles, only } from '../support/rules-check';

const RICH_PLAN = `# Plan: rate limiter

## Goal
Limit API requests per user so one client cannot starve the others.

## Steps

1. Add the limiter middleware in \`src/middleware/rate.ts\`
   - Success criteria: unit tests for burst and refill pass
2. Wire it into the router
   - Depends on: Step 1
   - Verify: integration test hits 429 after 100 requests
3. Add metrics for rejected requests
   - Depends on: Step 2
   - Success criteria: dashboard shows the rejection rate

## Risks and rollback

- Redis outage blocks every request: fail open with an alert.
- Rollback: disable the middleware with the RATE_LIMIT flag.
`;

describe('rules: catalog', () => {
  it('every rule has a default level, a title and a docs anchor named after its code', () => {
    for (const code of RULE_CODES) {
      assert.equal(RULES[code].docsAnchor, `rule-${code}`);
      assert.ok(RULES[code].title.length > 0);
    }
    assert.equal(RULE_CODES.length, 12);
  });

  it('rules: default levels: the advice checks are off until the user turns them on; every other rule is on', () => {
    assert.deepEqual(
      RULE_CODES.filter((code) => RULES[code].defaultLevel === 'off'),
      ['no-success-criterion', 'missing-risks-section'],
    );
    assert.deepEqual(ADVICE_ON, { 'no-success-criterion': 'info', 'missing-risks-section': 'info' });
    // A plan with no criterion and no risks section, complex enough for the scaled team: advice only when asked for.
    const text =
      '# Plan: payments\n\n## Steps\n\n### Step 1: Migrate the Stripe webhooks to Kafka\n\nMove them.\n\n### Step 2: Drop the old PostgreSQL tables in production\n\nDrop them.\n';
    const advice = (findings: StaticFinding[]) => findings.filter((f) => f.code === 'no-success-criterion' || f.code === 'missing-risks-section').map((f) => f.code);
    assert.deepEqual(advice(runStaticChecks(parsePlan(text), noFiles)), []);
    assert.deepEqual(advice(runStaticChecks(parsePlan(text), noFiles, ADVICE_ON, { assessment: assess(parsePlan(text), { threshold: 1 }) })), [
      'missing-risks-section',
      'no-success-criterion',
      'no-success-criterion',
    ]);
    // A level the user sets wins over the default, either way.
    assert.deepEqual(advice(runStaticChecks(parsePlan(text), noFiles, { 'no-success-criterion': 'warning' })), ['no-success-criterion', 'no-success-criterion']);
  });

  it('a clean plan has no findings', () => {
    const { findings } = check(RICH_PLAN, { fileExists: () => true });
    assert.deepEqual(findings, []);
  });
});

describe('rules: unknown-signal', () => {
  it('flags each signal with its exact range and says what to do', () => {
    const { findings } = check('# Plan\n\nThe cache size is TBD and the owner is unclear.\n', noFiles, undefined, 'thorough');
    const hits = only(findings, 'unknown-signal');
    assert.equal(hits.length, 2);
    assert.deepEqual(hits[0]?.range, { startLine: 2, startChar: 18, endLine: 2, endChar: 21 });
    assert.match(hits[0]?.message ?? '', /TBD.*decide/);
    assert.equal(hits[0]?.level, 'warning');
  });

  it('precise (the default) reports only the words that say a choice is open', () => {
    const text = '# Plan\n\nThe cache size is TBD and the owner is unclear.\nTODO: wire it. The format is unknown.\nCodec: undecided. Compress maybe? Perhaps later.\n';
    assert.deepEqual(
      only(check(text).findings, 'unknown-signal').map((h) => (h.data as { signal: string }).signal),
      ['TBD', 'undecided', 'maybe'],
    );
    assert.equal(only(check(text, noFiles, undefined, 'thorough').findings, 'unknown-signal').length, 7);
  });
});

describe('rules: missing-file', () => {
  const text = '# Plan\n\nEdit `src/app.ts` and `src/gone.ts`.\nCreate `src/new-module.ts` for the parser.\nSee `src/gone.ts` again.\n';
  const env: RuleEnvironment = { fileExists: (p) => p === 'src/app.ts' };

  it('flags every mention of a path that does not exist (thorough)', () => {
    const hits = only(check(text, env, undefined, 'thorough').findings, 'missing-file');
    assert.deepEqual(
      hits.map((h) => h.range.startLine),
      [2, 4],
    );
    assert.match(hits[0]?.message ?? '', /"src\/gone\.ts" does not exist/);
    assert.deepEqual(hits[0]?.data, { path: 'src/gone.ts' });
  });

  it('precise (the default) flags a missing path only where the plan says the file is there', () => {
    const claimed = [
      '# Plan',
      '',
      '- [x] T001 Add the parser in `src/done.ts`', // 2: a ticked task
      '- ✅ Wired `src/wired.ts`', // 3: a done mark
      '- **Modify:** `src/modify.ts`', // 4: a change label
      'See [the spec](docs/spec.md).', // 5: a link
      'The bug is at `src/bug.ts:42`.', // 6: a place in the file
      '@.planning/STATE.md', // 7: an agent's reference
      '**Input**: Feature specification from `specs/001/spec.md`', // 8: an input label
      'Extend the existing `src/old.ts`.', // 9: "the existing"
      '',
      '| File | Change |',
      '| --- | --- |',
      '| `src/table.ts` | Update the route |', // 13: a file table about changes
      '',
      '- Add `src/plain.ts` for the parser.', // 15: a file the plan creates: never reported
      '- Keep `src/prose.ts` short.', // 16: no claim
    ].join('\n');
    const lines = (scope?: RuleScope) => only(check(claimed, { fileExists: () => false }, undefined, scope).findings, 'missing-file').map((h) => h.range.startLine);
    assert.deepEqual(lines(), [2, 3, 4, 5, 6, 7, 8, 9, 13]);
    assert.deepEqual(lines('thorough'), [2, 3, 4, 5, 6, 7, 8, 9, 13, 16]);
  });

  it('precise: a path whose file is elsewhere in the workspace is reported with the real path where the plan says it is there', () => {
    const env2: RuleEnvironment = { fileExists: (p) => p === 'src/auth/session.ts', pathsNamed: (b) => (b === 'session.ts' ? ['src/auth/session.ts'] : []) };
    const data = (text: string, scope?: RuleScope) => only(check(text, env2, undefined, scope).findings, 'missing-file').map((h) => h.data);
    const suggested = [{ path: 'src/session.ts', suggestion: 'src/auth/session.ts' }];
    assert.deepEqual(data('# Plan\n\n- [x] Token check in `src/session.ts`.\n'), suggested);
    assert.deepEqual(data('# Plan\n\n- **Modify:** `src/session.ts`\n'), suggested);
    // No claim: a new file is often named like one in another folder ("set up `src/__tests__/setup.ts`" beside
    // src/test/setup.ts). Thorough still asks.
    assert.deepEqual(data('# Plan\n\nKeep `src/session.ts` short.\n'), []);
    assert.deepEqual(data('# Plan\n\nKeep `src/session.ts` short.\n', 'thorough'), suggested);
  });

  it('is silent while the host cannot tell (index not ready)', () => {
    assert.deepEqual(only(check(text, noFiles).findings, 'missing-file'), []);
  });

  it('is silent when the lookup throws', () => {
    assert.deepEqual(
      only(
        check(text, {
          fileExists: () => {
            throw new Error('boom');
          },
        }).findings,
        'missing-file',
      ),
      [],
    );
  });

  it('exempts paths the plan says it creates', () => {
    assert.ok(isCreatedByPlan('Create `src/x.ts` for it', 7, 17));
    assert.ok(isCreatedByPlan('- add a new file src/x.ts', 17, 25));
    assert.ok(isCreatedByPlan('Rename src/a.ts to src/b.ts', 19, 27));
    assert.ok(isCreatedByPlan('`src/x.ts` (new)', 0, 10));
    assert.ok(isCreatedByPlan('Add `src/x.ts`', 4, 14));
    assert.ok(!isCreatedByPlan('Edit `src/x.ts` now', 5, 15));
    assert.ok(!isCreatedByPlan('Add a retry check to `src/x.ts`', 21, 31));
  });
});

describe('rules: no-success-criterion', () => {
  it('precise (the default): only in a plan where no step states a criterion', () => {
    const some = '# Plan\n\n## Steps\n\n### Step 1: Build it\n\nSuccess criteria: it builds\n\n### Step 2: Ship it\n\n### Step 3: Tell people\n';
    assert.deepEqual(only(check(some).findings, 'no-success-criterion'), []);
    assert.deepEqual(
      only(check(some, noFiles, undefined, 'thorough').findings, 'no-success-criterion').map((h) => h.range.startLine),
      [8, 10],
    );
    const none = some.replace('Success criteria: it builds', 'It compiles on the CI image.');
    assert.deepEqual(
      only(check(none).findings, 'no-success-criterion').map((h) => h.range.startLine),
      [4, 8, 10],
    );
  });

  it('flags steps without a criterion on the step line, with data for the fix', () => {
    const { plan, findings } = check('# Plan\n\n## Steps\n\n1. Build it\n   - Success criteria: it builds\n2. Ship it\n3. Tell people\n', noFiles, undefined, 'thorough');
    const hits = only(findings, 'no-success-criterion');
    assert.deepEqual(
      hits.map((h) => h.range.startLine),
      [6, 7],
    );
    assert.deepEqual(hits[0]?.range, { startLine: 6, startChar: 0, endLine: 6, endChar: 10 });
    assert.match(hits[0]?.message ?? '', /Step 2 has no success criterion: add a line "Success criteria: …"/);
    assert.equal(plan.steps.length, 3);
  });

  it('quick fix inserts a stub inside a list step that the parser then recognises', () => {
    const { plan, findings } = check(
      '# Plan\n\n## Steps\n\n1. Build it\n   - Success criteria: it builds\n2. Ship it\n   - Depends on: Step 1\n3. Tell people\n',
      noFiles,
      undefined,
      'thorough',
    );
    const hit = only(findings, 'no-success-criterion')[0];
    assert.ok(hit);
    const [fix] = fixesFor(plan, hit);
    assert.ok(fix);
    assert.equal(fix.edits[0]?.newText, '   - Success criteria: …\n');
    assert.equal(fix.edits[0]?.range.startLine, 8);
    const fixed = parsePlan(applyEdits(plan, fix.edits));
    assert.deepEqual(fixed.steps.find((s) => s.id === '2')?.successCriteria?.line, 8);
    assert.equal(only(runStaticChecks(fixed, noFiles, ADVICE_ON, { scope: 'thorough' }), 'no-success-criterion').length, 1);
  });

  it('quick fix works for heading steps and at the end of a file without a newline', () => {
    const { plan, findings } = check('# Plan\n\n## Steps\n\n### Step 1: Build\n\nCompile everything.');
    const hit = only(findings, 'no-success-criterion')[0];
    assert.ok(hit);
    const fixedText = applyEdits(plan, fixesFor(plan, hit)[0]?.edits ?? []);
    assert.equal(fixedText, '# Plan\n\n## Steps\n\n### Step 1: Build\n\nCompile everything.\n\n- Success criteria: …');
    assert.deepEqual(only(runStaticChecks(parsePlan(fixedText), noFiles, ADVICE_ON), 'no-success-criterion'), []);
  });
});

describe('rules: dangling-dependency', () => {
  const text = '# Plan\n\n## Steps\n\n1. A\n   - Done when: a\n2. B\n   - Depends on: Step 1, Step 9\n   - Done when: b\n3. C\n   - Depends on: Step 7\n   - Done when: c\n';

  it('flags the reference itself with the nearest ids', () => {
    const hits = only(check(text).findings, 'dangling-dependency');
    assert.equal(hits.length, 2);
    assert.deepEqual(hits[0]?.range, { startLine: 7, startChar: 25, endLine: 7, endChar: 31 });
    assert.match(hits[0]?.message ?? '', /Step 2 depends on Step 9, which no step has \(nearest: Step 3, Step 1\)/);
    assert.equal(hits[0]?.level, 'error');
  });

  it('offers "change to Step N" and "remove" fixes that resolve the finding', () => {
    const { plan, findings } = check(text);
    const [first, second] = only(findings, 'dangling-dependency');
    assert.ok(first && second);
    const fixes = fixesFor(plan, first);
    assert.deepEqual(
      fixes.map((f) => f.title),
      ['Change to Step 3', 'Change to Step 1', 'Remove the dependency on Step 9', 'Turn off the "dangling-dependency" check (user settings)'],
    );
    assert.equal(fixes[0]?.edits[0]?.newText, 'Step 3');
    const removed = applyEdits(plan, fixes[2]?.edits ?? []);
    assert.match(removed, /- Depends on: Step 1\n/);
    // The only reference on its line: the whole "Depends on" line goes.
    const removeLine = fixesFor(plan, second).at(-2);
    const withoutLine = applyEdits(plan, removeLine?.edits ?? []);
    assert.ok(!withoutLine.includes('Step 7'));
    assert.match(withoutLine, /3\. C\n {3}- Done when: c\n/);
    assert.deepEqual(only(runStaticChecks(parsePlan(withoutLine), noFiles), 'dangling-dependency').length, 1);
  });

  it('nearest ids: numeric distance for numbers, edit distance for names', () => {
    assert.deepEqual(nearestStepIds('9', ['1', '2', '8', '3'], 2), ['8', '3']);
    assert.deepEqual(nearestStepIds('setup-bd', ['deploy', 'setup-db', 'seed'], 1), ['setup-db']);
    assert.equal(editDistance('kitten', 'sitting'), 3);
  });
});

describe('rules: dangling-dependency, a noun label needs its colon', () => {
  it('"no external dependencies, demo-suitable" names no step; "Dependencies: T4" and "**Prerequisites**: Step 9" do', () => {
    const prose = '# Plan\n\n## Steps\n\n1. Pick the stack\n   - **Rationale**: Lightweight, no external dependencies, demo-suitable.\n2. Ship\n';
    assert.deepEqual(only(check(prose).findings, 'dangling-dependency'), []);
    const labelled = prose.replace('2. Ship\n', '2. Ship\n   - Dependencies: T4\n3. Tell\n   - **Prerequisites**: Step 9\n');
    assert.deepEqual(
      only(check(labelled).findings, 'dangling-dependency').map((h) => h.range.startLine),
      [7, 9],
    );
  });
});

describe('rules: duplicate-step-id', () => {
  it('flags the second step with the same id and points at the first', () => {
    const { findings } = check('# Plan\n\n## Steps\n\n### Step 1: A\nDone when: a\n\n### Step 1: B\nDone when: b\n');
    const hits = only(findings, 'duplicate-step-id');
    assert.equal(hits.length, 1);
    assert.equal(hits[0]?.range.startLine, 7);
    assert.match(hits[0]?.message ?? '', /Step 1 is already used on line 5/);
  });
});

describe('rules: any input', () => {
  it('never throws and keeps every range inside the document (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 400 }),
        fc.array(fc.constantFrom('# T\n', '## Steps\n', '1. a TBD\n', '   - Depends on: Step 4\n', '- `src/x.ts`\n', '\r\n', '## Risks\n'), { maxLength: 12 }),
        (noise, parts) => {
          const text = parts.join('') + noise;
          const plan = parsePlan(text);
          const findings = runStaticChecks(plan, { fileExists: (p) => p.length % 2 === 0 }, ADVICE_ON);
          for (const f of findings) {
            assert.ok(f.range.startLine >= 0 && f.range.endLine < Math.max(1, plan.lines.length));
            for (const fix of fixesFor(plan, f)) for (const e of fix.edits) assert.ok(e.range.endLine < Math.max(1, plan.lines.length));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('rules: levels', () => {
  const text = '# Plan\n\nSize TBD.\n';
  it('off hides a rule, error raises it, an invalid level falls back to the default', () => {
    assert.equal(only(check(text, noFiles, { 'unknown-signal': 'off' }).findings, 'unknown-signal').length, 0);
    assert.equal(only(check(text, noFiles, { 'unknown-signal': 'error' }).findings, 'unknown-signal')[0]?.level, 'error');
    assert.equal(only(check(text, noFiles, { 'unknown-signal': 'loud' as 'error' }).findings, 'unknown-signal')[0]?.level, 'warning');
  });

  it('findings are sorted by position', () => {
    const { findings } = check('# Plan\n\n## Context\n\nTODO\n\n## Steps\n\n1. Build\n2. Ship\n   - Depends on: Step 5\n');
    const positions = findings.map((f) => f.range.startLine * 1000 + f.range.startChar);
    assert.deepEqual(
      positions,
      [...positions].sort((a, b) => a - b),
    );
  });
});
