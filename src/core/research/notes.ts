/**
 * Project instruction files (CLAUDE.md, AGENTS.md, …) for Researcher Mode 2
 * (SURFACE, source "claude_md"). Read through the same confinement as the
 * tools, bounded, and returned as data for the prompt; never instructions.
 */
import { Workspace, type WorkspaceOptions } from './workspace';

export const PROJECT_NOTE_FILES: readonly string[] = ['CLAUDE.md', 'AGENTS.md', '.claude/CLAUDE.md', 'CLAUDE.local.md', '.github/copilot-instructions.md'];

export interface ProjectNote {
  path: string;
  text: string;
  truncated: boolean;
}

/** The project notes that exist and may be read, each cut to `maxChars` (default 8 000). Never throws. */
export async function readProjectNotes(root: string, options: Pick<WorkspaceOptions, 'denyGlobs'> & { maxChars?: number } = {}): Promise<ProjectNote[]> {
  const maxChars = options.maxChars ?? 8000;
  let workspace: Workspace;
  try {
    workspace = await Workspace.open(root, { denyGlobs: options.denyGlobs });
  } catch {
    return [];
  }
  const notes: ProjectNote[] = [];
  for (const candidate of PROJECT_NOTE_FILES) {
    const read = await workspace.readText(candidate);
    if (!read.ok) continue;
    notes.push({ path: read.rel, text: read.text.slice(0, maxChars), truncated: read.text.length > maxChars });
  }
  return notes;
}
