/**
 * Static plan checks — no LLM, cheap enough to run on every keystroke. The
 * language server shows them as diagnostics; the CLI prints them in its
 * key-less mode. Each rule is a pure function of the parsed plan (and, for
 * missing-file, a file-existence lookup the host provides).
 *
 * To add a rule: every place it touches is listed in src/core/README.md
 * ("A static check"); its setting is generated from the catalog.
 */
import type { Plan } from '../plan';
import type { Assessment } from '../run-types';
import { RULES, type RuleCode, type RuleEnvironment, type RuleLevel, type RuleScope, type StaticFinding } from './catalog';
import { missingRisksSectionRule, emptySectionRule } from './section-rules';
import { noSuccessCriterionRule } from './no-success-criterion';
import { danglingDependencyRule, duplicateStepIdRule } from './step-rules';
import { missingFileSteps, type Draft } from './text-rules';
import type { LineMemo } from './line-memo';
import { unknownSignalRule } from './unknown-signal';
import { unknownScriptRule } from './symbols/unknown-script';
import { unknownPackageRule } from './symbols/unknown-package';
import { symbolElsewhereRule, unknownSymbolRule } from './symbols/symbol-rules';
import { staleAnchorRule } from './symbols/stale-anchor';

export * from './catalog';
export { fixesFor, TURN_OFF_CHECK_COMMAND, type QuickFix, type TextEdit } from './quick-fixes';
export { companionReferences } from './companion-docs';
export { LineMemo } from './line-memo';
export { ruleEnvironment, workspaceEnvironment, type WorkspaceLookups } from './workspace-environment';

/** A rule whose work is long enough to pause inside (staticCheckSteps): a generator that yields at each pause. */
type SteppedRule = (plan: Plan, env: RuleEnvironment, options: RuleOptions) => Generator<void, Draft[], void>;

const RULE_FUNCTIONS: Record<RuleCode, ((plan: Plan, env: RuleEnvironment, options: RuleOptions) => Draft[]) | { steps: SteppedRule }> = {
  'unknown-signal': (plan, _env, options) => unknownSignalRule(plan, options.scope),
  'missing-file': { steps: (plan, env, options) => missingFileSteps(plan, env, options.scope, options.memo) },
  'no-success-criterion': (plan, env, options) => noSuccessCriterionRule(plan, env, options.scope),
  'dangling-dependency': danglingDependencyRule,
  'duplicate-step-id': duplicateStepIdRule,
  'empty-section': (plan, _env, options) => emptySectionRule(plan, options.scope),
  'missing-risks-section': (plan, env, options) => missingRisksSectionRule(plan, () => options.assessment, env, options.scope),
  'unknown-script': (plan, env) => unknownScriptRule(plan, env),
  'unknown-package': (plan, env) => unknownPackageRule(plan, env),
  'unknown-symbol': (plan, env, options) => unknownSymbolRule(plan, env, options.scope),
  'symbol-elsewhere': (plan, env) => symbolElsewhereRule(plan, env),
  'stale-anchor': (plan, env) => staleAnchorRule(plan, env),
};

/** The level a rule runs at: the override when it is a valid level, else the rule's default. */
export function effectiveLevel(code: RuleCode, levels?: Partial<Record<RuleCode, RuleLevel>>): RuleLevel {
  const override = levels?.[code];
  return override === 'off' || override === 'info' || override === 'warning' || override === 'error' ? override : RULES[code].defaultLevel;
}

export interface RuleOptions {
  /**
   * The plan's assessment when the caller has it, made with the user's team threshold (the missing-risks rule reads its
   * quality, score and threshold; without it the rule assesses with the default threshold). Read only when that rule
   * needs it, so it may be a lazy getter.
   */
  assessment?: Pick<Assessment, 'quality' | 'score' | 'threshold'>;
  /** How much to report (RuleScope); `precise` when absent. */
  scope?: RuleScope;
  /** Answers of one-line checks kept from the last run (a language server's per-document memo); findings are the same without it. */
  memo?: LineMemo;
}

/**
 * Runs every rule that is not off and returns its findings sorted by
 * position. Never throws: a rule that fails on odd input is skipped, so one
 * bug cannot silence the other rules.
 */
export function runStaticChecks(plan: Plan, env: RuleEnvironment, levels?: Partial<Record<RuleCode, RuleLevel>>, options: RuleOptions = {}): StaticFinding[] {
  const steps = staticCheckSteps(plan, env, levels, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * runStaticChecks one rule at a time: the generator pauses after each rule (and inside a long one), so a caller that must stay responsive (the
 * language server) can let other work run in between; its return value is runStaticChecks' result.
 */
export function* staticCheckSteps(
  plan: Plan,
  env: RuleEnvironment,
  levels?: Partial<Record<RuleCode, RuleLevel>>,
  options: RuleOptions = {},
): Generator<RuleCode, StaticFinding[], void> {
  const findings: StaticFinding[] = [];
  for (const code of Object.keys(RULE_FUNCTIONS) as RuleCode[]) {
    const level = effectiveLevel(code, levels);
    if (level === 'off') continue;
    const rule = RULE_FUNCTIONS[code];
    let drafts: Draft[];
    try {
      if (typeof rule === 'function') drafts = rule(plan, env, options);
      else {
        const steps = rule.steps(plan, env, options);
        for (let step = steps.next(); ; step = steps.next()) {
          if (step.done) {
            drafts = step.value;
            break;
          }
          yield code;
        }
      }
    } catch {
      drafts = [];
    }
    for (const draft of drafts) findings.push({ ...draft, level: level });
    yield code;
  }
  return findings.sort((a, b) => a.range.startLine - b.range.startLine || a.range.startChar - b.range.startChar || a.code.localeCompare(b.code));
}
