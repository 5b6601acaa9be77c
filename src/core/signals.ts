/**
 * Unknown signals: words that say the author does not know yet. Whole-word,
 * case-insensitive, one signal per occurrence, longest phrase first, on every
 * line outside fenced/indented code blocks:
 *
 *   TBD, TBC, TODO, FIXME, XXX, ??? (two or more question marks), unclear,
 *   unknown(s), not sure, unsure, undecided, not yet decided/known/clear,
 *   to be decided/determined/confirmed/defined, open question(s), maybe,
 *   perhaps, somehow, figure out, investigate whether/if, need(s) to check,
 *   hopefully, TBA
 */
import { charSpan } from './plan/text';
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

const SIGNAL = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${PHRASES.map((p) => p.replace(/ /g, '\\s+')).join('|')})(?![\\p{L}\\p{N}_])|(?<!\\?)\\?{2,}(?!\\?)`, 'giu');

/** Every unknown signal on `lines`, skipping lines for which `skip` is true. */
export function findUnknownSignals(lines: readonly string[], skip: (line: number) => boolean = () => false): UnknownSignal[] {
  const out: UnknownSignal[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (skip(i)) continue;
    const line = lines[i] ?? '';
    for (const m of line.matchAll(SIGNAL)) {
      out.push({ signal: m[0], range: charSpan(lines, i, m.index ?? 0, m[0].length) });
    }
  }
  return out;
}
