/**
 * Success criterion: the words a step introduces its own check with ("Success criteria:", "Verify:", "Criterios de
 * aceptación:", "完了条件：") and the titles of a sub-section that holds it ("### Acceptance criteria"). Plain data, by
 * language. Read by the plan parser through `step-labels.ts` (`criterionLabelEnd`, `isCriterionTitle`); see README.md.
 */
import type { Wording } from './words';

/**
 * A label, then ":", that introduces how a step is checked or what it yields: "Success criteria:", "Expected results:",
 * "Checkpoint:", "Deliverables:", "Artifacts to generate:", a property test's "**Validates: Requirements 2.1**"
 * ("Valida:", "Valide:", "Validiert:"), "Criterios de aceptación:", "Abnahme:", "テストリスト:" (test list), "验收标准：".
 */
export const CRITERION_LABEL: Wording = {
  en: [
    'success criteria',
    'success criterion',
    'test criteria',
    'independent test criteria',
    'verification',
    'acceptance',
    'acceptance criteria',
    'test',
    'tests',
    'expected',
    'expected result',
    'expected results',
    'expected outcome',
    'expected behavior',
    'expected behaviour',
    'validation',
    'exit criteria',
    'checkpoint',
    'gate',
    'quality gate',
    'output',
    'deliverable',
    'deliverables',
    'artifact',
    'artifacts',
    'artifact to generate',
    'artifacts to generate',
    'artifact to produce',
    'artifacts to produce',
    'artifact to create',
    'artifacts to create',
    'artifact to deliver',
    'artifacts to deliver',
    'validates',
  ],
  es: ['criterio de aceptación', 'criterios de aceptación', 'criterio de aceptacion', 'criterios de aceptacion', 'verificar', 'valida'],
  pt: [
    'critério de aceitação',
    'critérios de aceitação',
    'criterio de aceitação',
    'criterios de aceitação',
    'critério de aceitacao',
    'critérios de aceitacao',
    'criterio de aceitacao',
    'criterios de aceitacao',
  ],
  de: ['akzeptanzkriterien', 'prüfung', 'prufung', 'verifizierung', 'validierung', 'abnahme', 'validiert'],
  fr: ["critère d'acceptation", "critères d'acceptation", "critere d'acceptation", "criteres d'acceptation", 'vérification', 'verification', 'valide'],
  ja: ['テストリスト', 'テスト項目', '完了条件', '受け入れ基準', '受入基準', '検証'],
  zh: ['确认标准', '验收标准', '验收条件', '完成标准', '测试', '验证'],
};

/** A check verb that opens a label, up to five words or a parenthesis before its ":": "Verify:", "Verify the login works:", "Verify (manual):". */
export const CHECK_LABEL_VERB: Wording = {
  en: ['verify'],
};

/** "Done when" with or without its colon: "Done when the build is green". */
export const DONE_WHEN: Wording = {
  en: ['done when'],
};

/** A day's or a week's goal as its check, a few words between: "End of Day 5 Goal:", "End of week 2 goal:". */
export const END_OF: Wording = {
  en: ['end of'],
};
export const GOAL: Wording = {
  en: ['goal'],
};

/** A Kiro task's link to the requirements it meets, in italics: "_Requirements: 1.2_", "_Requisitos: 9.1_", "_需求: 1.3_", "_要件: 2.1_". */
export const REQUIREMENTS_LINK: Wording = {
  en: ['requirement', 'requirements'],
  es: ['requisito', 'requisitos'],
  pt: ['requisito', 'requisitos'],
  de: ['anforderungen'],
  fr: ['exigence', 'exigences'],
  zh: ['需求', '要求'],
  ja: ['要件', '要求'],
};

/**
 * A sub-heading under a step that holds its check or its result, the whole title: "Acceptance criteria", "Verification",
 * "Done when", "Definition of done", "Tests", "Expected outputs", "Deliverables", "Artifacts", "Criterios de aceptación",
 * "Verifikation", "Critères d'acceptation".
 */
export const CRITERION_TITLE: Wording = {
  en: [
    'acceptance',
    'acceptance criteria',
    'expected output',
    'expected outputs',
    'expected result',
    'expected results',
    'expected outcome',
    'expected outcomes',
    'outputs',
    'deliverable',
    'deliverables',
    'artifacts',
    'success criteria',
    'success criterion',
    'verification',
    'verify',
    'validation',
    'done when',
    'definition of done',
    'exit criteria',
    'test',
    'tests',
    'testing',
  ],
  es: ['criterio de aceptación', 'criterios de aceptación', 'criterio de aceptacion', 'criterios de aceptacion'],
  pt: [
    'critério de aceitação',
    'critérios de aceitação',
    'criterio de aceitação',
    'criterios de aceitação',
    'critério de aceitacao',
    'critérios de aceitacao',
    'criterio de aceitacao',
    'criterios de aceitacao',
  ],
  de: ['akzeptanzkriterien', 'verifikation', 'verifizierung'],
  fr: ["critère d'acceptation", "critères d'acceptation", "critere d'acceptation", "criteres d'acceptation"],
};

/** The unit of work such a title may name first, with its number: "Sprint 1 Tests", "Phase 2 verification". */
export const CRITERION_TITLE_UNIT: Wording = {
  en: ['sprint', 'phase', 'step', 'stage', 'milestone', 'week', 'task'],
};

/**
 * A label that gives new wording, then ":" and the new text quoted below: the step changes wording, and the quoted
 * text is its end state. A REPLACE_VERB and, within a few words, REPLACE_WITH ("Replace the intro with:"), or a
 * REWORD_LABEL ("Should read:", "Reword to:", "Reemplazar por:", "Ersetzen durch:").
 */
export const REPLACE_VERB: Wording = {
  en: ['replace', 'replaces', 'replaced'],
};
export const REPLACE_WITH: Wording = {
  en: ['with', 'by'],
};
export const REWORD_LABEL: Wording = {
  en: ['change to', 'change it to', 'change this to', 'should read', 'should now read', 'reword', 'rewrite', 'clarify', 'new text', 'new copy', 'new wording'],
  es: ['reemplazar por'],
  pt: ['substituir por'],
  de: ['ersetzen durch'],
  fr: ['remplacer par'],
};
