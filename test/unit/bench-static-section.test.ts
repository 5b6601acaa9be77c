import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { STATIC_SECTION_HEADING, staticChecksSection } from '../../bench/static-section';

const BENCHMARKS = path.join(__dirname, '..', '..', 'BENCHMARKS.md');

describe('BENCHMARKS.md', () => {
  const text = readFileSync(BENCHMARKS, 'utf8');

  it('section 6 is what bench/static-section.ts generates from the corpus now (regenerate: npm run bench -- --static-only)', function () {
    this.timeout(120_000);
    const at = text.indexOf(STATIC_SECTION_HEADING);
    assert.ok(at >= 0, 'section 6 is missing');
    assert.equal(text.slice(at), `${staticChecksSection().join('\n').trimEnd()}\n`);
  });

  it("stays a page of today's figures: at most 250 lines, every section with the command that reproduces it", () => {
    assert.ok(text.split('\n').length <= 250, `${text.split('\n').length} lines`);
    const sections = text.split(/^## /m).slice(1);
    assert.equal(sections.length, 6);
    for (const s of sections) assert.match(s, /`(?:npm run|npx) [^`]+`/, `section "${s.split('\n')[0]}" names no command`);
  });
});
