/**
 * Interactive checkpoints on a terminal (seed 001 "User Checkpoint
 * Protocol"): shows the request on stderr and reads the choice with
 * readline. Any failure to read (EOF, closed stdin) answers "continue", the
 * same as the non-interactive policy. The request's text comes from models:
 * it is written through terminalSafe (readline's own cursor codes are not).
 */
import readline from 'node:readline/promises';
import type { UserAction } from '../core/protocol';
import type { CheckpointAnswer, CheckpointRequest } from '../core/run-types';
import { optionEffect } from '../core/loop/checkpoints';
import { terminalSafe } from '../core/terminal-text';

function actionWords(kind: CheckpointRequest['kind'], action: UserAction): string {
  const { label, detail } = optionEffect(kind, action);
  return `${label}: ${detail}`;
}

export interface PromptStreams {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  /** Called when the user presses Ctrl-C at the prompt (readline swallows SIGINT while open). */
  onInterrupt: () => void;
}

export async function promptCheckpoint(request: CheckpointRequest, streams: PromptStreams, signal?: AbortSignal): Promise<CheckpointAnswer> {
  const options = request.options.length > 0 ? request.options : (['continue'] as UserAction[]);
  const rl = readline.createInterface({ input: streams.input, output: streams.output, terminal: true });
  rl.on('SIGINT', () => {
    streams.onInterrupt();
    rl.close();
  });
  const write = (text: string) => streams.output.write(terminalSafe(text));
  // A pending question does not settle when input ends on every Node version; closing must end the prompt.
  const closed = new Promise<null>((resolve) => rl.once('close', () => resolve(null)));
  const ask = async (query: string): Promise<string> => {
    const question = rl.question(query, signal ? { signal } : {});
    question.catch(() => undefined); // settled by `closed` instead; never an unhandled rejection
    const line = await Promise.race([question, closed]);
    if (line === null) throw new Error('input closed');
    return line.trim();
  };
  try {
    write(`\n${request.title}\n${request.detail}\n\n`);
    options.forEach((o, i) => write(`  ${i + 1}. ${actionWords(request.kind, o)}\n`));
    for (let attempt = 0; attempt < 5; attempt++) {
      const raw = await ask(`Choose 1-${options.length}: `);
      const choice = options[Number(raw) - 1];
      if (!/^\d+$/.test(raw) || !choice) {
        write(`Please type a number from 1 to ${options.length}.\n`);
        continue;
      }
      if (choice !== 'provide_context') return { action: choice };
      const text = await ask('Your answer: ');
      return text ? { action: choice, text } : { action: 'continue' };
    }
    return { action: 'continue' };
  } catch {
    return { action: 'continue' };
  } finally {
    rl.close();
  }
}
