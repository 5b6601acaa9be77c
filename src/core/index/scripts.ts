/**
 * The scripts and targets a workspace defines: package.json "scripts" (what `npm run`, `pnpm run` run), Makefile
 * targets (`make`), justfile recipes (`just`) and Taskfile tasks (`task`). Each parser is a pure function of one
 * file's path and text. A file whose targets cannot all be known from its text (a Makefile with an `include`, a
 * pattern rule or a target written with a variable; a justfile that imports or has modules; a Taskfile with includes)
 * is `open`: its runner then answers "cannot tell" for a name it does not list (workspace-manifests.ts).
 */
import { parse as parseYaml } from 'yaml';
import * as z from 'zod';

export type Runner = 'npm' | 'make' | 'just' | 'task';
export const RUNNERS: readonly Runner[] = ['npm', 'make', 'just', 'task'];

export interface ScriptContribution {
  runner: Runner;
  names: string[];
  /** More names may exist than the text lists (includes, pattern rules, variables), or the file did not parse. */
  open: boolean;
  /** A package.json's "name" (what `pnpm --filter`, `npm -w`, `yarn workspace` select it by). */
  packageName?: string;
}

/** The runner whose definitions a workspace path holds, by file name; null when none. */
export function scriptFileRunner(relPath: string): Runner | null {
  const name = relPath.slice(relPath.lastIndexOf('/') + 1);
  if (name === 'package.json') return 'npm';
  if (/^(?:GNUmakefile|[Mm]akefile|[\w.-]+\.mk)$/.test(name)) return 'make';
  if (/^(?:\.?[Jj]ustfile|[\w.-]+\.just)$/.test(name)) return 'just';
  if (/^[Tt]askfile(?:\.dist)?\.ya?ml$/.test(name)) return 'task';
  return null;
}

const PackageScripts = z.object({
  name: z.string().optional().catch(undefined),
  scripts: z.record(z.string(), z.unknown()).optional().catch(undefined),
});

export function parseScripts(relPath: string, text: string): ScriptContribution | null {
  const runner = scriptFileRunner(relPath);
  if (runner === null) return null;
  try {
    return { runner, ...PARSE[runner](text) };
  } catch {
    return { runner, names: [], open: true };
  }
}

const PARSE: Record<Runner, (text: string) => { names: string[]; open: boolean; packageName?: string }> = {
  npm: (text) => {
    const pkg = PackageScripts.parse(JSON.parse(text));
    return { names: Object.keys(pkg.scripts ?? {}), open: false, ...(pkg.name ? { packageName: pkg.name } : {}) };
  },
  make: makeTargets,
  just: justRecipes,
  task: (text) => {
    const doc = z
      .object({ tasks: z.record(z.string(), z.unknown()).optional().catch(undefined), includes: z.unknown().optional() })
      .parse(parseYaml(text, { maxAliasCount: 100 }) ?? {});
    const names: string[] = [];
    for (const [name, task] of Object.entries(doc.tasks ?? {})) {
      names.push(name);
      const aliases = (task as { aliases?: unknown } | null)?.aliases;
      if (Array.isArray(aliases)) names.push(...aliases.filter((a): a is string => typeof a === 'string'));
    }
    return { names, open: doc.includes !== undefined || names.some((n) => n.includes('{{')) };
  },
};

/** GNU make: "name other: deps" lines outside recipes (a recipe line starts with a tab), "name::", not "VAR := x". */
function makeTargets(text: string): { names: string[]; open: boolean } {
  const names: string[] = [];
  let open = false;
  let continued = false;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '');
    const wasContinued = continued;
    continued = line.endsWith('\\');
    if (wasContinued || line.startsWith('\t') || /^\s*#/.test(line)) continue;
    if (/^\s*-?(?:include|sinclude)\s/.test(line) || /\$\((?:eval|call)\b/.test(line)) open = true;
    const m = /^([^:#=\t][^:#=]*?)\s*::?(?![=])(.*)$/.exec(line);
    if (!m) continue;
    // "VAR ::= x", "x: VAR = y" (a target-specific variable still names its target), "a.o: a.c".
    if (/^\s*=/.test(m[2] ?? '')) continue;
    for (const target of (m[1] as string).trim().split(/\s+/)) {
      if (target.includes('%') || target.includes('$')) open = true;
      else if (!target.startsWith('.')) names.push(target);
    }
  }
  return { names, open };
}

/** just: "name arg='x' *rest:" recipe headers at the start of a line, "alias b := build"; `import` and `mod` bring more. */
function justRecipes(text: string): { names: string[]; open: boolean } {
  const names: string[] = [];
  let open = false;
  for (const line of text.split('\n')) {
    if (/^(?:import|mod)\??\s/.test(line)) open = true;
    const alias = /^alias\s+([\w-]+)\s*:=/.exec(line);
    if (alias) {
      names.push(alias[1] as string);
      continue;
    }
    if (/^(?:set|export)\s/.test(line) || /^[\w-]+\s*:=/.test(line)) continue;
    const recipe = /^@?([A-Za-z_][\w-]*)(?:\s+[^:]*)?:(?!=)/.exec(line);
    if (recipe) names.push(recipe[1] as string);
  }
  return { names, open };
}
