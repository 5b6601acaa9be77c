/**
 * unknown-package: code the plan shows imports a third-party package that no manifest or lockfile of the workspace
 * declares, and no step adds. Read in fenced code only: JavaScript/TypeScript `import … from 'x'`, `require('x')`,
 * `import('x')` (any fence, the quotes make it unambiguous), Python `import x` / `from x import y` (a python fence), Go
 * import paths (a go fence) and Rust `use x::` / `extern crate x` (a rust fence). Not flagged: relative and aliased
 * specifiers ("./a", "@/lib", "~/x", "#x", "$lib", "node:fs", "astro:content"), runtime built-ins (Node's
 * `builtinModules`, Python's standard library, Go's standard library, Rust's std/core/alloc), names of the workspace's
 * own folders or modules, the workspace's own packages, a line the diff removes; a package an install command in the
 * plan names (`npm i x`, `pip install x`, `uv add x`, `cargo add x`, `go get x`…) or a line adds ("add `x` to the
 * dependencies", a `"x": "^1"` or `x = "1"` or `x>=1` line). Silent where the workspace cannot tell (no manifest of that
 * ecosystem, one that did not parse or was skipped, or a setup.py: workspace-manifests.ts).
 */
import { builtinModules } from 'node:module';
import type { Plan } from '../../plan';
import type { RuleEnvironment } from '../catalog';
import type { Draft } from '../text-rules';
import type { Ecosystem } from '../../index/manifests';
import type { ManifestFacts } from '../../index/workspace-manifests';
import { codeTexts, type CodeText } from './code-lines';
import { PYTHON_DISTRIBUTIONS, PYTHON_STDLIB } from './python-modules';

export interface PackageMention {
  ecosystem: Ecosystem;
  /** The package as a manifest names it ("@scope/name", "requests", "github.com/a/b", "serde_json"). */
  name: string;
  line: number;
  startChar: number;
}

const NODE_BUILTINS = new Set(builtinModules.map((m) => m.replace(/^node:/, '').split('/')[0] as string));
const JS_SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)(['"])([^'"\s]{1,200})\1/g;
const PY_IMPORT = /^\s*(?:from\s+([A-Za-z_][\w]*)(?:\.[\w.]*)?\s+import\b|import\s+([A-Za-z_][\w]*(?:\.[\w]+)*(?:\s+as\s+\w+)?(?:\s*,\s*[A-Za-z_][\w.]*(?:\s+as\s+\w+)?)*)\s*$)/;
const GO_IMPORT = /^\s*(?:import\s+)?(?:[\w.]+\s+)?"([a-z0-9.-]+\.[a-z]{2,}\/[^"\s]+)"/;
const RUST_USE = /^\s*(?:pub(?:\([\w\s]+\))?\s+)?(?:use\s+(?:::)?|extern\s+crate\s+)([a-z_][a-z0-9_]*)/;
const RUST_OWN = new Set(['std', 'core', 'alloc', 'crate', 'self', 'super', 'proc_macro', 'test']);
const JS_LANGUAGES = new Set(['', 'js', 'jsx', 'ts', 'tsx', 'javascript', 'typescript', 'mjs', 'cjs', 'mts', 'cts', 'vue', 'svelte', 'astro', 'diff']);

/** The packages the plan's code imports, one entry per mention. */
export function packageMentions(plan: Plan): PackageMention[] {
  const out: PackageMention[] = [];
  for (const code of codeTexts(plan)) {
    if (code.language === null) continue;
    // A diff's removed line is code that goes away; its added line is code like any other.
    if (/^-(?!-)/.test(code.text)) continue;
    const text = code.text.replace(/^\+(?!\+)/, ' ');
    if (JS_LANGUAGES.has(code.language)) javascriptImports(code, text, out);
    else if (code.language === 'python' || code.language === 'py' || code.language === 'python3') pythonImports(code, text, out);
    else if (code.language === 'go' || code.language === 'golang') {
      const m = GO_IMPORT.exec(text);
      if (m) out.push({ ecosystem: 'go', name: m[1] as string, line: code.line, startChar: text.indexOf(m[1] as string) });
    } else if (code.language === 'rust' || code.language === 'rs') {
      const m = RUST_USE.exec(text);
      if (m && !RUST_OWN.has(m[1] as string))
        out.push({ ecosystem: 'cargo', name: m[1] as string, line: code.line, startChar: text.indexOf(m[1] as string, m[0].length - (m[1] as string).length) });
    }
  }
  return out;
}

