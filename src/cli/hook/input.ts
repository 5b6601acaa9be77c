/**
 * The hook's input: JSON on stdin, decoded as ONE UTF-8 buffer (a character
 * split across pipe chunks stays whole), at most MAX_HOOK_INPUT_BYTES.
 *
 * Shapes, per the Claude Code hooks reference (code.claude.com/docs/en/hooks,
 * "Common input fields", "PreToolUse input" → ExitPlanMode, "PermissionRequest
 * input"): `session_id`, `transcript_path`, `cwd`, `permission_mode`,
 * `hook_event_name` ("PreToolUse" | "PermissionRequest"), `tool_name`
 * ("ExitPlanMode"), `tool_input`. For ExitPlanMode Claude Code injects
 * `tool_input.plan` and `tool_input.planFilePath`; payloads with
 * `"tool_input": {}` were reported too (see README), so every field but `cwd`
 * is optional and unknown fields pass.
 */
import * as z from 'zod';
import type { HookEvent } from './decision';

export const MAX_HOOK_INPUT_BYTES = 4 * 1024 * 1024;
export const MAX_INLINE_PLAN_CHARS = 1_000_000;

const PathString = z.string().min(1).max(4096);

export const HookInput = z
  .object({
    session_id: z.string().max(200).default(''),
    transcript_path: PathString.optional().catch(undefined),
    cwd: PathString,
    permission_mode: z.string().max(60).optional().catch(undefined),
    hook_event_name: z.string().max(100).optional(),
    tool_name: z.string().max(200).optional(),
    tool_input: z.record(z.string(), z.unknown()).default({}),
  })
  .passthrough();
export type HookInput = z.infer<typeof HookInput>;

/** The plan fields ExitPlanMode's input may carry; a value of the wrong type is ignored, not fatal. */
export const PlanFields = z.object({
  plan: z
    .string()
    .max(MAX_INLINE_PLAN_CHARS)
    .refine((text) => text.trim() !== '' && !text.includes('\0'))
    .optional()
    .catch(undefined),
  planFilePath: PathString.optional().catch(undefined),
  plan_file_path: PathString.optional().catch(undefined),
});

export async function readStdinUtf8(stream: NodeJS.ReadableStream, maxBytes = MAX_HOOK_INPUT_BYTES): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk as Uint8Array);
    total += buffer.length;
    if (total > maxBytes) throw new Error(`hook input larger than ${maxBytes / (1024 * 1024)} MiB`);
    chunks.push(buffer);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new Error('hook input is not valid UTF-8');
  }
}

/** The event to answer: the two this hook is made for; anything else gets no decision. */
export function hookEvent(input: HookInput): HookEvent | null {
  if (input.hook_event_name === undefined || input.hook_event_name === 'PreToolUse') return 'PreToolUse';
  if (input.hook_event_name === 'PermissionRequest') return 'PermissionRequest';
  return null;
}
