/**
 * The answer schemas sent as `output_config.format` (src/core/llm/output-schema.ts)
 * against the zod schemas that validate the answers, for every role:
 *
 * - every exported schema, alone and with every strict research tool of a
 *   request, stays inside the subset the API accepts (the fake's rules,
 *   test/support/fake-anthropic-schema.ts, from the structured-outputs page);
 * - any value the exported schema accepts (generated from it) is one zod
 *   accepts in shape: wrong types, unknown keys, enum values or a missing
 *   field would mean the constrained decoder can write an answer the engine
 *   rejects as malformed. The only failures allowed are the constraints the
 *   export moves into descriptions (lengths, bounds, counts, patterns,
 *   refinements), which zod still enforces;
 * - every zod-valid answer, as the model writes it (engine-set fields left
 *   out), is one the exported schema accepts, so the decoder can always write
 *   a valid answer: checked on the scripted answers the other tests use and
 *   on every generated value zod accepts.
 */
import assert from 'node:assert/strict';
import { Ajv2020 } from 'ajv/dist/2020';
import fc from 'fast-check';
import * as z from 'zod';
import { auditorAgent, challengerAgent, devilsAdvocateAgent, domainExpertAgent, researcherAgent, resolverAgent, synthesizerAgent } from '../../src/core/agents';
import { JudgeAnswer } from '../../src/core/eval/judge';
import { toApiTool } from '../../src/core/llm/anthropic';
import { answerJsonSchema, isSimplePattern, strictSchema } from '../../src/core/llm/output-schema';
import { toolSpecs } from '../../src/core/research/tools';
import { schemaProblem, structuredOutputProblem } from '../support/fake-anthropic-schema';
import { audit, challenge, challengerOut, planEvidence, quality, researcherOut, resolverOut, synth, unknown, update } from '../support/replies';

type Json = Record<string, unknown>;

const ANSWERS: [name: string, schema: z.ZodType][] = [
  ...[challengerAgent, domainExpertAgent, devilsAdvocateAgent, resolverAgent, researcherAgent, synthesizerAgent, auditorAgent].map(
    (a) => [a.role, a.schema] as [string, z.ZodType],
  ),
  ['eval judge', JudgeAnswer],
];

const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** Issue codes for the constraints the export moves into descriptions (zod enforces them on the answer). */
const CONSTRAINT_CODES = new Set(['too_big', 'too_small', 'invalid_format', 'not_multiple_of', 'custom']);

/** Zod issues that are not about a constraint moved into a description, unions searched for an option that fits in shape. */
function shapeIssues(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  return issues.flatMap((issue): z.core.$ZodIssue[] => {
    if (issue.code === 'invalid_union') {
      const fits = issue.errors.some((option) => shapeIssues(option).length === 0);
      return fits ? [] : [issue];
    }
    return CONSTRAINT_CODES.has(issue.code) ? [] : [issue];
  });
}

/** Values the exported (subset) schema accepts, generated from it. */
function arbitraryFor(node: unknown, defs: Json): fc.Arbitrary<unknown> {
  if (!isObject(node)) throw new Error(`not a schema: ${JSON.stringify(node)}`);
  if (typeof node.$ref === 'string') return arbitraryFor(defs[node.$ref.replace(/^#\/(\$defs|definitions)\//, '')], defs);
  if (Array.isArray(node.anyOf)) return fc.oneof(...node.anyOf.map((n) => arbitraryFor(n, defs)));
  if (Array.isArray(node.enum)) return fc.constantFrom(...(node.enum as unknown[]));
  if ('const' in node) return fc.constant(node.const);
  if (Array.isArray(node.type)) return fc.oneof(...node.type.map((t) => arbitraryFor({ ...node, type: t }, defs)));
  switch (node.type) {
    case 'object': {
      const props = isObject(node.properties) ? node.properties : {};
      const required = Array.isArray(node.required) ? (node.required as string[]) : [];
      const shape = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, arbitraryFor(v, defs)]));
      return fc.record(shape, { requiredKeys: required.filter((k) => k in props) });
    }
    case 'array':
      return fc.array(node.items === undefined ? fc.jsonValue() : arbitraryFor(node.items, defs), { minLength: Number(node.minItems ?? 0), maxLength: 4 });
    case 'string':
      if (typeof node.pattern === 'string') return fc.stringMatching(new RegExp(node.pattern));
      // Mostly short plausible text (so zod's own constraints pass often enough to exercise the other direction), sometimes anything.
      return fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom('C1', 'C2', 'U1', 'n1', 'src/app.ts', 'Step 1', 'The plan assumes one region', 'sessions') },
        { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
      );
    case 'integer': {
      // Mostly within the bounds the export moved into the description ("{minimum: 1, maximum: 10}"), so that answers with
      // seven scores are often zod-valid too; sometimes anywhere.
      const text = typeof node.description === 'string' ? node.description : '';
      const min = Number(/minimum: (-?\d+)/.exec(text)?.[1] ?? -3);
      const max = Number(/maximum: (-?\d+)/.exec(text)?.[1] ?? 12);
      return fc.oneof({ weight: 6, arbitrary: fc.integer({ min, max: Math.max(min, max) }) }, { weight: 1, arbitrary: fc.integer({ min: -3, max: 12 }) });
    }
    case 'number':
      return fc.oneof(fc.integer({ min: -3, max: 12 }), fc.double({ min: -1e6, max: 1e6, noNaN: true }));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      throw new Error(`no generator for ${JSON.stringify(node)}`);
  }
}

