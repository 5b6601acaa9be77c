/** The key-less mode: assessment and static findings of a plan, no LLM call. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { assess } from '../core/complexity';
import { parsePlan } from '../core/plan';
import { runStaticChecks } from '../core/rules';
import type { StaticOutcome } from './static-mode-format';

/**
 * File lookups for the missing-file rule, confined to the workspace root:
 * a path that leaves it is "unknown" (undefined), never probed.
 */
export function workspaceFileLookup(root: string): (rel: string) => boolean | undefined {
  return (rel) => {
    const full = path.resolve(root, rel);
    const inside = path.relative(root, full);
    if (inside.startsWith('..') || path.isAbsolute(inside)) return undefined;
    return existsSync(full);
  };
}

export function runStatic(planText: string, root: string, options: { team: 'auto' | 'base' | 'scaled'; threshold?: number }): StaticOutcome {
  const plan = parsePlan(planText);
  const assessment = assess(plan, { team: options.team, ...(options.threshold === undefined ? {} : { threshold: options.threshold }) });
  const findings = runStaticChecks(plan, { fileExists: workspaceFileLookup(root) });
  return { assessment, findings, hasErrors: findings.some((f) => f.level === 'error') };
}
