import assert from 'node:assert/strict';
import { normalizeStepId, parsePlan, type Plan, type Range } from '../../src/core/plan';

function textAt(plan: Plan, r: Range): string {
  if (r.startLine === r.endLine) return (plan.lines[r.startLine] ?? '').slice(r.startChar, r.endChar);
  const parts = [(plan.lines[r.startLine] ?? '').slice(r.startChar)];
  for (let l = r.startLine + 1; l < r.endLine; l++) parts.push(plan.lines[l] ?? '');
  parts.push((plan.lines[r.endLine] ?? '').slice(0, r.endChar));
  return parts.join('\n');
}

const md = (...lines: string[]): string => lines.join('\n');

describe('plan: normalizeStepId', () => {
  const cases: Array<[string, string]> = [
    ['Step 3', '3'],
    ['Phase 2.1', '2.1'],
    ['step-4', '4'],
    ['STEP_5', '5'],
    ['Step 03', '3'],
    ['#7', '7'],
    ['3.', '3'],
    ['Stage 2b', '2b'],
    ['**Step 1**', '1'],
    ['`setup-db`', 'setup-db'],
    ['Setup DB', 'setup-db'],
    ['setup-db.', 'setup-db'],
  ];
  for (const [raw, id] of cases) it(`${JSON.stringify(raw)} -> ${JSON.stringify(id)}`, () => assert.equal(normalizeStepId(raw), id));
  it('is total on non-strings', () => assert.equal(normalizeStepId(undefined as unknown as string), ''));
});

describe('plan: text, title, goal, sections', () => {
  it('strips a BOM and turns CRLF and CR into LF without moving lines', () => {
    const p = parsePlan('\uFEFF# T\r\n\r\nline two\rline three');
    assert.equal(p.text, '# T\n\nline two\nline three');
    assert.deepEqual(p.lines, ['# T', '', 'line two', 'line three']);
    assert.equal(p.lineCount, 4);
  });

  it('takes the first H1 as title and the Goal section paragraph as goal', () => {
    const p = parsePlan(md('## Intro', 'Some intro words.', '# Real title', '## Objective', '', 'Ship **the** `thing` safely.', '', 'Second paragraph.'));
    assert.equal(p.title, 'Real title');
    assert.equal(p.goal, 'Ship the thing safely.');
  });

  it('falls back to the first heading and first paragraph', () => {
    const p = parsePlan(md('## Only h2', '', 'First paragraph here', 'continues.', '', 'Second.'));
    assert.equal(p.title, 'Only h2');
    assert.equal(p.goal, 'First paragraph here continues.');
    assert.equal(parsePlan('just text').title, null);
  });

  it('classifies sections and computes ranges and emptiness', () => {
    const p = parsePlan(
      md(
        '# Plan: add caching', //0
        '## Background', //1
        'Why we need it.', //2
        '## Implementation Steps', //3
        '1. Do a thing', //4
        '## Risks', //5
        'TBD', //6
        '## Rollback plan', //7
        '', //8
        '## Test plan', //9
        '- run the suite', //10
        '## Success criteria', //11
        'p99 < 50 ms', //12
        '## Random notes', //13
        'x', //14
        '', //15
      ),
    );
    assert.equal(parsePlan('## Non-goals\nx').sections[0]?.kind, 'other');
    assert.equal(parsePlan('## Out of scope\nx').sections[0]?.kind, 'other');
    const kinds = p.sections.map((s) => [s.title, s.kind, s.isEmpty]);
    assert.deepEqual(kinds, [
      ['Plan: add caching', 'other', false],
      ['Background', 'context', false],
      ['Implementation Steps', 'steps', false],
      ['Risks', 'risks', true],
      ['Rollback plan', 'rollback', true],
      ['Test plan', 'testing', false],
      ['Success criteria', 'success', false],
      ['Random notes', 'other', false],
    ]);
    const h1 = p.sections[0];
    assert.deepEqual(h1?.range, { startLine: 0, startChar: 0, endLine: 14, endChar: 1 });
    assert.deepEqual(p.sections[1]?.range, { startLine: 1, startChar: 0, endLine: 2, endChar: 15 });
    assert.equal(p.sections[4]?.range.endLine, 7, 'trailing blank lines are not part of a section');
  });

  it('ignores headings inside code fences and YAML front matter', () => {
    const p = parsePlan(md('---', 'title: x', '---', '# Title', '```', '# not a heading', '```'));
    assert.deepEqual(
      p.sections.map((s) => s.title),
      ['Title'],
    );
  });

  it('counts words', () => {
    assert.equal(parsePlan('one two  three\nfour').wordCount, 4);
  });
});

