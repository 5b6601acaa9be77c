/**
 * Where a path the plan names lives outside the workspace, or where no file is there yet: a package the plan installs,
 * a program's default path at run time, the origin side of a port or move table, a project that starts empty. Plain
 * data, by language. Read by missing-file through `file-context.ts` (`aboutPackages`, `defaultPathBefore`,
 * `isOriginCell`, `isTargetCell`, `saysGreenfield`); see README.md.
 */
import type { Wording } from './words';

/** A line about installing packages, so "`@aws-sdk/lib-dynamodb`" on it is an npm package: "npm install", "bun add", "Dependencies". */
export const PACKAGE_INSTALL: Wording = {
  en: ['install', 'npm', 'pnpm', 'yarn', 'bun add', 'package', 'packages', 'dependency', 'dependencies'],
};

/** "Default" and, a few words on, a place, then a colon: "Default storage path: `static/images/`", "default config directory: `~/.app`". */
export const DEFAULT: Wording = {
  en: ['default'],
};
export const DEFAULT_PLACE: Wording = {
  en: ['path', 'folder', 'directory', 'dir', 'location'],
};

/** A port or move table's first header cell, the whole cell: "Source", "From", "Old path", "Before" (after an ORIGIN_QUALIFIER or a version). */
export const ORIGIN: Wording = {
  en: ['source', 'origin', 'from', 'old', 'old path', 'old file', 'old location', 'before', 'legacy'],
};
/** Before an ORIGIN word in that cell: "Legacy source", "Current origin". */
export const ORIGIN_QUALIFIER: Wording = {
  en: ['old', 'legacy', 'current', 'original'],
};

/** Another header cell of that table, the whole cell: "Destination", "To", "New path", "After" (after a TARGET_QUALIFIER or a version). */
export const TARGET: Wording = {
  en: ['destination', 'target', 'to', 'new', 'new path', 'new file', 'new location', 'after'],
};
/** Before a TARGET word in that cell: "New destination". */
export const TARGET_QUALIFIER: Wording = {
  en: ['new'],
};

/** A project that starts from nothing, then what it is: "Greenfield project", "green-field codebase". */
export const GREENFIELD: Wording = {
  en: ['greenfield', 'green field', 'green-field'],
};
export const PROJECT: Wording = {
  en: ['project', 'repo', 'repository', 'codebase', 'app', 'application'],
};
/** Said of the project before the first step: "no code exists yet", "the repository is still empty". */
export const EMPTY_PROJECT: Wording = {
  en: ['no code exists yet', 'repo is empty', 'repository is empty', 'repo is still empty', 'repository is still empty'],
};

/**
 * A line that places a file outside the workspace: OUTSIDE_OF, THIS, a name or not, WORKSPACE_NOUN ("outside the
 * wonderland repo", "not part of this repository"), or ANOTHER and OTHER_PLACE ("lives in another repo").
 */
export const OUTSIDE_OF: Wording = { en: ['outside', 'not in', 'not part of'] };
export const THIS: Wording = { en: ['the', 'this', 'our'] };
export const WORKSPACE_NOUN: Wording = { en: ['repo', 'repository', 'workspace', 'project'] };
export const ANOTHER: Wording = { en: ['in another', 'in a different', 'in a separate'] };
export const OTHER_PLACE: Wording = { en: ['repo', 'repository', 'project'] };

/** What the plan was made from, then "from": "Consolidated from two reviews (`a.md`, `b.md`)", "Distilled from …": its sources, not files it reads. */
export const MADE_FROM: Wording = {
  en: ['consolidated', 'compiled', 'distiled', 'distilled', 'synthesised', 'synthesized', 'summarised', 'summarized', 'condensed'],
};
/** Code taken over, a few words, then "from" an EARLIER_VERSION (or a version, "v1"): "Ported from the legacy `a.py`", "copied over from upstream". */
export const CARRIED: Wording = { en: ['port', 'ported', 'porting', 'lift', 'lifted', 'lifting', 'copied', 'carried over'] };
export const EARLIER_VERSION: Wording = { en: ['old', 'legacy', 'previous', 'original', 'upstream'] };

/**
 * A name the step edits as text in other files: EDIT_TEXT_VERB [EVERY] before it, TEXT_OCCURRENCE after it ("Replace any
 * `CLAUDE.md` references", "remove all `config.yml` mentions").
 */
export const EDIT_TEXT_VERB: Wording = { en: ['replace', 'remove', 'strip', 'rewrite', 'drop', 'find'] };
export const EVERY: Wording = { en: ['all', 'any', 'every', 'the'] };
export const TEXT_OCCURRENCE: Wording = { en: ['reference', 'references', 'mention', 'mentions', 'occurrence', 'occurrences'] };

/** A mapping table's header cell that opens with the old side: "Old path", "Before", "From", "Current location", "Antes", "Alt", "Avant". */
export const OLD_SIDE: Wording = {
  en: ['old', 'before', 'from', 'current', 'legacy', 'previous', 'was'],
  es: ['antes', 'antiguo', 'anterior'],
  de: ['alt', 'vorher'],
  fr: ['ancien', 'avant'],
};
