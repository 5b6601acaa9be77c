/**
 * Verify: the words that say how work is checked (a test, a verification, acceptance). Plain data, by language; read by
 * check-words.ts, which no-success-criterion reads (see README.md).
 */
import type { Wording } from './words';

/** Check words a step title opens with and a heading holds alike: "Проверка сборки", "Weryfikacja", "Kiểm tra". */
export const CHECK: Wording = {
  ru: ['проверка', 'проверки', 'проверить', 'проверяем', 'проверьте', 'тестирование', 'тесты', 'верификация', 'валидация', 'приёмка', 'приемка', 'критерии'],
  uk: ['перевірка', 'перевірити', 'тестування'],
  pl: ['weryfikacja', 'zweryfikuj', 'sprawdź', 'sprawdz', 'sprawdzenie', 'testy', 'testowanie', 'walidacja', 'kryteria'],
  vi: ['kiểm tra', 'kiem tra', 'kiểm thử', 'kiểm thu', 'kiem thử', 'kiem thu', 'xác minh', 'xac minh', 'nghiệm thu', 'nghiem thu'],
};

/** A step title that opens with one of these is itself a check: "Checkpoint – …", "Final verification", "Verificar …". */
export const CHECK_STEP_OPENING: Wording = {
  en: [
    'checkpoint',
    'final verification',
    'final checkpoint',
    'final check',
    'verify',
    'verification',
    'validate',
    'test',
    'run test',
    'run tests',
    'run the test',
    'run the tests',
  ],
  es: ['verificar', 'verificación', 'verificacion', 'validar', 'validación', 'validacion', 'probar', 'punto de control'],
  pt: ['verificação', 'verificaçao', 'verificacão', 'verificacao', 'validação', 'validaçao', 'validacão', 'validacao', 'testar', 'ponto de controle'],
  de: ['überprüfung', 'überprufung', 'ueberprüfung', 'ueberprufung', 'berprüfung', 'berprufung', 'prüfen', 'prufen'],
  fr: ['vérification', 'verification', 'vérifier', 'verifier', 'valider', 'tester', 'point de contrôle', 'point de controle'],
};

/** "Write property tests for …", "Escribir pruebas", "Écrire les tests": a verb of writing, then (a few words on) the tests. */
export const WRITE_TESTS_VERB: Wording = { en: ['write'], es: ['escribir'], pt: ['escrever'], fr: ['écrire', 'ecrire'] };
export const TESTS_NOUN: Wording = { en: ['test', 'tests'], es: ['pruebas'], pt: ['testes'], fr: ['tests'] };

/** A Japanese, Chinese or Korean step whose work is a check, wherever the word stands: "E2E テストで認証フローを検証する", "验证登录流程". */
export const CHECK_ANYWHERE: Wording = {
  ja: ['検証', 'テスト', '動作確認'],
  zh: ['验证', '驗證', '测试', '測試'],
  ko: ['검증', '테스트'],
};

/** A step whose work is testing or reviewing: "Testing and rollout", "Tests", "Review all help texts", "Pruebas y failover". */
export const TESTING_STEP_OPENING: Wording = {
  en: ['tests', 'test', 'qa', 'review', 'audit', 'validation', 'verification'],
  es: ['pruebas', 'revisar', 'revisión', 'revision'],
  pt: ['testes', 'revisão', 'revisao'],
  fr: ['essais'],
  de: ['testen', 'überprüfen', 'uberprüfen', 'überprufen', 'uberprufen'],
};

/** A review step ("Review all help texts") checks its own wording, not the plan's work. */
export const REVIEW_STEP_OPENING: Wording = {
  en: ['review', 'audit'],
  es: ['revisar', 'revisión', 'revision'],
  pt: ['revisão', 'revisao'],
  de: ['überprüfen', 'uberprüfen', 'überprufen', 'uberprufen'],
};

/** "Phase 0 — Prerequisites (manual)": what must hold before the work starts, each item itself a check. */
export const PRECONDITIONS_OPENING: Wording = {
  en: ['prerequisite', 'prerequisites', 'pre-requisite', 'pre-requisites', 'precondition', 'preconditions'],
  es: ['requisitos previos'],
  pt: ['pré-requisito', 'pré-requisitos', 'pre-requisito', 'pre-requisitos', 'prérequisito', 'prérequisitos', 'prerequisito', 'prerequisitos'],
  de: ['voraussetzungen'],
  fr: ['prérequis', 'prerequis'],
};

/**
 * Words of a heading that says how work is checked: "## Testing", "### Verification", "## Acceptance criteria", "## QA
 * checklist", "### Smoke test", "## Definition of done" (with CHECK), "## Eval contract".
 */
export const CHECK_HEADING_WORDS: Wording = {
  en: [
    'test',
    'tests',
    'testing',
    'verify',
    'verifies',
    'verified',
    'verification',
    'verifications',
    'validate',
    'validates',
    'validation',
    'validations',
    'validating',
    'acceptance',
    'qa',
    'quality gate',
    'quality gates',
    'quality check',
    'quality checks',
    'quality assurance',
    'checklist',
    'checklists',
    'criteria',
    'criterion',
    'success',
    'definition of done',
    'done when',
    'smoke',
    'e2e',
    'eval',
    'evals',
    'evaluation',
  ],
  es: ['prueba', 'pruebas', 'verificación', 'verificacion', 'validación', 'validacion', 'criterio', 'criterios'],
  pt: [
    'teste',
    'testes',
    'verificação',
    'verificaçao',
    'verificacão',
    'verificacao',
    'validação',
    'validaçao',
    'validacão',
    'validacao',
    'critério',
    'critérios',
    'criterio',
    'criterios',
  ],
  fr: ['critère', 'critères', 'critere', 'criteres', 'vérification', 'verification'],
  de: ['überprüfung', 'uberprüfung', 'überprufung', 'uberprufung', 'ueberprüfung', 'ueberprufung', 'berprüfung', 'berprufung', 'prüfung', 'prufung'],
  ko: ['테스트', '검증'],
  zh: ['验证', '驗證', '测试', '測試', '验收', '驗收'],
  ja: ['検証', 'テスト'],
};

