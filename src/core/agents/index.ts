/** The role registry. To add a role: write its module, add it here, give it a model in config.ts. */
export { challengerAgent, domainExpertAgent, devilsAdvocateAgent } from './challenger';
export { resolverAgent } from './resolver';
export { researcherAgent } from './researcher';
export { synthesizerAgent } from './synthesizer';
export { auditorAgent } from './auditor';
export type { AgentSpec } from './spec';
import type { AgentRole } from '../protocol';
import type { AgentSpec } from './spec';
import { challengerAgent, domainExpertAgent, devilsAdvocateAgent } from './challenger';
import { resolverAgent } from './resolver';
import { researcherAgent } from './researcher';
import { synthesizerAgent } from './synthesizer';
import { auditorAgent } from './auditor';

/** Every role's spec, by role (the loop builds each prompt-cache group's answer format from it). */
export const AGENT_SPECS: Record<AgentRole, AgentSpec<unknown>> = {
  challenger: challengerAgent,
  'domain-expert': domainExpertAgent,
  'devils-advocate': devilsAdvocateAgent,
  resolver: resolverAgent,
  researcher: researcherAgent,
  synthesizer: synthesizerAgent,
  auditor: auditorAgent,
};
export { systemRules, planBlock, stateForPrompt, fence } from './shared';
