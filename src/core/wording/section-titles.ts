/**
 * What a section's title says the section is, read from the section-kind tables (section-kinds.ts) and the risks
 * titles (risk-headings.ts): each query one matcher compiled at module load. Asked by the plan parser
 * (../plan/sections.ts, ../plan/step-headings.ts) and by the companion-document check (../rules/companion-docs.ts).
 */
import { RISK_HEADING, RISK_HEADING_STEM } from './risk-headings';
import {
  CONSTRAINT_TITLE,
  CONTEXT_TITLE,
  CONTEXT_TITLE_CJK,
  FEATURE_TITLE,
  GOAL_TITLE,
  NEVER_STEPS_TITLE,
  NON_GOALS_TITLE,
  PLACEHOLDER,
  REASON_OPENING,
  ROLLBACK_TITLE,
  ROLLBACK_TITLE_ELSEWHERE,
  SECURITY_OPENING,
  SECURITY_OPENING_EXCEPT,
  STATUS_ENDING,
  STATUS_OPENING,
  STATUS_TITLE,
  STEPS_SECTION_ARTICLE,
  STEPS_SECTION_KIND,
  STEPS_SECTION_LINK,
  STEPS_SECTION_NOUN,
  STEPS_SECTION_OF,
  STEPS_SECTION_WORD,
  STEPS_TITLE,
  STEPS_TITLE_CJK,
  STEPS_TITLE_ELSEWHERE,
  SUCCESS_TITLE,
  SUCCESS_TITLE_CJK,
  SUCCESS_TITLE_ELSEWHERE,
  TESTING_TITLE,
} from './section-kinds';
import { anyOf, patternMatcher, phraseAlternation, wordMatcher, type Wording, type WordMatcher } from './words';

/** The kinds a title can give a section (../plan/types.ts `SectionKind`). */
export type TitleKind = 'success' | 'rollback' | 'testing' | 'risks' | 'goal' | 'context' | 'steps' | 'other';

/** A table's words as one alternation, longest first, a space in a row matching any run of white space. */
const spaced = (table: Wording): string => phraseAlternation(table, '\\s+');
const inEnglish = (table: Wording): Wording => ({ en: table.en ?? [] });
const otherThanEnglish = (table: Wording): Wording => Object.fromEntries(Object.entries(table).filter(([lang]) => lang !== 'en'));

/*
 * How a title's words are bounded. The parser has always bounded them so, and every parse of the real-plan corpus
 * depends on it; the tables' own latin bounding (words.ts: a letter with a mark is a letter) would read "commandes
 * testées" as other and not testing, and "Método" as no "todo", changing how plans parse. So:
 * - English (and the German testing words): an ASCII word edge, `\b`, on each side. A letter with a mark is no
 *   letter to `\b`: "testées" holds "test", and a German word that opens with one ("überprüfung") is read only
 *   inside a compound ("Datenüberprüfung"), not as a title's first word.
 * - es/pt/de/fr: no letter on either side (`\p{L}`); a digit or `_` may touch ("PLAN_DE_IMPLEMENTACION").
 * - ja/zh, and Korean: no boundary (a Korean title glues its words: "자동롤백").
 * The boundary and the anchors are the syntax of a title; the words are the tables'.
 */
const asciiBounded = (table: Wording, lead = '', trail = ''): string => `${lead}\\b(?:${spaced(table)})\\b${trail}`;
const letterBounded = (table: Wording): string => `(?<!\\p{L})(?:${spaced(table)})(?!\\p{L})`;
const inEnglishTitle = (source: string): RegExp => new RegExp(source, 'i');
const inLettersTitle = (source: string): RegExp => new RegExp(source, 'iu');
const unbounded = (table: Wording): RegExp => new RegExp(spaced(table), 'u');

