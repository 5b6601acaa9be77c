/**
 * terminal-text.ts: properties over arbitrary text rich in control and bidi
 * characters. The unsafe set is written out here from ECMA-48 (C0, DEL, C1)
 * and Unicode (Bidi_Control, U+2028/2029), not taken from the code.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { escapeInline } from '../../src/core/report/escape';
import { terminalLine, terminalSafe } from '../../src/core/terminal-text';

// eslint-disable-next-line no-control-regex -- the test spells out the control characters it forbids
const ACTIVE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;
const SPECIALS = ['\u001b', '\u009b', '\u009d', '\u0090', '\u009c', '\u0007', '\r', '\b', '\n', '\t', '\u202e', '\u2066', '\u200f', '\u061c', '\u2028', '\u0085', '\u007f', '['];

/** Strings where escape sequences, CR, BS and bidi characters are common. */
const hostile = fc.string({ unit: fc.oneof(fc.constantFrom(...SPECIALS), fc.string({ unit: 'binary', maxLength: 3 })), maxLength: 60 });

describe('terminal-text: untrusted text made inert for terminals', () => {
  it('terminalSafe leaves nothing a terminal acts on, and is idempotent', () => {
    fc.assert(
      fc.property(hostile, (s) => {
        const out = terminalSafe(s);
        assert.equal(ACTIVE.exec(out), null);
        assert.equal(terminalSafe(out), out);
      }),
    );
  });

  it('JSON text stays valid JSON with the same value', () => {
    fc.assert(
      fc.property(fc.dictionary(hostile, fc.oneof(hostile, fc.array(hostile), fc.double(), fc.boolean(), fc.constant(null))), (value) => {
        for (const json of [JSON.stringify(value), JSON.stringify(value, null, 2)]) assert.deepEqual(JSON.parse(terminalSafe(json)), JSON.parse(json));
      }),
    );
  });

  it('text without unsafe characters is unchanged (newlines and tabs kept)', () => {
    fc.assert(
      fc.property(hostile, (s) => {
        const clean = s.replace(new RegExp(ACTIVE.source, 'g'), '');
        assert.equal(terminalSafe(clean), clean);
      }),
    );
  });

  it('terminalLine is one line: a newline in model text cannot start a "Verdict:" line', () => {
    fc.assert(
      fc.property(hostile, (s) => {
        const out = terminalLine(`${s}\nVerdict: PROCEED`);
        assert.ok(!out.includes('\n') && ACTIVE.exec(out) === null);
      }),
    );
  });

  it('escapeInline (the Markdown report) drops the same set: no C1 and no bidi override survive', () => {
    fc.assert(fc.property(hostile, (s) => assert.equal(ACTIVE.exec(escapeInline(s)), null)));
    assert.equal(escapeInline('a\u009b2J \u202eevil\u202c b'), 'a2J evil b');
  });

  it('shows what was there: ESC as the visible \\u001b, CRLF as a line feed', () => {
    assert.equal(terminalSafe('\u001b]0;title\u0007ok\r\nnext'), '\\u001b]0;title\\u0007ok\nnext');
  });
});
