/**
 * Unknown signals: words that say the author does not know yet. Whole-word,
 * case-insensitive, one signal per occurrence, longest phrase first, on every
 * line outside fenced/indented code blocks:
 *
 *   TBD, TBC, TBA, TODO, FIXME, XXX, ?? or more question marks, unclear,
 *   unknown(s), not sure, unsure, undecided, not yet decided/known/clear/sure/
 *   defined, to be decided/determined/confirmed/defined/agreed, open
 *   question(s), maybe, perhaps, somehow, hopefully, figure(d/s) out,
 *   investigate whether/if, need(s) to check/confirm/verify whether/if.
 * Words inside a phrase may be separated by spaces or tabs, never a line break.
 */
import { charSpan, lineStarts, lineOf } from './plan/text';
import type { UnknownSignal } from './plan/types';

const PHRASES = [
  'to be (?:decided|determined|confirmed|defined|agreed)',
  'not yet (?:decided|known|clear|sure|defined)',
  'open questions?',
  'investigate (?:whether|if)',
  'needs? to (?:check|confirm|verify) (?:whether|if)',
  'figure(?:d|s)? out',
  'not sure',
  'tbd',
  'tbc',
  'tba',
  'todo',
  'fixme',
  'xxx',
  'unclear',
  'unknowns?',
  'unsure',
  'undecided',
  'maybe',
  'perhaps',
  'somehow',
  'hopefully',
];

// Word boundaries are checked by hand after a match: a Unicode lookbehind on
// every position made this regex the slowest part of parsing.
const SIGNAL = new RegExp(`(?:${PHRASES.map((p) => p.replace(/ /g, '[ \\t]+')).join('|')})|\\?{2,}`, 'gi');
const WORD_CHAR = /[\p{L}\p{N}_]/u;

function isWordChar(ch: string): boolean {
  return ch !== '' && WORD_CHAR.test(ch);
}

/**
 * Every unknown signal on `lines`, skipping lines for which `skip` is true.
 * One pass over the joined text (much faster than per line); phrases never span lines.
 */
export function findUnknownSignals(lines: readonly string[], skip: (line: number) => boolean = () => false, text = lines.join('\n')): UnknownSignal[] {
  const out: UnknownSignal[] = [];
  const starts = lineStarts(lines);
  for (const m of text.matchAll(SIGNAL)) {
    const at = m.index ?? 0;
    const first = m[0].charAt(0);
    if (first === '?' ? text.charAt(at - 1) === '?' : isWordChar(text.charAt(at - 1)) || isWordChar(text.charAt(at + m[0].length))) continue;
    const line = lineOf(starts, at);
    if (skip(line)) continue;
    out.push({ signal: m[0], range: charSpan(lines, line, at - (starts[line] as number), m[0].length) });
  }
  return out;
}
