/**
 * Companion documents: the design, spec, PRD or research a plan names as its source ("**Spec:**
 * `docs/superpowers/specs/2026-03-11-x-design.md`", "Based on [research.md](./research.md)"), and the design a
 * superpowers plan has beside it by name. A plan that leaves what can go wrong to such a document is judged with it,
 * as a reader would: on the corpus, eight of the sixteen false missing-risks findings were plans whose named design
 * holds "## Error Handling", "## Edge Cases" or a risks section, and the true ones said "none here or in the design".
 */
import * as path from 'node:path';
import { namesRisks, risksOrRollbackKind, type Plan, type SectionKind } from '../plan';
import type { RuleEnvironment } from './catalog';
import { isCompatibilityTitle, opensFailureHandling, opensSourcesLabel } from '../wording/companion-context';
import { titleNamesFeature } from '../wording/section-titles';

/** A document by its name that holds a plan's reasoning: design, spec, PRD, research, requirements, architecture, RFC, ADR, proposal. */
const COMPANION_NAME = /(?:design|spec|specification|prd|research|requirements|architecture|rfc|adr|proposal)[^/]*\.(?:md|markdown)$/i;
/** At most this many documents are read per plan: the first ones it names are its sources. */
const MAX_COMPANIONS = 4;
/** At most this many named documents are tried (a name may not resolve, or not be readable). */
const MAX_REFERENCES = 8;
/** The lines a plan's header spans: title, goal, sources. */
const HEADER_LINES = 30;

/**
 * A heading title that holds what can go wrong: risks, rollback, edge cases, error handling, failure modes or known issues.
 * `kind` is sectionKind(title) when the caller has it (a plan's section that is not a step carries it).
 */
export function titleHoldsRisks(title: string, kind?: SectionKind): boolean {
  return (kind === undefined ? risksOrRollbackKind(title) : kind === 'risks' || kind === 'rollback') || namesRisks(title) || opensFailureHandling(title);
}

/**
 * The references (as written, or relative to the plan's folder) of the documents the plan leans on, at most eight: the
 * design of its name by convention (a Kiro tasks.md's design.md; `<name>-design.md` beside `docs/plans/<name>.md`,
 * `docs/superpowers/specs/<name>-design.md` for `docs/superpowers/plans/<name>.md`), then the Markdown paths it names
 * whose file name says design/spec/PRD/research…
 */
export function companionReferences(plan: Plan, planPath?: string | null): string[] {
  const out: string[] = [];
  if (planPath) {
    const file = planPath.replace(/\\/g, '/');
    const stem = path.posix.basename(file).replace(/\.(?:md|markdown)$/i, '');
    // Kiro keeps design.md beside tasks.md in the spec's folder.
    if (/^tasks$/i.test(stem)) out.push('./design.md');
    else if (!/design/i.test(stem)) {
      // A plan named only "plan.md" (or "PLAN.md") has its design by the generic name beside it or in specs/.
      if (/^(?:plan|implementation[-_]plan)$/i.test(stem)) {
        out.push('./design.md');
        if (/(?:^|\/)plans$/.test(path.posix.dirname(file))) out.push('../specs/design.md');
      }
      const topic = stem.replace(/[-_](?:implementation(?:[-_]plan)?|plan)$/i, '');
      out.push(`./${topic}-design.md`);
      // plans/ beside specs/ or designs/: docs/superpowers/specs/<topic>-design.md, docs/designs/<topic>-design.md.
      if (/(?:^|\/)plans$/.test(path.posix.dirname(file))) out.push(`../specs/${topic}-design.md`, `../designs/${topic}-design.md`);
    }
  }
  for (const ref of plan.referencedPaths) if (COMPANION_NAME.test(ref.path) && !out.includes(ref.path)) out.push(ref.path);
  // The header names its sources in plain text too ("**Baseado em:** research.md, prd.md"), or under a label that says
  // what they are whatever their file names ("**Companion docs:** `docs/auth-revamp-plan.md`", "**Spec:** …").
  for (const line of plan.lines.slice(0, HEADER_LINES)) {
    const labelled = opensSourcesLabel(line);
    for (const m of line.matchAll(/(?<![\w./-])((?:\.{1,2}\/)?[\w.-]+(?:\/[\w.-]+)*\.(?:md|markdown))(?![\w/-])/gi)) {
      const ref = m[1] as string;
      if ((labelled || COMPANION_NAME.test(ref)) && !out.includes(ref)) out.push(ref);
    }
  }
  // A plan that names hundreds of designs cannot make the host read hundreds of files: the first ones are its sources.
  return out.slice(0, MAX_REFERENCES);
}

/**
 * A companion's heading that holds what can go wrong. In a design or PRD, "Security …" and "… Recovery" headings
 * name features to build (auth schemes, password recovery), so there only risks, edge cases, error handling,
 * rollback or a compatibility section count (on the corpus, the one design whose only such headings were
 * "Security Definitions" and "Password Recovery" was labelled as having no risks).
 */
function companionTitleHoldsRisks(title: string): boolean {
  // A design's section on compatibility, by that title alone: what existing users, data or callers could break.
  if (isCompatibilityTitle(title)) return true;
  return titleHoldsRisks(title) && !titleNamesFeature(title);
}

/** Does a document the plan names (see companionReferences) hold a risks, rollback, edge-case or error-handling section? */
export function companionHoldsRisks(plan: Plan, env: RuleEnvironment | undefined): boolean {
  if (!env?.readMarkdown) return false;
  let read = 0;
  for (const ref of companionReferences(plan, env.planPath)) {
    if (read >= MAX_COMPANIONS) break;
    let text: string | undefined;
    try {
      text = env.readMarkdown(ref);
    } catch {
      text = undefined;
    }
    if (text === undefined) continue;
    read++;
    if (holdsRisks(text)) return true;
  }
  return false;
}

/** Verdicts per design text: the rule runs on every keystroke, a design changes rarely. A few entries, oldest dropped. */
const verdicts = new Map<string, boolean>();

function holdsRisks(text: string): boolean {
  const known = verdicts.get(text);
  if (known !== undefined) return known;
  const verdict = headingTitles(text).some(companionTitleHoldsRisks);
  if (verdicts.size >= 16) verdicts.delete(verdicts.keys().next().value as string);
  verdicts.set(text, verdict);
  return verdict;
}

/** The ATX heading titles of a Markdown text, outside fenced blocks, without their numbering. */
function headingTitles(text: string): string[] {
  const titles: string[] = [];
  let fence: string | null = null;
  for (const line of text.split(/\r?\n/)) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (marker) {
      const m = marker[1] as string;
      if (fence === null) fence = m;
      else if (m[0] === fence[0] && m.length >= fence.length) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const heading = /^ {0,3}#{1,6}[ \t]+(.{1,200}?)[ \t#]*$/.exec(line);
    if (heading) titles.push((heading[1] as string).replace(/^[\d.\s]+(?=\S)/, '').replace(/[*_`]/g, ''));
  }
  return titles;
}
