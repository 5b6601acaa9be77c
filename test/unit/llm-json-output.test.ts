import assert from 'node:assert/strict';
import fc from 'fast-check';
import * as z from 'zod';
import { balancedObjects, extractJson, formatIssues, parseAgentJson } from '../../src/core/llm/json-output';

const Answer = z.object({ verdict: z.enum(['PROCEED', 'REVISE']), items: z.array(z.string()).default([]) });

describe('llm: JSON output extraction', () => {
  it('reads a ```json fence and prefers it to braces in the prose', () => {
    const text = 'I considered {a, b} first.\n```json\n{"verdict":"PROCEED"}\n```\nDone.';
    assert.deepEqual(extractJson(text), { ok: true, value: { verdict: 'PROCEED' } });
  });

  it('reads a bare object surrounded by prose', () => {
    assert.deepEqual(extractJson('Here it is: {"a": 1, "b": [1, 2]} — hope that helps'), { ok: true, value: { a: 1, b: [1, 2] } });
  });

  it('ignores braces, quotes and escapes inside strings', () => {
    const value = { claim: 'use `{}` and "}" here \\ {', nested: { x: '}}}' } };
    const text = `Answer:\n${JSON.stringify(value, null, 2)}\ntrailing } brace`;
    assert.deepEqual(extractJson(text), { ok: true, value });
  });

  it('skips a balanced non-JSON candidate and takes the next that parses', () => {
    assert.deepEqual(extractJson('Set {x | x > 0} first, then {"ok": true}'), { ok: true, value: { ok: true } });
  });

  it('explains what is wrong when nothing usable is there', () => {
    assert.deepEqual(extractJson('no json at all'), { ok: false, error: 'no JSON object found in the answer' });
    const cut = extractJson('{"verdict": "PROCEED", "items": ["a"');
    assert.equal(cut.ok, false);
    assert.match((cut as { error: string }).error, /incomplete/);
    const broken = extractJson('{"verdict": PROCEED}');
    assert.match((broken as { error: string }).error, /does not parse/);
  });

  it('finds any JSON object embedded in arbitrary prose (property)', () => {
    const prose = fc.string().filter((s) => !s.includes('{') && !s.includes('`'));
    fc.assert(
      fc.property(prose, fc.dictionary(fc.string(), fc.jsonValue()), prose, (before, value, after) => {
        const result = extractJson(`${before}${JSON.stringify(value)}${after}`);
        assert.deepEqual(result, { ok: true, value: JSON.parse(JSON.stringify(value)) });
      }),
      { numRuns: 200 },
    );
  });

  it('never throws on arbitrary text (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('{', '}', '"', '\\', 'a', ' ', '`', '\n', 'json') }), (text) => {
        const spans = balancedObjects(text);
        for (const s of spans) assert.ok(text[s.start] === '{' && text[s.end - 1] === '}');
        extractJson(text);
      }),
      { numRuns: 300 },
    );
  });

  it('validates with the schema and lists issues as path: message', () => {
    assert.deepEqual(parseAgentJson('{"verdict":"REVISE"}', Answer), { ok: true, value: { verdict: 'REVISE', items: [] } });
    const bad = parseAgentJson('{"verdict":"MAYBE","items":[1]}', Answer);
    assert.equal(bad.ok, false);
    const problem = (bad as { problem: string }).problem;
    assert.match(problem, /- verdict: /);
    assert.match(problem, /- items\.0: /);
  });

  it('caps the issue list', () => {
    const Many = z.object(Object.fromEntries(Array.from({ length: 14 }, (_, i) => [`f${i}`, z.string()])));
    const result = Many.safeParse({});
    assert.equal(result.success, false);
    const text = formatIssues(result.error, 10);
    assert.equal(text.split('\n').length, 11);
    assert.match(text, /and 4 more/);
  });
});