/** German headings name acceptance and checking in compounds: "Akzeptanzkriterien", "Abnahmetest" (the word's start is enough). */
export const CHECK_HEADING_STEMS: Wording = {
  de: ['akzeptanz', 'abnahme'],
};

/** The title of a success section that speaks for every step: "Phase completion", "Definition of done", "Critères de fin". */
export const PLAN_WIDE_SUCCESS: Wording = {
  en: ['phase completion', 'step completion', 'task completion', 'definition of done', 'completion criteria'],
  es: ['criterios de finalización', 'criterios de finalizacion', 'criterios de terminación', 'criterios de terminacion'],
  pt: ['critérios de conclusão', 'critérios de conclusao', 'criterios de conclusão', 'criterios de conclusao'],
  de: ['abschlusskriterien'],
  fr: [
    "critères d'achèvement",
    "critères d'achevement",
    "criteres d'achèvement",
    "criteres d'achevement",
    'critères d’achèvement',
    'critères d’achevement',
    'criteres d’achèvement',
    'criteres d’achevement',
    'critères de fin',
    'criteres de fin',
  ],
};

/** A title that opens with the gates every step passes: "## Quality gates (every sprint)". */
export const QUALITY_GATES: Wording = { en: ['quality gate', 'quality gates'] };

/** Checks a title says run for every unit of work: "Checks (each phase)", "Gates (every sprint)", "Criteria (all tasks)". */
export const GATE_WORDS: Wording = { en: ['gate', 'gates', 'check', 'checks', 'criteria'] };
export const EVERY: Wording = { en: ['every', 'each', 'all'] };
export const WORK_UNIT: Wording = { en: ['sprint', 'sprints', 'phase', 'phases', 'step', 'steps', 'task', 'tasks', 'milestone', 'milestones'] };

/**
 * A section title, the whole of it, over the tests the plan writes: "## Testing Strategy", "### Unit Tests", "## Tests",
 * "### End-to-end tests", "## Test plan". A test file named there is one the work writes.
 */
export const TESTS_TITLE: Wording = {
  en: [
    'testing',
    'testing strategy',
    'testing plan',
    'testing approach',
    'test',
    'tests',
    'test plan',
    'tests plan',
    'unit test',
    'unit tests',
    'integration test',
    'integration tests',
    'api test',
    'api tests',
    'e2e test',
    'e2e tests',
    'end to end test',
    'end to end tests',
    'end-to-end test',
    'end-to-end tests',
    'acceptance test',
    'acceptance tests',
    'regression test',
    'regression tests',
    'new test',
    'new tests',
  ],
};

/**
 * A top-level section that checks the whole plan's result, the whole title: "## QA checklist", "## How to test",
 * "## Verificación", "## Überprüfung", "## Validation finale", "## 検証". The composed English titles ("Manual testing
 * checklist", "Final validation steps (after the deploy)") are PLAN_TESTING_* and PLAN_VALIDATION_*.
 */
export const PLAN_CHECK_TITLE: Wording = {
  en: ['qa', 'qa checklist', 'how to test'],
  es: ['verificación', 'verificacion', 'validación', 'validacion'],
  pt: ['verificação', 'verificacao', 'verificaçao', 'verificacão', 'validação', 'validacao', 'validaçao', 'validacão'],
  de: ['überprüfung', 'uberprüfung', 'ueberprüfung', 'überprufung', 'uberprufung', 'ueberprufung', 'validierung'],
  fr: ['vérification', 'verification', 'validation finale'],
  zh: ['验证', '驗證'],
  ja: ['検証', '確認'],
};

/** A plan-wide testing title, the whole title: [PLAN_QA] [PLAN_TESTING_QUALIFIER] PLAN_TESTING [PLAN_TESTING_TAIL] ("QA end-to-end testing matrix"). */
export const PLAN_TESTING: Wording = { en: ['testing', 'test plan'] };
export const PLAN_QA: Wording = { en: ['qa'] };
export const PLAN_TESTING_QUALIFIER: Wording = { en: ['manual', 'end to end', 'end-to-end'] };
export const PLAN_TESTING_TAIL: Wording = { en: ['groups', 'checklist', 'scenarios', 'matrix'] };

/**
 * A plan-wide validation title, the whole title: [PLAN_VALIDATION_QUALIFIER] PLAN_VALIDATION [PLAN_VALIDATION_TAIL]
 * [(PLAN_CHECK_WHEN …)] ("Final validation", "Verification checklist", "Validation (after deploy)").
 */
export const PLAN_VALIDATION: Wording = { en: ['validation', 'verification'] };
export const PLAN_VALIDATION_QUALIFIER: Wording = { en: ['final', 'end to end', 'end-to-end'] };
export const PLAN_VALIDATION_TAIL: Wording = { en: ['checklist', 'criteria', 'steps', 'plan'] };
export const PLAN_CHECK_WHEN: Wording = { en: ['after', 'once', 'when'] };
