/** The role registry. To add a role: write its module, add it here, give it a model in config.ts. */
export { challengerAgent, domainExpertAgent, devilsAdvocateAgent } from './challenger';
export { resolverAgent } from './resolver';
export { researcherAgent } from './researcher';
export { synthesizerAgent } from './synthesizer';
export { auditorAgent } from './auditor';
export type { AgentSpec } from './spec';
export { systemRules, planBlock, stateForPrompt, fence } from './shared';
