/**
 * The rule environment of a plan over a workspace index: the lookups the language server, the CLI, the eval harness
 * and the real-plan corpus give the rules. A one-shot run (the CLI, eval) reads the plan's companion documents before
 * the rules run; the server instead re-runs when a read lands.
 */
import type { WorkspaceFileIndex } from '../file-index';
import type { Plan } from '../plan';
import type { RuleEnvironment } from './catalog';
import type { ManifestFacts } from '../index/workspace-manifests';
import type { SymbolFacts } from '../index/symbols/symbol-index';
import { namesCode } from './symbols/symbol-claims';
import { companionReferences } from './companion-docs';
import { anchoredPaths } from './symbols/stale-anchor';

/** What a workspace index answers (WorkspaceFileIndex answers all of it; a host may leave out the optional parts). */
export interface WorkspaceLookups {
  lookup(planFsPath: string | null, reference: string): boolean | undefined;
  pathsNamed?(basename: string): readonly string[];
  markdownText?(planFsPath: string | null, reference: string): string | undefined;
  hasSourceFiles?(): boolean | undefined;
  manifests?(): ManifestFacts | undefined;
  symbolFacts?(planFsPath: string | null): SymbolFacts | undefined;
}

/** The rule environment of the plan at `planFsPath` (null: an unsaved document) over those lookups. */
export function ruleEnvironment(source: WorkspaceLookups, planFsPath: string | null): RuleEnvironment {
  return {
    fileExists: (p) => source.lookup(planFsPath, p),
    pathsNamed: (name) => source.pathsNamed?.(name) ?? [],
    readMarkdown: (p) => source.markdownText?.(planFsPath, p),
    hasSourceFiles: () => source.hasSourceFiles?.(),
    ...(source.manifests ? { manifests: () => source.manifests?.() } : {}),
    ...(source.symbolFacts ? { symbols: () => source.symbolFacts?.(planFsPath) } : {}),
    planPath: planFsPath,
  };
}

const SYMBOL_WAIT_MS = 15_000;

export async function workspaceEnvironment(index: WorkspaceFileIndex, planFsPath: string | null, plan: Plan): Promise<RuleEnvironment> {
  await Promise.all([index.loadMarkdown(planFsPath, companionReferences(plan, planFsPath)), index.loadManifests()]);
  // The symbol index only for a plan that names code, and the texts of the files its anchors point into.
  const symbols = namesCode(plan) ? index.symbols() : undefined;
  if (symbols) {
    // A one-shot run (the CLI, the Claude Code hook) waits this long for the index; past it the symbol rules stay silent.
    await Promise.race([symbols.start(), new Promise((resolve) => setTimeout(resolve, SYMBOL_WAIT_MS).unref())]);
    const facts = index.symbolFacts(planFsPath);
    await Promise.all(
      anchoredPaths(plan)
        // A bare file name ("builders.ts:138") anchors the one file of that name (stale-anchor.ts).
        .flatMap((p) => (p.includes('/') ? [p] : index.pathsNamed(p)))
        .map((p) => facts?.indexedFile(p))
        .flatMap((rel) => (rel ? [symbols.loadText(rel)] : [])),
    );
  }
  return ruleEnvironment(index, planFsPath);
}
