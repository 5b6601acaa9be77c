/**
 * What companion-docs asks of a plan's headings and header lines, read from the risk-heading and sources tables: each
 * query one matcher compiled at module load. "Does this title hold what can go wrong (edge cases, error handling, known
 * issues)?", "does this header line name the documents the plan follows?", "does a table give each change its risk?".
 * Asked by ../rules/companion-docs.ts and ../rules/section-rules.ts (missing-risks).
 */
import { COMPATIBILITY_TITLE, EDGE_CASES_TITLE, ERROR_HANDLING_TITLE, KNOWN_ISSUES_TITLE, RISK_COLUMN } from './risk-headings';
import { SOURCE_DOC, SOURCE_DOC_QUALIFIER } from './sources';
import { phraseAlternation, wordMatcher } from './words';

const EDGE_CASES = wordMatcher(EDGE_CASES_TITLE, { lead: '^\\W*' });
/** Numbering before the title ("## 9. 错误处理") as well as marks. */
const ERROR_HANDLING = wordMatcher(ERROR_HANDLING_TITLE, { lead: '^[\\W\\d.]*' });
const KNOWN_ISSUES = wordMatcher(KNOWN_ISSUES_TITLE, { lead: '^[\\W\\d.]*' });

/** Does a heading title open with edge cases, error handling or known issues: "Edge cases", "9. 错误处理", "Troubleshooting"? */
export function opensFailureHandling(title: string): boolean {
  return EDGE_CASES.test(title) || ERROR_HANDLING.test(title) || KNOWN_ISSUES.test(title);
}

const SOURCES_LABEL = wordMatcher(SOURCE_DOC, {
  lead: { latin: `^\\W*(?:(?:${phraseAlternation(SOURCE_DOC_QUALIFIER, '\\s+')})\\s+)?`, marked: '^\\W*', cjk: '^\\W*' },
  trail: '\\W{0,4}[:：]',
  bounded: false,
});

/** Does a header line open with a label for the documents the plan follows: "**Spec:**", "Design doc:", "Based on:", "設計書："? */
export function opensSourcesLabel(line: string): boolean {
  return SOURCES_LABEL.test(line);
}

const COMPATIBILITY = wordMatcher(COMPATIBILITY_TITLE, { lead: '^\\W*', trail: '\\W*$', bounded: false });

/** Is a heading title, marks aside, only compatibility: "Backward compatibility", "兼容性"? ("M2 - Level Compatibility" names a feature.) */
export function isCompatibilityTitle(title: string): boolean {
  return COMPATIBILITY.test(title);
}

/** A table whose header row has a RISK_COLUMN cell (bold or not), the separator row under it. */
const RISK_COLUMN_TABLE = new RegExp(
  `^[ \\t]*\\|(?:[^|\\n]*\\|)*?[ \\t]*(?:\\*\\*)?(?:${phraseAlternation(RISK_COLUMN)})(?:\\*\\*)?[ \\t]*\\|[^\\n]*\\n[ \\t]*\\|?[ \\t]*:?-{3,}`,
  'imu',
);

/** Does the text hold a table with a risk column ("| Change | Risk |"): each change carries its risk, as a risks section would? */
export function hasRiskColumn(text: string): boolean {
  return RISK_COLUMN_TABLE.test(text);
}
