/**
 * The languages the symbol index has a grammar for (grammars.ts loads them, definitions.ts reads their trees), and which
 * files are theirs: pure, so a rule can ask whether a path is a source file without loading the parser.
 */
export type SymbolLanguage =
  'typescript' | 'tsx' | 'javascript' | 'python' | 'go' | 'rust' | 'java' | 'kotlin' | 'csharp' | 'cpp' | 'c' | 'ruby' | 'php' | 'swift' | 'scala' | 'dart';

const BY_EXTENSION: Record<string, SymbolLanguage> = {
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'tsx',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  py: 'python',
  pyi: 'python',
  go: 'go',
  rs: 'rust',
  java: 'java',
  kt: 'kotlin',
  kts: 'kotlin',
  cs: 'csharp',
  cc: 'cpp',
  cpp: 'cpp',
  cxx: 'cpp',
  hpp: 'cpp',
  hh: 'cpp',
  hxx: 'cpp',
  h: 'cpp',
  c: 'c',
  rb: 'ruby',
  php: 'php',
  swift: 'swift',
  scala: 'scala',
  dart: 'dart',
};

/**
 * Source files of languages the index has no grammar for: a workspace that holds them may define a name the index
 * cannot see, so the symbol rules stay silent there (symbol-index.ts, `complete`).
 */
const UNINDEXED_CODE = /\.(?:vue|svelte|astro|lua|ex|exs|erl|zig|clj|cljs|hs|ml|mli|m|mm|r|jl|pl|pm|groovy|fs|fsx|vb|nim|cr|elm|sol|gd)$/i;

export function languageOf(relPath: string): SymbolLanguage | null {
  if (/\.d\.ts$/.test(relPath) || /\.min\.js$/.test(relPath)) return null;
  const ext = relPath.slice(relPath.lastIndexOf('.') + 1).toLowerCase();
  return BY_EXTENSION[ext] ?? null;
}

export function isUnindexedCode(relPath: string): boolean {
  return UNINDEXED_CODE.test(relPath);
}
