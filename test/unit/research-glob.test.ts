/**
 * The research tools' glob matcher (src/core/research/glob.ts): same answers as minimatch (`dot: true`, base-name matching for a
 * glob without `/`) on the syntax it supports, linear time on inputs that
 * make regex engines backtrack, and a brace budget.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { minimatch } from 'minimatch';
import { compileGlob, GLOB_LIMITS, type GlobMatcher } from '../../src/core/research/glob';

/** A glob that must compile to a filter. */
function matcher(glob: string): GlobMatcher {
  const compiled = compileGlob(glob);
  assert.ok(compiled.ok && compiled.matcher, `compiles: ${glob}`);
  return compiled.matcher;
}

const token = fc.constantFrom('a', 'b', '.', '*', '?', '[ab]', '[!a]', '{a,b}', '{a,b*}', '\\*');
const segment = fc.oneof({ weight: 1, arbitrary: fc.constant('**') }, { weight: 5, arbitrary: fc.array(token, { minLength: 1, maxLength: 4 }).map((t) => t.join('')) });
const glob = fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => s.join('/'));
const pathArb = fc.array(fc.stringMatching(/^[ab.*]{1,4}$/), { minLength: 1, maxLength: 5 }).map((s) => s.join('/'));

describe('research glob matcher', () => {
  it('agrees with minimatch (dot, base-name matching) on the supported syntax', () => {
    fc.assert(
      fc.property(glob, fc.array(pathArb, { minLength: 1, maxLength: 8 }), (g, paths) => {
        if (g === '**' || g === '**/*') return; // "no filter": every path
        if (/(^|\/)\*\*$/.test(g)) return; // trailing `**`: minimatch also matches the folder itself
        if (g.split('/').some((s) => s === '.' || s === '..')) return; // `./x` is normalised here, literal to minimatch
        const compiled = compileGlob(g);
        if (!compiled.ok) return; // over the brace budget (own test below)
        const m = compiled.matcher as GlobMatcher;
        for (const p of paths) {
          if (p.split('/').some((s) => s === '.' || s === '..')) continue;
          assert.equal(m.matches(p), minimatch(p, g, { dot: true, matchBase: !g.includes('/') }), `${g} vs ${p}`);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('matches incrementally: advancing folder by folder gives the whole-path answer', () => {
    fc.assert(
      fc.property(glob, pathArb, (g, p) => {
        const m = compileGlob(g);
        if (!m.ok || !m.matcher) return;
        const parts = p.split('/');
        let state = m.matcher.start;
        for (const part of parts.slice(0, -1)) state = m.matcher.advance(state, `${part}/`);
        assert.equal(m.matcher.accepts(m.matcher.advance(state, parts.at(-1) as string)), m.matcher.matches(p));
      }),
    );
  });

  it('is linear where regex globs backtrack (long names, many stars, many `**`)', () => {
    // CPU time, not wall time: a backtracking matcher needs years here, a linear one milliseconds; load only stretches the wall clock.
    const before = process.cpuUsage();
    assert.equal(matcher('*a*a*a*a*a*a*a*b').matches('a'.repeat(5000)), false);
    assert.equal(matcher('**/a/**/a/**/a/**/b').matches(Array(2000).fill('a').join('/')), false);
    assert.equal(matcher('**/a/**/a/**/a/**/b').matches(`${Array(2000).fill('a').join('/')}/b`), true);
    const cpu = process.cpuUsage(before);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    assert.ok(cpuMs < 1000, `used ${cpuMs.toFixed(0)} ms of CPU`);
  });

  it('refuses globs beyond the brace budget instead of expanding them', () => {
    const bomb = compileGlob('{a,b}'.repeat(30));
    assert.ok(!bomb.ok && /more than \d+ brace alternatives/.test(bomb.message));
    const long = compileGlob('a'.repeat(GLOB_LIMITS.maxChars + 1));
    assert.ok(!long.ok && /longer than/.test(long.message));
    assert.ok(compileGlob('src/{a,b,c}/*.{ts,js}').ok, 'ordinary braces stay allowed');
  });

  it('treats "no glob", "**" and "**/*" as no filter', () => {
    for (const g of [undefined, '', '**', '**/*', './**']) {
      const compiled = compileGlob(g);
      assert.ok(compiled.ok && compiled.matcher === null, String(g));
    }
  });
});
