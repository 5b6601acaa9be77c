/**
 * Which evidence references of a run point at a real place: a workspace-
 * relative path that passes the research path checks, lies inside a
 * workspace folder with no symbolic link below it, is a regular file, and —
 * when a line is cited — has that line. The panel shows only these as links;
 * any other reference (a doc, a URL, a made-up or deleted file, a line past
 * the end) stays plain text. No `vscode` import: tested in plain Node.
 */
import path from 'node:path';
import type { Challenge } from '../core/protocol';
import { checkRelativePath } from '../core/research/paths';
import { readConfinedFile } from '../core/research/confined-read';
import { evidenceKey } from '../shared/webview-protocol';

/** A file cited as evidence is read only this far to count its lines. */
const MAX_BYTES = 4 * 1024 * 1024;

export interface EvidenceTarget {
  /** The absolute file. */
  file: string;
  /** 1-based, when the evidence cites a line. */
  line?: number;
}

function countLines(buffer: Buffer): number {
  let n = 1;
  for (let i = buffer.indexOf(10); i !== -1; i = buffer.indexOf(10, i + 1)) n++;
  // A final newline ends the last line; it does not start another.
  return buffer.length > 0 && buffer[buffer.length - 1] === 10 ? n - 1 : n;
}

/** The file and line `ref` names under one of `roots`, or null when it names no existing file and line. */
export async function resolveEvidence(roots: readonly string[], ref: { path?: string | undefined; line?: number | undefined }): Promise<EvidenceTarget | null> {
  if (!ref.path) return null;
  const check = checkRelativePath(ref.path);
  if (!check.ok || check.rel === '') return null;
  for (const root of roots) {
    const file = path.join(root, ...check.rel.split('/'));
    const read = await readConfinedFile(file, { maxBytes: MAX_BYTES, singleLink: false, root });
    if (!read.ok) continue;
    if (ref.line !== undefined && ref.line > countLines(read.buffer)) return null;
    return { file, ...(ref.line !== undefined ? { line: ref.line } : {}) };
  }
  return null;
}

/** The `evidenceKey`s of the challenges' evidence that resolve (each reference checked once). */
export async function resolvableEvidence(roots: readonly string[], challenges: readonly Challenge[]): Promise<string[]> {
  const refs = new Map<string, { path?: string; line?: number }>();
  for (const c of challenges) {
    for (const e of c.evidence) {
      const key = evidenceKey(e);
      if (key !== null && !refs.has(key)) refs.set(key, { ...(e.path ? { path: e.path } : {}), ...(e.line ? { line: e.line } : {}) });
    }
  }
  const found = await Promise.all([...refs].map(async ([key, ref]) => ((await resolveEvidence(roots, ref)) ? key : null)));
  return found.filter((k): k is string => k !== null);
}
