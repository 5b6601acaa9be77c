import assert from 'node:assert/strict';
import fc from 'fast-check';
import { anchorQuote, type AnchorResult } from '../../src/core/anchor';
import { parsePlan, type Plan, type Range } from '../../src/core/plan';
import { assertInside } from '../support/plan-fixtures';

const PLAN = parsePlan(
  [
    '# Plan: per-key rate limiting', //0
    '', //1
    '## Steps', //2
    '', //3
    '1. **Add the Redis client** in `src/lib/redis.ts` with a pool of ten connections.', //4
    '2. Add middleware that rejects requests over the limit with HTTP 429 and a Retry-After header.', //5
    '3. Deploy behind the `rate_limit` flag and watch the dashboards for a full day', //6
    '   before turning it on for every customer.', //7
    '4. Add tests.', //8
    '5. Add tests.', //9
    '', //10
    '## Risks', //11
    '- Redis latency adds one round trip per request on the hot path.', //12
  ].join('\n'),
);

function found(r: AnchorResult): Range {
  assert.ok(r.found, `expected a match, got: ${r.found ? '' : r.reason}`);
  return r.range;
}

function text(plan: Plan, r: Range): string {
  const lines = plan.lines.slice(r.startLine, r.endLine + 1);
  if (lines.length === 1) return (lines[0] ?? '').slice(r.startChar, r.endChar);
  lines[0] = (lines[0] ?? '').slice(r.startChar);
  lines[lines.length - 1] = (lines[lines.length - 1] ?? '').slice(0, r.endChar);
  return lines.join('\n');
}

describe('anchor: exact and tolerant matches', () => {
  it('finds a verbatim quote with its exact character range', () => {
    const r = anchorQuote(PLAN, 'Add middleware that rejects requests over the limit');
    assert.deepEqual(r, { found: true, exact: true, score: 1, range: { startLine: 5, startChar: 3, endLine: 5, endChar: 54 } });
  });

  it('ignores case, whitespace, punctuation and Markdown markup', () => {
    for (const q of [
      'add the redis client in src/lib/redis.ts',
      '**Add the Redis client** in `src/lib/redis.ts`',
      '1.   Add   the REDIS client, in src / lib / redis . ts',
      '- Redis latency adds one round-trip per request',
      '## Risks',
    ]) {
      const r = anchorQuote(PLAN, q);
      assert.ok(r.found && r.exact, q);
    }
    assert.equal(found(anchorQuote(PLAN, 'add the redis client in src/lib/redis.ts')).startLine, 4);
    assert.equal(found(anchorQuote(PLAN, '## Risks')).startLine, 11);
  });

  it('finds a quote that spans a line break', () => {
    const r = found(anchorQuote(PLAN, 'watch the dashboards for a full day before turning it on'));
    assert.deepEqual([r.startLine, r.endLine], [6, 7]);
    assert.equal(text(PLAN, r), 'watch the dashboards for a full day\n   before turning it on');
  });

  it('tolerates a small word edit (fuzzy, not exact)', () => {
    const edits = [
      'Add middleware that rejects requests above the limit with HTTP 429 and a Retry-After header', // word swapped
      'Add a middleware that rejects the requests over the limit with HTTP 429 and a Retry-After header', // words added
      'Add middleware rejecting requests over the limit with HTTP 429 and a Retry-After header', // word changed + dropped
      'Add middleware that rejects requests over limits with HTTP 429 and Retry-After headers', // plurals
    ];
    for (const q of edits) {
      const r = anchorQuote(PLAN, q);
      assert.ok(r.found, `${q}: ${r.found ? '' : r.reason}`);
      assert.equal(r.range.startLine, 5, q);
      assert.ok(r.score >= 0.8 && r.score <= 1, `score ${r.score}`);
    }
    const loose = anchorQuote(PLAN, 'Add middleware that rejects requests above the limit with HTTP 429 and a Retry-After header');
    assert.ok(loose.found && !loose.exact && loose.score < 1);
  });

  it('retries the longest part of a quote with an ellipsis', () => {
    const r = found(anchorQuote(PLAN, 'Deploy behind the flag … watch the dashboards for a full day'));
    assert.equal(r.startLine, 6);
  });
});

describe('anchor: refusals', () => {
  const refused = (q: string): string => {
    const r = anchorQuote(PLAN, q);
    assert.equal(r.found, false, `${JSON.stringify(q)} should not be found`);
    return r.found ? '' : r.reason;
  };

  it('refuses an ambiguous quote (two equally good places)', () => {
    assert.match(refused('Add tests.'), /2 times/);
    assert.match(refused('Add more tests'), /several places|close enough/);
  });

  it('refuses absent, weak, empty and punctuation-only quotes', () => {
    assert.match(refused('Migrate the billing database to Postgres 16'), /close enough/);
    assert.match(refused('Add middleware that forwards traffic to a proxy for retries'), /close enough/);
    assert.match(refused(''), /empty/);
    assert.match(refused('   \n\t'), /empty/);
    assert.match(refused('... -- ** `` ##'), /no words/);
  });

  it('refuses a quote longer than the plan', () => {
    const tiny = parsePlan('Add tests.');
    const r = anchorQuote(tiny, 'Add tests. Add tests. Add tests.');
    assert.equal(r.found, false);
  });

  it('answers bad input with a reason instead of throwing', () => {
    assert.equal(anchorQuote(PLAN, undefined as unknown as string).found, false);
    assert.equal(anchorQuote(null as unknown as Plan, 'x').found, false);
    assert.equal(anchorQuote(parsePlan(''), 'x').found, false);
  });
});

const LINE = fc
  .array(fc.constantFrom('add', 'the', 'cache', 'redis', 'step', 'deploy', '`src/a.ts`', '**bold**', 'TBD', 'é', '429', '-', '.', ','), { minLength: 0, maxLength: 12 })
  .map((ws) => ws.join(' '));
const PREFIX = fc.constantFrom('', '# ', '## ', '- ', '1. ', '> ', '   ');

describe('anchor: properties', () => {
  it('never throws and every found range lies inside the document', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(PREFIX, LINE), { maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 80 }), (rows, quote) => {
        const plan = parsePlan(rows.map(([p, l]) => p + l).join('\n'));
        for (const q of [quote, rows[0]?.[1] ?? '', `${quote} ${rows[1]?.[1] ?? ''}`]) {
          const r = anchorQuote(plan, q);
          if (r.found) assertInside(plan, r.range, 'anchor');
          else assert.doesNotMatch(r.reason, /anchoring failed/, 'an internal error was swallowed');
        }
      }),
      { numRuns: 300 },
    );
  });

  it('finds a quote taken verbatim from a random line on that line', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(PREFIX, LINE), { minLength: 1, maxLength: 40 }), fc.nat(), (rows, pick) => {
        // A unique word per line makes every line's text occur once.
        const lines = rows.map(([p, l], i) => `${p}${l} uniq${i}x ${l}`);
        const plan = parsePlan(lines.join('\n'));
        const at = pick % lines.length;
        const quote = lines[at] as string;
        const r = anchorQuote(plan, quote);
        assert.ok(r.found, `line ${at} not found: ${quote}`);
        assert.equal(r.range.startLine, at);
        assert.equal(r.range.endLine, at);
      }),
      { numRuns: 300 },
    );
  });
});

describe('anchor: speed', () => {});
