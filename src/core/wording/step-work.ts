/**
 * What a step's title or the first line of its body says about its work, read from the deferred and docs tables: each
 * query is one matcher compiled at module load. The rules ask these (no-success-criterion.ts: "is this step for later?",
 * "is this a documentation step?"; section-rules.ts: "is this plan a roadmap?").
 */
import { DOC_FILE_VERB, DOCS_NOUN, DOCS_VERB, DOCUMENT_VERB } from './docs';
import { LATER_BODY, LATER_NOTE, LATER_TITLE, ROADMAP } from './deferred';
import { FLOW, FLOW_OF, RUN_OF_PRODUCT, SYSTEM_DESCRIPTION, SYSTEM_DESCRIPTION_IN_WORD } from './system-description';
import { anyOf, pairMatcher, wordMatcher } from './words';

/** At the start of a title or line, after any marks and numbering ("— ", "**"). */
const OPENS = '^\\W*';

const LATER_IN_TITLE = anyOf(
  wordMatcher(LATER_NOTE, { lead: '\\(\\s*', trail: '\\s*\\)', bounded: false, guarded: false }),
  wordMatcher(LATER_TITLE, { lead: OPENS, guarded: false }),
);

/** Does the title put the step off for later: "Phase 8 (Future): …", "Post-MVP ideas", "Future Enhancements", "(später)"? */
export function titleSaysLater(title: string): boolean {
  return LATER_IN_TITLE.test(title);
}

const LATER_OPENING = wordMatcher(LATER_BODY, { lead: OPENS, guarded: false });

/** Does the first line of a step's body say the step is out of scope: "Not in MVP scope.", "Deferred to v2", "Fuera del alcance"? */
export function opensOutOfScope(line: string): boolean {
  return LATER_OPENING.test(line);
}

const DOCS_TITLE = anyOf(
  pairMatcher(DOCS_VERB, DOCS_NOUN, '\\s+(?:the\\s+)?(?:[\\w-]+\\s+){0,2}', { lead: OPENS, guarded: false }),
  wordMatcher(DOCUMENT_VERB, { lead: OPENS, guarded: false }),
  wordMatcher(DOC_FILE_VERB, { lead: OPENS, trail: '\\s+(?:the\\s+)?[\\w./-]+\\.(?:md|mdx|markdown|rst|txt)\\b', guarded: false }),
);

/** Is the step's work documentation, by its title: "Update docs", "Write README", "Document the flag", "Create `docs/a.md`"? */
export function isDocsTitle(title: string): boolean {
  return DOCS_TITLE.test(title);
}

const SYSTEM = anyOf(wordMatcher(SYSTEM_DESCRIPTION, { guarded: false }), wordMatcher(SYSTEM_DESCRIPTION_IN_WORD, { bounded: false, guarded: false }));

/** Does a section's title describe the system rather than the work: "## Complete Pipeline Architecture", "## Data flow"? */
export function describesSystem(title: string): boolean {
  return SYSTEM.test(title);
}

const FLOW_TITLE = anyOf(pairMatcher(FLOW_OF, FLOW, '\\s+', { guarded: false }), wordMatcher(RUN_OF_PRODUCT, { guarded: false }));

/** Does a heading introduce a flow of the product: "## Complete User Flow", "## Request lifecycle", "## Flujo de datos"? */
export function introducesFlow(title: string): boolean {
  return FLOW_TITLE.test(title);
}

const ROADMAP_IN_TITLE = wordMatcher(ROADMAP);

/** Does a plan's title say it lists work for later: "Product roadmap", "Backlog and next steps", "Hoja de ruta"? */
export function titleIsRoadmap(title: string): boolean {
  return ROADMAP_IN_TITLE.test(title);
}
