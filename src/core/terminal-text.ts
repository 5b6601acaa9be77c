/**
 * Untrusted text (model answers, API error messages, plan and file names)
 * made safe to print on a terminal. One definition of what is unsafe, used by
 * every front end that prints: the CLI's output (src/cli/io.ts), its
 * checkpoint prompt, and the Markdown report's inline escaping.
 *
 * Unsafe: every control character but tab and line feed — C0 (ESC starts
 * CSI, OSC (window title, OSC 52 clipboard write), DCS, APC…; CR and BS
 * can overwrite a printed "Verdict:" line), DEL, C1 (CSI, OSC, DCS, ST in
 * their one-character forms, NEL) — the bidirectional formatting characters
 * (embeddings, overrides, isolates and marks, which reorder what a line
 * shows), and the Unicode line and paragraph separators.
 *
 * Once ESC and the C1 introducers are gone no escape sequence can start, so
 * what is left of one (`]0;title`) is inert printable text and is shown as it is.
 */

/** The characters a terminal acts on, or that change how a line reads. */
const UNSAFE = /[^\P{Cc}\t\n]|\p{Bidi_Control}|[\u2028\u2029]/gu;

/** The unsafe set with a fresh `lastIndex`, for callers that remove rather than show. */
export function unsafeForTerminal(): RegExp {
  return new RegExp(UNSAFE.source, UNSAFE.flags);
}

const visible = (ch: string) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * Every unsafe character as the six visible characters `\uXXXX` (CRLF is a
 * line feed first), so nothing is hidden and nothing acts. Idempotent.
 *
 * JSON stays valid JSON with the same value: JSON.stringify already escapes
 * C0, so an unsafe character in JSON text can only sit inside a string,
 * where `\uXXXX` is JSON's own escape for it.
 */
export function terminalSafe(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(UNSAFE, visible);
}

/** One line of untrusted text inside a line the CLI writes: whitespace runs (newlines too) become one space, then terminalSafe. */
export function terminalLine(text: string): string {
  return terminalSafe(text.replace(/\s+/g, ' ').trim());
}
