/**
 * What the Action prints is read by the runner: a line of the step's stdout
 * or stderr that begins with `::` (after spaces) is a workflow command
 * (`::error file=…::`, `::add-mask::`, `::stop-commands::`). A plan's name
 * comes from a pull request and report text from a model, so both are data:
 *
 * - `ciText` encodes a name or a line of data the way GitHub documents for
 *   command values (`%` → `%25`, CR → `%0D`, LF → `%0A`; "Workflow commands
 *   for GitHub Actions", https://docs.github.com/en/actions/writing-workflows/choosing-what-your-workflow-does/workflow-commands-for-github-actions,
 *   and `escapeData` in actions/toolkit `packages/core/src/command.ts`), so
 *   it can never end the line it is printed in;
 * - `workflowCommandGuard` wraps the Action's output: any line that would
 *   begin with `::` gets a zero-width space between the colons, so the runner
 *   (which trims whitespace, not U+200B) never sees a command the product did
 *   not mean (it emits none);
 * - `markdownText` makes a name plain text in the job summary (one line,
 *   Markdown and HTML specials escaped).
 */
import type { CliIo } from '../io';

export function ciText(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

const COMMAND_START = /(^|\n)([ \t\f\v]*):(?=:)/g;

/** Output whose lines never begin with `::`; state carries across writes, so a line split over two writes is judged whole. */
export function workflowCommandGuard(io: CliIo): CliIo {
  const guard = () => {
    let atLineStart = true;
    return (text: string): string => {
      const prefixed = atLineStart ? `\n${text}` : text;
      const safe = prefixed.replace(COMMAND_START, '$1$2:\u200b');
      const out = atLineStart ? safe.slice(1) : safe;
      // A write that ends at a line start (or in its leading spaces) leaves the judgement to the next write.
      atLineStart = /(^|\n)[ \t\f\v]*$/.test(prefixed);
      return out;
    };
  };
  const out = guard();
  const err = guard();
  return { ...io, stdout: (t) => io.stdout(out(t)), stderr: (t) => io.stderr(err(t)), onInterrupt: (handler) => io.onInterrupt(handler) };
}

/** A name as plain text on one line of Markdown: control and line breaks become spaces; Markdown and HTML specials are escaped. */
export function markdownText(text: string): string {
  return text
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/[\\`*_[\]!|~>]/g, (ch) => `\\${ch}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;');
}
