/**
 * Structured outputs as the real Messages API documents them, for the fake
 * server: the JSON Schema subset that `output_config.format` and strict tools
 * accept (anything else is a 400), the request-wide complexity limits, and
 * the check that a scripted answer is one the constrained decoder could emit.
 *
 * Source: https://platform.claude.com/docs/en/build-with-claude/structured-outputs
 * ("JSON Schema limitations": supported / not supported / pattern support;
 * "Schema complexity limits": 20 strict tools, 24 optional parameters and 16
 * union-typed parameters across all strict schemas of one request).
 * Strict on purpose: a keyword the page does not list as supported is refused.
 */
import { Ajv2020 } from 'ajv/dist/2020';

export const MAX_STRICT_TOOLS = 20;
export const MAX_OPTIONAL_PARAMETERS = 24;
export const MAX_UNION_PARAMETERS = 16;
export const SUPPORTED_FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'uri', 'ipv4', 'ipv6', 'uuid']);

const KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  'allOf',
  '$ref',
  '$defs',
  'definitions',
  'default',
  'description',
  'title',
  'format',
  'minItems',
  'pattern',
]);
const NAMED_UNSUPPORTED: Record<string, string> = {
  minimum: 'Numerical constraints',
  maximum: 'Numerical constraints',
  exclusiveMinimum: 'Numerical constraints',
  exclusiveMaximum: 'Numerical constraints',
  multipleOf: 'Numerical constraints',
  minLength: 'String constraints',
  maxLength: 'String constraints',
  maxItems: 'Array constraints beyond minItems of 0 or 1',
};
/** Backreferences, lookahead/lookbehind, word boundaries. */
const UNSUPPORTED_REGEX = /\\[1-9]|\(\?[=!<]|\\[bB]/;
/** "Complex `{n,m}` quantifiers with large ranges" are refused; the page gives no figure, the fake draws the line here. */
export const LARGE_QUANTIFIER_BOUND = 1000;

function largeQuantifier(pattern: string): boolean {
  return [...pattern.matchAll(/\{(\d+)(?:,(\d*))?\}/g)].some((m) => Number(m[1]) > LARGE_QUANTIFIER_BOUND || (!!m[2] && Number(m[2]) > LARGE_QUANTIFIER_BOUND));
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

function isPrimitive(value: unknown): boolean {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/** Why the schema is outside the documented subset (the API's 400 message), or null. */
export function schemaProblem(schema: unknown, where = 'schema'): string | null {
  if (!isObject(schema)) return `${where}: a JSON Schema object is required`;
  const defs = { ...(isObject(schema.$defs) ? schema.$defs : {}), ...(isObject(schema.definitions) ? schema.definitions : {}) };
  const problem = nodeProblem(schema, where, defs);
  if (problem) return problem;
  return recursionProblem(defs, where);
}

function nodeProblem(node: unknown, path: string, defs: Json): string | null {
  if (!isObject(node)) return `${path}: each schema must be an object`;
  for (const key of Object.keys(node)) {
    if (NAMED_UNSUPPORTED[key]) return `${path}: ${NAMED_UNSUPPORTED[key]} (${key}) are not supported`;
    if (!KEYWORDS.has(key)) return `${path}: the keyword "${key}" is not supported`;
  }
  const type = node.type;
  const isObjectType = type === 'object' || (Array.isArray(type) && type.includes('object'));
  if (isObjectType && node.additionalProperties !== false) return `${path}: "additionalProperties" must be set to false for objects`;
  if ('additionalProperties' in node && node.additionalProperties !== false) return `${path}: "additionalProperties" set to anything other than false is not supported`;
  if (node.enum !== undefined && (!Array.isArray(node.enum) || !node.enum.every(isPrimitive))) return `${path}: complex types within enums are not supported`;
  if (node.const !== undefined && !isPrimitive(node.const)) return `${path}: complex types within const are not supported`;
  if (node.minItems !== undefined && node.minItems !== 0 && node.minItems !== 1) return `${path}: Array constraints beyond minItems of 0 or 1 are not supported`;
  if (node.format !== undefined && (typeof node.format !== 'string' || !SUPPORTED_FORMATS.has(node.format)))
    return `${path}: the string format ${JSON.stringify(node.format)} is not supported`;
  if (node.pattern !== undefined && (typeof node.pattern !== 'string' || UNSUPPORTED_REGEX.test(node.pattern))) {
    return `${path}: the pattern uses backreferences, lookaround or word boundaries, which are not supported`;
  }
  if (typeof node.pattern === 'string' && largeQuantifier(node.pattern)) return `${path}: the pattern uses a {n,m} quantifier with a large range, which is not supported`;
  if (node.$ref !== undefined) {
    if (typeof node.$ref !== 'string') return `${path}: $ref must be a string`;
    const ref = node.$ref;
    if (!ref.startsWith('#/')) return `${path}: external $ref is not supported`;
    const name = ref.replace(/^#\/(\$defs|definitions)\//, '');
    if (name === ref || !(name in defs)) return `${path}: $ref ${ref} does not resolve`;
  }
  if (Array.isArray(node.allOf) && node.allOf.some((s) => isObject(s) && '$ref' in s)) return `${path}: allOf with $ref is not supported`;
  const children: [string, unknown][] = [];
  if (isObject(node.properties)) for (const [k, v] of Object.entries(node.properties)) children.push([`${path}.properties.${k}`, v]);
  if (node.items !== undefined) children.push([`${path}.items`, node.items]);
  for (const key of ['anyOf', 'allOf'] as const) {
    if (node[key] !== undefined && !Array.isArray(node[key])) return `${path}.${key}: must be an array`;
    (node[key] as unknown[] | undefined)?.forEach((s, i) => children.push([`${path}.${key}.${i}`, s]));
  }
  for (const key of ['$defs', 'definitions'] as const) {
    if (isObject(node[key])) for (const [k, v] of Object.entries(node[key])) children.push([`${path}.${key}.${k}`, v]);
  }
  for (const [childPath, child] of children) {
    const problem = nodeProblem(child, childPath, defs);
    if (problem) return problem;
  }
  return null;
}

function refsIn(node: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => refsIn(n, out));
  else if (isObject(node)) {
    if (typeof node.$ref === 'string') out.add(node.$ref.replace(/^#\/(\$defs|definitions)\//, ''));
    Object.values(node).forEach((n) => refsIn(n, out));
  }
  return out;
}

function recursionProblem(defs: Json, where: string): string | null {
  const visiting = new Set<string>();
  const done = new Set<string>();
  const visit = (name: string): boolean => {
    if (done.has(name)) return false;
    if (visiting.has(name)) return true;
    visiting.add(name);
    const cyclic = [...refsIn(defs[name], new Set())].some(visit);
    visiting.delete(name);
    done.add(name);
    return cyclic;
  };
  return Object.keys(defs).some(visit) ? `${where}: Too many recursive definitions in schema (recursive schemas are not supported)` : null;
}

/** Optional (not in `required`) and union-typed (`anyOf` or a type array) parameters, counted through every level. */
export function schemaComplexity(schema: unknown): { optional: number; unions: number } {
  let optional = 0;
  let unions = 0;
  const walk = (node: unknown) => {
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

/**
 * The structured-output rules of a request body: the format's schema and
 * every strict tool's input schema are in the subset, and together they stay
 * within the documented limits. Null when the request is acceptable.
 */
export function structuredOutputProblem(body: Json): string | null {
  const schemas: unknown[] = [];
  const config = body.output_config;
  if (config !== undefined) {
    if (!isObject(config)) return 'output_config: must be an object';
    const format = config.format;
    if (format !== undefined && format !== null) {
      if (!isObject(format) || format.type !== 'json_schema') return 'output_config.format.type: must be "json_schema"';
      const problem = schemaProblem(format.schema, 'output_config.format.schema');
      if (problem) return problem;
      if (!isObject(format.schema) || format.schema.type !== 'object') return 'output_config.format.schema: the root must be an object schema';
      schemas.push(format.schema);
    }
  }
  const tools = Array.isArray(body.tools) ? (body.tools as Json[]) : [];
  const strict = tools.filter((t) => isObject(t) && t.strict === true);
  if (strict.length > MAX_STRICT_TOOLS) return `Too many strict tools (${strict.length}); the limit is ${MAX_STRICT_TOOLS}`;
  for (const [i, tool] of strict.entries()) {
    const problem = schemaProblem(tool.input_schema, `tools.${i}.input_schema`);
    if (problem) return problem;
    schemas.push(tool.input_schema);
  }
  const total = schemas.map(schemaComplexity).reduce((a, b) => ({ optional: a.optional + b.optional, unions: a.unions + b.unions }), { optional: 0, unions: 0 });
  if (total.optional > MAX_OPTIONAL_PARAMETERS)
    return `Schema is too complex for compilation: ${total.optional} optional parameters across all strict schemas (limit ${MAX_OPTIONAL_PARAMETERS})`;
  if (total.unions > MAX_UNION_PARAMETERS)
    return `Schema is too complex for compilation: ${total.unions} union-typed parameters across all strict schemas (limit ${MAX_UNION_PARAMETERS})`;
  return null;
}

const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
/** Validators by schema text: each request parses its schema anew, and compiling one costs far more than a request (the API caches its grammars too). */
const validators = new Map<string, ReturnType<typeof ajv.compile>>();

function validatorFor(schema: unknown): ReturnType<typeof ajv.compile> {
  const key = JSON.stringify(schema);
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(schema as object);
    validators.set(key, validate);
  }
  return validate;
}

/** Null when `text` is JSON that the schema accepts; otherwise why a constrained decoder could not have written it. */
export function answerProblem(schema: unknown, text: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `not JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
  const validate = validatorFor(schema);
  if (validate(value)) return null;
  const first = validate.errors?.[0];
  return `does not match the schema: ${first?.instancePath || '(root)'} ${first?.message ?? ''}`.trim();
}
