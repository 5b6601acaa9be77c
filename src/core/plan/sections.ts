/**
 * Section kinds from heading titles. First matching rule wins, in this order
 * (so "Rollback plan" is rollback, "Test plan" testing, "Rollout" steps):
 *
 *   other     non-goals, out of scope (checked first: "Non-goals" is not a goal)
 *   success   success criteria, acceptance criteria, definition of done, done when, exit criteria
 *   rollback  rollback, roll back, revert, back-out, backout, recovery, contingency
 *   testing   test(s/ing), verification, validation, QA
 *   risks     risk(s), concerns, caveats, pitfalls, failure modes, mitigations, trade-offs, error handling,
 *             threat model, security considerations; riesgos, riscos, Risiken, risques
 *   goal      goal(s), objective(s), summary, purpose, aim, tl;dr
 *   context   context, background, motivation, problem, current state, overview, assumptions, constraints
 *   steps     steps, implementation, plan, tasks, phases, milestones, rollout, approach, changes,
 *             work items, action items, checklist, procedure, execution, roadmap, todo
 *   risks / context / steps  (ja/zh/ko/ru/vi/pl) リスク, 风险, 위험, риски, откат, rủi ro, ryzyka; 設計判断 (design decisions), 背景, 現状, 概要, 设计决策;
 *             実装計画, 手順, タスク, 实施计划, 步骤, 任务
 *   steps     (es/pt/de/fr) tareas, pasos, fases, implementación, tarefas, passos, etapas, Schritte,
 *             Aufgaben, Umsetzung, Phasen, étapes, tâches, mise en œuvre
 *   success   (es/pt/de/fr) criterios de aceptación / de finalización / de éxito, critérios de
 *             aceitação / de conclusão / de sucesso, Akzeptanz-, Abschluss-, Erfolgskriterien,
 *             critères d'acceptation / d'achèvement / de réussite (checked right after non-goals)
 *   other     anything else
 */
import { RISK_HEADING, RISK_HEADING_STEM } from '../wording/risk-headings';
import { anyOf, patternMatcher, wordMatcher, type WordMatcher } from '../wording/words';
import type { SectionKind } from './types';

/** A risks title in a language written with spaces (RISK_HEADING), then in the others (RISK_HEADING_STEM, and "安全與效能考量"). */
const RISKS = wordMatcher(RISK_HEADING, { guarded: false });
const RISKS_ELSEWHERE = anyOf(wordMatcher(RISK_HEADING_STEM, { stems: true, guarded: false }), patternMatcher({ cjk: '安全(?:性)?(?:[與与和及、&]\\S{0,6})?考[量虑慮]' }));

