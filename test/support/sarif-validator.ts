/**
 * Validation against the official SARIF 2.1.0 JSON Schema shipped in
 * test/fixtures/sarif (Errata 01, JSON Schema draft-04: hence ajv-draft-04).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import AjvDraft04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';

const SCHEMA_FILE = path.join(__dirname, '..', 'fixtures', 'sarif', 'sarif-schema-2.1.0.json');

let validate: ReturnType<AjvDraft04['compile']> | null = null;

/** Schema errors of `log` as "path: message" lines; empty when it is valid SARIF 2.1.0. */
export function sarifSchemaErrors(log: unknown): string[] {
  if (!validate) {
    const ajv = new AjvDraft04({ allErrors: true, strict: false });
    addFormats(ajv);
    validate = ajv.compile(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as object);
  }
  if (validate(log)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'}: ${e.message ?? 'invalid'} ${JSON.stringify(e.params)}`);
}
