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
  /** The role's instructions block (cached); stable for the life of the process. */
  readonly instructions: TextBlock;
}

export function defineAgent<T>(role: AgentRole, schema: z.ZodType<T>, instructions: string): AgentSpec<T> {
  const text = `${instructions.trim()}\n\n${outputInstructions(schemaText(schema))}`;
  return { role, schema, instructions: roleBlock(role, text) };
}
