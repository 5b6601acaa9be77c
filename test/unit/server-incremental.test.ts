import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { parsePlan } from '../../src/core/plan';
import { IncrementalPlanParser } from '../../src/server/incremental-plan';
import { generatePlan } from '../../bench/lsp-bench';
import { loadCorpus } from '../support/plan-corpus';

const REPO = path.resolve(__dirname, '..', '..');

/** Small chunks force many boundaries, so every cross-chunk rule of the merge is exercised. */
function chunked(text: string, chunkLines = 3): ReturnType<typeof parsePlan> {
  return new IncrementalPlanParser({ minLines: 0, chunkLines }).parse(text);
}

const BLOCKS = [
  '# Plan: migrate billing',
  '# Appendix',
  '# Implementation',
  '## Goal',
  'Move billing to the new API without losing invoices.',
  '## Context',
  '## Steps',
  '## Implementation plan',
  '## Implementation order',
  '### Approach',
  '## Risks and rollback',
  '## Phase 2: rollout',
  '## 1. Background',
  '### Step 3: Deploy',
  '### Task: write docs',
  '### 2. Migrate the table',
  '### Create the queue',
  '1. Create the table',
  '2. Backfill rows',
  '3) Switch reads',
  '- Announce the change',
  '- [ ] Check dashboards',
  '   - Depends on: Step 2',
  '   - Depends on: Step 1, step-7',
  '   - Success criteria: invoices match',
  '   Verify: no 5xx in staging',
  'Depends on: step-9',
  'Done when: totals reconcile',
  'id: setup-db',
  'Edit `src/billing/api.ts` while TBD',
  'See src/core/plan.ts and [the doc](docs/a.md).',
  'Not sure about ??? yet',
  '```',
  '```ts',
  '```markdown',
  '```bash',
  '## Architecture',
  '### 1. Storage layer',
  '## 2. Fases de desarrollo',
  '~~~',
  '> quoted step 1. no',
  '---',
  '',
  '',
  '  - nested bullet',
  '#### Notes',
  '# Step 1: H1 step',
  '10. Tenth item',
  '## Open questions',
  '<div>',
  '</div>',
  '## Success criteria',
  '    indented code ## not a heading',
  'Title line',
  '=====',
];

describe('server: incremental parsing equals a whole parse', () => {
  it('on the example plans', function () {
    let dir: string[] = [];
    try {
      dir = readdirSync(path.join(REPO, 'examples')).filter((f) => f.endsWith('.md'));
    } catch {
      this.skip();
    }
    for (const file of dir) {
      const text = readFileSync(path.join(REPO, 'examples', file), 'utf8');
      for (const size of [2, 5, 20]) assert.deepEqual(chunked(text, size), parsePlan(text), `${file} with chunks of ${size}`);
    }
  });

  it('on every plan of the real-plan corpus (public plans of six formats), with small and default chunks', () => {
    const plans = loadCorpus();
    assert.ok(plans.length >= 100, `${plans.length} corpus plans`);
    for (const p of plans) for (const size of [5, 60]) assert.deepEqual(chunked(p.text, size), parsePlan(p.text), `${p.id} with chunks of ${size}`);
  });

  it('when a criterion follows a nested step and a later chunk starts (found by the property below)', () => {
    // The chunk's sentinel step nests in the H1 step; the criterion between the nested list step and it is still the H1's.
    const text = `${['# Step 1: H1 step', '### Task: write docs', '10. Tenth item', '---', 'Done when: totals reconcile', '# Step 1: H1 step', '2. Backfill rows'].join('\n')}\n`;
    for (const size of [1, 2, 5]) assert.deepEqual(chunked(text, size), parsePlan(text), `chunks of ${size}`);
    assert.equal(parsePlan(text).steps[0]?.successCriteria?.text, 'totals reconcile');
  });

  it('on generated plans of 500 and 2,000 lines', () => {
    for (const lines of [500, 2000]) {
      const text = generatePlan(lines);
      assert.deepEqual(chunked(text, 60), parsePlan(text));
    }
  });

  it('on random plans built from realistic blocks (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...BLOCKS), { minLength: 1, maxLength: 120 }), fc.integer({ min: 1, max: 12 }), (blocks, chunkLines) => {
        const text = `${blocks.join('\n')}\n`;
        assert.deepEqual(chunked(text, chunkLines), parsePlan(text));
      }),
      { numRuns: 500 },
    );
  });

  it('re-parses only what an edit touched and stays equal to a whole parse', () => {
    const parser = new IncrementalPlanParser({ minLines: 0, chunkLines: 40 });
    let text = generatePlan(1000);
    parser.parse(text);
    const lines = text.split('\n');
    const edits: Array<() => void> = [
      () => lines.splice(5, 0, '- inserted TBD line in `src/new.ts`'),
      () => lines.splice(300, 0, '## A new section', '', '1. with a step', '   - Depends on: Step 4000'),
      () => lines.splice(299, 3),
      () => lines.splice(999, 1),
      () => lines.splice(0, 0, '# A new title'),
      () => {
        lines[400] = `${lines[400]} TODO`;
      },
    ];
    for (const edit of edits) {
      edit();
      text = lines.join('\n');
      assert.deepEqual(parser.parse(text), parsePlan(text));
    }
  });

  it('a "```markdown" block with nested fences and "##" headings inside stays one block', () => {
    const text = [
      '# Docs plan',
      '## Steps',
      '### Task 1: Write the README',
      '```markdown',
      '# mytool',
      '```bash',
      'npm install mytool',
      '```',
      '## Usage',
      'Edit `config/mytool.json`.',
      '```',
      '### Task 2: Tag the release',
      'Push the tag.',
    ].join('\n');
    assert.deepEqual(chunked(text, 2), parsePlan(text));
  });

  it('CRLF and BOM are normalised as the core does', () => {
    const text = `\uFEFF${generatePlan(300).replace(/\n/g, '\r\n')}`;
    assert.deepEqual(chunked(text, 30), parsePlan(text));
  });
});
