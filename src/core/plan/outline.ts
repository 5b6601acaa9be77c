/**
 * The block structure of a plan, read from markdown-it's token stream (block
 * rules only: inline parsing is switched off, `token.map` gives the lines).
 * Front matter is blanked before parsing so it is neither a heading nor text.
 */
import MarkdownIt from 'markdown-it';
import { frontMatterEnd } from './text';

export interface OutlineHeading {
  level: number;
  line: number;
  /** Last line of the heading itself (a setext heading has an underline). */
  lastLine: number;
  /** Inline Markdown of the title, capped so later regexes stay linear. */
  source: string;
}

export interface OutlineParagraph {
  line: number;
  source: string;
  /** Written in the document's body: not inside a list item or a block quote. */
  topLevel: boolean;
}

export interface OutlineListItem {
  startLine: number;
  /** Exclusive end from markdown-it (may include trailing blank lines). */
  endLine: number;
  ordered: boolean;
  /** The number as written for ordered items ("3"), else ''. */
  number: string;
  /** First line of the item's first paragraph, '' when it opens with something else. */
  firstLine: string;
}

export interface Outline {
  headings: OutlineHeading[];
  paragraphs: OutlineParagraph[];
  /** Items of lists that sit at the top level (not nested in a list or quote). */
  topItems: OutlineListItem[];
  /** 1 for lines inside fenced or indented code blocks and front matter. */
  codeMask: Uint8Array;
}

const MAX_SOURCE = 2000;

export function readOutline(lines: readonly string[], text = lines.join('\n')): Outline {
  const fm = frontMatterEnd(lines);
  const nested = nestedMarkdownFences(lines, fm + 1);
  const source = fm >= 0 || nested.length > 0 ? lines.map((l, i) => (i <= fm || inSpans(nested, i) ? '' : l)).join('\n') : text;
  const md = new MarkdownIt('default', { html: true });
  md.core.ruler.disable(['inline', 'linkify', 'replacements', 'smartquotes', 'text_join'], true);
  const tokens = md.parse(source, {});
  const codeMask = new Uint8Array(lines.length);
  for (let i = 0; i <= fm; i++) codeMask[i] = 1;
  for (const [from, to] of nested) for (let i = from; i <= to; i++) codeMask[i] = 1;
  // A GSD plan writes Markdown inside its XML-like task tags ("<action>" alone on a line, then steps and fenced code):
  // to CommonMark each such tag opens an HTML block that runs to the next blank line and hides the fences inside it.
  // The agent reads the tags' content as Markdown: its fenced blocks are code here too. (Only the code: the rules read
  // the task blocks themselves from the tags, so headings and paragraphs stay CommonMark's.)
  if (GSD_TASKS.test(text)) {
    const untagged = source.split('\n').map((l) => (TAG_ONLY_LINE.test(l) ? '' : l));
    for (const t of md.parse(untagged.join('\n'), {})) {
      // Fences only: the tags' content is often indented, which CommonMark would read as indented code.
      if (t.type === 'fence' && t.map) for (let i = t.map[0]; i < t.map[1] && i < codeMask.length; i++) codeMask[i] = 1;
    }
  }
  const headings: OutlineHeading[] = [];
  const paragraphs: OutlineParagraph[] = [];
  const topItems: OutlineListItem[] = [];
  /** Open list containers: whether each one is a top-level list. */
  const lists: boolean[] = [];
  let quotes = 0;
  let pendingItem: OutlineListItem | null = null;

  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    if (!t) continue;
    const map = t.map;
    switch (t.type) {
      case 'fence':
      case 'code_block':
        if (map) for (let i = map[0]; i < map[1] && i < codeMask.length; i++) codeMask[i] = 1;
        break;
      case 'heading_open': {
        const inline = tokens[k + 1];
        if (map) {
          headings.push({
            level: Number(t.tag.slice(1)) || 1,
            line: map[0],
            lastLine: Math.max(map[0], map[1] - 1),
            source: (inline?.content ?? '').slice(0, MAX_SOURCE),
          });
        }
        break;
      }
      case 'bullet_list_open':
      case 'ordered_list_open':
        lists.push(t.level === 0);
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        lists.pop();
        break;
      case 'blockquote_open':
        quotes++;
        pendingItem = null;
        break;
      case 'blockquote_close':
        quotes--;
        break;
      case 'list_item_open': {
        pendingItem = null;
        if (map && lists.length === 1 && lists[0] === true) {
          pendingItem = { startLine: map[0], endLine: map[1], ordered: t.info !== '', number: t.info, firstLine: '' };
          topItems.push(pendingItem);
        }
        break;
      }
      case 'paragraph_open': {
        const inline = tokens[k + 1];
        const content = (inline?.content ?? '').slice(0, MAX_SOURCE);
        if (map) paragraphs.push({ line: map[0], source: content, topLevel: lists.length === 0 && quotes === 0 });
        if (pendingItem && map && map[0] === pendingItem.startLine) pendingItem.firstLine = content.split('\n')[0] ?? '';
        pendingItem = null;
        break;
      }
      default:
        if (t.nesting === 1 && t.type !== 'list_item_open') pendingItem = null;
    }
  }
  return { headings, paragraphs, topItems, codeMask };
}

