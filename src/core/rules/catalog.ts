/**
 * The static rules' public contract: codes, levels, findings and the one
 * capability a rule may ask of its host (does this file exist?). The CLI and
 * the language server both code against these names; keep them stable.
 */
import type { Range } from '../plan';
import type { ManifestFacts } from '../index/workspace-manifests';
import type { SymbolFacts } from '../index/symbols/symbol-index';

export type RuleCode =
  | 'unknown-signal'
  | 'missing-file'
  | 'no-success-criterion'
  | 'dangling-dependency'
  | 'duplicate-step-id'
  | 'empty-section'
  | 'missing-risks-section'
  | 'unknown-script'
  | 'unknown-package'
  | 'unknown-symbol'
  | 'symbol-elsewhere'
  | 'stale-anchor';

export type RuleLevel = 'off' | 'info' | 'warning' | 'error';

/**
 * How much the rules report. `precise` (the default): only what the plan itself shows to be wrong, so a finding is
 * worth reading: a missing file the plan says is there (see missing-file-claims.ts), a word that says a choice is open,
 * an empty section a reader looks for. `thorough`: every path no workspace file has and the plan does not explain,
 * every marker (TODO, FIXME, "unknown"…), every empty heading; for a plan the user knows describes existing code.
 */
export type RuleScope = 'precise' | 'thorough';
export const RULE_SCOPES: readonly RuleScope[] = ['precise', 'thorough'];
export type FindingLevel = Exclude<RuleLevel, 'off'>;

export interface RuleInfo {
  /**
   * Error: the plan is certainly broken (a dependency on no step). Warning: a fact about the plan that is likely wrong
   * (a file it says is there, an open choice, two steps with one id). Info: a section a reader looks for is empty.
   * Off: advice a plan may have reasons not to take (a success criterion per step, a risks section), on when the user
   * asks for it (`verifyPlan.rules.<code>`, the CLI's `--rule <code>=info`): on plans the rules had not seen, labellers
   * agreed with that advice in about half of the findings (the held-out record in BENCHMARKS.md), and
   * the plan's quality (complexity/quality.ts) already counts its criteria and names a missing risks section.
   */
  defaultLevel: RuleLevel;
  title: string;
  /** Anchor of the rule's section in the documentation (src/server/README.md), e.g. "rule-unknown-signal". */
  docsAnchor: string;
  /** One sentence for settings UIs and `--help`. */
  description: string;
}

export const RULES: Record<RuleCode, RuleInfo> = {
  'unknown-signal': {
    defaultLevel: 'warning',
    title: 'Unknown signal',
    docsAnchor: 'rule-unknown-signal',
    description:
      'Words that say a choice is still open: TBD, ???, "undecided", "not sure", "to be decided"…, in a plan without an open-questions list (scope `thorough`: everywhere outside that list, and also TODO, FIXME, "unknown", "figure out"…).',
  },
  'missing-file': {
    defaultLevel: 'warning',
    title: 'Missing file',
    docsAnchor: 'rule-missing-file',
    description:
      'A file the plan says is there (a task marked done names it, a link or "Modify:" line, a path:line) that does not exist in the workspace, or a path whose file is elsewhere (.gitignore respected). Scope `thorough`: every path the plan names and does not say it creates.',
  },
  'no-success-criterion': {
    defaultLevel: 'off',
    title: 'Step without success criterion',
    docsAnchor: 'rule-no-success-criterion',
    description:
      'A step with no "Success criteria:", "Verify:", "Done when"… line saying how to know it is done, in a plan that does not say elsewhere how it is checked (a Testing, Verification or QA section, a check step). Scope `precise`: only in a plan where no step states one.',
  },
  'dangling-dependency': {
    defaultLevel: 'error',
    title: 'Dangling dependency',
    docsAnchor: 'rule-dangling-dependency',
    description: 'A step depends on a step id that no step in the plan has.',
  },
  'duplicate-step-id': {
    defaultLevel: 'warning',
    title: 'Duplicate step id',
    docsAnchor: 'rule-duplicate-step-id',
    description: 'Two steps share one id, so dependencies on it are ambiguous.',
  },
  'empty-section': {
    defaultLevel: 'info',
    title: 'Empty section',
    docsAnchor: 'rule-empty-section',
    description: 'A risks, rollback, testing or success section with nothing under it (scope `thorough`: any heading with nothing under it).',
  },
  'missing-risks-section': {
    defaultLevel: 'off',
    title: 'No risks or rollback section',
    docsAnchor: 'rule-missing-risks-section',
    description:
      'A plan complex enough for the scaled team (complexity >= verifyPlan.threshold) with no section on risks or rollback, in the plan or the design it names. Scope `thorough`: any plan bigger than a trivial change.',
  },
  'unknown-script': {
    defaultLevel: 'warning',
    title: 'Unknown script',
    docsAnchor: 'rule-unknown-script',
    description:
      'A command the plan prescribes (`npm run X`, `pnpm run X`, `make X`, `just X`, `task X`) names a script or target that no package.json, Makefile, justfile or Taskfile of the workspace defines, and the plan does not add it.',
  },
  'unknown-package': {
    defaultLevel: 'info',
    title: 'Unknown package',
    docsAnchor: 'rule-unknown-package',
    description:
      'Code the plan shows imports a third-party package (JavaScript/TypeScript, Python, Go, Rust) that no manifest or lockfile of the workspace declares and no step adds.',
  },
  'unknown-symbol': {
    defaultLevel: 'warning',
    title: 'Unknown symbol',
    docsAnchor: 'rule-unknown-symbol',
    description:
      'A function, method, class or type the plan says exists (it calls, wraps, modifies or places it) is defined in no file of the workspace, and a similar name is (the did-you-mean). Scope `thorough`: every code name the plan does not create that no file defines or uses.',
  },
  'symbol-elsewhere': {
    defaultLevel: 'warning',
    title: 'Symbol in another file',
    docsAnchor: 'rule-symbol-elsewhere',
    description:
      'The plan places a code name in a file ("`loadUser()` in `src/a.ts`") that neither defines nor uses it, while another file defines it; the quick fix changes the path.',
  },
  'stale-anchor': {
    defaultLevel: 'warning',
    title: 'Stale line anchor',
    docsAnchor: 'rule-stale-anchor',
    description:
      'A `path:line` or `path#L12` next to a code name points at a line that does not hold the name, while the file defines it nearby; the quick fix moves the anchor to that line.',
  },
};

