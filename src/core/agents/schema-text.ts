/**
 * Renders a zod schema as a compact TypeScript-like type for prompts.
 * Generated from the same zod schema that validates the answer, so the
 * instructions a model reads can never drift from what the engine accepts.
 * Compact on purpose: every prompt token is paid on every call.
 */
import * as z from 'zod';

type Json = Record<string, unknown>;

export function schemaText(schema: z.ZodType): string {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  return render(json, 0);
}

function render(node: Json, depth: number): string {
  const anyOf = node.anyOf as Json[] | undefined;
  if (anyOf) return anyOf.map((n) => render(n, depth)).join(' | ');
  const enumValues = node.enum as unknown[] | undefined;
  if (enumValues) return enumValues.map((v) => JSON.stringify(v)).join('|');
  if (node.const !== undefined) return JSON.stringify(node.const);
  switch (node.type) {
    case 'string':
      return 'string';
    case 'integer':
      return rangeNote('integer', node);
    case 'number':
      return rangeNote('number', node);
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array': {
      const items = render((node.items as Json) ?? {}, depth);
      const max = typeof node.maxItems === 'number' ? ` /* max ${node.maxItems} */` : '';
      return `Array<${items}>${max}`;
    }
    case 'object':
      return renderObject(node, depth);
    default:
      return 'unknown';
  }
}

function rangeNote(type: string, node: Json): string {
  const min = typeof node.minimum === 'number' && node.minimum > -1e15 ? node.minimum : undefined;
  const max = typeof node.maximum === 'number' && node.maximum < 1e15 ? node.maximum : undefined;
  if (min === undefined && max === undefined) return type;
  return `${type} /* ${min ?? ''}..${max ?? ''} */`;
}

function renderObject(node: Json, depth: number): string {
  const props = node.properties as Record<string, Json> | undefined;
  if (!props) {
    const names = (node.propertyNames as Json | undefined)?.enum as string[] | undefined;
    const value = node.additionalProperties as Json | undefined;
    if (names && value) {
      return renderObject({ properties: Object.fromEntries(names.map((n) => [n, value])), required: names }, depth);
    }
    return 'object';
  }
  const required = new Set((node.required as string[] | undefined) ?? []);
  const pad = '  '.repeat(depth + 1);
  // Fields the engine fills in (described "Set by the engine…") are not the model's to write.
  const lines = Object.entries(props)
    .filter(([, value]) => !(typeof value.description === 'string' && value.description.startsWith('Set by the engine')))
    .map(([key, value]) => {
      const optional = required.has(key) ? '' : '?';
      const note = typeof value.description === 'string' ? ` // ${value.description}` : '';
      return `${pad}${key}${optional}: ${render(value, depth + 1)};${note}`;
    });
  return `{\n${lines.join('\n')}\n${'  '.repeat(depth)}}`;
}
