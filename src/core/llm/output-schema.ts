/**
 * JSON Schemas for structured outputs, from the same zod schemas that
 * validate the answers (protocol.ts, research/tools.ts).
 *
 * The Messages API accepts a subset of JSON Schema for `output_config.format`
 * and strict tools (https://platform.claude.com/docs/en/build-with-claude/structured-outputs,
 * "JSON Schema limitations"): every object closed with `additionalProperties:
 * false`, no numeric or string length constraints, `minItems` only 0 or 1,
 * and at most 24 optional and 16 union-typed parameters across all strict
 * schemas of a request. The SDK's own transform (the one its `zodOutputFormat`
 * function uses) moves unsupported constraints into descriptions; zod still
 * enforces them when the answer is parsed.
 *
 * Answer schemas are rendered as zod's output type: fields with a default are
 * required there, so the model writes them (an empty list, `false`) and the
 * optional-parameter budget stays free for the strict research tools. Fields
 * the engine fills in (described "Set by the engine…") are left out: the model
 * must not be asked to write them.
 */
import { transformJSONSchema } from '@anthropic-ai/sdk/lib/transform-json-schema';
import * as z from 'zod';

type Json = Record<string, unknown>;

const ENGINE_FIELD = /^Set by the engine/;
const answerSchemas = new WeakMap<z.ZodType, Json>();

function isObject(value: unknown): value is Json {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** Removes engine-set properties (and their `required` entries) at every level, in place. */
function withoutEngineFields(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(withoutEngineFields);
  if (!isObject(node)) return;
  if (isObject(node.properties)) {
    const props = node.properties;
    for (const [key, value] of Object.entries(props)) {
      if (isObject(value) && typeof value.description === 'string' && ENGINE_FIELD.test(value.description)) {
        delete props[key];
        if (Array.isArray(node.required)) node.required = node.required.filter((r) => r !== key);
      }
    }
  }
  Object.values(node).forEach(withoutEngineFields);
}

/** The JSON Schema sent as `output_config.format.schema` for answers validated by `schema` (memoised per schema). */
export function answerJsonSchema(schema: z.ZodType): Json {
  const cached = answerSchemas.get(schema);
  if (cached) return cached;
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as Json;
  withoutEngineFields(json);
  const strict = transformJSONSchema(json);
  answerSchemas.set(schema, strict);
  return strict;
}

/** A tool input schema inside the strict subset (for `strict: true` tools). */
export function strictToolSchema(inputSchema: Json): Json {
  return transformJSONSchema(inputSchema);
}
