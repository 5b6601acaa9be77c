/**
 * Section titles: the words that file a plan's section under a kind ("## Rollback plan" is rollback, "## Test plan"
 * testing, "## Pasos" steps), the titles of sections that never hold steps, the constraint titles and the words a
 * placeholder section holds. Plain data, by language; the queries, and the order in which the kinds are asked, are in
 * section-titles.ts. The risks titles are in risk-headings.ts.
 *
 * A pattern's optional parts are spelled out: "roll back" is "rollback", "roll back", "roll-back", "roll -back",
 * "roll- back" and "roll - back" (a space in a row matches any run of white space).
 */
import type { Wording } from './words';

/** Every way a pair of words is written joined, apart, hyphenated ("rollback", "roll back", "roll-back", "roll - back"). */
const joined = (first: string, second: string): string[] => [
  `${first}${second}`,
  `${first} ${second}`,
  `${first}-${second}`,
  `${first} -${second}`,
  `${first}- ${second}`,
  `${first} - ${second}`,
];

/** A title of what the plan leaves out, asked before every other kind ("Non-goals" is not a goal): "Out of scope". */
export const NON_GOALS_TITLE: Wording = {
  en: [...joined('non', 'goal'), ...joined('non', 'goals'), 'out of scope'],
};

/** A success title in es/pt/de/fr, asked right after the non-goals: "Criterios de aceptación", "Abschlusskriterien". */
export const SUCCESS_TITLE_ELSEWHERE: Wording = {
  es: [
    'criterios de aceptación',
    'criterios de aceptacion',
    'criterios de finalización',
    'criterios de finalizacion',
    'criterios de terminación',
    'criterios de terminacion',
    'criterios de éxito',
    'criterios de exito',
  ],
  pt: [
    'critérios de aceitação',
    'critérios de aceitaçao',
    'critérios de aceitacão',
    'critérios de aceitacao',
    'critérios de conclusão',
    'critérios de conclusao',
    'critérios de sucesso',
    'criterios de aceitação',
    'criterios de aceitaçao',
    'criterios de aceitacão',
    'criterios de aceitacao',
    'criterios de conclusão',
    'criterios de conclusao',
    'criterios de sucesso',
  ],
  de: ['akzeptanzkriterien', 'abschlusskriterien', 'erfolgskriterien'],
  fr: [
    "critères d'acceptation",
    'critères d’acceptation',
    "criteres d'acceptation",
    'criteres d’acceptation',
    "critères d'achèvement",
    'critères d’achèvement',
    "criteres d'achèvement",
    'criteres d’achèvement',
    "critères d'achevement",
    'critères d’achevement',
    "criteres d'achevement",
    'criteres d’achevement',
    'critères de réussite',
    'critères de reussite',
    'criteres de réussite',
    'criteres de reussite',
    'critères de fin',
    'criteres de fin',
  ],
};

/** A success title in English: "Success criteria", "Definition of done", "Exit criteria", "Key deliverables". */
export const SUCCESS_TITLE: Wording = {
  en: [
    'success criteria',
    'success criterion',
    'success metric',
    'success metrics',
    'success verification',
    'acceptance',
    'acceptance criteria',
    'definition of done',
    'done when',
    'exit criteria',
    'phase completion',
    'step completion',
    'task completion',
    'completion criteria',
    'deliverables',
    'key deliverables',
  ],
};

/** A title of how the change is undone: "Rollback plan", "Back-out", "Contingency". */
export const ROLLBACK_TITLE: Wording = {
  en: [...joined('roll', 'back'), 'revert', 'reverting', ...joined('back', 'out'), 'recovery', 'contingency'],
};

/** A testing title: "Test plan", "Verification", "QA", "Validierung". */
export const TESTING_TITLE: Wording = {
  en: ['test', 'tests', 'testing', 'verification', 'validation', 'qa'],
  de: ['verifikation', 'verifizierung', 'validierung', 'überprüfung'],
};

/** A goal title: "Goals", "Objective", "Summary", "TL;DR". */
export const GOAL_TITLE: Wording = {
  en: ['goal', 'goals', 'objective', 'objectives', 'summary', 'purpose', 'aim', 'aims', 'tl;dr', 'tldr'],
};

/** A context title: "Background", "Current state", "Problem statement", "Architecture", "Design decisions". */
export const CONTEXT_TITLE: Wording = {
  en: [
    'context',
    'background',
    'motivation',
    'problem',
    'problem statement',
    'current',
    'existing',
    'analysis',
    'overview',
    'assumption',
    'assumptions',
    'constraint',
    'constraints',
    'architecture',
    'decision',
    'decisions',
  ],
};

