/**
 * The SARIF 2.1.0 report: one run, one result per open challenge and per
 * static finding, pinned to the plan file. GitHub code scanning reads it
 * (https://docs.github.com/en/code-security/reference/code-scanning/sarif-files/sarif-support-for-code-scanning):
 * a rule per `ruleId` with short/full description and help text, a result
 * message, one location with a repository-relative `uri` and a region, and
 * `partialFingerprints` so an alert keeps its identity across runs.
 *
 * Rule ids. Static findings use the rule's code (`missing-file`…). A
 * challenge's rule is its severity (`challenge-blocking`,
 * `challenge-significant`, `challenge-minor`): the model invents no rule
 * names, so the set stays fixed; a challenge whose severity changes becomes a
 * new alert under its new rule.
 *
 * Fingerprints (`partialFingerprints`): `verifyPlanChallenge/v1` is the stable
 * challenge fingerprint (core/fingerprint.ts: quoted passage + concern);
 * `verifyPlanFinding/v1` hashes the rule, the content words of the flagged
 * line and of the message, so moving a line keeps the alert. Equal
 * fingerprints within one plan get an occurrence suffix (`:2`, `:3`…).
 */
import { createHash } from 'node:crypto';
import type { Location, Log, ReportingDescriptor, Result, Run } from 'sarif';
import { anchorQuote } from '../anchor';
import { challengeFingerprint, contentWords, diffFingerprints, isOpenChallenge } from '../fingerprint';
import { parsePlan, type Range } from '../plan';
import type { Challenge, Severity } from '../protocol';
import { RULES, RULE_CODES, type FindingLevel, type RuleCode, type StaticFinding } from '../rules/catalog';
import type { Assessment, RunResult, VerdictLabel } from '../run-types';
import { modelsOfRun } from '../labels';

export const SARIF_SCHEMA_URI = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';
export const SRCROOT = '%SRCROOT%';
export const CHALLENGE_FINGERPRINT_KEY = 'verifyPlanChallenge/v1';
export const FINDING_FINGERPRINT_KEY = 'verifyPlanFinding/v1';

type SarifLevel = 'error' | 'warning' | 'note';

export const SEVERITY_LEVEL: Record<Severity, SarifLevel> = { BLOCKING: 'error', SIGNIFICANT: 'warning', MINOR: 'note' };
export const FINDING_LEVEL: Record<FindingLevel, SarifLevel> = { error: 'error', warning: 'warning', info: 'note' };
const SEVERITIES: readonly Severity[] = ['BLOCKING', 'SIGNIFICANT', 'MINOR'];

export const challengeRuleId = (severity: Severity) => `challenge-${severity.toLowerCase()}`;

const CHALLENGE_RULE_TEXT: Record<Severity, string> = {
  BLOCKING: 'A challenge the verification team rates BLOCKING: the plan as written would likely fail or cause serious harm.',
  SIGNIFICANT: 'A challenge the verification team rates SIGNIFICANT: a real gap that should be fixed before building.',
  MINOR: 'A challenge the verification team rates MINOR: worth a look, not a reason to stop.',
};

/** One plan's share of the log. */
export interface SarifPlan {
  /** The plan's path relative to the repository root, `/`-separated and percent-encoded (resolved against %SRCROOT%); an absolute URI for a plan outside it. */
  uri: string;
  planText: string;
  /** The agent loop's result; null for a static-only run. */
  result: RunResult | null;
  assessment: Assessment;
  findings: readonly StaticFinding[];
  /** Challenge fingerprints open at the end of this plan's previous run, to mark each result new / still open. */
  previousOpen?: readonly string[];
}

export interface SarifTool {
  version: string;
  /** Where users learn about the tool (absolute URI); left out when unknown. */
  informationUri?: string;
}

export function planVerdict(plan: Pick<SarifPlan, 'result' | 'assessment'>): VerdictLabel | null {
  if (plan.result) return plan.result.verdict;
  return plan.assessment.team === null ? 'PROCEED (trivial)' : null;
}

