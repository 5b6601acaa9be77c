/**
 * Money as every surface writes it (src/core/money.ts): a non-zero amount
 * never reads "$0.00", and two amounts in one sentence (spent against the
 * cap) never read the same when they differ by a millionth of a dollar or
 * more, and keep their order.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { SMALLEST_SHOWN_USD, formatUsd, usdPair } from '../../src/core/money';

/** The amount a formatted string states, or null for "< $0.000001". */
function stated(text: string): number | null {
  if (text.startsWith('< ')) return null;
  const m = /^\$([\d,]+\.\d+)$/.exec(text);
  assert.ok(m, `not a dollar amount: ${text}`);
  return Number(m[1]!.replace(/,/g, ''));
}

const amount = fc.oneof(fc.double({ min: 0, max: 0.02, noNaN: true }), fc.double({ min: 0, max: 10_000, noNaN: true }), fc.constantFrom(0, 0.004, 0.01, 0.0104, 0.0099996, 5));

describe('money: one way to write an amount', () => {
  it('known amounts', () => {
    assert.equal(formatUsd(0), '$0.00');
    assert.equal(formatUsd(0.004), '$0.004');
    assert.equal(formatUsd(0.00042), '$0.00042');
    assert.equal(formatUsd(0.01), '$0.01');
    assert.equal(formatUsd(0.0213), '$0.02');
    assert.equal(formatUsd(1234.5), '$1,234.50');
    assert.equal(formatUsd(1e-9), '< $0.000001');
    assert.deepEqual(usdPair(0.0104, 0.01), ['$0.0104', '$0.01']);
    assert.deepEqual(usdPair(0.0093, 0.01), ['$0.0093', '$0.01']);
  });

  it('a non-zero amount never reads $0.00, and what it states is within rounding of the amount (property)', () => {
    fc.assert(
      fc.property(amount, (usd) => {
        const text = formatUsd(usd);
        if (usd === 0) return assert.equal(text, '$0.00');
        assert.notEqual(text, '$0.00');
        assert.doesNotMatch(text, /^\$0\.0*$/);
        const value = stated(text);
        if (value === null) return assert.ok(usd < SMALLEST_SHOWN_USD);
        assert.ok(value > 0, text);
        // Two decimals from a cent up; below, two significant digits (at most six decimals).
        const tolerance = usd >= 0.01 ? 0.005 : Math.max(usd * 0.05, 5e-7);
        assert.ok(Math.abs(value - usd) <= tolerance + 1e-12, `${usd} -> ${text}`);
      }),
      { numRuns: 2000 },
    );
  });

  it('spent and cap in one sentence: different amounts read differently and in the same order (property)', () => {
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        const [fa, fb] = usdPair(a, b);
        if (Math.abs(a - b) >= 2 * SMALLEST_SHOWN_USD) {
          assert.notEqual(fa, fb, `${a} vs ${b}`);
          const [va, vb] = [stated(fa), stated(fb)];
          if (va !== null && vb !== null) assert.equal(va < vb, a < b, `order of ${a} (${fa}) and ${b} (${fb})`);
        }
        if (a > 0) assert.notEqual(fa, '$0.00');
        if (b > 0) assert.notEqual(fb, '$0.00');
      }),
      { numRuns: 3000 },
    );
  });
});
