/**
 * The tree-sitter grammars the symbol index parses with, by file extension, and where their wasm files are. The
 * runtime and most grammars come from `@vscode/tree-sitter-wasm` (the builds VS Code itself ships: one runtime and its
 * grammars built together, MIT); Kotlin, Swift, Scala, Dart and C from `tree-sitter-wasms` (Unlicense), which the same
 * runtime loads (ABI 14). A bundle finds them in `dist/tree-sitter/` (copied by esbuild.mjs); a source checkout (the
 * tests, tsx) in node_modules. A grammar that cannot be found or loaded leaves its language unindexed, never an error.
 */
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { Language, Parser, type Query } from '@vscode/tree-sitter-wasm';
import { definitionQuery } from './definitions';
import { isUnindexedCode, languageOf, type SymbolLanguage } from './language';

export { isUnindexedCode, languageOf, type SymbolLanguage };

/** Grammar file and the package that ships it. */
const GRAMMARS: Record<SymbolLanguage, { file: string; from: 'vscode' | 'wasms' }> = {
  typescript: { file: 'tree-sitter-typescript.wasm', from: 'vscode' },
  tsx: { file: 'tree-sitter-tsx.wasm', from: 'vscode' },
  javascript: { file: 'tree-sitter-javascript.wasm', from: 'vscode' },
  python: { file: 'tree-sitter-python.wasm', from: 'vscode' },
  go: { file: 'tree-sitter-go.wasm', from: 'vscode' },
  rust: { file: 'tree-sitter-rust.wasm', from: 'vscode' },
  java: { file: 'tree-sitter-java.wasm', from: 'vscode' },
  csharp: { file: 'tree-sitter-c-sharp.wasm', from: 'vscode' },
  cpp: { file: 'tree-sitter-cpp.wasm', from: 'vscode' },
  ruby: { file: 'tree-sitter-ruby.wasm', from: 'vscode' },
  php: { file: 'tree-sitter-php.wasm', from: 'vscode' },
  kotlin: { file: 'tree-sitter-kotlin.wasm', from: 'wasms' },
  swift: { file: 'tree-sitter-swift.wasm', from: 'wasms' },
  scala: { file: 'tree-sitter-scala.wasm', from: 'wasms' },
  dart: { file: 'tree-sitter-dart.wasm', from: 'wasms' },
  c: { file: 'tree-sitter-c.wasm', from: 'wasms' },
};

/** Candidate folders of the wasm files: beside the bundle, then the packages in node_modules. */
function wasmPath(grammar: { file: string; from: 'vscode' | 'wasms' }): string | null {
  const candidates = [path.join(__dirname, 'tree-sitter', grammar.file)];
  try {
    const pkg = grammar.from === 'vscode' ? '@vscode/tree-sitter-wasm/package.json' : 'tree-sitter-wasms/package.json';
    candidates.push(path.join(path.dirname(require.resolve(pkg)), grammar.from === 'vscode' ? 'wasm' : 'out', grammar.file));
  } catch {
    // Not installed beside the sources: only the bundle's copy can serve.
  }
  return candidates.find((c) => existsSync(c)) ?? null;
}

const WARM_UP: Partial<Record<SymbolLanguage, string>> = {
  typescript: 'export class A { m(): void {} }\nfunction f(a: number) { return a; }\n',
  tsx: 'export const A = () => <div a="1">{x}</div>;\n',
  javascript: 'class A { m() {} }\nfunction f(a) { return a; }\n',
  python: 'class A:\n    def m(self):\n        return 1\n',
};

/** Loads the runtime once and each grammar once, on first use; a grammar that fails resolves to null. */
export class Grammars {
  private runtime: Promise<boolean> | null = null;
  private readonly languages = new Map<SymbolLanguage, Promise<Language | null>>();

  private init(): Promise<boolean> {
    this.runtime ??= (async () => {
      const runtimeWasm = wasmPath({ file: 'tree-sitter.wasm', from: 'vscode' });
      if (runtimeWasm === null) return false;
      await Parser.init({ locateFile: () => runtimeWasm });
      return true;
    })().catch(() => false);
    return this.runtime;
  }

  language(lang: SymbolLanguage): Promise<Language | null> {
    let loaded = this.languages.get(lang);
    if (!loaded) {
      loaded = this.init().then(async (ok) => {
        const file = ok ? wasmPath(GRAMMARS[lang]) : null;
        return file === null ? null : Language.load(file);
      });
      loaded = loaded.catch(() => null);
      this.languages.set(lang, loaded);
    }
    return loaded;
  }

  /** A parser for the language and its definition query; null when the grammar cannot be loaded. */
  async parser(lang: SymbolLanguage): Promise<{ parser: Parser; query: Query } | null> {
    const language = await this.language(lang);
    if (!language) return null;
    const query = definitionQuery(language, lang);
    if (!query) return null;
    const parser = new Parser();
    parser.setLanguage(language);
    // The first parse compiles the grammar's wasm lazily and is many times slower than the next: done here, untimed.
    parser.parse(WARM_UP[lang] ?? 'x')?.delete();
    return { parser, query };
  }
}
