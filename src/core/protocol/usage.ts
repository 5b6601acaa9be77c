/**
 * Token usage and the record of one agent call (model, cost, duration, tool
 * calls): what a run result and the live panel list per call.
 */
import * as z from 'zod';
import { AgentRole } from './enums';

export const Usage = z.object({
  input_tokens: z.number().int().min(0),
  output_tokens: z.number().int().min(0),
  cache_read_input_tokens: z.number().int().min(0),
  cache_creation_input_tokens: z.number().int().min(0),
});
export type Usage = z.infer<typeof Usage>;

export const CallRecord = z.object({
  role: AgentRole,
  iteration: z.number().int().min(0),
  model: z.string(),
  usage: Usage,
  cost_usd: z.number().min(0),
  duration_ms: z.number().min(0),
  tool_calls: z.number().int().min(0).default(0),
  ok: z.boolean(),
});
export type CallRecord = z.infer<typeof CallRecord>;
