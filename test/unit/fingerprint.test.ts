import assert from 'node:assert/strict';
import fc from 'fast-check';
import { challengeFingerprint, diffFingerprints } from '../../src/core/fingerprint';

const word = fc.stringMatching(/^[a-z]{4,9}$/);
const words = fc.array(word, { minLength: 2, maxLength: 12 });

describe('challenge fingerprints', () => {
  it('survive case, punctuation, whitespace and word-order changes of the quoted passage', () => {
    fc.assert(
      fc.property(words, words, fc.array(fc.nat(), { minLength: 12, maxLength: 12 }), (quote, concern, order) => {
        const shuffled = [...quote].sort((a, b) => order[quote.indexOf(a) % 12]! - order[quote.indexOf(b) % 12]!);
        const reworded = `  ${shuffled.map((w, i) => (i % 2 ? w.toUpperCase() : w)).join(', ')}. `;
        const a = challengeFingerprint({ quote: quote.join(' '), concern: concern.join(' ') });
        const b = challengeFingerprint({ quote: reworded, concern: concern.join(' ') });
        assert.equal(a, b);
      }),
    );
  });

  it("ignore filler words and the phrasing after the concern's subject", () => {
    const base = {
      quote: 'Replace the in-memory map with the Redis store.',
      concern: 'Redis outage logs every user out during deploys and nobody notices until support tickets arrive',
    };
    const moved = { quote: 'replace in-memory map with Redis store', concern: 'A Redis outage logs every user out during deploys — the rest is said differently' };
    assert.equal(challengeFingerprint(base), challengeFingerprint(moved));
  });

  it("differ when the passage or the concern's subject differs", () => {
    fc.assert(
      fc.property(words, words, word, (quote, concern, extra) => {
        fc.pre(!quote.includes(extra) && !concern.slice(0, 8).includes(extra));
        const a = challengeFingerprint({ quote: quote.join(' '), concern: concern.join(' ') });
        assert.notEqual(a, challengeFingerprint({ quote: `${quote.join(' ')} ${extra}`, concern: concern.join(' ') }));
        assert.notEqual(a, challengeFingerprint({ quote: quote.join(' '), concern: `${extra} ${concern.join(' ')}` }));
      }),
    );
  });

  it('diff: new, still open and fixed partition the union of both runs', () => {
    fc.assert(
      fc.property(fc.uniqueArray(word), fc.uniqueArray(word), (before, now) => {
        const changes = diffFingerprints(before, now);
        assert.equal(changes.size, new Set([...before, ...now]).size);
        for (const [id, change] of changes) {
          assert.equal(change === 'fixed', !now.includes(id));
          assert.equal(change === 'new', now.includes(id) && !before.includes(id));
        }
      }),
    );
  });
});
