/**
 * Unknown signals: words that say the author does not know yet. Whole-word,
 * case-insensitive, one signal per occurrence, longest phrase first, on every
 * line outside fenced/indented code blocks: the markers (TBD, TODO, FIXME…:
 * `MARKER` in wording/undecided.ts), the words and phrases of `UNKNOWN_WORDS`
 * there ("unclear", "to be decided", "figure out"…), and ?? or more question marks.
 * Words inside a phrase may be separated by spaces or tabs, never a line break.
 * Not a signal: part of a name ("wasm32-unknown-unknown", "doc/TODO.md"),
 * "unknown" used as an adjective ("unknown keys are ignored") or for a state
 * the program handles ("left empty when unknown"), a marker named
 * as absent ("No TBD, TODO, or placeholders", "without TODOs", "sin TBD": `ABSENT`),
 * a word inside inline code (`unknown` as expected output), a marker named as
 * content ("TBD values", "TODO comments"), a numbered question cited as a
 * source ("RESEARCH Open Question 3"), lower-case "todo"
 * before a word (Spanish / Portuguese "todo el flujo": every, all), "Todo"
 * before a word (a product or a list: "the Todo Web Application"), a member
 * of an API ("test.fixme"), a state named ("marked fixme", "fixme tests"),
 * unknowns named as settled ("unknowns resolved through research"), a
 * GSD "<automated>" command line, "Open Questions" as a section title in
 * a list of titles ("(…, Out of Scope, Open Questions)"), a marker that
 * opens a ticked item ("- [x] TODO: rework the previews": done), TODO
 * alone in a table cell (a status value: "| UI-1 | Theme | TODO |") or in parentheses after a task id
 * ("UI-1 (TODO)": that task's status) or after a dash ending a heading ("## Phase 7: Migrate tests — TODO"), lowercase "unknown" in CJK prose (a
 * state's name: "失败后 unknown；"), a tally's open total ("3 of TBD"), "unknown"
 * as one value of a list ("(network, auth, unknown)"), and a marker that
 * says when it is decided ("TBD — pending Phase 4A evaluation").
 */
import { charSpan, inlineCodeSpans, lineStarts, lineOf } from './plan/text';
import type { UnknownSignal } from './plan/types';
import { ABSENT, MARKER, MARKER_AS_CONTENT, MARKER_NAMES, SETTLED, SETTLED_SOURCE, SETTLED_TENSE, UNKNOWN_WORDS } from './wording/undecided';
import { inScript, phraseAlternation } from './wording/words';
import {
  conditionBefore,
  countedOfBefore,
  countLabelBefore,
  decidedWhenAfter,
  markedAsBefore,
  pointsAtMarkerBefore,
  settledHowAfter,
  settlesUnknownsBefore,
  statusFieldBefore,
} from './wording/signal-context';

// Word boundaries are checked by hand after a match: a Unicode lookbehind on
// every position made this regex the slowest part of parsing.
const SIGNAL = new RegExp(`(?:${phraseAlternation([UNKNOWN_WORDS, MARKER])})|\\?{2,}`, 'gi');
const WORD_CHAR = /[\p{L}\p{N}_]/u;

/** "No TBD, TODO…", "without TODOs", "zero placeholders (TBD)", "無 TBD": the markers named as absent, only markers and connectors in between. */
const NEGATED = new RegExp(
  `(?:(?:^|[^\\p{L}])(?:${phraseAlternation(inScript(ABSENT, 'latin'), '\\s+')})|${phraseAlternation(inScript(ABSENT, 'cjk'))})` +
    `[\\s,/"'\`*()“”：:]*(?:(?:${phraseAlternation([MARKER, MARKER_NAMES])})[\\s,/"'\`*()“”]*)*$`,
  'iu',
);

const MARKER_WORD = new RegExp(`^(?:${phraseAlternation(MARKER)})$`, 'i');
const MARKER_AS_CONTENT_AFTER = new RegExp(`^[ \\t]+(?:${phraseAlternation(MARKER_AS_CONTENT)})(?![\\p{L}\\p{N}_])`, 'iu');

/** "unknowns resolved", "unknowns have been answered": the sentence says they are settled. */
const UNKNOWNS_SETTLED = new RegExp(
  `^[ \\t]+(?:(?:${phraseAlternation(SETTLED_SOURCE)})[ \\t]+[\\w .-]{1,30}?[ \\t]+)?(?:(?:${phraseAlternation(SETTLED_TENSE)})[ \\t]+){0,2}(?:${phraseAlternation(SETTLED)})\\b`,
  'i',
);

/** A GSD task's "<automated>node -e …</automated>": the line is a command to run, its words are code. */
function commandLine(line: string): boolean {
  return /^\s*<automated>/.test(line);
}

