/**
 * Finding and checking the JSON answer in a model's text.
 *
 * Contract: model text is untrusted. `extractJson` never throws; it looks in
 * ```json fences first, then at each balanced top-level `{…}` in the text
 * (string-aware, so braces inside JSON strings do not count), and returns the
 * first candidate that parses.
 */
import type { z } from 'zod';

export type JsonExtraction = { ok: true; value: unknown } | { ok: false; error: string };

const FENCE = /```[ \t]*(?:json|JSON|jsonc)?[ \t]*\r?\n([\s\S]*?)```/g;

/** Start and end (exclusive) of each balanced top-level `{…}`, in order. */
export function balancedObjects(text: string): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (depth === 0) {
      if (ch === '{') {
        depth = 1;
        start = i;
      }
      continue;
    }
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) spans.push({ start, end: i + 1 });
  }
  return spans;
}

function tryParse(candidate: string): JsonExtraction {
  try {
    return { ok: true, value: JSON.parse(candidate) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

export function extractJson(text: string): JsonExtraction {
  let firstError: string | undefined;
  const consider = (candidate: string): JsonExtraction | undefined => {
    const trimmed = candidate.trim();
    if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
    const parsed = tryParse(trimmed);
    if (parsed.ok) return parsed;
    firstError ??= parsed.error;
    return undefined;
  };
  for (const match of text.matchAll(FENCE)) {
    const found = consider(match[1] ?? '');
    if (found) return found;
  }
  for (const span of balancedObjects(text)) {
    const found = consider(text.slice(span.start, span.end));
    if (found) return found;
  }
  if (firstError) return { ok: false, error: `the JSON does not parse: ${firstError}` };
  if (text.includes('{')) return { ok: false, error: 'the JSON object is incomplete (unbalanced braces)' };
  return { ok: false, error: 'no JSON object found in the answer' };
}

/** Zod issues as `path: message` lines, at most `max`, for a correction prompt or a failure message. */
export function formatIssues(error: z.ZodError, max = 10): string {
  const lines = error.issues.slice(0, max).map((issue) => {
    const path = issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)';
    return `- ${path}: ${issue.message}`;
  });
  const more = error.issues.length - max;
  if (more > 0) lines.push(`- …and ${more} more`);
  return lines.join('\n');
}

export type ParsedOutput<T> = { ok: true; value: T } | { ok: false; problem: string };

/** Extracts, parses and validates; `problem` says what to fix, concisely. */
export function parseAgentJson<T>(text: string, schema: z.ZodType<T>): ParsedOutput<T> {
  const extracted = extractJson(text);
  if (!extracted.ok) return { ok: false, problem: extracted.error };
  const result = schema.safeParse(extracted.value);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, problem: `the JSON does not match the required schema:\n${formatIssues(result.error)}` };
}

/**
 * A structured-output answer: the whole text is the JSON (no fences, no
 * prose), still validated with zod, which also enforces the constraints the
 * API's schema subset leaves out (lengths, ranges, patterns).
 */
export function parseStructuredJson<T>(text: string, schema: z.ZodType<T>): ParsedOutput<T> {
  const parsed = tryParse(text.trim());
  if (!parsed.ok) return { ok: false, problem: `the structured answer is not JSON: ${parsed.error}` };
  const result = schema.safeParse(parsed.value);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, problem: `the structured answer does not match the schema:\n${formatIssues(result.error)}` };
}
