/**
 * JSON Schemas for structured outputs, from the same zod schemas that
 * validate the answers (protocol.ts, research/tools.ts).
 *
 * The Messages API accepts a subset of JSON Schema for `output_config.format`
 * and strict tools (https://platform.claude.com/docs/en/build-with-claude/structured-outputs,
 * "JSON Schema limitations"): every object closed with `additionalProperties:
 * false`, no numeric or string length constraints, `minItems` only 0 or 1,
 * and at most 24 optional and 16 union-typed parameters across all strict
 * schemas of a request. `strictSchema` keeps everything inside that subset
 * that the grammar can enforce — types, `enum` / `const` of primitives,
 * supported string formats, `minItems` 0 or 1, and simple `pattern`s (the
 * page's "Pattern support": anchors, `*` `+` `?` and small `{n,m}`
 * quantifiers, character classes, `.` `\d` `\w` `\s`, groups; no
 * backreferences, lookaround or word boundaries) such as the ids `^C\d+$`
 * — and moves the rest into the description, as the SDK's own transform
 * does; zod still enforces it when the answer is parsed.
 *
 * Answer schemas are rendered as zod's output type: fields with a default are
 * required there, so the model writes them (an empty list, `false`) and the
 * optional-parameter budget stays free for the strict research tools. Fields
 * the engine fills in (described "Set by the engine…") are left out: the model
 * must not be asked to write them.
 */
import * as z from 'zod';

type Json = Record<string, unknown>;

const ENGINE_FIELD = /^Set by the engine/;
const SUPPORTED_FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'uri', 'ipv4', 'ipv6', 'uuid']);
/** The largest bound a `{n,m}` quantifier may carry and still count as simple. */
export const MAX_PATTERN_BOUND = 100;
const answerSchemas = new WeakMap<z.ZodType, Json>();

function isObject(value: unknown): value is Json {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

function isPrimitive(value: unknown): boolean {
  return value === null || typeof value !== 'object';
}

/**
 * Whether a regular expression uses only the features the structured-outputs
 * page lists as supported: literals and escaped punctuation, `^` `$`, `.`,
 * `\d` `\w` `\s` (and their negations), character classes, groups and
 * alternation, `*` `+` `?` and `{n}` / `{n,}` / `{n,m}` with bounds up to
 * `MAX_PATTERN_BOUND`.
 */
export function isSimplePattern(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
  } catch {
    return false;
  }
  if (/\\[1-9bBpPkuxc0]|\(\?/.test(pattern)) return false;
  for (const match of pattern.matchAll(/\{(\d+)(?:,(\d*))?\}/g)) {
    if (Number(match[1]) > MAX_PATTERN_BOUND || (match[2] && Number(match[2]) > MAX_PATTERN_BOUND)) return false;
  }
  const escapes = pattern.match(/\\./g) ?? [];
  return escapes.every((e) => /^\\[dDwWsS.\\^$|?*+()[\]{}/-]$/.test(e));
}

/** The schema inside the strict subset: what the grammar can enforce stays, the rest goes into the description. */
export function strictSchema(schema: Json): Json {
  return strictNode(structuredClone(schema));
}

function strictNode(node: Json): Json {
  const out: Json = {};
  const take = (key: string): unknown => {
    const value = node[key];
    delete node[key];
    return value;
  };
  const defs = take('$defs');
  if (isObject(defs)) out.$defs = Object.fromEntries(Object.entries(defs).map(([name, def]) => [name, strictNode(def as Json)]));
  const ref = take('$ref');
  if (ref !== undefined) return { ...out, $ref: ref };
  if (Array.isArray(node.enum) && node.enum.length > 0 && node.enum.every(isPrimitive)) out.enum = take('enum');
  if (node.const !== undefined && isPrimitive(node.const)) out.const = take('const');
  const literal = 'enum' in out || 'const' in out;
  const declared = take('type');
  const type = literal ? undefined : declared;
  const anyOf = take('anyOf');
  const oneOf = take('oneOf');
  const allOf = take('allOf');
  take('$schema');
  if (Array.isArray(anyOf ?? oneOf)) out.anyOf = ((anyOf ?? oneOf) as Json[]).map(strictNode);
  else if (Array.isArray(allOf)) out.allOf = (allOf as Json[]).map(strictNode);
  else if (!literal) {
    if (type === undefined) throw new Error('JSON schema must have a type defined if anyOf/oneOf/allOf/enum/const are not used');
    out.type = type;
  }
  const description = take('description');
  if (description !== undefined) out.description = description;
  const title = take('title');
  if (title !== undefined) out.title = title;
  if (type === 'object') {
    const properties = take('properties');
    out.properties = Object.fromEntries(Object.entries(isObject(properties) ? properties : {}).map(([key, value]) => [key, strictNode(value as Json)]));
    take('additionalProperties');
    out.additionalProperties = false;
    const required = take('required');
    if (required !== undefined) out.required = required;
  } else if (type === 'string') {
    if (typeof node.format === 'string' && SUPPORTED_FORMATS.has(node.format)) out.format = take('format');
    if (typeof node.pattern === 'string' && isSimplePattern(node.pattern)) out.pattern = take('pattern');
  } else if (type === 'array') {
    const items = take('items');
    if (isObject(items)) out.items = strictNode(items);
    if (node.minItems === 0 || node.minItems === 1) out.minItems = take('minItems');
  }
  const rest = Object.entries(node);
  if (rest.length > 0) {
    const moved = `{${rest.map(([key, value]) => `${key}: ${JSON.stringify(value)}`).join(', ')}}`;
    out.description = typeof out.description === 'string' ? `${out.description}\n\n${moved}` : moved;
  }
  return out;
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
  const strict = strictSchema(json);
  answerSchemas.set(schema, strict);
  return strict;
}

/** A tool input schema inside the strict subset (for `strict: true` tools). */
export function strictToolSchema(inputSchema: Json): Json {
  return strictSchema(inputSchema);
}

/**
 * The request-wide limits of structured outputs: optional and union-typed
 * parameters counted across the format and every strict tool schema of one
 * request (structured-outputs page, "Schema complexity limits").
 */
export const MAX_OPTIONAL_PARAMETERS = 24;
export const MAX_UNION_PARAMETERS = 16;

/** Optional (not in `required`) and union-typed (`anyOf` or a type array) parameters, through every level. */
export function schemaComplexity(schema: unknown): { optional: number; unions: number } {
  let optional = 0;
  let unions = 0;
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!isObject(node)) return;
    if (isObject(node.properties)) {
      const required = new Set(Array.isArray(node.required) ? node.required : []);
      optional += Object.keys(node.properties).filter((k) => !required.has(k)).length;
    }
    if (Array.isArray(node.anyOf) || Array.isArray(node.type)) unions++;
    Object.values(node).forEach(walk);
  };
  walk(schema);
  return { optional, unions };
}
