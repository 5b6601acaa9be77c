/**
 * Secrets found by content, for every text that leaves the machine (the
 * plan, tool results, memory summaries, report text in CI). The deny list
 * (research/policy.ts) keeps known credential FILES out; this catches a key
 * pasted into `src/config.ts`, a plan or a model's quote.
 *
 * Scanner: secretlint (`@secretlint/core` with
 * `@secretlint/secretlint-rule-preset-recommend`, MIT,
 * https://github.com/secretlint/secretlint): AWS, GCP, GitHub, npm, Slack,
 * OpenAI, Anthropic, SendGrid, Shopify, Linear, 1Password, private keys,
 * basic auth and database URLs with passwords. Its comment filter is off (a
 * `secretlint-disable` comment in a hostile file must not hide a key) and
 * AWS access key ids are scanned. Two rules are carried here, after gitleaks
 * (https://github.com/gitleaks/gitleaks, `config/gitleaks.toml`, MIT): a
 * private key block cut off before its END line (secretlint needs the whole
 * block), and AWS key ids with the prefixes gitleaks adds (ABIA, ACCA).
 *
 * Contract: each match becomes `[secret removed: <kind>]` followed by as many
 * newlines as the match held (line numbers of the rest stay put); the value
 * is never returned, logged or put in a message — `found` holds kinds and
 * counts only. A text in a format no rule knows passes unchanged.
 */
import { lintSource } from '@secretlint/core';
import { secretLintProfiler } from '@secretlint/profiler';
import { creator as recommendedPreset } from '@secretlint/secretlint-rule-preset-recommend';

// secretlint's profiler puts two performance marks per rule and scan on the process's timeline and keeps every
// entry (memory that grows with each tool result), and a mark named after a file whose name holds a newline
// makes its measure throw outside any promise we hold (the process ends). The product never reads the profile.
secretLintProfiler.mark = () => undefined;

export interface SecretScan {
  /** The text with every match replaced by its marker. */
  text: string;
  /** Matches removed (0 = text unchanged). */
  count: number;
  /** Kinds removed, e.g. `AWS access key`, each once, in order of appearance. */
  kinds: string[];
}

const PRESET_ID = '@secretlint/secretlint-rule-preset-recommend';

const SECRETLINT_CONFIG = {
  rules: [
    {
      id: PRESET_ID,
      rule: recommendedPreset,
      rules: [
        { id: '@secretlint/secretlint-rule-filter-comments', disabled: true },
        { id: '@secretlint/secretlint-rule-aws', options: { enableIDScanRule: true } },
      ],
    },
  ],
};

/** Rule (and message) ids to the names users read in the marker. */
const KIND_BY_MESSAGE: Record<string, string> = {
  AWSAccessKeyID: 'AWS access key',
  AWSSecretAccessKey: 'AWS secret access key',
  AWSAccountID: 'AWS account id',
};
const KIND_BY_RULE: Record<string, string> = {
  aws: 'AWS credential',
  gcp: 'GCP service account key',
  npm: 'npm token',
  slack: 'Slack token',
  basicauth: 'password in a URL',
  openai: 'OpenAI API key',
  anthropic: 'Anthropic API key',
  linear: 'Linear API key',
  privatekey: 'private key',
  sendgrid: 'SendGrid API key',
  shopify: 'Shopify token',
  github: 'GitHub token',
  '1password': '1Password token',
  'database-connection-string': 'database password',
};

/** Carried rules (gitleaks `private-key` without its END requirement; `aws-access-token` prefixes). */
const OWN_RULES: { kind: string; pattern: RegExp }[] = [
  { kind: 'private key', pattern: /-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----|(?=\n[ \t]*\n)|$)/g },
  { kind: 'AWS access key', pattern: /\b(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}\b/g },
];

type Range = { start: number; end: number; kind: string };

function kindOf(ruleId: string, messageId: string | undefined): string {
  if (messageId && KIND_BY_MESSAGE[messageId]) return KIND_BY_MESSAGE[messageId];
  const short = ruleId.replace(/^@secretlint\/secretlint-rule-/, '');
  return KIND_BY_RULE[short] ?? 'credential';
}

/** Finds and removes secrets; `name` (a file name, `plan.md`) only helps rules that look at the kind of file. */
export async function redactSecrets(text: string, name = 'text.txt'): Promise<SecretScan> {
  if (text === '') return { text, count: 0, kinds: [] };
  const ranges: Range[] = [];
  const result = await lintSource({
    // Only the kind of file matters to the rules; the name never carries anything else into the scanner.
    source: { filePath: name.replace(/[^\w.-]/g, '_').slice(-100) || 'text.txt', content: text, contentType: 'text' },
    options: { config: SECRETLINT_CONFIG, maskSecrets: true },
  });
  for (const m of result.messages) {
    const [start, end] = m.range;
    if (end > start) ranges.push({ start, end, kind: kindOf(m.ruleId, m.messageId) });
  }
  for (const rule of OWN_RULES) {
    for (const m of text.matchAll(rule.pattern)) ranges.push({ start: m.index, end: m.index + m[0].length, kind: rule.kind });
  }
  return applyRanges(text, ranges);
}

/** Merges overlapping matches (the first kind wins) and replaces them back to front. */
function applyRanges(text: string, ranges: Range[]): SecretScan {
  if (ranges.length === 0) return { text, count: 0, kinds: [] };
  ranges.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Range[] = [];
  for (const r of ranges) {
    const last = merged.at(-1);
    if (last && r.start < last.end) last.end = Math.max(last.end, r.end);
    else merged.push({ ...r });
  }
  let out = '';
  let at = 0;
  for (const r of merged) {
    const newlines = text.slice(r.start, r.end).split('\n').length - 1;
    out += `${text.slice(at, r.start)}[secret removed: ${r.kind}]${'\n'.repeat(newlines)}`;
    at = r.end;
  }
  out += text.slice(at);
  return { text: out, count: merged.length, kinds: [...new Set(merged.map((r) => r.kind))] };
}

/** One line for the user: which text, how many, which kinds; never a value. */
export function secretNote(where: string, scan: Pick<SecretScan, 'count' | 'kinds'>): string {
  return `${where}: ${scan.count} secret${scan.count === 1 ? '' : 's'} removed before sending (${scan.kinds.join(', ')}); the marker "[secret removed: …]" stands in its place.`;
}