/** A risks title in a language written with spaces (RISK_HEADING). */
const RISKS = wordMatcher(RISK_HEADING, { guarded: false });
/** A risks title in the others (RISK_HEADING_STEM), and security considerations ("安全考量", "安全與效能考量": security and performance). */
const RISKS_ELSEWHERE = anyOf(wordMatcher(RISK_HEADING_STEM, { stems: true, guarded: false }), patternMatcher({ cjk: '安全(?:性)?(?:[與与和及、&]\\S{0,6})?考[量虑慮]' }));

/**
 * The kinds, asked in this order; the first that matches wins (so "Rollback plan" is rollback, "Test plan" testing,
 * "Rollout" steps, "Non-goals" other and not a goal). A title no row matches is `other`.
 *
 *   other     NON_GOALS_TITLE: asked first, "Non-goals" is not a goal
 *   success   SUCCESS_TITLE_ELSEWHERE (es/pt/de/fr), then SUCCESS_TITLE (en)
 *   rollback  ROLLBACK_TITLE (en): before testing and steps ("Rollback plan", "Rollback testing")
 *   testing   TESTING_TITLE (en, de)
 *   risks     RISK_HEADING (en/es/pt/de/fr)
 *   goal      GOAL_TITLE
 *   context   CONTEXT_TITLE, then a status report (STATUS_OPENING at the start, STATUS_ENDING at the end, STATUS_TITLE)
 *   steps     STEPS_TITLE (en; not after "post-": "Post-implementation review")
 *   rollback, success, risks, context, steps   the languages without spaces and Korean: ROLLBACK_TITLE_ELSEWHERE,
 *             SUCCESS_TITLE_CJK, RISK_HEADING_STEM, CONTEXT_TITLE_CJK, STEPS_TITLE_CJK
 *   steps     STEPS_TITLE_ELSEWHERE (es/pt/de/fr), asked last
 */
const KIND_ORDER: ReadonlyArray<readonly [TitleKind, Pick<WordMatcher, 'test'>]> = [
  ['other', inEnglishTitle(asciiBounded(NON_GOALS_TITLE))],
  ['success', inLettersTitle(letterBounded(SUCCESS_TITLE_ELSEWHERE))],
  ['success', inEnglishTitle(asciiBounded(SUCCESS_TITLE))],
  ['rollback', inEnglishTitle(asciiBounded(ROLLBACK_TITLE))],
  ['testing', inEnglishTitle(asciiBounded(TESTING_TITLE))],
  ['risks', RISKS],
  ['goal', inEnglishTitle(asciiBounded(GOAL_TITLE))],
  ['context', inEnglishTitle(asciiBounded(CONTEXT_TITLE))],
  // A status report ("## Implementation status", "## Status", "## Progress so far"): what is done, not what to do.
  ['context', inEnglishTitle([asciiBounded(STATUS_OPENING, '^\\W*'), asciiBounded(STATUS_ENDING, '', '\\W*$'), asciiBounded(STATUS_TITLE)].join('|'))],
  ['steps', inEnglishTitle(asciiBounded(STEPS_TITLE, '(?<!\\bpost-)'))],
  ['rollback', unbounded(ROLLBACK_TITLE_ELSEWHERE)],
  ['success', unbounded(SUCCESS_TITLE_CJK)],
  ['risks', RISKS_ELSEWHERE],
  ['context', unbounded(CONTEXT_TITLE_CJK)],
  ['steps', unbounded(STEPS_TITLE_CJK)],
  ['steps', inLettersTitle(letterBounded(STEPS_TITLE_ELSEWHERE))],
];

/** The kind of the first row (in KIND_ORDER) the title holds, or `other`. */
export function titleKind(title: string): TitleKind {
  for (const [kind, matcher] of KIND_ORDER) if (matcher.test(title)) return kind;
  return 'other';
}

