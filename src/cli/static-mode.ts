/** The key-less mode: assessment and static findings of a plan, no LLM call. */
import { assess } from '../core/complexity';
import { parsePlan } from '../core/plan';
import { runStaticChecks, workspaceEnvironment, type RuleCode, type RuleLevel, type RuleScope } from '../core/rules';
import { WorkspaceFileIndex } from '../core/file-index';
import type { StaticOutcome } from './static-mode-format';

/**
 * Resolves the plan's paths exactly as the language server does (one index,
 * src/core/file-index.ts): relative to the plan's folder and to the root,
 * unique names and fragments through `pathsNamed`, gitignored or outside-root
 * paths "cannot tell". So the CLI and the editor never disagree on a finding.
 */
export async function runStatic(
  planText: string,
  root: string,
  options: { team: 'auto' | 'base' | 'scaled'; threshold?: number; scope?: RuleScope; levels?: Partial<Record<RuleCode, RuleLevel>> },
  planFsPath: string | null = null,
): Promise<StaticOutcome> {
  const plan = parsePlan(planText);
  const assessment = assess(plan, { team: options.team, ...(options.threshold === undefined ? {} : { threshold: options.threshold }) });
  const index = new WorkspaceFileIndex([root]);
  await index.start();
  try {
    const findings = runStaticChecks(plan, await workspaceEnvironment(index, planFsPath, plan), options.levels, { assessment, ...(options.scope ? { scope: options.scope } : {}) });
    return { assessment, findings, hasErrors: findings.some((f) => f.level === 'error') };
  } finally {
    index.dispose();
  }
}
