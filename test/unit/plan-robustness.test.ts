import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parsePlan, parsePlanStrict } from '../../src/core/plan';
import { assertAllRangesInside, generatePlan } from '../support/plan-fixtures';

const FRAGMENTS = [
  '#',
  '## ',
  '### Step 1: ',
  '#### 2. ',
  '- ',
  '* ',
  '1. ',
  '2) ',
  '   ',
  '\t',
  '```',
  '~~~',
  '> ',
  '>>',
  '---',
  '===',
  '\n',
  '\r\n',
  '\r',
  '**',
  '__',
  '`',
  '[x](y.md)',
  '](',
  '[',
  'Step 3',
  'Phase 2.1',
  'Depends on: ',
  'depends_on: [step-1]',
  'After step 2',
  'Success criteria:',
  'Verify:',
  'Done when',
  'TBD',
  '???',
  'maybe',
  'src/a.ts',
  '`lib/b.py`',
  'https://x.y/z.js',
  'id: setup-db',
  '## Steps\n',
  '## Risks\n',
  '<div>',
  '</div>',
  '|a|b|\n|-|-|',
  '\uFEFF',
  '\0',
  '\u2028',
  '😀',
  'é',
  ' ',
  'word',
];

const markdownish = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 80 }).map((parts) => parts.join(''));

describe('plan: robustness', () => {
  const cases: Array<[string, () => string]> = [
    ['empty', () => ''],
    ['whitespace only', () => ' \n\t\n   \n'],
    ['BOM only', () => '\uFEFF'],
    ['CRLF plan', () => '# T\r\n## Steps\r\n1. a\r\n2. b\r\n'],
    ['binary bytes', () => Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37) % 256)).toString('latin1')],
    ['invalid UTF-16 surrogates', () => '\uD800# x\n\uDC00- y'],
    ['1 MB single line', () => 'word src/a.ts TBD `x` '.repeat(50000)],
    ['1 MB of one character', () => '_'.repeat(1 << 20)],
    ['1 MB of backticks and brackets', () => '`['.repeat(1 << 19)],
    ['10,000 steps', () => `# Plan\n## Steps\n${Array.from({ length: 10000 }, (_, i) => `${i + 1}. Do thing ${i}. Depends on: Step ${i}`).join('\n')}`],
    ['10,000 step headings', () => Array.from({ length: 10000 }, (_, i) => `## Step ${i + 1}: t\nVerify: ok`).join('\n')],
    ['deeply nested quotes', () => `${'>'.repeat(5000)} deep`],
    ['deeply nested lists', () => Array.from({ length: 2000 }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n')],
    ['unclosed fence', () => '# T\n```\n## Step 1: hidden\n'],
  ];
  for (const [name, make] of cases) {
    it(`parses ${name} without throwing, all ranges inside`, () => {
      const plan = parsePlanStrict(make());
      assertAllRangesInside(plan);
    });
  }

  it('accepts non-string input without throwing', () => {
    for (const bad of [undefined, null, 42, {}, []]) assert.equal(parsePlan(bad as string).text, '');
  });

  it('never throws and keeps ranges inside for any string (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 400 }), markdownish), (text) => {
        assertAllRangesInside(parsePlanStrict(text));
      }),
      { numRuns: 400 },
    );
  });

  it('keeps line numbering identical to the editor (property)', () => {
    fc.assert(
      fc.property(markdownish, (text) => {
        const plan = parsePlan(text);
        const editorLines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
        assert.equal(plan.lineCount, editorLines.length);
      }),
      { numRuns: 300 },
    );
  });
});

describe('plan: large plans', () => {
  // Parse time is measured by the benchmark (npm run bench), never by a timed unit test.
  it('parses a 20,000-line plan completely', () => {
    const plan = parsePlan(generatePlan(20000));
    assert.ok(plan.steps.length > 2000);
  });
});
