/**
 * The words no-success-criterion reads as a check: a step that is one, a heading about checks, a testing or review step,
 * a prerequisites phase. Kept apart from the rule so the vocabulary of each language is in one place.
 */

/** Check words of Russian, Ukrainian, Polish and Vietnamese plans ("Проверка сборки", "Weryfikacja", "Kiểm tra"): a step title and a heading read them alike. */
const OTHER_LANGUAGE_CHECKS = String.raw`проверк[аи]|провер(?:ить|яем|ьте)|тестирование|тесты|верификация|валидация|при[её]мка|критерии|перевірка|перевірити|тестування|weryfikacja|zweryfikuj|sprawd[źz]|sprawdzenie|testy|testowanie|walidacja|kryteria|ki[ểe]m\s+tra|ki[ểe]m\s+th[ửu]|x[áa]c\s+minh|nghi[ệe]m\s+thu`;

/**
 * A step that is itself a check ("Checkpoint – …", "Final verification", "Write property test for …", "Verificar …",
 * "Validação", "Überprüfung", "Проверка сборки", "Kiểm tra"): it needs no other criterion, and it is the criterion of
 * the sibling steps before it.
 */
export const CHECK_STEP = new RegExp(
  String.raw`^(?:\W*)(?:(?:\w+-[\w-]+|integration|unit|acceptance|regression|e2e|smoke|property|contract)\s+(?:[\w-]+\s+){0,3}tests?\b|checkpoint|final\s+(?:verification|checkpoint|check)|verify|verification|validate|write\s+(?:\w+\s+){0,2}tests?|run\s+(?:the\s+)?tests?|test)\b|^(?:\W*)(?:verificar|verificaci[oó]n|verifica[cç][aã]o|validar|validaci[oó]n|valida[cç][aã]o|probar|testar|(?:ü|ue)?berpr[üu]fung|pr[üu]fen|v[ée]rification|v[ée]rifier|valider|tester|punto\s+de\s+control|ponto\s+de\s+controle|point\s+de\s+contr[ôo]le|escribir\s+(?:\S+\s+){0,2}pruebas|escrever\s+(?:\S+\s+){0,2}testes|[ée]crire\s+(?:\S+\s+){0,2}tests|${OTHER_LANGUAGE_CHECKS})(?!\p{L})`,
  'iu',
);

/** A Japanese or Chinese step whose work is a check: "E2E テストで認証フローを検証する", "验证登录流程", "動作確認". */
export const CJK_CHECK_STEP = /検証|テスト|動作確認|验证|驗證|测试|測試|검증|테스트/;

/**
 * A step whose work is testing or reviewing ("Testing and rollout", "Tests", "Review all help texts", "Pruebas y
 * failover", "Testes") is a check itself; unlike CHECK_STEP it speaks for no other step.
 */
export const TESTING_STEP =
  /^(?:\W*)(?:(?:[\w-]+\s+){0,2}testing|tests?|qa|review|audit|validation|verification|pruebas|testes|essais|testen|revisar|revis[aã]o|revisi[oó]n|[üu]berpr[üu]fen)(?!\p{L})/iu;

/**
 * Words of a heading that says how work is checked: "## Testing", "### Verification", "## Acceptance criteria",
 * "## QA checklist", "### Smoke test", "## Definition of done", in es/pt/de/fr/ru/uk/pl/vi/zh/ja/ko as well.
 */
export const CHECK_HEADING = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:tests?|testing|verif(?:y|ies|ied|ication|ications)|validat(?:e|es|ion|ions|ing)|acceptance|qa|quality\s+(?:gates?|checks?|assurance)|checklists?|criteria|criterion|success|definition\s+of\s+done|done\s+when|smoke|e2e|pruebas?|testes?|verificaci[oó]n|validaci[oó]n|verifica[cç][aã]o|valida[cç][aã]o|crit[ée]rios?|criterios?|crit[èe]res?|v[ée]rification|akzeptanz\w*|(?:ü|ue)?berpr[üu]fung|pr[üu]fung|abnahme\w*|${OTHER_LANGUAGE_CHECKS})(?![\p{L}\p{N}])|検証|テスト|验证|驗證|测试|測試|验收|驗收|테스트|검증`,
  'iu',
);

/** "Phase 0 — Prerequisites (manual)": what must hold before the work starts, each item itself a check, not work to verify. */
export const PRECONDITIONS_STEP = /^\W*(?:prerequisites?|pre-requisites?|preconditions?|pr[ée]-?requisitos?|requisitos\s+previos|voraussetzungen|pr[ée]requis)(?!\p{L})/iu;

/** A review step ("Review all help texts") checks its own wording, not the plan's work. */
export const REVIEW_STEP = /^\W*(?:review|audit|revisar|revis[aã]o|revisi[oó]n|[üu]berpr[üu]fen)(?!\p{L})/iu;
