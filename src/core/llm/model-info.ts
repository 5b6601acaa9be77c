/**
 * What the Models API says about a model (`GET /v1/models/{id}`,
 * https://platform.claude.com/docs/en/api/models/retrieve): its limits
 * (`max_tokens`, the most a request may ask for, thinking included;
 * `max_input_tokens`, the context window) and the capabilities that shape
 * our requests. Parsed with zod: the answer is external input, and a field
 * that is missing or malformed is unknown, not a failure.
 */
import * as z from 'zod';
import { findModel, type ModelCapabilities, type ModelLimits } from '../models';

const Supported = z.object({ supported: z.boolean() }).nullish().catch(null);

/** The fields we read from a `ModelInfo`; everything else is ignored. */
export const ModelInfoAnswer = z.object({
  id: z.string(),
  max_tokens: z.number().int().positive().nullish().catch(null),
  max_input_tokens: z.number().int().positive().nullish().catch(null),
  capabilities: z
    .object({
      effort: Supported,
      structured_outputs: Supported,
      thinking: z
        .object({ types: z.object({ adaptive: Supported, disabled: Supported }).nullish().catch(null) })
        .nullish()
        .catch(null),
    })
    .nullish()
    .catch(null),
});

/** A model as the Models API describes it; a field it did not give is absent. */
export interface ModelFacts {
  id: string;
  limits: Partial<ModelLimits>;
  capabilities: Partial<Pick<ModelCapabilities, 'adaptiveThinking' | 'effort' | 'structuredOutputs' | 'thinkingAlwaysOn'>>;
}

export function factsFromAnswer(answer: unknown): ModelFacts | null {
  const parsed = ModelInfoAnswer.safeParse(answer);
  if (!parsed.success) return null;
  const info = parsed.data;
  const caps = info.capabilities;
  const types = caps?.thinking?.types;
  const capabilities: ModelFacts['capabilities'] = {};
  if (types?.adaptive) capabilities.adaptiveThinking = types.adaptive.supported;
  if (types?.disabled) capabilities.thinkingAlwaysOn = !types.disabled.supported;
  if (caps?.effort) capabilities.effort = caps.effort.supported;
  if (caps?.structured_outputs) capabilities.structuredOutputs = caps.structured_outputs.supported;
  return {
    id: info.id,
    limits: {
      ...(info.max_tokens ? { maxOutputTokens: info.max_tokens } : {}),
      ...(info.max_input_tokens ? { maxInputTokens: info.max_input_tokens } : {}),
    },
    capabilities,
  };
}

/** The limits to use: the Models API's where it gave them, else the table's; undefined when neither has an output limit. */
export function effectiveLimits(id: string, facts: ModelFacts | null | undefined): ModelLimits | undefined {
  const table = findModel(id)?.limits;
  const maxOutputTokens = facts?.limits.maxOutputTokens ?? table?.maxOutputTokens;
  if (maxOutputTokens === undefined) return undefined;
  return { maxOutputTokens, maxInputTokens: facts?.limits.maxInputTokens ?? table?.maxInputTokens ?? maxOutputTokens };
}

const CAPABILITY_NAMES: Record<keyof ModelFacts['capabilities'], string> = {
  adaptiveThinking: 'adaptive thinking',
  effort: 'effort',
  structuredOutputs: 'structured outputs',
  thinkingAlwaysOn: 'thinking always on',
};

/** Where the model table disagrees with what the Models API said, one phrase per field; empty when they agree or the table does not know the id. */
export function tableDisagreements(id: string, facts: ModelFacts): string[] {
  const entry = findModel(id);
  if (!entry) return [];
  const out: string[] = [];
  const limit = (name: string, api: number | undefined, table: number | undefined) => {
    if (api !== undefined && table !== undefined && api !== table) out.push(`${name} ${api.toLocaleString('en-US')} (table: ${table.toLocaleString('en-US')})`);
  };
  limit('max_tokens', facts.limits.maxOutputTokens, entry.limits?.maxOutputTokens);
  limit('max_input_tokens', facts.limits.maxInputTokens, entry.limits?.maxInputTokens);
  for (const key of Object.keys(CAPABILITY_NAMES) as (keyof ModelFacts['capabilities'])[]) {
    const api = facts.capabilities[key];
    if (api !== undefined && api !== entry.capabilities[key])
      out.push(`${CAPABILITY_NAMES[key]} ${api ? 'supported' : 'not supported'} (table: ${entry.capabilities[key] ? 'yes' : 'no'})`);
  }
  return out;
}
