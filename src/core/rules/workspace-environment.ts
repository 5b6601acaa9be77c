/**
 * The rule environment over a workspace index, for a one-shot run (the CLI, the eval harness): the same lookups the
 * language server gives its rules, with the plan's companion documents read before the rules run (the server instead
 * re-runs when a read lands).
 */
import type { WorkspaceFileIndex } from '../file-index';
import type { Plan } from '../plan';
import type { RuleEnvironment } from './catalog';
import { companionReferences } from './companion-docs';

export async function workspaceEnvironment(index: WorkspaceFileIndex, planFsPath: string | null, plan: Plan): Promise<RuleEnvironment> {
  await index.loadMarkdown(planFsPath, companionReferences(plan, planFsPath));
  return {
    fileExists: (p) => index.lookup(planFsPath, p),
    pathsNamed: (name) => index.pathsNamed(name),
    readMarkdown: (p) => index.markdownText(planFsPath, p),
    hasSourceFiles: () => index.hasSourceFiles(),
    planPath: planFsPath,
  };
}
