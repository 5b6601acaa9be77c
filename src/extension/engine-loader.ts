/**
 * Loads dist/engine.js on first use. Node's module cache makes later calls
 * free. The path is relative to the bundle (dist/extension.js), and esbuild
 * keeps it external; from sources (unit tests via tsx) it resolves engine.ts.
 */
import type * as Engine from './engine';

export type EngineModule = typeof Engine;

export function loadEngine(): EngineModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- deliberate lazy load of a separate bundle
  return require('./engine.js') as EngineModule;
}