describe('plan: steps', () => {
  it('recognises step headings in several spellings', () => {
    const p = parsePlan(md('# Plan', '## Step 1: Create the table', 'body', '### Phase 2 — Backfill', '## Stage 3.1. Flip reads', '## step-4: Cleanup', '## Milestone 5'));
    assert.deepEqual(
      p.steps.map((s) => [s.id, s.rawId, s.title, s.line, s.source]),
      [
        ['1', 'Step 1', 'Create the table', 1, 'heading'],
        ['2', 'Phase 2', 'Backfill', 3, 'heading'],
        ['3.1', 'Stage 3.1', 'Flip reads', 4, 'heading'],
        ['4', 'step-4', 'Cleanup', 5, 'heading'],
        ['5', 'Milestone 5', 'Milestone 5', 6, 'heading'],
      ],
    );
    assert.deepEqual(p.steps[0]?.range, { startLine: 1, startChar: 0, endLine: 3, endChar: 22 }, 'a step heading owns its deeper headings');
    assert.equal(p.steps[1]?.sectionTitle, 'Step 1: Create the table');
  });

  it('recognises numbered and task headings under a steps section, but not other sections', () => {
    const p = parsePlan(
      md(
        '# Plan',
        '## 1. Background', // context: not a step
        'Context.',
        '## Implementation',
        '### 1. Schema',
        '### 2) API',
        '### Task: Wire the UI',
        '### Write the docs',
        '### Risks', // never a step
        '## 5. Open questions',
      ),
    );
    assert.deepEqual(
      p.steps.map((s) => [s.id, s.title, s.sectionTitle]),
      [
        ['1', 'Schema', 'Implementation'],
        ['2', 'API', 'Implementation'],
        ['3', 'Wire the UI', 'Implementation'],
        ['4', 'Write the docs', 'Implementation'],
      ],
    );
  });

  it('takes numbered headings outside a steps section when they are not another kind', () => {
    const p = parsePlan(md('# Plan', '## 1. Overview', 'x', '## 2. Add the column', 'y', '## 3. Ship it', 'z'));
    assert.deepEqual(
      p.steps.map((s) => s.id),
      ['2', '3'],
    );
  });

  it('recognises top-level list items directly under a steps-like section only', () => {
    const p = parsePlan(
      md(
        '# Plan', //0
        '## Steps', //1
        '1. First thing', //2
        '   more about it', //3
        '   - nested detail, not a step', //4
        '2. [ ] **Second thing** — with detail', //5
        '', //6
        '## Notes', //7
        '1. not a step', //8
        '2. not a step', //9
        '## Tasks', //10
        '- Alpha', //11
        '- Beta', //12
      ),
    );
    assert.deepEqual(
      p.steps.map((s) => [s.id, s.title, s.line, s.range.endLine, s.source]),
      [
        ['1', 'First thing', 2, 4, 'list'],
        ['2', 'Second thing', 5, 5, 'list'],
        ['3', 'Alpha', 11, 11, 'list'],
        ['4', 'Beta', 12, 12, 'list'],
      ],
    );
  });

  it('falls back to the first ordered list when no rule found steps', () => {
    const p = parsePlan(md('Fix the flaky test.', '', '1. Reproduce with a seed', '2. Patch the race', '3. Re-run 50 times'));
    assert.deepEqual(
      p.steps.map((s) => s.title),
      ['Reproduce with a seed', 'Patch the race', 'Re-run 50 times'],
    );
    assert.equal(parsePlan(md('## Context', '1. a', '2. b')).steps.length, 0);
    assert.equal(parsePlan(md('## Verification', '1. Run the suite', '2. Reload the page')).steps.length, 0);
    assert.equal(parsePlan(md('Intro.', '', '1. Only one item')).steps.length, 0, 'a single item is not a procedure');
  });

  it('does not treat list items inside a step heading as steps', () => {
    const p = parsePlan(md('## Steps', '### Step 1: DB', '- create table', '- add index', '### Step 2: API', '- handler'));
    assert.deepEqual(
      p.steps.map((s) => s.id),
      ['1', '2'],
    );
  });

  it('uses an explicit id line and keeps ids unique', () => {
    const p = parsePlan(
      md('## Steps', '### Set up the database', 'id: setup-db', '### Seed', '- id: seed_data', '## Rollout', '1. a', '2. b', '## Plan B', '1. c', 'ID: users are keyed by email'),
    );
    assert.deepEqual(
      p.steps.map((s) => s.id),
      ['setup-db', 'seed_data', '1', '2', '1#2'],
    );
  });

  it('reads dependencies in the supported forms with exact ranges', () => {
    const p = parsePlan(
      md(
        '## Steps', //0
        '### Step 1: a', //1
        '### Step 2: b', //2
        'Depends on: Step 1', //3
        '### Step 3: c', //4
        'depends_on: [step-1, step-2]', //5
        '### Step 4: d', //6
        'After step 2, run it. Requires: Phase 3', //7
        '### Step 5: e', //8
        '**Depends on:** Steps 1, 2 and 4', //9
        '### Step 6: f', //10
        'Dependencies: setup-db, 9', //11
        '### Step 7: g', //12
        'Depends on: none', //13
        'Requires Postgres 15 and after deploying the app', //14
        'Depends on: pre-existing schema', //15
        '### Step 8: h', //16
        'Depends on:', //17
        '- Step 6', //18
        '- step-7', //19
        '### Step 9: i', //20
        'Blocked by Steps 2-4', //21
      ),
    );
    const deps = Object.fromEntries(p.steps.map((s) => [s.id, s.dependsOn.map((d) => d.id)]));
    assert.deepEqual(deps, {
      '1': [],
      '2': ['1'],
      '3': ['1', '2'],
      '4': ['2', '3'],
      '5': ['1', '2', '4'],
      '6': ['setup-db', '9'],
      '7': [],
      '8': ['6', '7'],
      '9': ['2', '3', '4'],
    });
    const s3 = p.steps[2]!;
    assert.deepEqual(
      s3.dependsOn.map((d) => [d.raw, textAt(p, d.range)]),
      [
        ['step-1', 'step-1'],
        ['step-2', 'step-2'],
      ],
    );
    assert.deepEqual(p.steps[1]!.dependsOn[0]!.range, { startLine: 3, startChar: 12, endLine: 3, endChar: 18 });
    const dangling = p.steps[5]!.dependsOn.map((d) => d.id).filter((id) => !p.steps.some((s) => s.id === id));
    assert.deepEqual(dangling, ['setup-db'], 'a dependency on a missing step stays visible so it can be flagged');
  });

  it('finds success criteria in the supported spellings, inside the step only', () => {
    const p = parsePlan(
      md(
        '## Steps',
        '### Step 1: a',
        'Success criteria: all green',
        '### Step 2: b',
        '**Verify:** `curl /health` returns 200',
        '### Step 3: c',
        'Done when the dashboard shows traffic',
        '### Step 4: d',
        '- **Acceptance criteria:**',
        '  - p99 under 50 ms',
        '  - no 5xx',
        '### Step 5: e',
        'We will test this later.',
        '### Step 6: f',
        'Expected: 429 after 600 requests',
        '### Step 7: g',
        'TEST: run `npm test`',
      ),
    );
    assert.deepEqual(
      p.steps.map((s) => s.successCriteria),
      [
        { text: 'all green', line: 2 },
        { text: '`curl /health` returns 200', line: 4 },
        { text: 'the dashboard shows traffic', line: 6 },
        { text: 'p99 under 50 ms; no 5xx', line: 8 },
        null,
        { text: '429 after 600 requests', line: 14 },
        { text: 'run `npm test`', line: 16 },
      ],
    );
  });

  it('keeps nested steps’ details out of the parent step', () => {
    const p = parsePlan(md('## Phase 1: Prep', 'Overview only.', '### Step 1.1: Build', 'Verify: builds', 'Depends on: Step 0'));
    const [phase, step] = p.steps;
    assert.equal(phase?.successCriteria, null);
    assert.deepEqual(phase?.dependsOn, []);
    assert.equal(step?.successCriteria?.line, 3);
    assert.equal(phase?.range.endLine, 4, 'the parent range still covers its children');
  });
});

