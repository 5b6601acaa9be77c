/**
 * The rule suites' workspace on disk: made-up files written to a temporary folder, indexed as the language server and
 * the CLI index a workspace, and the rule environment of a plan at its root (rules-symbols, rules-workspace-facts,
 * unknown-script-packages, stale-anchor-snippets).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { WorkspaceFileIndex } from '../../src/core/file-index';
import { ruleEnvironment, type RuleEnvironment } from '../../src/core/rules';

export interface RuleWorkspace {
  dir: string;
  index: WorkspaceFileIndex;
  /** The environment of `PLAN.md` at the workspace root. */
  env: RuleEnvironment;
  dispose(): void;
}

/**
 * Writes `files` (path relative to the root → text) and indexes them. `manifests`: also read the manifests (packages,
 * scripts); `symbols`: also build the symbol index and load these files' texts (the anchors read lines from them).
 */
export async function ruleWorkspace(
  prefix: string,
  files: Readonly<Record<string, string>>,
  options: { manifests?: boolean; symbols?: readonly string[] } = {},
): Promise<RuleWorkspace> {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  const index = new WorkspaceFileIndex([dir]);
  await index.start();
  if (options.manifests) await index.loadManifests();
  if (options.symbols) {
    await index.symbols()?.start();
    for (const f of options.symbols) await index.symbols()?.loadText(f);
  }
  return {
    dir,
    index,
    env: ruleEnvironment(index, path.join(dir, 'PLAN.md')),
    dispose: () => {
      index.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