/** Property names the engine fills in ("Set by the engine…" in the zod schema), which the model leaves out. */
function engineFields(schema: z.ZodType): Set<string> {
  const names = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!isObject(node)) return;
    if (isObject(node.properties)) {
      for (const [k, v] of Object.entries(node.properties)) if (isObject(v) && typeof v.description === 'string' && v.description.startsWith('Set by the engine')) names.add(k);
    }
    Object.values(node).forEach(walk);
  };
  walk(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }));
  return names;
}

/** A parsed answer as the model writes it: without the engine's fields. */
function asModelWrites(value: unknown, fields: Set<string>): unknown {
  return JSON.parse(JSON.stringify(value), (key, v: unknown) => (fields.has(key) ? undefined : v));
}

/** zod-valid answers the scripted tests send (test/support/replies.ts), per role. */
const CORPUS: Record<string, unknown[]> = {
  challenger: [
    challengerOut([]),
    challengerOut([challenge({ quote: 'Step 2', severity: 'BLOCKING' }), challenge({ ref: 'n2', severity: 'MINOR' })], [unknown({ affects_challenge: 'n2' })]),
  ],
  resolver: [resolverOut([]), resolverOut([{ id: 'U1', resolution: 'CONFIRMED', finding: 'src/app.ts parses JSON for every route' }])],
  researcher: [
    researcherOut(),
    researcherOut({ surfaced: [{ source: 'codebase', location: 'src/app.ts', relevance: 'Parses JSON for every route', impact: 'contradicts_plan', generates_challenge: null }] }),
  ],
  synthesizer: [synth(), synth([update('C1', 'RESOLVED', 'The plan falls back to read-only mode', [planEvidence('fall back to read-only mode')])], { quality: quality(8) })],
  auditor: [audit(), audit({ confirmed: false, note: 'The score for risk coverage is high for an unresolved BLOCKING challenge' })],
};
CORPUS['domain-expert'] = CORPUS.challenger!;
CORPUS['devils-advocate'] = CORPUS.challenger!;

