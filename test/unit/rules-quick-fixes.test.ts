/**
 * Quick fixes do what the finding's message says: missing-file's "say the
 * plan creates it" has a fix that does it, every check can be turned off
 * from its finding, numbered and bulleted items are read alike, and a step
 * is never offered as its own dependency.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fixesFor, TURN_OFF_CHECK_COMMAND } from '../../src/core/rules';
import { applyEdits, check, only } from '../support/rules-check';
import type { RuleEnvironment } from '../../src/core/rules/catalog';

const nothingExists = { fileExists: () => false } as unknown as RuleEnvironment;

const marker = fc.constantFrom('-', '*', '+', '1.', '6.', '12)');
const label = fc.constantFrom('Modify:', '**Modify:**', 'Update:', 'Edit:');
const quote = fc.constantFrom('`', '');
const file = fc.constantFrom('src/x.ts', 'lib/api/client.py', 'docs/setup.md');

describe('quick fixes that do what the message says', () => {
  it('"6. Modify: `x.ts`" is flagged exactly like "- Modify: `x.ts`" (property)', () => {
    fc.assert(
      fc.property(marker, label, file, (m, l, f) => {
        const plan = (mk: string) => `# Plan\n\n## Steps\n\n1. Do the work.\n   - Done when: tests pass\n\n## Files\n\n${mk} ${l} \`${f}\`\n`;
        const lines = (mk: string) => only(check(plan(mk), nothingExists).findings, 'missing-file').map((x) => x.range.startLine);
        assert.deepEqual(lines(m), lines('-'));
        assert.equal(lines(m).length, 1, `${m} ${l} ${f}`);
      }),
    );
  });

  it('"Mark as created by this plan" makes missing-file stop reporting the path, and changes nothing else (property)', () => {
    fc.assert(
      fc.property(marker, file, quote, (m, f, q) => {
        const text = `# Plan\n\n## Steps\n\n1. Do the work.\n   - Done when: tests pass\n\n## Files\n\n${m} Modify: ${q}${f}${q}\n`;
        const { plan, findings } = check(text, nothingExists);
        const [finding] = only(findings, 'missing-file');
        assert.ok(finding, text);
        const fix = fixesFor(plan, finding).find((x) => x.title === 'Mark as created by this plan');
        assert.ok(fix, 'offered');
        const fixed = applyEdits(plan, fix.edits);
        assert.equal(fixed.replace(' (new file)', ''), text, 'only the marker was added');
        assert.deepEqual(only(check(fixed, nothingExists).findings, 'missing-file'), []);
        if (q) assert.ok(fixed.includes(`${q}${f}${q} (new file)`), 'after the closing backtick');
      }),
    );
  });

  it('every finding can be turned off in the user settings (a command with its rule code, no edit)', () => {
    const { plan, findings } = check('# Plan\n\n## Steps\n\n1. Store sessions TBD in `src/none.ts`\n   - Depends on: Step 9\n', nothingExists);
    assert.ok(findings.length >= 2);
    for (const finding of findings) {
      const off = fixesFor(plan, finding).at(-1);
      assert.equal(off?.title, `Turn off the "${finding.code}" check (user settings)`);
      assert.deepEqual(off?.edits, []);
      assert.deepEqual(off?.command, { title: 'Turn off this check', command: TURN_OFF_CHECK_COMMAND, arguments: [finding.code] });
    }
  });

  it('a step is never offered as its own dependency, in the message or the fixes (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 9 }), fc.integer({ min: 12, max: 40 }), (n, missing) => {
        const steps = Array.from({ length: n }, (_, i) => `${i + 1}. Step work ${i + 1}\n   - Done when: ok`);
        const self = n; // the last step depends on a step that does not exist
        steps[self - 1] += `\n   - Depends on: Step ${missing}`;
        const { plan, findings } = check(`# Plan\n\n## Steps\n\n${steps.join('\n')}\n`, nothingExists);
        const [finding] = only(findings, 'dangling-dependency');
        assert.ok(finding);
        assert.doesNotMatch(finding.message, new RegExp(`nearest:[^)]*\\bStep ${self}\\b`));
        for (const fix of fixesFor(plan, finding)) assert.notEqual(fix.title, `Change to Step ${self}`);
      }),
    );
  });
});
