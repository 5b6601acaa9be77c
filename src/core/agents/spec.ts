/**
 * What a role module provides: its output schema and its instructions. The
 * loop builds the system blocks (shared prefix + role block) and the user turn.
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
  /** The role block (cached); stable for the life of the process. */
  readonly system: TextBlock;
}

export function defineAgent<T>(role: AgentRole, schema: z.ZodType<T>, instructions: string): AgentSpec<T> {
  const text = `${instructions.trim()}\n\n${outputInstructions(schemaText(schema))}`;
  return { role, schema, system: roleBlock(role, text) };
}