/** A GSD plan's task blocks: "<tasks>", '<task type="auto">' alone on a line. */
const GSD_TASKS = /^[ \t]*<tasks?(?:[ \t][^>\n]*)?>[ \t]*$/m;
/** A line that is only an opening or closing tag without a dot or colon in its name ("<action>", "</verify>", '<task type="auto">'). */
const TAG_ONLY_LINE = /^[ \t]*<\/?[a-z][\w-]*(?:[ \t]+[\w-]+(?:=(?:"[^"\n]*"|'[^'\n]*'|[^\s"'>]+))?)*[ \t]*\/?>[ \t]*$/;
const FENCE_LINE = /^ {0,3}(`{3,}|~{3,})[ \t]*([^`\s]*)[^`]*$/;
const MARKDOWN_INFO = /^(?:markdown|md|mdx)$/i;
const MAX_FENCE_SCAN = 20000;
/** Bare fences a markdown block may read as nested openers before CommonMark's reading is kept (bounds the rescans). */
const MAX_BALANCE_CHECKS = 20;

/**
 * Markdown written out inside a plan (a README the task creates) often nests
 * fences of the same length: "```markdown" … "```bash" … "```" … "```". By
 * CommonMark the inner "```" closes the outer block and the rest of the README
 * reads as the plan's own text. For a fence whose info string is markdown/md,
 * an inner fence line of the same character and at least its length that has
 * an info string opens a nested block and a bare one closes it; the outer block
 * ends at the bare fence that closes no nested block, unless closing there would
 * leave a later fence of the document open to its end: then that bare fence opened
 * a nested block (a tree under "## Code organization" in a written-out AGENT.md).
 * Only when that balance holds before the document ends (and an inner block was
 * opened) is the span returned; otherwise CommonMark's reading stands. Spans are
 * inclusive line pairs.
 */
function nestedMarkdownFences(lines: readonly string[], from: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const end = Math.min(lines.length, from + MAX_FENCE_SCAN);
  let fenced: string | null = null;
  for (let i = Math.max(0, from); i < end; i++) {
    const line = lines[i] ?? '';
    if (line.length > 300) continue;
    const m = FENCE_LINE.exec(line);
    if (!m) continue;
    const fence = m[1] as string;
    const info = m[2] ?? '';
    if (fenced !== null) {
      // Inside an ordinary fence: only its own closing line matters (CommonMark).
      if (fence[0] === fenced[0] && fence.length >= fenced.length && info === '') fenced = null;
      continue;
    }
    if (info === '') continue;
    if (!MARKDOWN_INFO.test(info)) {
      fenced = fence;
      continue;
    }
    let depth = 0;
    let opened = false;
    let close = -1;
    let checks = 0;
    for (let j = i + 1; j < end; j++) {
      const inner = FENCE_LINE.exec((lines[j] ?? '').length > 300 ? '' : (lines[j] ?? ''));
      if (!inner || (inner[1] as string)[0] !== fence[0] || (inner[1] as string).length < fence.length) continue;
      if ((inner[2] ?? '') !== '') {
        depth++;
        opened = true;
      } else if (depth > 0) depth--;
      else if (fencesBalance(lines, j + 1, end)) {
        close = j;
        break;
      } else if (++checks > MAX_BALANCE_CHECKS) break;
      else {
        // Closing here would leave a fence of the rest of the document open to its end: the author opened a nested
        // block with a bare fence ("## Code Organization" / "```" / a tree / "```") and the outer block goes on.
        depth++;
        opened = true;
      }
    }
    if (close < 0) break;
    if (opened) out.push([i, close]);
    else fenced = null;
    i = close;
  }
  return out;
}

/** Does CommonMark's reading of lines from..end-1 close every fence it opens? */
function fencesBalance(lines: readonly string[], from: number, end: number): boolean {
  let open: string | null = null;
  for (let i = from; i < end; i++) {
    const line = lines[i] ?? '';
    if (line.length > 300) continue;
    const m = FENCE_LINE.exec(line);
    if (!m) continue;
    const fence = m[1] as string;
    if (open === null) open = fence;
    else if (fence[0] === open[0] && fence.length >= open.length && (m[2] ?? '') === '') open = null;
  }
  return open === null;
}

function inSpans(spans: ReadonlyArray<readonly [number, number]>, line: number): boolean {
  for (const [a, b] of spans) if (line >= a && line <= b) return true;
  return false;
}