describe('answer schemas for output_config.format: the JSON Schema and the zod schema agree (property)', () => {
  for (const [name, schema] of ANSWERS) {
    describe(name, () => {
      const exported = answerJsonSchema(schema);
      const validate = ajv.compile(exported);
      const fields = engineFields(schema);

      it('is inside the subset the API accepts, alone and with every strict research tool', () => {
        assert.equal(schemaProblem(exported), null);
        assert.equal(exported.type, 'object');
        const tools = toolSpecs({ memory: true, webSearch: true }).map(toApiTool);
        assert.ok(tools.some((t) => (t as { strict?: boolean }).strict === true));
        for (const body of [
          { output_config: { format: { type: 'json_schema', schema: exported } } },
          { output_config: { format: { type: 'json_schema', schema: exported } }, tools },
        ]) {
          assert.equal(structuredOutputProblem(body), null);
        }
      });

      it('every value the exported schema accepts is one zod accepts in shape; those zod accepts go back through the exported schema', () => {
        const defs = { ...(isObject(exported.$defs) ? exported.$defs : {}), ...(isObject(exported.definitions) ? exported.definitions : {}) };
        let zodAccepted = 0;
        fc.assert(
          fc.property(arbitraryFor(exported, defs), (value) => {
            assert.ok(validate(value), `generator produced a value its schema rejects: ${JSON.stringify(validate.errors)}`);
            const parsed = schema.safeParse(value);
            if (!parsed.success) {
              const wrong = shapeIssues(parsed.error.issues);
              assert.deepEqual(wrong, [], `the decoder could write ${JSON.stringify(value)}, which zod rejects in shape`);
              return;
            }
            zodAccepted++;
            const written = asModelWrites(parsed.data, fields);
            assert.ok(validate(written), `zod's answer ${JSON.stringify(written)} is refused by the exported schema: ${JSON.stringify(validate.errors)}`);
          }),
          { numRuns: 200 },
        );
        assert.ok(zodAccepted > 0, 'some generated values are valid answers, so the second half ran');
      });

      it('the scripted answers of the test corpus, as the model writes them, pass the exported schema', () => {
        for (const sample of CORPUS[name] ?? [
          { flaw_id: null, reason: 'No listed flaw matches' },
          { flaw_id: 'F1', reason: 'Same missing raw body' },
        ]) {
          assert.ok(schema.safeParse(sample).success, `corpus sample is not zod-valid: ${JSON.stringify(sample)}`);
          const written = asModelWrites(schema.parse(sample), fields);
          assert.ok(validate(written), `${JSON.stringify(written)}: ${JSON.stringify(validate.errors)}`);
        }
      });
    });
  }
});

/** Every `pattern` in a schema, with its path. */
function patternsIn(node: unknown, path = '$', out: [string, string][] = []): [string, string][] {
  if (Array.isArray(node)) node.forEach((n, i) => patternsIn(n, `${path}[${i}]`, out));
  else if (isObject(node)) {
    if (typeof node.pattern === 'string') out.push([path, node.pattern]);
    for (const [k, v] of Object.entries(node)) patternsIn(v, `${path}.${k}`, out);
  }
  return out;
}

describe('the grammar enforces what it can: simple patterns and enums stay in the exported schema (property)', () => {
  it('the id patterns the answers use (challenge C1, unknown U1) reach output_config.format; every kept pattern is inside the subset', () => {
    const kept = new Set(ANSWERS.flatMap(([, schema]) => patternsIn(answerJsonSchema(schema)).map(([, p]) => p)));
    for (const id of ['^C\\d+$', '^U\\d+$']) assert.ok(kept.has(id), `${id} is not enforced by the grammar`);
    for (const pattern of kept) assert.ok(isSimplePattern(pattern), pattern);
    const challenger = answerJsonSchema(challengerAgent.schema);
    assert.ok(JSON.stringify(challenger).includes('"enum":["BLOCKING","SIGNIFICANT","MINOR"]'), 'severity stays an enum');
  });

  it('any pattern: a simple one is kept and the API accepts it, any other moves into the description; the result is always inside the subset', () => {
    const piece = fc.constantFrom('a', 'C', '\\d', '\\w', '\\s', '.', '[A-Z]', '[0-9a-f]', '(ab)', '(x|y)', '\\-', '\\.', '\\b', '\\1', '(?=a)', '(?:a)', '\\p{L}');
    const quantifier = fc.constantFrom('', '*', '+', '?', '{2}', '{1,3}', '{3,}', '{1,5000}', '{100}');
    const pattern = fc
      .tuple(fc.boolean(), fc.array(fc.tuple(piece, quantifier), { minLength: 1, maxLength: 5 }), fc.boolean())
      .map(([start, parts, end]) => `${start ? '^' : ''}${parts.map(([p, q]) => p + q).join('')}${end ? '$' : ''}`);
    fc.assert(
      fc.property(pattern, (p) => {
        const out = strictSchema({ type: 'object', properties: { id: { type: 'string', pattern: p } }, required: ['id'] });
        assert.equal(schemaProblem(out), null, `${p} → ${JSON.stringify(out)}`);
        const id = (out.properties as Record<string, Json>).id!;
        if (isSimplePattern(p)) assert.equal(id.pattern, p);
        else {
          assert.equal(id.pattern, undefined);
          assert.ok(String(id.description).includes(JSON.stringify(p)), 'zod still enforces it; the model reads it');
        }
      }),
      { numRuns: 300 },
    );
  });
});