/** Inline code spans of one line, computed once per line and searched by bisection (a line can hold thousands of matches). */
function inlineCodeLookup(lines: readonly string[]): (line: number, col: number) => boolean {
  let cachedLine = -1;
  let spans: Array<[number, number]> = [];
  return (line, col) => {
    if (line !== cachedLine) {
      cachedLine = line;
      const text = lines[line] ?? '';
      spans = inlineCodeSpans(text);
    }
    // Spans are sorted and disjoint: the last one starting at or before col is the only candidate.
    let lo = 0;
    let hi = spans.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if ((spans[mid] as [number, number])[0] <= col) lo = mid + 1;
      else hi = mid - 1;
    }
    const span = spans[hi];
    return span !== undefined && col < span[1];
  };
}

function isWordChar(ch: string): boolean {
  return ch !== '' && WORD_CHAR.test(ch);
}

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const CJK_BEFORE = new RegExp(`[${CJK}][ \\t；：，、]*$`, 'u');
const CJK_AFTER = new RegExp(`^[ \\t；：，、]*[${CJK}]`, 'u');

/** Part of a name: "wasm32-unknown-unknown", "doc/TODO.md", "TODO_LIST". */
function isNameChar(ch: string): boolean {
  return isWordChar(ch) || ch === '-' || ch === '/';
}

/**
 * Every unknown signal on `lines`, skipping lines for which `skip` is true.
 * One pass over the joined text (much faster than per line); phrases never span lines.
 */