const RULES: ReadonlyArray<readonly [SectionKind, Pick<WordMatcher, 'test'>]> = [
  ['other', /\b(non\s*-?\s*goals?|out\s+of\s+scope)\b/i],
  [
    'success',
    /(?<!\p{L})(criterios\s+de\s+(?:aceptaci[oó]n|finalizaci[oó]n|terminaci[oó]n|[ée]xito)|crit[ée]rios\s+de\s+(?:aceita[cç][aã]o|conclus[aã]o|sucesso)|akzeptanzkriterien|abschlusskriterien|erfolgskriterien|crit[èe]res\s+d['’](?:acceptation|ach[èe]vement)|crit[èe]res\s+de\s+(?:r[ée]ussite|fin))(?!\p{L})/iu,
  ],
  [
    'success',
    /\b(success\s+(criteria|criterion|metrics?|verification)|acceptance(\s+criteria)?|definition\s+of\s+done|done\s+when|exit\s+criteria|(phase|step|task)\s+completion|completion\s+criteria|(?:key\s+)?deliverables)\b/i,
  ],
  ['rollback', /\b(roll\s*-?\s*back|revert(ing)?|back\s*-?\s*out|recovery|contingency)\b/i],
  ['testing', /\b(tests?|testing|verification|validation|qa|verifikation|verifizierung|validierung|überprüfung)\b/i],
  ['risks', RISKS],
  ['goal', /\b(goals?|objectives?|summary|purpose|aims?|tl;?dr)\b/i],
  ['context', /\b(context|background|motivation|problem(\s+statement)?|current\b|existing\b|analysis|overview|assumptions?|constraints?|architecture|decisions?)\b/i],
  // A status report ("## Implementation status", "## Status", "## Progress so far"): what is done, not what to do.
  ['context', /^\W*(?:status|progress)\b|\bstatus(?:\s+(?:report|update))?\W*$|\b(?:implementation|project|build|delivery|current)\s+status\b|\bprogress\s+(?:report|so\s+far)\b/i],
  [
    'steps',
    /(?<!\bpost-)\b(steps?|implementation|plan|tasks?|phases?|milestones?|roll\s*-?\s*out|approach|changes|work\s+items?|action\s+items?|checklist|procedure|execution|roadmap|to\s*-?\s*do)\b/i,
  ],
  // Japanese and Chinese (no word boundaries): risks, design decisions and background, then steps.
  ['rollback', /(回滚|回退|ロールバック|切り戻し|롤백)/u],
  ['success', /(完成标准|验收标准|完成条件|完了条件|受け入れ基準|受入基準|완료\s*기준|인수\s*기준)/u],
  // Also security considerations (安全考量, "安全與效能考量": security and performance considerations) and edge cases (边界情况, 邊界案例).
  ['risks', RISKS_ELSEWHERE],
  ['context', /(設計判断|設計方針|決定事項|技術的判断|背景|現状|概要|设计决策|技术决策|设计方案|现状|概述)/u],
  ['steps', /(実装計画|実装手順|作業手順|手順|タスク|实施计划|实现步骤|实施步骤|步骤|任务)/u],
  // es, pt, de, fr
  [
    'steps',
    /(?<!\p{L})(tareas|pasos|fases|implementaci[oó]n|tarefas|passos|etapas|implementa[cç][aã]o|schritte|aufgaben|umsetzung|phasen|[ée]tapes|t[âa]ches|mise\s+en\s+[œo]e?uvre)(?!\p{L})/iu,
  ],
];

/**
 * Sections that never hold steps, even when numbered ("## 5. Open questions"):
 * appendices, workflows, design parts, preconditions ("Precondiciones antes de
 * generar tareas"), execution order and parallelism notes, guidance ("Best
 * practices", "Guidelines", "Conventions"), worked examples ("Example", "Ejemplo
 * práctico", "Walkthrough": the finished thing in use) and "Why …" headings (a
 * reason, not an action).
 */
const NEVER_STEPS =
  /\b(open\s+questions?|questions|notes?|references?|appendix|non\s*-?\s*goals?|out\s+of\s+scope|alternatives?(\s+considered)?|glossary|links?|files?|next\s+steps|workflow|daily|weekly|review\s+checklist|components?|interfaces?|data\s+flow|decisions?|future|enhancements?|implications|pre-?conditions?|prerequisites?|execution\s+order|parallelism|parallel\s+execution|best\s+practices|guidelines|conventions|examples?|worked\s+examples?|walk\s*-?\s*through|how\s+to\s+(?:read|use)\s+this|reading\s+guide|about\s+this\s+(?:plan|document)|constitution\s+check|post-?ratification)\b|^\W*why\s|(?<!\p{L})(precondiciones|requisitos\s+previos|pr[ée]-?requisitos|voraussetzungen|pr[ée]requis|ejemplos?|exemplos?|beispiele?|exemples?)(?!\p{L})/iu;

/** Headings whose lists and sub-headings are never the plan's steps (appendices, workflows, design components). */
/** A title that names risks, whatever kind came first ("Data validation & error handling" is testing and risks). */
export function namesRisks(title: string): boolean {
  return RISKS.test(title) || /^\W*security\b/i.test(title);
}

export function neverHoldsSteps(title: string): boolean {
  return NEVER_STEPS.test(title);
}

export function sectionKind(title: string): SectionKind {
  for (const [kind, re] of RULES) if (re.test(title)) return kind;
  return 'other';
}

/** Is sectionKind(title) 'risks' or 'rollback'? Only a title one of those kinds' own patterns match can be: the full order is read for those alone. */
export function risksOrRollbackKind(title: string): boolean {
  if (!RULES.some(([kind, re]) => (kind === 'risks' || kind === 'rollback') && re.test(title))) return false;
  const kind = sectionKind(title);
  return kind === 'risks' || kind === 'rollback';
}

/** "5. Do Not Touch": a list of what stays as it is, a constraint rather than a step (and no section an outline is told by). */
const CONSTRAINT_TITLE = /^\W*(?:do\s+not\s+(?:touch|change|modify)|don['’]t\s+(?:touch|change)|leave\s+unchanged|unchanged|untouched)\b/i;

/** True when a heading with this title (its number prefix removed) may be a step. */
export function mayBeStepTitle(title: string): boolean {
  const kind = sectionKind(title);
  return (kind === 'other' || kind === 'steps' || kind === 'testing') && !NEVER_STEPS.test(title) && !CONSTRAINT_TITLE.test(title);
}

/** Placeholder-only content: a section holding just this counts as empty. */
export function isPlaceholder(line: string): boolean {
  const t = line
    .replace(/^[\s>*+-]*(\[[ xX]\]\s*)?/, '')
    .replace(/[*_`.]/g, '')
    .trim()
    .toLowerCase();
  return t === '' || /^(tbd|tbc|todo|n\/?a|none|nothing|-+|—|–|\.\.\.|…|\?+)$/.test(t);
}
