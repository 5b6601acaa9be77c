/**
 * The heavy half of the extension: the agent loop, the Anthropic SDK and the
 * research tools. esbuild bundles this file separately as dist/engine.js and
 * the extension loads it on the first verification (engine-loader.ts), so
 * activation only pays for the editor glue.
 */
export { runVerification } from '../core/loop';
export { createAnthropicProvider } from '../core/llm/anthropic';
export { createResearchToolbox } from '../core/research';
export { createStoreMemorySource } from '../core/memory';
export { createAnthropicModelLookup } from '../core/llm/anthropic';
export { ModelLifecycle } from '../core/llm/model-lifecycle';
export { doctorPlan, runDoctor } from '../core/llm/doctor';
export { redactSecrets, secretNote } from '../core/secret-scan';
export { planFileProblem } from '../core/plan-file';