function rules(): ReportingDescriptor[] {
  const challengeRules = SEVERITIES.map((severity) => ({
    id: challengeRuleId(severity),
    name: `Challenge${severity[0]}${severity.slice(1).toLowerCase()}`,
    shortDescription: { text: `${severity} challenge to the plan` },
    fullDescription: { text: CHALLENGE_RULE_TEXT[severity] },
    help: { text: `${CHALLENGE_RULE_TEXT[severity]} Revise the plan where the challenge quotes it (see the alternative in the result), then verify again.` },
    defaultConfiguration: { level: SEVERITY_LEVEL[severity] },
    properties: { tags: ['plan', 'challenge'] },
  }));
  const staticRules = RULE_CODES.map((code) => {
    const info = RULES[code];
    const level = info.defaultLevel === 'off' ? 'none' : FINDING_LEVEL[info.defaultLevel];
    return {
      id: code,
      name: info.title.replace(/[^\p{L}\p{N}]+(.)?/gu, (_m, c: string | undefined) => (c ?? '').toUpperCase()),
      shortDescription: { text: info.title },
      fullDescription: { text: info.description },
      help: { text: `${info.description} (static check, no model involved).` },
      defaultConfiguration: { level },
      properties: { tags: ['plan', 'static-check'] },
    } satisfies ReportingDescriptor;
  });
  return [...challengeRules, ...staticRules];
}

const RULE_INDEX = new Map(rules().map((r, i) => [r.id, i]));

function location(uri: string, range: Range | null, lines: readonly string[]): Location {
  const region =
    range === null
      ? { startLine: 1 }
      : { startLine: range.startLine + 1, startColumn: range.startChar + 1, endLine: range.endLine + 1, endColumn: range.endChar + 1, snippet: { text: snippetOf(range, lines) } };
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(uri);
  return { physicalLocation: { artifactLocation: absolute ? { uri } : { uri, uriBaseId: SRCROOT }, region } };
}

function snippetOf(range: Range, lines: readonly string[]): string {
  return lines
    .slice(range.startLine, range.endLine + 1)
    .join('\n')
    .slice(0, 2000);
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const hash = (material: string) => createHash('sha256').update(material).digest('hex').slice(0, 16);

export function findingFingerprint(code: RuleCode, lineText: string, message: string): string {
  return hash(`${code}\n${contentWords(lineText).join(' ')}\n${contentWords(message).join(' ')}`);
}

/** Equal fingerprints in one plan get ":2", ":3"… so each result keeps its own identity. */
function uniquely(): (fingerprint: string) => string {
  const seen = new Map<string, number>();
  return (fingerprint) => {
    const n = (seen.get(fingerprint) ?? 0) + 1;
    seen.set(fingerprint, n);
    return n === 1 ? fingerprint : `${fingerprint}:${n}`;
  };
}

function challengeResults(plan: SarifPlan, lines: readonly string[]): Result[] {
  const open = (plan.result?.iterations.at(-1)?.challenges ?? []).filter(isOpenChallenge);
  const sorted = [...open].sort((a, b) => SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity) || idNumber(a) - idNumber(b));
  const changes = plan.previousOpen ? diffFingerprints(plan.previousOpen, sorted.map(challengeFingerprint)) : null;
  const unique = uniquely();
  let parsed: ReturnType<typeof parsePlan> | null = null;
  try {
    parsed = parsePlan(plan.planText);
  } catch {
    // An unparseable plan costs only the regions; every result keeps its file location.
  }
  return sorted.map((c) => {
    const fingerprint = challengeFingerprint(c);
    const hit = parsed && c.quote.trim() ? anchorQuote(parsed, c.quote) : null;
    const range = hit?.found ? hit.range : null;
    const change = changes?.get(fingerprint);
    const text = `${c.id} [${c.severity}] ${oneLine(c.concern)} Plan says: "${oneLine(c.quote)}".${range ? '' : ' (The quote was not found in the plan.)'} Alternative: ${oneLine(c.alternative)}`;
    return {
      ruleId: challengeRuleId(c.severity),
      ruleIndex: RULE_INDEX.get(challengeRuleId(c.severity)),
      level: SEVERITY_LEVEL[c.severity],
      message: { text },
      locations: [location(plan.uri, range, lines)],
      partialFingerprints: { [CHALLENGE_FINGERPRINT_KEY]: unique(fingerprint) },
      properties: {
        challengeId: c.id,
        severity: c.severity,
        status: c.status,
        origin: c.origin,
        confidence: c.confidence,
        quote: c.quote,
        failureScenario: c.failure_scenario,
        alternative: c.alternative,
        anchored: range !== null,
        ...(change ? { change } : {}),
      },
    } satisfies Result;
  });
}

