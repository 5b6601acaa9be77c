/**
 * The JSON report: the RunResult itself, validated against its schema.
 * Key order is the schema's (zod rebuilds objects in shape order) and unknown
 * keys are dropped, so the output is stable and carries only declared fields.
 */
import { RunResult } from '../run-types';

export class InvalidRunResultError extends Error {
  constructor(readonly issues: string[]) {
    super(`The run result does not match its schema: ${issues.slice(0, 5).join('; ')}`);
    this.name = 'InvalidRunResultError';
  }
}

export function renderJsonReport(result: RunResult): string {
  const parsed = RunResult.safeParse(result);
  if (!parsed.success) {
    throw new InvalidRunResultError(parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`));
  }
  return `${JSON.stringify(parsed.data, null, 2)}\n`;
}