/** A status report's title opens with one ("## Status", "## Progress so far"): what is done, not what to do. */
export const STATUS_OPENING: Wording = { en: ['status', 'progress'] };

/** A status report's title ends with one: "## Migration status", "## Weekly status update". */
export const STATUS_ENDING: Wording = { en: ['status', 'status report', 'status update'] };

/** A status report's title holds one anywhere: "## Implementation status", "## Progress report". */
export const STATUS_TITLE: Wording = {
  en: ['implementation status', 'project status', 'build status', 'delivery status', 'current status', 'progress report', 'progress so far'],
};

/** A steps title in English: "Implementation", "Tasks", "Rollout", "Action items", "To-do" (not "post-implementation"). */
export const STEPS_TITLE: Wording = {
  en: [
    'step',
    'steps',
    'implementation',
    'plan',
    'task',
    'tasks',
    'phase',
    'phases',
    'milestone',
    'milestones',
    ...joined('roll', 'out'),
    'approach',
    'changes',
    'work item',
    'work items',
    'action item',
    'action items',
    'checklist',
    'procedure',
    'execution',
    'roadmap',
    ...joined('to', 'do'),
  ],
};

/** A rollback title in the languages written without spaces, and Korean: "回滚", "ロールバック", "롤백". */
export const ROLLBACK_TITLE_ELSEWHERE: Wording = {
  zh: ['回滚', '回退'],
  ja: ['ロールバック', '切り戻し'],
  ko: ['롤백'],
};

/** A success title in the languages written without spaces, and Korean: "验收标准", "完了条件", "완료 기준". */
export const SUCCESS_TITLE_CJK: Wording = {
  zh: ['完成标准', '验收标准', '完成条件'],
  ja: ['完了条件', '受け入れ基準', '受入基準'],
  ko: ['완료기준', '완료 기준', '인수기준', '인수 기준'],
};

/** A context title in the languages written without spaces: design decisions and background ("設計判断", "背景", "概述"). */
export const CONTEXT_TITLE_CJK: Wording = {
  ja: ['設計判断', '設計方針', '決定事項', '技術的判断', '背景', '現状', '概要'],
  zh: ['设计决策', '技术决策', '设计方案', '现状', '概述'],
};

/** A steps title in the languages written without spaces: "実装計画", "手順", "实施计划", "任务". */
export const STEPS_TITLE_CJK: Wording = {
  ja: ['実装計画', '実装手順', '作業手順', '手順', 'タスク'],
  zh: ['实施计划', '实现步骤', '实施步骤', '步骤', '任务'],
};

/** A steps title in es/pt/de/fr, asked last: "Tareas", "Passos", "Umsetzung", "Mise en œuvre". */
export const STEPS_TITLE_ELSEWHERE: Wording = {
  es: ['tareas', 'pasos', 'fases', 'etapas', 'implementación', 'implementacion'],
  pt: ['tarefas', 'passos', 'implementação', 'implementaçao', 'implementacão', 'implementacao'],
  de: ['schritte', 'aufgaben', 'umsetzung', 'phasen'],
  fr: ['étapes', 'etapes', 'tâches', 'taches', 'mise en œuvre', 'mise en œeuvre', 'mise en oeuvre', 'mise en ouvre'],
};

/**
 * A title of a section that never holds steps, even numbered ("## 5. Open questions"): appendices, workflows, design
 * parts, preconditions ("Precondiciones antes de generar tareas"), execution order and parallelism notes, guidance
 * ("Best practices", "Guidelines", "Conventions") and worked examples ("Ejemplo práctico", "Walkthrough": the finished
 * thing in use).
 */
