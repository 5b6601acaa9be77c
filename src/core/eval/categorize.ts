/**
 * The deterministic category of a challenge or static finding, so a
 * prediction can be matched to a seeded flaw by line AND kind.
 *
 * Contract (documented in eval/README.md): each category has a list of
 * weighted patterns; a pattern counts once per field it matches. The claim
 * weighs 2, the concern and the failure scenario 1, the alternative 0.5;
 * unknown types attached to the challenge add hints. The highest total wins;
 * ties go to the category listed first in CATEGORY_ORDER; a total of 0 means
 * "uncategorised" (null), which never matches a flaw. The optional LLM judge
 * (judge.ts) is recorded separately and never changes these figures.
 */
import type { ChallengeDraft, UnknownType } from '../protocol';
import type { RuleCode } from '../rules';
import type { FlawCategory } from './truth';

type Pattern = [RegExp, number];

/** Tie-break order: the more specific, workspace-checkable kinds first. */
export const CATEGORY_ORDER: FlawCategory[] = [
  'missing-file-or-symbol',
  'wrong-api-or-version',
  'step-order',
  'migration-safety',
  'contradiction',
  'unmeasurable-success',
  'security',
  'concurrency',
  'integration-failure',
  'scaling',
];

const PATTERNS: Record<FlawCategory, Pattern[]> = {
  'missing-file-or-symbol': [
    [/\b(does not|doesn't|do not) exist\b/i, 2],
    [/\bno such (file|function|method|module|class|helper|type|symbol)\b/i, 2],
    [/\bthere is no\b[^\n;]{0,80}?\b(file|function|method|module|class|helper|type|symbol|export)\b/i, 2],
    [/\b(wrong|incorrect|non-?existent|missing) (file|path|module|function|method|symbol|helper|class|type)\b/i, 2],
    [/\b(is|are) (actually |really )?(called|named|exported as)\b/i, 1],
    [/\bnot (found )?in the (workspace|repository|repo|codebase)\b/i, 1],
  ],
  'wrong-api-or-version': [
    [/\b(version|major version)\b/i, 1],
    [/\b(v\d+(\.\d+)*|node(\.js)? \d+|sdk v?\d)\b/i, 1],
    [/\b(deprecated|removed in|not available in|not supported (by|in)|only (exists|available) in)\b/i, 2],
    [/\b(wrong|incorrect) (api|client|call|signature|usage)\b/i, 2],
    [/\b(api|client|library|sdk|runtime) (does not|doesn't) (have|provide|support|offer)\b/i, 2],
    [/\b(raw (request )?body|body parser|parsed body)\b/i, 2],
    [/\b(engines?|\.nvmrc|package\.json|lockfile|installed)\b/i, 1],
  ],
  'step-order': [
    [/\b(wrong|reverse[d]?|incorrect) order\b|\bout of order\b|\bordering of (the )?(steps|tasks)\b/i, 3],
    [/\b(before|until) (the )?[\w`.-]+ (exists|is created|is deployed|has run|runs|ships)\b/i, 2],
    [/\b(ships?|deploy(s|ed)?|runs?|is created|comes?) (before|after) (the )?(migration|table|column|worker|step|task|deploy)\b/i, 2],
    [/\b(step|task|phase) \d+ (uses|calls|needs|depends on|requires)\b[^.]{0,60}\b(step|task|phase) \d+\b/i, 3],
    [/\b(prerequisite|depends on|dependency between|sequenc\w+)\b/i, 1],
    [/\bdeploy\w*\b[^.\n]{0,60}\bbefore\b[^.\n]{0,40}\b(migration|column|table|schema)\b/i, 2],
    [/\b(before|until) (the )?([\w`.-]+ ){0,3}(migration|column|table|worker|schema change) (exists|is created|runs|has run|is renamed|is applied|lands)\b/i, 2],
  ],
  'migration-safety': [
    [/\b(rollback|roll back|down migration|irreversible|no way back|cannot be undone)\b/i, 2],
    [/\b(migration|schema change|backfill)\b/i, 1],
    [/\bexpand[/ -]+(and[/ -]+)?contract\b/i, 2],
    [/\b(drop(s|ping|ped)? (and recreat\w+ )?(the )?(local )?(table|column)|rename(s|d)? (the )?column)\b/i, 2],
    [/\b(access exclusive|table rewrite|rewrites? (all|every|the whole)|concurrently|blocks? writes)\b/i, 2],
    [/\b(data loss|lose[s]? (unsynced|local|existing) (data|edits|work|notes))\b/i, 2],
    [/\brolling (deploy|update|restart)\b/i, 1],
  ],
  security: [
    [/\b(security|vulnerab\w*|attacker|malicious|exploit)\b/i, 2],
    [/\b(authori[sz]\w*|authenticat\w*|access control|permission|privilege\w*)\b/i, 2],
    [/\b(xss|cross-site|csrf|injection|ssrf|spoof\w*|forge\w*|tamper\w*)\b/i, 2],
    [/\b(pii|personal data|sensitive data|secrets?|credentials?|leak\w*|expos\w*)\b/i, 1],
    [/\b(any (caller|user|one|client) can|anyone can|other tenants?|cross-tenant|another tenant)\b/i, 2],
    [/\b(signed|unguessable|guessable|enumerat\w*)\b/i, 1],
  ],
  concurrency: [
    [/\b(race( condition)?|racing|data race)\b/i, 3],
    [/\b(concurren\w+|simultaneous\w*|in parallel|interleav\w+|overlapping)\b/i, 2],
    [/\b(atomic\w*|not atomic|lost update|read-modify-write|check-then-act)\b/i, 2],
    [/\b(skip locked|for update|row lock|claim(ed|ing)? (the )?(job|row)s?)\b/i, 2],
    [/\b(clock skew|device clocks?|last[- ]write[- ]wins)\b/i, 2],
    [/\b(sent|processed|delivered) (twice|two times|three times)|\bdouble[- ](send|process|count)\w*\b/i, 1],
  ],
  'unmeasurable-success': [
    [/\b(unmeasurable|not measurable|cannot be (measured|verified|checked|tested)|not (testable|checkable|verifiable))\b/i, 3],
    [/\bno (number|threshold|target|metric|measurable \w+|concrete \w+|numeric \w+)\b/i, 2],
    [/\b(success criteri\w+|acceptance criteri\w+|done when|definition of done)\b/i, 1],
    [/\b(vague|subjective|undefined term)\b/i, 2],
  ],
  contradiction: [
    [/\bcontradict\w*\b/i, 3],
    [/\b(inconsistent|inconsistency|at odds|irreconcilable)\b/i, 2],
    [/\bconflicts? with (the )?(goal|requirement|constraint|overview|summary|section|earlier|stated)\b/i, 2],
    [/\b(the (goal|overview|summary|requirement|constraints?) (says|states|promises|requires))\b/i, 1],
  ],
  scaling: [
    [/\b(scal(e|es|ing|ability)|throughput|capacity)\b/i, 1],
    [/\b(out of memory|oom|memory (blow|exhaust|growth|pressure)\w*|unbounded|grows? without (bound|limit))\b/i, 2],
    [/\b(millions?|\d+(\.\d+)?\s?(m|million) (rows|users|products|orders|entries)|\d+k? (requests|searches)\/s)\b/i, 1],
    [/\b(sequential scan|seq scan|full (table )?scan|leading wildcard|cannot use (an|the) index)\b/i, 2],
    [/\b(per request|on every request|hot path|write amplification|bloat)\b/i, 1],
    [/\b(long[- ]running (update|query|transaction)|locks? (every|all|millions of) rows)\b/i, 2],
    [/\b(in memory|into memory|load(s|ing)? (all|every|the whole))\b/i, 1],
  ],
  'integration-failure': [
    [/\b(retr(y|ies|ied)|redeliver\w*|at[- ]least[- ]once|idempoten\w+)\b/i, 2],
    [/\b(webhook|third[- ]party|external (service|api|provider)|upstream|provider)\b/i, 1],
    [/\b(rate[- ]limit\w*|429|5\d\d|timeouts?|times? out|unavailable|outage|is down|goes down)\b/i, 1],
    [/\b(fail(s|ing)? (open|closed)|circuit breaker|backoff)\b/i, 2],
    [/\b(pagination|paginat\w+|has_more|next page|token expir\w*|expires? mid)\b/i, 2],
  ],
};

const UNKNOWN_HINTS: Partial<Record<UnknownType, [FlawCategory, number]>> = {
  FILE_MISSING: ['missing-file-or-symbol', 2],
  STALE_KNOWLEDGE: ['wrong-api-or-version', 1],
  API_BEHAVIOR: ['wrong-api-or-version', 1],
  INTEGRATION_UNKNOWN: ['integration-failure', 1],
};

type ChallengeText = Pick<ChallengeDraft, 'claim' | 'concern' | 'failure_scenario' | 'alternative'>;

/** Total score per category, for tests and for the JSON (so a surprising category can be explained). */
export function categoryScores(challenge: ChallengeText, unknownTypes: readonly UnknownType[] = []): Record<FlawCategory, number> {
  const fields: [string, number][] = [
    [challenge.claim, 2],
    [challenge.concern, 1],
    [challenge.failure_scenario, 1],
    [challenge.alternative, 0.5],
  ];
  const scores = Object.fromEntries(CATEGORY_ORDER.map((c) => [c, 0])) as Record<FlawCategory, number>;
  for (const category of CATEGORY_ORDER) {
    for (const [pattern, weight] of PATTERNS[category]) {
      for (const [text, fieldWeight] of fields) if (pattern.test(text)) scores[category] += weight * fieldWeight;
    }
  }
  for (const type of unknownTypes) {
    const hint = UNKNOWN_HINTS[type];
    if (hint) scores[hint[0]] += hint[1];
  }
  return scores;
}

export function categorizeChallenge(challenge: ChallengeText, unknownTypes: readonly UnknownType[] = []): FlawCategory | null {
  const scores = categoryScores(challenge, unknownTypes);
  let best: FlawCategory | null = null;
  for (const category of CATEGORY_ORDER) if (scores[category] > (best === null ? 0 : scores[best])) best = category;
  return best;
}

/** Static rules that speak to a flaw category; the others (unknown-signal, empty-section, duplicate-step-id) are uncategorised. */
export const STATIC_RULE_CATEGORY: Partial<Record<RuleCode, FlawCategory>> = {
  'missing-file': 'missing-file-or-symbol',
  'unknown-symbol': 'missing-file-or-symbol',
  'symbol-elsewhere': 'missing-file-or-symbol',
  'stale-anchor': 'missing-file-or-symbol',
  'no-success-criterion': 'unmeasurable-success',
  'dangling-dependency': 'step-order',
  'missing-risks-section': 'migration-safety',
};
