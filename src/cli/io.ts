/**
 * What the CLI needs from its process, injected so commands run in-process
 * in unit tests. `createProcessIo` binds it to the real process.
 */
import { randomBytes } from 'node:crypto';
import { rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { terminalSafe } from '../core/terminal-text';

export interface CliIo {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  stdout(text: string): void;
  stderr(text: string): void;
  stdin: NodeJS.ReadableStream;
  /** The real stderr stream when there is one (readline draws prompts on it). */
  stderrStream?: NodeJS.WritableStream;
  /** Both stdin and stderr are terminals: checkpoints may ask the user. */
  interactive: boolean;
  /** Registers a Ctrl-C handler; returns a function that removes it. */
  onInterrupt(handler: () => void): () => void;
}

/** Replaces every occurrence of the secret, so no error message or report can leak it. */
export function redactor(secret: string | undefined): (text: string) => string {
  if (!secret || secret.length < 4) return (text) => text;
  return (text) => text.split(secret).join('[redacted]');
}

/**
 * Wraps an io so everything it prints passes through `redact`, then
 * `terminalSafe`: the one gate between untrusted text (model answers, API
 * errors, file names) and the terminal. JSON output stays the same JSON value.
 */
export function guardedIo(io: CliIo, secret: string | undefined): CliIo {
  const redact = redactor(secret);
  const guard = (text: string) => terminalSafe(redact(text));
  return { ...io, stdout: (t) => io.stdout(guard(t)), stderr: (t) => io.stderr(guard(t)), onInterrupt: (handler) => io.onInterrupt(handler) };
}

/** Writes via a temp file in the same folder and a rename, so readers never see half a report. */
export async function writeFileAtomic(file: string, content: string): Promise<void> {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await writeFile(tmp, content, 'utf8');
    await rename(tmp, file);
  } catch (error) {
    await unlink(tmp).catch(() => undefined);
    throw error;
  }
}
