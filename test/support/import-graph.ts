/**
 * Every module reference in the project's sources, read with the TypeScript
 * parser (not a regex): `import` (also `import type` and side-effect imports),
 * `export … from`, `import x = require()`, `require()`, dynamic `import()`, and
 * `import('…')` type references. Used by the house-rules test to check the
 * import-direction table and to find import cycles.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const ROOT = path.resolve(__dirname, '../..');

export interface ModuleReference {
  /** Repository-relative path of the importing file, with forward slashes. */
  from: string;
  specifier: string;
  /** Repository-relative target file for a relative specifier that resolves to a source file; null otherwise. */
  target: string | null;
  /** True when the reference vanishes from the JavaScript (import type, `import('x')` types, type-only export). */
  typeOnly: boolean;
  line: number;
}

export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(path.join(ROOT, dir))) {
    const rel = path.posix.join(dir, name);
    if (statSync(path.join(ROOT, rel)).isDirectory()) out.push(...sourceFiles(rel));
    else if (rel.endsWith('.ts')) out.push(rel);
  }
  return out;
}

/** The module references of one file's text. `file` is repository-relative. */
export function moduleReferences(file: string, text: string): ModuleReference[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const refs: ModuleReference[] = [];
  const add = (node: ts.Node, literal: ts.Expression | undefined, typeOnly: boolean): void => {
    if (!literal || !ts.isStringLiteralLike(literal)) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    refs.push({ from: file, specifier: literal.text, target: resolveRelative(file, literal.text), typeOnly, line });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      add(node, node.moduleSpecifier, typeOnly);
    } else if (ts.isExportDeclaration(node)) {
      add(node, node.moduleSpecifier, node.isTypeOnly);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node, node.moduleReference.expression, node.isTypeOnly);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node, node.argument.literal, true);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(callee) && callee.text === 'require';
      if (isImport || isRequire) add(node, node.arguments[0], false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return refs;
}

function resolveRelative(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  for (const candidate of [base, `${base}.ts`, `${base}/index.ts`]) {
    const full = path.join(ROOT, candidate);
    try {
      if (statSync(full).isFile()) return candidate;
    } catch {
      // not this candidate
    }
  }
  return null;
}

export function projectReferences(dirs: readonly string[]): ModuleReference[] {
  return dirs.flatMap(sourceFiles).flatMap((f) => moduleReferences(f, readFileSync(path.join(ROOT, f), 'utf8')));
}

/**
 * Import cycles among `files` (file → file edges from `refs`), each as the list
 * of files on one strongly connected component of two or more files, or a file
 * that imports itself. Tarjan's algorithm; order is deterministic.
 */
export function importCycles(refs: readonly ModuleReference[], within: (file: string) => boolean): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const r of refs) {
    if (!r.target || !within(r.from) || !within(r.target)) continue;
    if (!edges.has(r.from)) edges.set(r.from, new Set());
    edges.get(r.from)!.add(r.target);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const connect = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of [...(edges.get(v) ?? [])].sort()) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || edges.get(v)?.has(v)) cycles.push(component.sort());
    }
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) connect(v);
  return cycles;
}
