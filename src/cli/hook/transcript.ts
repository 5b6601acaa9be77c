/**
 * What the session transcript (`transcript_path`, JSON Lines written by
 * Claude Code) says about the plan file. Its line format is not documented,
 * so it is read for meaning, not shape: any line that parses as JSON is
 * walked (bounded) for
 *   - a `planFilePath` string (the plan-mode attachment),
 *   - the plan-mode instruction text naming the file ("A plan file already
 *     exists at <path>" / "create your plan at <path>"),
 *   - a Write / Edit / MultiEdit tool call whose `file_path` lies in the plans
 *     folder,
 * and every `timestamp`, whose earliest (with the file's birth time) tells
 * when the session started. Lines that do not parse are skipped. Only the
 * last MAX_TRANSCRIPT_BYTES are read; the file must lie in Claude Code's own
 * folder with no link below it (confined reader).
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { readUnderRoots } from '../../core/research/confined-under-root';
import { isInside } from '../../core/research/confined-under-root';

export const MAX_TRANSCRIPT_BYTES = 16 * 1024 * 1024;
const MAX_NODES_PER_LINE = 20_000;
const MAX_DEPTH = 64;
const INSTRUCTION = /(?:A plan file already exists at|create your plan at) (.{1,4096}?\.md)(?=$|[\s.,;:)'"`])/gm;
const WRITE_TOOLS = new Set(['Write', 'Edit', 'MultiEdit']);

export interface TranscriptFacts {
  /** Plan files the transcript names, oldest first. */
  planFiles: string[];
  /** Epoch ms; null when nothing tells. */
  sessionStartMs: number | null;
}

export type TranscriptRead = { ok: true; facts: TranscriptFacts } | { ok: false; detail: string };

function walkLine(value: unknown, plansFolder: string | null, found: string[], times: number[]): void {
  const stack: { node: unknown; depth: number }[] = [{ node: value, depth: 0 }];
  let visited = 0;
  while (stack.length > 0 && visited < MAX_NODES_PER_LINE) {
    const { node, depth } = stack.pop()!;
    visited += 1;
    if (typeof node === 'string') {
      for (const match of node.matchAll(INSTRUCTION)) found.push(match[1]!);
      continue;
    }
    if (typeof node !== 'object' || node === null || depth >= MAX_DEPTH) continue;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push({ node: node[i], depth: depth + 1 });
      continue;
    }
    const record = node as Record<string, unknown>;
    if (typeof record.planFilePath === 'string') found.push(record.planFilePath);
    if (typeof record.timestamp === 'string') {
      const ms = Date.parse(record.timestamp);
      if (Number.isFinite(ms)) times.push(ms);
    }
    const input = record.input as Record<string, unknown> | undefined;
    if (record.type === 'tool_use' && typeof record.name === 'string' && WRITE_TOOLS.has(record.name) && typeof input?.file_path === 'string') {
      const file = input.file_path;
      if (plansFolder && file.toLowerCase().endsWith('.md') && isInside(plansFolder, file)) found.push(file);
    }
    const keys = Object.keys(record);
    for (let i = keys.length - 1; i >= 0; i--) if (keys[i] !== 'planFilePath') stack.push({ node: record[keys[i]!], depth: depth + 1 });
  }
}

/** Facts from the text of a transcript (its tail when `cut` says the start was dropped). */
export function transcriptFacts(text: string, plansFolder: string | null, cut = false): TranscriptFacts {
  const lines = text.split('\n');
  if (cut) lines.shift(); // the first line of a tail is a fragment
  const planFiles: string[] = [];
  const times: number[] = [];
  for (const line of lines) {
    const trimmed = line.trim();
    if (!trimmed.startsWith('{')) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      continue;
    }
    walkLine(parsed, plansFolder, planFiles, times);
  }
  return { planFiles, sessionStartMs: times.length > 0 ? Math.min(...times) : null };
}

export async function readTranscript(file: string, claudeDir: string | null, plansFolder: string | null): Promise<TranscriptRead> {
  if (!path.isAbsolute(file) || !file.endsWith('.jsonl')) return { ok: false, detail: `${file} is not an absolute path to a .jsonl file` };
  if (!claudeDir) return { ok: false, detail: 'no HOME or CLAUDE_CONFIG_DIR to confine it to' };
  const read = await readUnderRoots([claudeDir], file, { maxBytes: MAX_TRANSCRIPT_BYTES, singleLink: false, tail: true });
  if (!read.ok) return { ok: false, detail: `${file} ${read.detail}` };
  const stats = await fs.stat(file).catch(() => null);
  const facts = transcriptFacts(new TextDecoder('utf-8').decode(read.buffer), plansFolder, stats !== null && stats.size > MAX_TRANSCRIPT_BYTES);
  const born = stats && stats.birthtimeMs > 0 ? stats.birthtimeMs : null;
  const starts = [facts.sessionStartMs, born].filter((t): t is number => t !== null);
  return { ok: true, facts: { ...facts, sessionStartMs: starts.length > 0 ? Math.min(...starts) : null } };
}