export function findUnknownSignals(lines: readonly string[], skip: (line: number) => boolean = () => false, text = lines.join('\n')): UnknownSignal[] {
  const out: UnknownSignal[] = [];
  const starts = lineStarts(lines);
  const insideInlineCode = inlineCodeLookup(lines);
  for (const m of text.matchAll(SIGNAL)) {
    const at = m.index ?? 0;
    const first = m[0].charAt(0);
    const after = text.charAt(at + m[0].length);
    if (first === '?' ? text.charAt(at - 1) === '?' : isNameChar(text.charAt(at - 1)) || isNameChar(after) || (after === '.' && isWordChar(text.charAt(at + m[0].length + 1))))
      continue;
    // "test.fixme", "it.todo": a member of an API (Playwright's, Jest's), a name.
    if (first !== '?' && text.charAt(at - 1) === '.' && isWordChar(text.charAt(at - 2))) continue;
    // "unknown keys", "unknown fields": an adjective for a decided behaviour, not an undecided point.
    // "(network, auth, unknown)", "（network、auth、unknown）": one of the values a list enumerates.
    // "Tests: known effectful, known pure, unknown": the last value of a list that ends the line.
    if (
      /^unknown$/i.test(m[0]) &&
      /[,、/|(（][ \t]*$/.test(text.slice(Math.max(0, at - 3), at)) &&
      /^[ \t]*(?:[,、)）/|]|\.?[ \t]*(?:\n|$))/.test(text.slice(at + m[0].length, at + m[0].length + 3))
    )
      continue;
    // "empty when unknown", "null if unknown": the value a program gives a state it cannot know, a decided behaviour.
    if (/^unknown$/i.test(m[0]) && conditionBefore(text.slice(Math.max(0, at - 12), at))) continue;
    // "保存 ID 失败后 unknown；unknown 重跑": lowercase "unknown" set in CJK prose is a name (a state, a value); the
    // idea is written 未知 / 不明 / 알 수 없음 there.
    if (m[0] === 'unknown' && (CJK_BEFORE.test(text.slice(Math.max(0, at - 3), at)) || CJK_AFTER.test(text.slice(at + 7, at + 10)))) continue;
    // "**Plan:** 3 of TBD", "Sprint 2 of TBD": a tally whose total is not counted yet, not a point this plan leaves open.
    if (/^(?:TBD|TBC)$/i.test(m[0]) && countedOfBefore(text.slice(Math.max(0, at - 12), at))) continue;
    // So is "unknown `providers.enabled` values": the noun it qualifies is in inline code.
    if (/^unknown$/i.test(m[0]) && /^[ \t]+[\p{L}`]/u.test(text.slice(at + m[0].length, at + m[0].length + 3))) continue;
    // "(Problem Definition, Success Metrics, Out of Scope, Open Questions)": the title of a section, listed among others.
    if (/^Open[ \t]+Questions?$/.test(m[0]) && /[(,][ \t]*$/.test(text.slice(Math.max(0, at - 3), at)) && /^[ \t]*[),]/.test(text.slice(at + m[0].length, at + m[0].length + 3)))
      continue;
    // "Open Question 3", "open question #2": a reference to a numbered question (answered elsewhere), not an open point here.
    if (/^open/i.test(m[0]) && /^[ \t]+#?\d/.test(text.slice(at + m[0].length, at + m[0].length + 4))) continue;
    // "implement the flatten TODO", "this FIXME": a marker already in the code, named as the work item.
    if (MARKER_WORD.test(m[0]) && pointsAtMarkerBefore(text.slice(Math.max(starts[lineOf(starts, at)] as number, at - 60), at))) continue;
    // A word in quotes is text shown or matched ('show "unknown" on failure'), not an undecided point; so is a quoted
    // comment the plan has the code carry ('Note in comments: "TODO: Integrate AI analysis"').
    if (
      /["“'‘]$/.test(text.charAt(at - 1)) &&
      (/^["”'’]/.test(after) || (MARKER_WORD.test(m[0]) && /^:[ \t]*[^"”\n]{1,200}["”]/.test(text.slice(at + m[0].length, at + m[0].length + 210))))
    )
      continue;
    // "resolve the technical unknowns": the plan names the unknowns it sets out to settle.
    if (/^unknowns$/i.test(m[0]) && settlesUnknownsBefore(text.slice(Math.max(0, at - 60), at))) continue;
    // "TBD — pending Phase 4A provider evaluation", "TBD (until the vendor call)": the marker says when it is decided, as the rule asks.
    if (MARKER_WORD.test(m[0]) && decidedWhenAfter(text.slice(at + m[0].length, at + m[0].length + 40))) continue;
    // "to be defined from real scan runs", "to be decided by the platform lead", "to be determined after the spike": the
    // phrase says how, by whom or when it is settled, as "TBD — pending …" does.
    if (settledHowAfter(m[0], text.slice(at + m[0].length, at + m[0].length + 14))) continue;
    // "**Plans**: TBD" under a GSD roadmap phase: the template's count of the phase's plans, not filled in (a tally, like "3 of TBD").
    if (/^TBD$/i.test(m[0]) && countLabelBefore(text.slice(Math.max(0, at - 14), at))) continue;
    // "**Status**: TODO": a status field's value (the plan is still to do), not an undecided point.
    if (MARKER_WORD.test(m[0]) && statusFieldBefore(text.slice(Math.max(0, at - 20), at))) continue;
    // "| UI-THEME-1 | Dock theme | TODO | DOCK-1 (DONE) |": TODO alone in a table cell is a status value, like "Status: TODO".
    if (/^todo$/i.test(m[0]) && /\|[ \t]*$/.test(text.slice(Math.max(0, at - 8), at)) && /^[ \t]*\|/.test(text.slice(at + m[0].length, at + m[0].length + 8))) continue;
    // "## Phase 7: Migrate Tests to TypeScript — TODO": a heading's status suffix, as "— DONE" or "- PLANNED" on its siblings.
    if (
      /^todo$/i.test(m[0]) &&
      /^[ \t]{0,3}#{1,6}[ \t][^\n]*\S[ \t]+[—–-][ \t]*$/.test(text.slice(starts[lineOf(starts, at)], at)) &&
      /^[ \t]*(?:\n|$)/.test(text.slice(at + 4, at + 6))
    )
      continue;
    // "depends on termState-IMPL-1 (TODO)": the status of the task the id names, in parentheses after it, like "DOCK-1 (DONE)".
    if (/^todo$/i.test(m[0]) && /[A-Za-z][\w.-]*\d[\w.-]*[ \t]*\($/.test(text.slice(Math.max(0, at - 60), at)) && text[at + m[0].length] === ')') continue;
    // "- [x] TODO: rework the previews": the item is ticked, its to-do done.
    if (MARKER_WORD.test(m[0]) && /^[ \t]*(?:[-*+]|\d+[.)])[ \t]+\[[xX]\][ \t]*$/.test(text.slice(Math.max(starts[lineOf(starts, at)] as number, at - 40), at))) continue;
    // "all marked fixme (skipped)", "tagged TODO": a state a test or an item is put in, named.
    if (MARKER_WORD.test(m[0]) && markedAsBefore(text.slice(Math.max(0, at - 20), at))) continue;
    // "TBD values", "TODO comments": the marker named as content (cells to parse, comments to remove), not an undecided point.
    if (MARKER_WORD.test(m[0]) && MARKER_AS_CONTENT_AFTER.test(text.slice(at + m[0].length, at + m[0].length + 16))) continue;
    // Lower-case "todo" before a word is Spanish or Portuguese ("todo tool novo", "todo el flujo": every, all), not the marker;
    // "Todo" before a word names a thing ("Phase II Todo Web Application", "the Todo list"): the marker is written TODO.
    if ((m[0] === 'todo' || m[0] === 'Todo') && /^[ \t]+\p{L}/u.test(text.slice(at + m[0].length, at + m[0].length + 3))) continue;
    // "all technical unknowns resolved through research": the unknowns are named as settled.
    if (/^unknowns$/i.test(m[0]) && UNKNOWNS_SETTLED.test(text.slice(at + m[0].length, at + m[0].length + 40))) continue;
    const line = lineOf(starts, at);
    if (skip(line) || commandLine(lines[line] ?? '')) continue;
    // Inside inline code the word is quoted text (an expected message, an identifier), not an undecided point.
    if (insideInlineCode(line, at - (starts[line] as number))) continue;
    if (NEGATED.test(text.slice(Math.max(starts[line] as number, at - 200), at))) continue;
    out.push({ signal: m[0], range: charSpan(lines, line, at - (starts[line] as number), m[0].length) });
  }
  return out;
}
