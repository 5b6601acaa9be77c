/**
 * Where a plan writes code: the lines of its fenced blocks (with the block's language) and the inline code spans of
 * its prose. The rules that read code names (unknown-script, unknown-package) read only these, so "make sure" or
 * "import the data" in a sentence is never a command or an import. One linear pass; no I/O.
 */
import type { Plan } from '../../plan';

export interface CodeText {
  line: number;
  /** Offset of `text` in the plan line. */
  startChar: number;
  text: string;
  /** The fence's language ("python", "ts", "" when unlabelled); null for an inline span in prose. */
  language: string | null;
}

const FENCE = /^(\s{0,3})(`{3,}|~{3,})\s*([\w+#.-]*)/;

/** One pass per plan version, shared by the rules that read code (a Plan is never changed after parsing). */
const MEMO = new WeakMap<Plan, CodeText[]>();

/** Every code line and inline span of the plan, in order. */
export function codeTexts(plan: Plan): CodeText[] {
  const known = MEMO.get(plan);
  if (known) return known;
  const out = scan(plan);
  MEMO.set(plan, out);
  return out;
}

function scan(plan: Plan): CodeText[] {
  const out: CodeText[] = [];
  let fence: { marker: string; language: string } | null = null;
  for (let line = 0; line < plan.lines.length; line++) {
    const text = plan.lines[line] ?? '';
    if (text.length > 4000) continue;
    const f = FENCE.exec(text);
    if (fence) {
      if (f && (f[2] as string)[0] === fence.marker[0] && (f[2] as string).length >= fence.marker.length && text.trim() === f[2]) fence = null;
      else out.push({ line, startChar: 0, text, language: fence.language });
      continue;
    }
    if (f) {
      fence = { marker: f[2] as string, language: (f[3] ?? '').toLowerCase() };
      continue;
    }
    for (const m of text.matchAll(/(`+)([^`]+?)\1(?!`)/g)) out.push({ line, startChar: (m.index ?? 0) + (m[1] as string).length, text: m[2] as string, language: null });
  }
  return out;
}

/** The commands of a shell line: "$ cd web && npm run build; make test" → ["cd web", "npm run build", "make test"], with offsets. */
export function shellCommands(text: string): Array<{ start: number; text: string }> {
  const out: Array<{ start: number; text: string }> = [];
  const prompt = /^\s*(?:[$>%]\s+)?/.exec(text)?.[0].length ?? 0;
  let start = prompt;
  const re = /&&|\|\||[;|]|\$\(|`/g;
  re.lastIndex = prompt;
  for (let m = re.exec(text); ; m = re.exec(text)) {
    const end = m ? m.index : text.length;
    const piece = text.slice(start, end);
    const lead = piece.length - piece.trimStart().length;
    if (piece.trim() !== '') out.push({ start: start + lead, text: piece.trim() });
    if (!m) break;
    start = m.index + m[0].length;
  }
  return out;
}
