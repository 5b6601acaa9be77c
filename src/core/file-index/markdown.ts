/**
 * What the workspace index reads beyond names: the text of a Markdown document a plan names (its design or spec), and
 * which files are documentation rather than code. The read goes through readConfinedFile (a regular file with one
 * link, at most 256 KB; a repository's link or FIFO is never followed) and only when the file's folder, resolved, is
 * inside a root (a gitignored path may pass a linked folder that points anywhere).
 */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { readConfinedFile } from '../research/confined-read';

/** A design or spec a plan names is prose; a bigger "Markdown" file is a data dump no rule needs to read. */
const MAX_MARKDOWN_BYTES = 256 * 1024;
/** A long session names many designs; the oldest texts go first (they are read again when named again). */
const MAX_MARKDOWN_TEXTS = 256;

/**
 * The texts of Markdown documents the rules asked for, by absolute path (null: unreadable), read at most once until
 * the file changes. `text` answers from the cache and starts a read on a miss; `landed` runs when a text arrives, so
 * the index can bump its generation and callers re-run.
 */
export class MarkdownTexts {
  private readonly texts = new Map<string, string | null>();
  private readonly reads = new Map<string, Promise<void>>();

  constructor(
    private readonly rootPaths: () => readonly string[],
    private readonly landed: () => void,
  ) {}

  text(file: string): string | undefined {
    if (!/\.(?:md|markdown)$/i.test(file)) return undefined;
    if (this.texts.has(file)) return this.texts.get(file) ?? undefined;
    void this.read(file);
    return undefined;
  }

  async load(files: readonly string[]): Promise<void> {
    await Promise.all(files.filter((f) => /\.(?:md|markdown)$/i.test(f)).map((f) => this.read(f)));
  }

  /** Drops a file's text (it changed or went away); true when there was one to drop. */
  forget(file: string): boolean {
    return this.texts.delete(file);
  }

  private read(file: string): Promise<void> {
    const pending = this.reads.get(file);
    if (pending) return pending;
    const read = readMarkdownInsideRoots(file, this.rootPaths()).then((text) => {
      this.reads.delete(file);
      if (this.texts.size >= MAX_MARKDOWN_TEXTS) this.texts.delete(this.texts.keys().next().value as string);
      this.texts.set(file, text);
      if (text !== null) this.landed();
    });
    this.reads.set(file, read);
    return read;
  }
}

/** The file's text, or null when it is not a readable regular file inside one of the roots. */
export async function readMarkdownInsideRoots(file: string, rootPaths: readonly string[]): Promise<string | null> {
  try {
    const real = await fs.realpath(path.dirname(file));
    const roots = await Promise.all(rootPaths.map((r) => fs.realpath(r).catch(() => r)));
    if (!roots.some((r) => real === r || real.startsWith(r + path.sep))) return null;
  } catch {
    return null;
  }
  const result = await readConfinedFile(file, { maxBytes: MAX_MARKDOWN_BYTES, singleLink: true });
  return result.ok ? result.buffer.toString('utf8') : null;
}

/** Files that document or configure tools, not the project's code: Markdown, text, images, licences, docs/ and tool folders. */
const DOCUMENTATION =
  /(?:^|\/)(?:\.github|\.claude|\.kiro|\.planning|\.specify|\.cursor|\.vscode|docs?)\/|\.(?:md|markdown|mdx|txt|rst|adoc|png|jpe?g|gif|svg|webp|pdf)$|(?:^|\/)(?:LICEN[CS]E[^/]*|COPYING[^/]*|NOTICE|AUTHORS|CODEOWNERS|\.gitignore|\.gitattributes|\.editorconfig|\.gitkeep|\.DS_Store)$/i;

export function isDocumentation(relPath: string): boolean {
  return DOCUMENTATION.test(relPath);
}