const idNumber = (c: Challenge) => Number(c.id.slice(1)) || 0;

function findingResults(plan: SarifPlan, lines: readonly string[]): Result[] {
  const unique = uniquely();
  return plan.findings.map((f) => ({
    ruleId: f.code,
    ruleIndex: RULE_INDEX.get(f.code),
    level: FINDING_LEVEL[f.level],
    message: { text: oneLine(f.message) },
    locations: [location(plan.uri, f.range, lines)],
    partialFingerprints: { [FINDING_FINGERPRINT_KEY]: unique(findingFingerprint(f.code, lines[f.range.startLine] ?? '', f.message)) },
  }));
}

function countBy<T extends string>(keys: readonly T[], values: readonly T[]): Record<T, number> {
  return Object.fromEntries(keys.map((k) => [k, values.filter((v) => v === k).length])) as Record<T, number>;
}

/** Per-plan facts for `runs[0].properties.plans`. */
export function planSummary(plan: SarifPlan) {
  const open = (plan.result?.iterations.at(-1)?.challenges ?? []).filter(isOpenChallenge);
  return {
    uri: plan.uri,
    verdict: planVerdict(plan),
    mode: plan.result ? 'agent-loop' : 'static',
    partial: plan.result?.partial ?? false,
    ...(plan.result?.stopCause ? { stopCause: plan.result.stopCause } : {}),
    complexity: plan.assessment.score,
    team: plan.assessment.team,
    planQuality: plan.assessment.quality,
    openChallenges: countBy(
      SEVERITIES,
      open.map((c) => c.severity),
    ),
    staticFindings: countBy(
      ['error', 'warning', 'info'] as const,
      plan.findings.map((f) => f.level),
    ),
    costUsd: plan.result?.costUsd ?? 0,
    // The model(s) that ran each role; the editor's vscode.lm reports no usage, so its $0 is "unknown".
    ...(plan.result ? { models: modelsOfRun(plan.result.calls) } : {}),
    ...(plan.result?.usageReported === false ? { usageReported: false } : {}),
  };
}

const VERDICT_RANK: Record<VerdictLabel, number> = {
  'PROCEED (trivial)': 0,
  PROCEED: 1,
  REVISE: 2,
  'REVISE (strong)': 3,
  RETHINK: 4,
  CANCELLED: 5,
  ABORTED: 6,
  FAILED: 7,
};

/** The verdict of several plans: the worst one (an incomplete run outranks RETHINK: nothing was shown safe). Null when no plan has one. */
export function overallVerdict(verdicts: readonly (VerdictLabel | null)[]): VerdictLabel | null {
  let worst: VerdictLabel | null = null;
  for (const v of verdicts) if (v !== null && (worst === null || VERDICT_RANK[v] > VERDICT_RANK[worst])) worst = v;
  return worst;
}

/** The SARIF log for one or more plans, as one run of one tool. */
export function buildSarifLog(plans: readonly SarifPlan[], tool: SarifTool): Log {
  const results: Result[] = [];
  for (const plan of plans) {
    const lines = plan.planText.split(/\r?\n/);
    results.push(...challengeResults(plan, lines), ...findingResults(plan, lines));
  }
  const summaries = plans.map(planSummary);
  const partial = plans.some((p) => p.result?.partial);
  const run: Run = {
    tool: {
      driver: {
        name: 'verify-plan',
        fullName: 'Verify Plan',
        version: tool.version,
        semanticVersion: tool.version,
        ...(tool.informationUri ? { informationUri: tool.informationUri } : {}),
        rules: rules(),
      },
    },
    originalUriBaseIds: { [SRCROOT]: { description: { text: 'The repository root; plan paths are relative to it.' } } },
    invocations: [{ executionSuccessful: !partial }],
    columnKind: 'utf16CodeUnits',
    results,
    properties: {
      verdict: overallVerdict(summaries.map((s) => s.verdict)),
      plans: summaries,
    },
  };
  return { $schema: SARIF_SCHEMA_URI, version: '2.1.0', runs: [run] };
}

export function renderSarifReport(plans: readonly SarifPlan[], tool: SarifTool): string {
  return `${JSON.stringify(buildSarifLog(plans, tool), null, 2)}\n`;
}
