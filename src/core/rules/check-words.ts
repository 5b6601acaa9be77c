/**
 * What no-success-criterion reads as a check: a step that is one, a heading about checks, a testing or review step, a
 * prerequisites phase. The words are the verify tables (wording/verify.ts); each reading is one matcher compiled here,
 * once, with the shapes (a title that opens with the word, a heading that holds it).
 */
import {
  CHECK,
  CHECK_ANYWHERE,
  CHECK_HEADING_STEMS,
  CHECK_HEADING_WORDS,
  CHECK_STEP_OPENING,
  EVERY,
  PLAN_CHECK_TITLE,
  PLAN_CHECK_WHEN,
  PLAN_QA,
  PLAN_TESTING,
  PLAN_TESTING_QUALIFIER,
  PLAN_TESTING_TAIL,
  PLAN_VALIDATION,
  PLAN_VALIDATION_QUALIFIER,
  PLAN_VALIDATION_TAIL,
  GATE_WORDS,
  PLAN_WIDE_SUCCESS,
  PRECONDITIONS_OPENING,
  QUALITY_GATES,
  REVIEW_STEP_OPENING,
  TESTING_STEP_OPENING,
  TESTS_NOUN,
  WORK_UNIT,
  WRITE_TESTS_VERB,
} from '../wording/verify';
import { anyOf, pairMatcher, patternMatcher, phraseAlternation, scriptAlternation, wordMatcher, type Wording, type WordMatcher } from '../wording/words';

/** At the start of a title, after any marks and numbering the parser left ("— ", "**"). */
const OPENS = '^\\W*';

/**
 * A step that is itself a check ("Checkpoint – …", "Final verification", "Write property test for …", "Verificar …",
 * "Validação", "Überprüfung", "Проверка сборки", "Kiểm tra"): it needs no other criterion, and it is the criterion of
 * the sibling steps before it. Also a kind of test named first ("Integration tests for …", "e2e-login tests").
 */
export const CHECK_STEP: WordMatcher = anyOf(
  wordMatcher([CHECK_STEP_OPENING, CHECK], { lead: OPENS, guarded: false }),
  pairMatcher(WRITE_TESTS_VERB, TESTS_NOUN, '\\s+(?:[\\w\\u00c0-\\u024f]+\\s+){0,2}', { lead: OPENS, guarded: false }),
  patternMatcher({ latin: `${OPENS}(?:\\w+-[\\w-]+|integration|unit|acceptance|regression|e2e|smoke|property|contract)\\s+(?:[\\w-]+\\s+){0,3}tests?\\b` }),
);

/** A Japanese, Chinese or Korean step whose work is a check: "E2E テストで認証フローを検証する", "验证登录流程", "動作確認". */
export const CJK_CHECK_STEP: WordMatcher = wordMatcher(CHECK_ANYWHERE);

/**
 * A step whose work is testing or reviewing ("Testing and rollout", "Tests", "Review all help texts", "Pruebas y
 * failover", "Testes", "Load testing") is a check itself; unlike CHECK_STEP it speaks for no other step.
 */
export const TESTING_STEP: WordMatcher = anyOf(
  wordMatcher(TESTING_STEP_OPENING, { lead: OPENS, guarded: false }),
  patternMatcher({ latin: `${OPENS}(?:[\\w-]+\\s+){0,2}testing\\b` }),
);

/** Words of a heading that says how work is checked: "## Testing", "## Acceptance criteria", "## Akzeptanzkriterien", "## 验收". */
export const CHECK_HEADING: WordMatcher = anyOf(
  wordMatcher([CHECK_HEADING_WORDS, CHECK], { guarded: false }),
  wordMatcher(CHECK_HEADING_STEMS, { stems: true, trail: '\\w*(?![A-Za-z0-9_\\u00c0-\\u024f])' }),
);

/** "Phase 0 — Prerequisites (manual)": what must hold before the work starts, each item itself a check, not work to verify. */
export const PRECONDITIONS_STEP: WordMatcher = wordMatcher(PRECONDITIONS_OPENING, { lead: OPENS, guarded: false });

/** A review step ("Review all help texts") checks its own wording, not the plan's work. */
export const REVIEW_STEP: WordMatcher = wordMatcher(REVIEW_STEP_OPENING, { lead: OPENS, guarded: false });

/** A success section's title that speaks for every step: "Phase completion", "Definition of done", "Critères de fin". */
export const PLAN_WIDE_SUCCESS_TITLE: WordMatcher = wordMatcher(PLAN_WIDE_SUCCESS, { guarded: false });

/** Gates every step passes: "## Quality gates (every sprint)", "## Checks (each phase)". */
export const GATES_TITLE: WordMatcher = anyOf(
  wordMatcher(QUALITY_GATES, { lead: OPENS, guarded: false }),
  patternMatcher({
    latin: `(?:${scriptAlternation(GATE_WORDS, 'latin') ?? ''})\\s*\\((?:${scriptAlternation(EVERY, 'latin') ?? ''})\\s+(?:${scriptAlternation(WORK_UNIT, 'latin') ?? ''})\\)`,
  }),
);

/** The words of a table as one slot of a composed title: its rows, spaces matching any white space, no boundary (the slots' spaces bound them). */
const slot = (table: Wording): string => `(?:${phraseAlternation(table, '\\s+')})`;

/** A top-level check of the whole plan's result: "## Validation Checklist", "## Verification", "## Final validation", "## Testing", "## 検証". */
export const WHOLE_PLAN_CHECK_TITLE: WordMatcher = anyOf(
  patternMatcher({
    latin:
      `^\\W*(?:(?:${slot(PLAN_QA)}\\s+)?(?:${slot(PLAN_TESTING_QUALIFIER)}\\s+)?${slot(PLAN_TESTING)}(?:\\s+${slot(PLAN_TESTING_TAIL)})?` +
      `|(?:${slot(PLAN_VALIDATION_QUALIFIER)}\\s+)?${slot(PLAN_VALIDATION)}(?:\\s+${slot(PLAN_VALIDATION_TAIL)})?(?:\\s*\\(${slot(PLAN_CHECK_WHEN)}\\b[^)]{0,60}\\))?)\\W*$`,
  }),
  wordMatcher(PLAN_CHECK_TITLE, { lead: '^\\W*', trail: '\\W*$', bounded: false, guarded: false }),
);
