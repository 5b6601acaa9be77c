/**
 * The per-role entries, generated from one line per agent role:
 * `verifyPlan.models.<role>` and `verifyPlan.effort.<role>`. A new role needs
 * its line in ROLE_MODEL_TEXT (see src/core/README.md, "An agent role").
 */
import * as z from 'zod';
import { DEFAULT_JUDGEMENT_MODEL, DEFAULT_RESEARCH_MODEL } from '../models';
import { AgentRole } from '../protocol';
import { spec, type SettingSpec } from './spec';

/** What each role does, for its model setting's description and the role's kind (judgement roles default to the strongest model). */
const ROLE_MODEL_TEXT: Record<AgentRole, { does: string; kind: 'judgement' | 'research'; note?: string }> = {
  challenger: { does: "finds the plan's weak points", kind: 'judgement', note: 'strongest model recommended' },
  synthesizer: { does: 'decides which challenges are resolved and the verdict', kind: 'judgement' },
  'devils-advocate': { does: "argues against the plan's core approach in the scaled team", kind: 'judgement' },
  auditor: { does: 'audits the final verdict and quality score once', kind: 'judgement' },
  resolver: { does: 'answers unknowns from workspace files', kind: 'research', note: 'a faster model is fine' },
  researcher: { does: 'surfaces context and probes risks in the workspace', kind: 'research' },
  'domain-expert': { does: 'challenges domain-specific details in the scaled team', kind: 'research' },
};

export type ModelKey = `models.${AgentRole}`;
export const MODELS = Object.fromEntries(
  (Object.keys(ROLE_MODEL_TEXT) as AgentRole[]).map((role, i) => {
    const t = ROLE_MODEL_TEXT[role];
    const name = role.replace(/-/g, ' ');
    const model = t.kind === 'judgement' ? DEFAULT_JUDGEMENT_MODEL : DEFAULT_RESEARCH_MODEL;
    return [
      `models.${role}`,
      spec({
        schema: z
          .string()
          .trim()
          .min(1)
          .default(model)
          .describe(`Model for the ${name}, which ${t.does} (${t.kind} role${t.note ? `: ${t.note}` : ''}). Any model id the configured API accepts.`),
        section: 'main',
        trust: 'user',
        order: 20 + i,
        readers: ['extension', 'cli'],
        cli: { flag: `model-${role}`, arg: 'ID', help: `model for the ${name}` },
      }),
    ];
  }),
) as Record<ModelKey, SettingSpec<z.ZodDefault<z.ZodString>>>;

/**
 * Effort levels of the Messages API (`output_config.effort`): how many tokens
 * the model spends, thinking included. https://platform.claude.com/docs/en/build-with-claude/effort
 */
export const EffortLevel = z.enum(['low', 'medium', 'high', 'xhigh', 'max']);
export type EffortLevel = z.infer<typeof EffortLevel>;

/**
 * Judgement roles decide the verdict: `high` ("complex reasoning, difficult
 * coding problems, agentic tasks" in the effort docs). Research roles read
 * files in many tool turns: `medium` ("a balance of speed, cost, and
 * performance"); `low` is documented to skip searches and stop early. Roles of
 * one model with one level share a cached prefix (effort is part of it).
 */
export type EffortKey = `effort.${AgentRole}`;
export const EFFORTS = Object.fromEntries(
  (Object.keys(ROLE_MODEL_TEXT) as AgentRole[]).map((role, i) => {
    const t = ROLE_MODEL_TEXT[role];
    const name = role.replace(/-/g, ' ');
    return [
      `effort.${role}`,
      spec({
        schema: EffortLevel.default(t.kind === 'judgement' ? 'high' : 'medium').describe(
          `Effort for the ${name} (\`output_config.effort\`: how many tokens it spends, thinking included). Sent only to models that take it (\`src/core/models.ts\`).`,
        ),
        section: 'main',
        trust: 'user',
        order: 40 + i,
        readers: ['extension', 'cli'],
        cli: { flag: `effort-${role}`, arg: 'LEVEL', help: `effort for the ${name} (${EffortLevel.options.join('|')})` },
      }),
    ];
  }),
) as Record<EffortKey, SettingSpec<z.ZodDefault<typeof EffortLevel>>>;
