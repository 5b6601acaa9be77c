/**
 * The symbol index as the rules see it (SymbolFacts) for one plan: its references resolved the way the file index
 * resolves them (relative to the plan's folder, then the roots). `undefined` until the index is built; asking starts
 * the build, and the file index's generation bumps when it lands.
 */
import type { SymbolFacts, SymbolIndex } from './symbol-index';

export function symbolFactsOf(symbols: SymbolIndex | undefined, resolve: (reference: string) => string | null): SymbolFacts | undefined {
  if (!symbols) return undefined;
  if (!symbols.ready) {
    void symbols.start();
    return undefined;
  }
  return {
    complete: symbols.complete,
    definitions: (name) => symbols.definitions(name),
    closestDefined: (name) => symbols.closestDefined(name),
    usedAnywhere: (word) => symbols.usedAnywhere(word),
    usedIn: (file, word) => symbols.usedAnywhere(word, file),
    lineOf: (file, line) => symbols.lineOf(file, line),
    linesOf: (file) => symbols.linesOf(file),
    indexedFile: (reference) => {
      const rel = resolve(reference);
      return rel !== null && symbols.isIndexed(rel) ? rel : null;
    },
  };
}
