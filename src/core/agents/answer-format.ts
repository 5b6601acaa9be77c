/**
 * One answer format for the roles that share a prompt-cache prefix.
 *
 * Structured outputs put the format's schema in the cached prefix right after
 * the tools, and a different format starts a new prefix there (llm/README.md
 * "Prompt caching"). A format per role would leave the roles on one model
 * sharing nothing but their tools, so the roles of one group — same model,
 * same effort, same tool list — get one byte-identical format: an object with
 * one optional property per kind of answer (ANSWER_KEYS). The task names the
 * property a call fills; zod accepts exactly that property with that role's
 * answer, so a reply that fills another property, several, or none is an
 * invalid answer like any other (a failed agent under the failure protocol).
 *
 * A group whose format and strict tools would exceed the API's complexity
 * limits is split, one format per role (still the envelope, so the wire shape
 * never depends on the grouping).
 */
import * as z from 'zod';
import type { AgentRole } from '../protocol';
import { answerJsonSchema, MAX_OPTIONAL_PARAMETERS, MAX_UNION_PARAMETERS, schemaComplexity } from '../llm/output-schema';

type Json = Record<string, unknown>;

/** The property each role's answer goes in; roles with one answer schema share one. */
export const ANSWER_KEYS: Record<AgentRole, string> = {
  challenger: 'challenges',
  'domain-expert': 'challenges',
  'devils-advocate': 'challenges',
  resolver: 'resolved_unknowns',
  researcher: 'research',
  synthesizer: 'synthesis',
  auditor: 'audit',
};

const DESCRIPTION = 'One answer. Fill exactly the one property your task names, with your whole answer; leave every other property out.';

/** What a role needs to send and read an enveloped answer. */
export interface AnswerFormat<T> {
  /** Sent as `output_config.format.schema`; byte-identical for every role of the group. */
  jsonSchema: Json;
  /** Accepts the envelope with this role's property only and returns the role's answer. */
  schema: z.ZodType<T>;
  /** The property the role fills. */
  key: string;
}

/** Whether a format schema is an answer envelope (for tools that read requests, such as the test API's scripts). */
export function isAnswerEnvelope(schema: unknown): boolean {
  return !!schema && typeof schema === 'object' && (schema as Json).description === DESCRIPTION;
}

/** The sentence that ends the role's task: which property to fill. */
export function answerKeyInstruction(key: string): string {
  return `Write your answer in the "${key}" property of the answer object and leave every other property out.`;
}

/** The envelope's JSON Schema for these answer schemas (by property, in a stable order). */
export function envelopeJsonSchema(answers: ReadonlyMap<string, z.ZodType>): Json {
  const keys = [...answers.keys()].sort();
  return {
    type: 'object',
    description: DESCRIPTION,
    properties: Object.fromEntries(keys.map((key) => [key, answerJsonSchema(answers.get(key)!)])),
    required: [],
    additionalProperties: false,
  };
}

/** Zod for one role's branch of an envelope: exactly `{ [key]: answer }`, read as the answer. */
export function envelopeSchema<T>(key: string, schema: z.ZodType<T>): z.ZodType<T> {
  return z.strictObject({ [key]: schema }).transform((value) => value[key] as T);
}

export interface FormatMember {
  role: AgentRole;
  schema: z.ZodType;
  /** Same model, effort and tool list: the roles whose requests can share a prefix. */
  group: string;
}

/**
 * One format per group, each role's branch of it. `strictToolSchemas(member)`
 * are the input schemas of the strict tools a member's requests carry (the
 * same for the whole group): they count against the same complexity limits
 * as the format.
 */
export function answerFormats(members: readonly FormatMember[], strictToolSchemas: (member: FormatMember) => readonly Json[]): Map<AgentRole, AnswerFormat<unknown>> {
  const groups = new Map<string, FormatMember[]>();
  for (const m of members) groups.set(m.group, [...(groups.get(m.group) ?? []), m]);
  const out = new Map<AgentRole, AnswerFormat<unknown>>();
  for (const list of groups.values()) {
    const shared = envelopeJsonSchema(answersOf(list));
    const tools = strictToolSchemas(list[0]!);
    const parts = withinLimits([shared, ...tools]) ? [list] : list.map((m) => [m]);
    for (const part of parts) {
      const jsonSchema = part === list ? shared : envelopeJsonSchema(answersOf(part));
      for (const m of part) out.set(m.role, { jsonSchema, key: ANSWER_KEYS[m.role], schema: envelopeSchema(ANSWER_KEYS[m.role], m.schema) });
    }
  }
  return out;
}

function answersOf(members: readonly FormatMember[]): Map<string, z.ZodType> {
  const answers = new Map<string, z.ZodType>();
  for (const m of members) {
    const key = ANSWER_KEYS[m.role];
    const known = answers.get(key);
    if (known && known !== m.schema) throw new Error(`roles answering in "${key}" must share one answer schema`);
    answers.set(key, m.schema);
  }
  return answers;
}

function withinLimits(schemas: readonly Json[]): boolean {
  const total = schemas.map(schemaComplexity).reduce((a, b) => ({ optional: a.optional + b.optional, unions: a.unions + b.unions }), { optional: 0, unions: 0 });
  return total.optional <= MAX_OPTIONAL_PARAMETERS && total.unions <= MAX_UNION_PARAMETERS;
}
