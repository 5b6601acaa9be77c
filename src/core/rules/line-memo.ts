/**
 * Results of per-mention checks that read nothing but the mention's own line (and the arguments in the key), kept from
 * one run of the rules to the next. A language server re-runs the rules on every keystroke, while an edit changes a
 * line or two: the other lines' answers are the same, so they are looked up instead of recomputed. Only a pure
 * function of exactly the line and the key's parts may be memoised here, so a hit is the answer a fresh run would
 * compute.
 *
 * Looked up by the line's text, then by comparing the key's parts (no key string is built: joining a line into a key
 * on every lookup cost more than most checks). Bounded: a run keeps the lines it used, plus those of the run before
 * (an undo finds them); older ones are dropped.
 */
type Part = string | number | boolean | null;

interface Entry {
  key: readonly Part[];
  value: boolean | number;
}

export class LineMemo {
  private current = new Map<string, Entry[]>();
  private previous = new Map<string, Entry[]>();

  /** The answer of `compute` for this line and key: from this run, else the run before, else computed now. */
  get<T extends boolean | number>(line: string, key: readonly Part[], compute: () => T): T {
    let entries = this.current.get(line);
    if (entries === undefined) {
      entries = this.previous.get(line) ?? [];
      this.current.set(line, entries);
    }
    // The key's first part names the check, and one check always answers with the same type.
    for (const entry of entries) if (sameKey(entry.key, key)) return entry.value as T;
    const value = compute();
    entries.push({ key, value });
    return value;
  }

  /** Starts a run: lines the last run did not use are dropped. */
  nextRun(): void {
    this.previous = this.current;
    this.current = new Map();
  }

  /** Lines kept (for tests: the memo stays within two runs' worth). */
  get size(): number {
    return this.current.size + this.previous.size;
  }
}

function sameKey(a: readonly Part[], b: readonly Part[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