describe('plan: referenced paths', () => {
  it('finds inline code, bare paths and relative links with exact ranges', () => {
    const p = parsePlan(
      md(
        'Edit `src/core/plan.ts` and src/core/anchor.ts:42, see [the doc](docs/design.md#anchors).', //0
        'Also `package.json`, `.github/workflows/ci.yml`, ./scripts/build.mjs and `src/server/`.', //1
        'Again src/core/plan.ts.', //2
      ),
    );
    const found = p.referencedPaths.map((r) => [r.path, textAt(p, r.range)]);
    assert.deepEqual(found, [
      ['docs/design.md', 'docs/design.md'],
      ['src/core/plan.ts', 'src/core/plan.ts'],
      ['src/core/anchor.ts', 'src/core/anchor.ts'],
      ['package.json', 'package.json'],
      ['.github/workflows/ci.yml', '.github/workflows/ci.yml'],
      ['src/server/', 'src/server/'],
      ['scripts/build.mjs', 'scripts/build.mjs'],
    ]);
    const plan = p.referencedPaths.find((r) => r.path === 'src/core/plan.ts');
    assert.deepEqual(
      plan?.ranges.map((r) => r.startLine),
      [0, 2],
    );
  });

  it('ignores URLs, globs, commands, absolute paths, code blocks and non-paths', () => {
    const p = parsePlan(
      md(
        'See https://example.com/a/b.js and www.example.com/x.html and [site](https://x.dev/y.md).',
        'Globs `src/**/*.ts` and src/*.js; run `npm run build`; call `foo.bar()`; field `user.email`.',
        'Absolute `/etc/nginx.conf`, route `/v1/users`, `~/x.ts`, ratio 3/4, TCP/IP, and/or, e.g. v1.2.',
        '[anchor](#section) and [mail](mailto:a@b.c)',
        '```',
        'src/in/code/block.ts',
        '```',
        '    src/indented/code.ts',
      ),
    );
    assert.deepEqual(p.referencedPaths, []);
  });
});