function javascriptImports(code: CodeText, text: string, out: PackageMention[]): void {
  if (!/\b(?:from|import|require)\b/.test(text)) return;
  for (const m of text.matchAll(JS_SPECIFIER)) {
    const spec = m[2] as string;
    if (/^[./~#$@]\/|^[./#$]|^[a-z][\w+.-]*:|^\w+:\/\//i.test(spec) || /^~/.test(spec)) continue;
    const parts = spec.split('/');
    const name = spec.startsWith('@') ? (parts.length >= 2 ? `${parts[0]}/${parts[1]}` : '') : (parts[0] as string);
    if (name === '' || NODE_BUILTINS.has(name) || !/^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/i.test(name)) continue;
    out.push({ ecosystem: 'npm', name, line: code.line, startChar: code.startChar + (m.index ?? 0) + m[0].length - 1 - spec.length });
  }
}

function pythonImports(code: CodeText, text: string, out: PackageMention[]): void {
  const m = PY_IMPORT.exec(text);
  if (!m) return;
  const modules = m[1] ? [m[1]] : (m[2] as string).split(',').map((s) => (s.trim().split(/[.\s]/)[0] ?? '').trim());
  for (const name of modules) {
    if (name === '' || name.startsWith('_') || PYTHON_STDLIB.has(name)) continue;
    const at = text.indexOf(name);
    out.push({ ecosystem: 'pypi', name, line: code.line, startChar: code.startChar + Math.max(0, at) });
  }
}

export function unknownPackageRule(plan: Plan, env: RuleEnvironment): Draft[] {
  const facts = env.manifests?.();
  if (!facts) return [];
  const mentions = packageMentions(plan);
  if (mentions.length === 0) return [];
  const out: Draft[] = [];
  const judged = new Map<string, boolean>();
  for (const m of mentions) {
    const key = `${m.ecosystem}:${m.name}`;
    let unknown = judged.get(key);
    if (unknown === undefined) judged.set(key, (unknown = isUnknown(m, facts, env) && !planAdds(plan, m.name)));
    if (!unknown) continue;
    out.push({
      code: 'unknown-package',
      message: `"${m.name}" is imported here, but no ${MANIFEST_WORDS[m.ecosystem]} of the workspace declares it and no step adds it: add it to the dependencies, or use one the project has.`,
      range: { startLine: m.line, startChar: m.startChar, endLine: m.line, endChar: m.startChar + m.name.length },
      data: { name: m.name, ecosystem: m.ecosystem },
    });
  }
  return out;
}

const MANIFEST_WORDS: Record<Ecosystem, string> = {
  npm: 'package.json or lockfile',
  pypi: 'Python manifest (pyproject.toml, requirements, Pipfile, lockfile)',
  go: 'go.mod',
  cargo: 'Cargo.toml or Cargo.lock',
  maven: 'pom.xml or Gradle build',
  gem: 'Gemfile',
  composer: 'composer.json',
  swift: 'Package.swift',
};

/** Declared nowhere, and not a name of the workspace's own code. */
function isUnknown(m: PackageMention, facts: ManifestFacts, env: RuleEnvironment): boolean {
  switch (m.ecosystem) {
    case 'npm':
      if (facts.hasPackage('npm', m.name) !== false || facts.hasPackage('npm', `@types/${m.name}`) !== false) return false;
      // "components/Button" under a baseUrl, "lib/db" through a path alias: a folder of the workspace.
      return !ownFolder(m.name, env);
    case 'pypi': {
      if (facts.hasPackage('pypi', m.name) !== false) return false;
      for (const dist of PYTHON_DISTRIBUTIONS[m.name] ?? []) if (facts.hasPackage('pypi', dist) !== false) return false;
      if (facts.hasPackage('pypi', `py${m.name}`) !== false || facts.hasPackage('pypi', `python-${m.name}`) !== false) return false;
      return !ownFolder(m.name, env) && !ownFile(`${m.name}.py`, env);
    }
    case 'go':
      // A module path declares every package below it ("github.com/a/b" for "github.com/a/b/c").
      for (let p = m.name; p.includes('/'); p = p.slice(0, p.lastIndexOf('/'))) if (facts.hasPackage('go', p) !== false) return false;
      return true;
    case 'cargo':
      if (facts.hasPackage('cargo', m.name) !== false) return false;
      return !ownFolder(m.name, env) && !ownFile(`${m.name}.rs`, env);
    default:
      return false;
  }
}

function ownFolder(name: string, env: RuleEnvironment): boolean {
  const first = name.split('/')[0] as string;
  return (env.pathsNamed?.(first) ?? []).length > 0 || env.fileExists(first) !== false;
}

function ownFile(name: string, env: RuleEnvironment): boolean {
  return (env.pathsNamed?.(name) ?? []).length > 0;
}

const INSTALL =
  /\b(?:npm\s+(?:i|install|add)|yarn\s+add|pnpm\s+(?:add|install|i)|bun\s+(?:add|install)|npx\s+expo\s+install|pip3?\s+install|uv\s+(?:add|pip\s+install)|poetry\s+add|pipenv\s+install|conda\s+install|cargo\s+add|go\s+get|go\s+install|gem\s+install|bundle\s+add|composer\s+require)\b/i;
const ADDS =
  /\b(?:add(?:s|ed|ing)?|install(?:s|ed|ing)?|introduc(?:e|es|ed|ing)|depend(?:s|ency|encies)?|requirements?|dependencies|pyproject|package\.json|cargo\.toml|go\.mod|gemfile|manifest|deps?)\b/i;

/** Does the plan install the package, or name it on a line that adds it (or in a manifest snippet)? */
function planAdds(plan: Plan, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const named = new RegExp(`(?<![\\w@/.-])${escaped}(?![\\w-])`, 'i');
  const declared = new RegExp(`^\\s*[-+]?\\s*(?:["']${escaped}["']\\s*:|${escaped}\\s*(?:=\\s*["'{]|[=<>~!]=|>|<|\\[)|${escaped}\\s*$)`, 'im');
  if (declared.test(plan.text)) return true;
  return plan.lines.some((l) => l.length < 4000 && named.test(l) && (INSTALL.test(l) || (ADDS.test(l) && !/^\s*(?:import|from|use)\s/.test(l))));
}
