/**
 * What a role module provides: its output schema and its instructions. The
 * loop lays out the request (see shared.ts).
 */
import type { z } from 'zod';
import type { AgentRole } from '../protocol';
import type { TextBlock } from '../llm/provider';
import { roleBlock } from './shared';
import { schemaText } from './schema-text';
import { outputInstructions } from './shared';

export interface AgentSpec<T> {
  readonly role: AgentRole;
  readonly schema: z.ZodType<T>;
  /** The role's instructions block with the answer's shape, for free-text answers (cached); stable for the life of the process. */
  readonly instructions: TextBlock;
  /** The same without the shape: with structured outputs the request carries the schema itself. */
  readonly structuredInstructions: TextBlock;
}

export function defineAgent<T>(role: AgentRole, schema: z.ZodType<T>, instructions: string): AgentSpec<T> {
  const text = `${instructions.trim()}\n\n${outputInstructions(schemaText(schema))}`;
  return { role, schema, instructions: roleBlock(role, text), structuredInstructions: roleBlock(role, instructions.trim()) };
}

/** The instructions block for a call: with the shape unless the request enforces the schema. */
export function instructionsFor<T>(spec: AgentSpec<T>, structured: boolean): TextBlock {
  return structured ? spec.structuredInstructions : spec.instructions;
}