describe('plan: unknown signals', () => {
  it('finds each occurrence, whole-word and case-insensitive, with exact ranges', () => {
    const p = parsePlan(
      md(
        'Cache size TBD; maybe 2 GB??? Not sure.', //0
        'Retention is to be determined, an Open Question.', //1
        'We will somehow figure out the order and investigate whether it holds.', //2
        'TODO: FIXME later. Unclear who owns it; owner unknown.', //3
        'tbdx, maybelline, notsure, todos, ? and ?? count once', //4
        '```', //5
        'TODO inside code', //6
        '```', //7
      ),
    );
    const found = p.unknownSignals.map((s) => [s.signal, s.range.startLine, s.range.startChar, s.range.endChar]);
    assert.deepEqual(found, [
      ['TBD', 0, 11, 14],
      ['maybe', 0, 16, 21],
      ['???', 0, 26, 29],
      ['Not sure', 0, 30, 38],
      ['to be determined', 1, 13, 29],
      ['Open Question', 1, 34, 47],
      ['somehow', 2, 8, 15],
      ['figure out', 2, 16, 26],
      ['investigate whether', 2, 41, 60],
      ['TODO', 3, 0, 4],
      ['FIXME', 3, 6, 11],
      ['Unclear', 3, 19, 26],
      ['unknown', 3, 46, 53],
      ['??', 4, 40, 42],
    ]);
    for (const s of p.unknownSignals) assert.equal(p.lines[s.range.startLine]?.slice(s.range.startChar, s.range.endChar), s.signal);
  });
});