/** Is titleKind(title) 'risks' or 'rollback'? Only a title one of those kinds' own rows match can be: the full order is read for those alone. */
export function titleKindIsRisksOrRollback(title: string): boolean {
  if (!KIND_ORDER.some(([kind, matcher]) => (kind === 'risks' || kind === 'rollback') && matcher.test(title))) return false;
  const kind = titleKind(title);
  return kind === 'risks' || kind === 'rollback';
}

const SECURITY_TITLE = inEnglishTitle(asciiBounded(SECURITY_OPENING, '^\\W*'));

/** Does the title name risks, whatever kind came first ("Data validation & error handling" is testing and risks; "## Security")? */
export function titleNamesRisks(title: string): boolean {
  return RISKS.test(title) || SECURITY_TITLE.test(title);
}

/** The English words, a reason ("## Why a queue": the word, then a space), and the other languages' words. */
const NEVER_STEPS = inLettersTitle(
  [asciiBounded(inEnglish(NEVER_STEPS_TITLE)), `^\\W*(?:${spaced(REASON_OPENING)})\\s`, letterBounded(otherThanEnglish(NEVER_STEPS_TITLE))].join('|'),
);

/** Does the title name a section that never holds steps, even numbered ("## 5. Open questions", "## Ejemplo práctico")? */
export function titleNeverHoldsSteps(title: string): boolean {
  return NEVER_STEPS.test(title);
}

/** At the start of the title, after any punctuation. */
const CONSTRAINT = inEnglishTitle(`^\\W*(?:${spaced(CONSTRAINT_TITLE)})\\b`);

/** Does the title open with what stays as it is ("5. Do Not Touch", "Unchanged")? */
export function titleIsConstraint(title: string): boolean {
  return CONSTRAINT.test(title);
}

/** The whole text: a placeholder's words, or a run of dashes, a dash, an ellipsis or question marks (syntax: no language changes them). */
const PLACEHOLDER_LINE = new RegExp(`^(?:${spaced(PLACEHOLDER)}|-+|—|–|\\.\\.\\.|…|\\?+)$`, 'i');

/** Is the line (its list marker, checkbox and emphasis removed) empty or only a placeholder: "TBD", "N/A", "—", "…"? */
export function isPlaceholderText(text: string): boolean {
  return text === '' || PLACEHOLDER_LINE.test(text);
}

/**
 * A whole title naming the section that holds the steps: "3. Steps", "4. Implementation plan", "2. Development
 * phases", "2. Fases de Desarrollo", "3. Umsetzungsschritte". The title is the whole text, so its anchors bound the
 * words; a noun of one language may be "of" a word of another ("Fases de implementação").
 */
const STEPS_SECTION = inLettersTitle(
  [
    `^(?:(?:${spaced(STEPS_SECTION_ARTICLE)})\\s+)?(?:(?:${spaced(STEPS_SECTION_KIND)})\\s+)?(?:${spaced(inEnglish(STEPS_SECTION_NOUN))})$`,
    `^(?:${spaced(otherThanEnglish(STEPS_SECTION_NOUN))})(?:\\s+(?:${spaced(STEPS_SECTION_LINK)})\\s+(?:${spaced(STEPS_SECTION_OF)}))?$`,
    `^(?:${spaced(STEPS_SECTION_WORD)})$`,
  ].join('|'),
);

/** Is the whole title the name of the section holding the steps ("4. Implementation plan", its number removed)? */
export function titleNamesStepsSection(title: string): boolean {
  return STEPS_SECTION.test(title);
}

const SECURITY_FEATURE = inEnglishTitle(asciiBounded(SECURITY_OPENING, '^\\W*', `(?!\\s+(?:${spaced(SECURITY_OPENING_EXCEPT)}))`));
const FEATURE = inEnglishTitle(asciiBounded(FEATURE_TITLE));

/** In a design or PRD, does the heading name a feature to build ("Security Definitions", "Password Recovery"), not a risk? */
export function titleNamesFeature(title: string): boolean {
  return SECURITY_FEATURE.test(title) || FEATURE.test(title);
}
