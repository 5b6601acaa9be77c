/**
 * Evidence checking: "evidence or it does not count". Every citation an
 * agent makes of a workspace file (and line) is checked by the engine; a
 * citation that does not hold is recorded as `not_found` and never settles
 * a challenge.
 */
import { Evidence } from '../protocol';
import { Workspace, type WorkspaceOptions } from './workspace';

/** A quote counts when it occurs within this many lines of the cited line. */
const QUOTE_WINDOW = 3;

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Returns a copy of `evidence` with `checked` set: 'verified' when the path
 * exists and may be read, the line is within the file and, if a quote is
 * given, the quote (whitespace-normalised) occurs within ±3 lines of it (or
 * anywhere in the file when no line is cited); 'unchecked' when the place
 * exists but no quote is given (a citation without a quote verifies
 * nothing); else 'not_found'. Evidence without a path stays 'unchecked'.
 * Never throws for bad citations.
 */
export async function checkEvidence(root: string, evidence: Evidence[], options: Pick<WorkspaceOptions, 'denyGlobs' | 'maxFileBytes'> = {}): Promise<Evidence[]> {
  if (!evidence.some((e) => e.path)) return evidence.map((e) => ({ ...e, checked: 'unchecked' as const }));
  let workspace: Workspace;
  try {
    workspace = await Workspace.open(root, options);
  } catch {
    return evidence.map((e) => ({ ...e, checked: e.path ? ('not_found' as const) : ('unchecked' as const) }));
  }
  const cache = new Map<string, Promise<string[] | null>>();
  const linesOf = (path: string) => {
    let cached = cache.get(path);
    if (!cached) {
      cached = workspace.readText(path).then((read) => (read.ok ? read.text.split(/\r?\n/) : null));
      cache.set(path, cached);
    }
    return cached;
  };
  return Promise.all(
    evidence.map(async (item): Promise<Evidence> => {
      if (!item.path) return { ...item, checked: 'unchecked' };
      const lines = await linesOf(item.path);
      if (!lines || !lineExists(lines, item.line)) return { ...item, checked: 'not_found' };
      // A citation without a quote names a place, not a fact: nothing there can be checked against the claim.
      if (normalise(item.quote ?? '') === '') return { ...item, checked: 'unchecked' };
      return { ...item, checked: citationHolds(lines, item.line, item.quote) ? 'verified' : 'not_found' };
    }),
  );
}

function lineExists(lines: string[], line: number | undefined): boolean {
  const count = lines.length > 1 && lines[lines.length - 1] === '' ? lines.length - 1 : lines.length;
  return line === undefined || (line >= 1 && line <= count);
}

function citationHolds(lines: string[], line: number | undefined, quote: string | undefined): boolean {
  const needle = quote === undefined ? '' : normalise(quote);
  if (needle === '') return false;
  const window = line === undefined ? lines : lines.slice(Math.max(0, line - 1 - QUOTE_WINDOW), line + QUOTE_WINDOW);
  return normalise(window.join('\n')).includes(needle);
}

const TAG = /\[VERIFIED:\s*([^|\]]+?)\s*\|\s*([^|\]]+?)\s*\|\s*([^\]]+?)\s*\]/g;
/** `path:12`, `path:12-20`, `path#L12`, `path#L12-L20`, `path (line 12)`. */
const PATH_WITH_LINE = /^(.+?)(?::(\d+)(?:\s*[-–]\s*\d+)?|#L(\d+)(?:-L?\d+)?|\s+\(?lines?\s+(\d+)(?:\s*[-–]\s*\d+)?\)?)$/i;
/** A workspace-relative path: no spaces, no URL scheme, a slash or a dotted file name. */
const LOOKS_LIKE_PATH = /^(?!\w+:\/\/)(?=[^\s]*[/.])[\w@+.~-][\w@+./~-]*$/;

/**
 * Parses `[VERIFIED: source | finding | impact]` tags into Evidence. A source
 * such as `src/a.ts:42` yields path and line; `user`, URLs, commit hashes
 * and prose yield evidence without a path. Malformed tags are skipped.
 */
export function parseVerifiedTag(text: string): Evidence[] {
  if (typeof text !== 'string') return [];
  const found: Evidence[] = [];
  for (const match of text.matchAll(TAG)) {
    const [, rawSource = '', finding = '', impact = ''] = match;
    const source = rawSource.trim().replace(/^`|`$/g, '');
    const candidate: Record<string, unknown> = { source: source.slice(0, 500), finding: finding.slice(0, 2000), impact: impact.slice(0, 1000) };
    const withLine = PATH_WITH_LINE.exec(source);
    const pathPart = (withLine ? withLine[1] : source)?.trim().replace(/^`|`$/g, '').replace(/^\.\//, '') ?? '';
    const lineText = withLine ? (withLine[2] ?? withLine[3] ?? withLine[4]) : undefined;
    if (LOOKS_LIKE_PATH.test(pathPart) && !/^[0-9a-f]{7,40}$/i.test(pathPart)) {
      candidate.path = pathPart.slice(0, 500);
      if (lineText) candidate.line = Number(lineText);
    }
    const parsed = Evidence.safeParse(candidate);
    if (parsed.success) found.push(parsed.data);
  }
  return found;
}
