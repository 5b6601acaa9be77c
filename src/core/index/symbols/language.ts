/** The languages the symbol index has a grammar for (grammars.ts loads them, definitions.ts reads their trees). */
export type SymbolLanguage =
  'typescript' | 'tsx' | 'javascript' | 'python' | 'go' | 'rust' | 'java' | 'kotlin' | 'csharp' | 'cpp' | 'c' | 'ruby' | 'php' | 'swift' | 'scala' | 'dart';
