/**
 * Reading a plan file, the one rule for every front end (CLI argument,
 * discovery, the GitHub Action, the extension). A plan is input: it can be a
 * symbolic link a pull request added (`.claude/plans/notes.md ->
 * ../../.git/config`), a FIFO, a device or a huge file.
 *
 * Contract: a plan found by discovery or named by a pull request (`root`
 * given) is a regular file below `root` with no symbolic link on the way,
 * checked on the open descriptor (readConfinedFile with `root`); a plan the
 * user named (`root` null) may lie anywhere and be reached through a link,
 * but must be a regular file. Both: at most MAX_PLAN_BYTES, no NUL byte,
 * valid UTF-8, not empty. A refusal says why and never carries content.
 */
import { readConfinedFile } from './research/confined-read';

/** Plans are prose; anything larger is almost certainly the wrong file. */
export const MAX_PLAN_BYTES = 2 * 1024 * 1024;

export type PlanFileRead = { ok: true; text: string } | { ok: false; message: string };

/** `shown` is how the plan is named in messages (already made safe for the output it goes to). */
export async function readPlanFile(file: string, root: string | null, shown: string): Promise<PlanFileRead> {
  const read = await readConfinedFile(
    file,
    root === null ? { maxBytes: MAX_PLAN_BYTES, singleLink: false, followFinalLink: true } : { maxBytes: MAX_PLAN_BYTES, singleLink: false, root },
  );
  if (!read.ok) {
    switch (read.rule) {
      case 'not-found':
        return { ok: false, message: `Plan file not found: ${shown}` };
      case 'not-a-file':
        return { ok: false, message: `Not a file: ${shown}. Pass the path to a Markdown plan.` };
      case 'too-large':
        return { ok: false, message: `Plan file too large (limit ${MAX_PLAN_BYTES} bytes): ${shown}` };
      case 'symlink':
      case 'outside-root':
      case 'changed':
        return {
          ok: false,
          message: `Refused the plan ${shown}: it ${read.detail}. A plan found in the plan folders or named by a pull request must be a regular file inside the repository, reached without symbolic links; name it explicitly to verify it anyway.`,
        };
      default:
        return { ok: false, message: `Cannot read the plan file ${shown} (${read.detail}).` };
    }
  }
  return decodePlanBytes(read.buffer, shown);
}

/**
 * The content half of the rule, for plan text that did not come from
 * readPlanFile (the Claude Code hook reads its files under its own roots):
 * at most MAX_PLAN_BYTES, no NUL byte, valid UTF-8, not empty.
 */
export function decodePlanBytes(bytes: Uint8Array, shown: string): PlanFileRead {
  if (bytes.byteLength > MAX_PLAN_BYTES) return { ok: false, message: `Plan file too large (limit ${MAX_PLAN_BYTES} bytes): ${shown}` };
  if (bytes.includes(0)) return { ok: false, message: `The plan file ${shown} is not text (it contains NUL bytes).` };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, message: `The plan file ${shown} is not valid UTF-8 text.` };
  }
  if (text.trim() === '') return { ok: false, message: `The plan file ${shown} is empty.` };
  return { ok: true, text };
}

/**
 * For a plan whose text comes from an editor buffer: only what the file IS
 * matters (a device, FIFO or socket, or over the size limit is refused; a
 * file not saved yet, empty on disk or mid-edit is fine). null when fine.
 */
export async function planFileProblem(file: string, shown: string): Promise<string | null> {
  const read = await readConfinedFile(file, { maxBytes: MAX_PLAN_BYTES, singleLink: false, followFinalLink: true });
  if (read.ok || read.rule === 'not-found') return null;
  if (read.rule === 'not-a-file') return `Not a file: ${shown}. Open a Markdown plan.`;
  if (read.rule === 'too-large') return `Plan file too large (limit ${MAX_PLAN_BYTES} bytes): ${shown}`;
  return `Cannot read the plan file ${shown} (${read.detail}).`;
}
