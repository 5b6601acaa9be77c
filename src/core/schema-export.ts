/** JSON Schemas of the protocol, rendered with zod's exporter (the single source stays protocol.ts). */
import * as z from 'zod';
import { EXPORTED_SCHEMAS } from './protocol';
import { RunResult } from './run-types';

/** File name → file text (stable: same input, same bytes). */
export function renderSchemas(): Record<string, string> {
  const all: Record<string, z.ZodType> = { ...EXPORTED_SCHEMAS, 'run-result': RunResult };
  const out: Record<string, string> = {};
  for (const [name, schema] of Object.entries(all)) {
    const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });
    out[`${name}.schema.json`] = `${JSON.stringify({ title: name, ...json }, null, 2)}\n`;
  }
  return out;
}