export const RULE_CODES = Object.keys(RULES) as RuleCode[];

/** The advice checks (off by default, see RuleInfo.defaultLevel) at `info`: the levels of a user who turned them on. */
export const ADVICE_ON: Readonly<Partial<Record<RuleCode, RuleLevel>>> = Object.fromEntries(
  RULE_CODES.filter((code) => RULES[code].defaultLevel === 'off').map((code) => [code, 'info']),
);
export const RULE_LEVELS: readonly RuleLevel[] = ['off', 'info', 'warning', 'error'];

export interface StaticFinding {
  code: RuleCode;
  level: FindingLevel;
  message: string;
  range: Range;
  /** Plain JSON the quick fixes read back (step id, line, candidates…). */
  data?: Record<string, unknown>;
}

export interface RuleEnvironment {
  /** `undefined` = cannot tell (index not ready, path outside the workspace, ignored file): the rule stays silent. */
  fileExists(relativePath: string): boolean | undefined;
  /** Workspace-relative paths of the files named `basename` (a few at most); lets a bare name or a fragment resolve like a reader would. */
  pathsNamed?(basename: string): readonly string[];
  /**
   * The text of a Markdown document the plan names (its design or spec), resolved like `fileExists`; `undefined` when
   * it is not in the workspace or cannot be read (yet). Lets a rule see what the plan leaves to that document.
   */
  readMarkdown?(reference: string): string | undefined;
  /**
   * Does the workspace hold any file that is not documentation (see WorkspaceFileIndex.hasSourceFiles)? `false` for a
   * repository with only plans and docs, where every path a plan names is one it will write; `undefined` = cannot tell.
   */
  hasSourceFiles?(): boolean | undefined;
  /**
   * The packages and scripts the workspace's manifests declare (index/workspace-manifests.ts); `undefined` while they
   * are being read or when the host has none: the rules that read them stay silent.
   */
  manifests?(): ManifestFacts | undefined;
  /** The workspace's definitions (index/symbols/); `undefined` while the index builds (asking starts it) or when the host has none. */
  symbols?(): SymbolFacts | undefined;
  /** The plan's own file path, when it has one (only its name and folder are read: a design beside it by name). */
  planPath?: string | null;
}

export function isRuleCode(value: unknown): value is RuleCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(RULES, value);
}

export function isRuleLevel(value: unknown): value is RuleLevel {
  return typeof value === 'string' && (RULE_LEVELS as readonly string[]).includes(value);
}