export const NEVER_STEPS_TITLE: Wording = {
  en: [
    'open question',
    'open questions',
    'questions',
    'note',
    'notes',
    'reference',
    'references',
    'appendix',
    ...NON_GOALS_TITLE.en!,
    'alternative',
    'alternatives',
    'alternative considered',
    'alternatives considered',
    'glossary',
    'link',
    'links',
    'file',
    'files',
    'next steps',
    'workflow',
    'daily',
    'weekly',
    'review checklist',
    'component',
    'components',
    'interface',
    'interfaces',
    'data flow',
    'decision',
    'decisions',
    'future',
    'enhancement',
    'enhancements',
    'implications',
    'precondition',
    'preconditions',
    'pre-condition',
    'pre-conditions',
    'prerequisite',
    'prerequisites',
    'execution order',
    'parallelism',
    'parallel execution',
    'best practices',
    'guidelines',
    'conventions',
    'example',
    'examples',
    'worked example',
    'worked examples',
    ...joined('walk', 'through'),
    'how to read this',
    'how to use this',
    'reading guide',
    'about this plan',
    'about this document',
    'constitution check',
    'post-ratification',
    'postratification',
  ],
  es: ['precondiciones', 'requisitos previos', 'prerequisitos', 'pre-requisitos', 'ejemplo', 'ejemplos'],
  pt: ['pré-requisitos', 'prérequisitos', 'exemplo', 'exemplos'],
  de: ['voraussetzungen', 'beispiel', 'beispiele'],
  fr: ['prérequis', 'prerequis', 'exemple', 'exemples'],
};

/** A title that opens with one gives a reason, not an action: "## Why a queue". */
export const REASON_OPENING: Wording = { en: ['why'] };

/** A title that opens with one lists what stays as it is, a constraint rather than a step: "5. Do Not Touch". */
export const CONSTRAINT_TITLE: Wording = {
  en: ['do not touch', 'do not change', 'do not modify', "don't touch", 'don’t touch', "don't change", 'don’t change', 'leave unchanged', 'unchanged', 'untouched'],
};

/** The whole of a placeholder line (a section holding just these counts as empty): "TBD", "N/A", "None". */
export const PLACEHOLDER: Wording = {
  en: ['tbd', 'tbc', 'todo', 'n/a', 'na', 'none', 'nothing'],
};

/** An optional first word of a title naming the steps section ("The steps"). */
export const STEPS_SECTION_ARTICLE: Wording = { en: ['the'] };

/** A word before the noun of a title naming the steps section: "Implementation plan", "Development phases". */
export const STEPS_SECTION_KIND: Wording = { en: ['implementation', 'execution', 'work', 'development'] };

/** The whole noun of a title naming the steps section: "3. Steps", "Milestones", "To-do"; "Fases", "Schritte", "Plan". */
export const STEPS_SECTION_NOUN: Wording = {
  en: ['steps', 'plan', 'tasks', 'phases', 'milestones', 'work items', 'action items', 'checklist', ...joined('to', 'do')],
  es: ['fases', 'pasos', 'tareas', 'etapas', 'plan'],
  pt: ['passos', 'tarefas'],
  de: ['phasen', 'schritte', 'aufgaben'],
  fr: ['étapes', 'etapes', 'tâches', 'taches'],
};

/** The link between a steps section's noun and what it is of: "Fases de Desarrollo", "Phasen der Umsetzung". */
export const STEPS_SECTION_LINK: Wording = { es: ['de'], pt: ['do', 'da'], de: ['der'], fr: ['des', 'du'] };

/** What a steps section's noun is of: "Fases de Desarrollo", "Étapes de mise en œuvre". */
export const STEPS_SECTION_OF: Wording = {
  es: ['desarrollo', 'implementación', 'implementacion', 'ejecución', 'ejecucion'],
  pt: ['desenvolvimento', 'implementação', 'implementaçao', 'implementacão', 'implementacao', 'execução', 'execuçao', 'execucão', 'execucao'],
  de: ['umsetzung', 'entwicklung'],
  fr: ['développement', 'developpement', 'mise en œuvre', 'mise en œeuvre', 'mise en oeuvre', 'mise en ouvre'],
};

/** A whole title naming the steps section in one word: "Entwicklungsphasen", "Umsetzungsschritte". */
export const STEPS_SECTION_WORD: Wording = { de: ['entwicklungsphasen', 'umsetzungsschritte', 'umsetzungsplan'] };

/**
 * A title that opens with one names risks in a plan ("## Security"), whatever kind came first. In a design or PRD it
 * names a feature to build ("Security Definitions": auth schemes), unless SECURITY_OPENING_EXCEPT follows it
 * ("Security considerations" stays a risks title).
 */
export const SECURITY_OPENING: Wording = { en: ['security'] };
export const SECURITY_OPENING_EXCEPT: Wording = { en: ['considerations'] };
/** In a design or PRD, a heading that holds one names a feature to build, not a risk: "Password Recovery". */
export const FEATURE_TITLE: Wording = { en: ['recovery'] };
