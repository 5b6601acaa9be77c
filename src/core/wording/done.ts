/**
 * Done: the words that say work is finished, or that a plan is kept only as a record of it. Plain data, by language;
 * read by status.ts (see README.md).
 */
import type { Wording } from './words';

/** The label of a status line: "**Status**:", "Estado:", "文档状态：". */
export const STATUS_LABEL: Wording = {
  en: ['status', 'document status'],
  es: ['estado'],
  fr: ['statut'],
  ru: ['статус'],
  zh: ['状态', '文档状态', '文件状态', '狀態'],
  ja: ['ステータス'],
};

/** A status value that says the work is finished, or kept for history: "Complete", "Done", "Superseded", "历史实施记录". */
export const DONE_STATUS: Wording = {
  en: ['complete', 'completed', 'done', 'finished', 'shipped', 'implemented', 'historical', 'archived', 'superseded'],
  es: ['completado', 'completada', 'terminado', 'terminada', 'implementado', 'implementada'],
  pt: ['concluído', 'concluido', 'concluída', 'concluida'],
  de: ['abgeschlossen', 'erledigt', 'fertig', 'umgesetzt'],
  fr: ['terminé', 'termine', 'terminée', 'terminee', 'implémenté', 'implementé', 'implémente', 'implemente', 'implémentée', 'implementée', 'implémentee', 'implementee'],
  ru: ['реализовано', 'выполнено', 'готово', 'завершено'],
  zh: ['历史记录', '历史实施记录', '已归档', '归档', '已废弃', '已完成', '完成'],
  ja: ['完了', '実装済み'],
};

/** A heading of a section about where the work stands: "## Status", "## Current status", "## 현재 상태". */
export const STATUS_HEADING: Wording = {
  en: ['status', 'current status', 'project status', 'implementation status'],
  es: ['estado', 'estado actual'],
  fr: ['statut'],
  de: ['stand'],
  ru: ['статус'],
  ko: ['현재 상태', '현재상태', '상태'],
  zh: ['现状', '状态', '狀態'],
  ja: ['現在の状態', 'ステータス'],
};

/**
 * What the first line of such a section says when the work is done: "Implemented and deployed…", "All features
 * complete", "모든 주요 기능 완료". English may open with "all" and a few words; Korean puts the word last.
 */
export const DONE_OPENING: Wording = {
  en: ['implemented', 'complete', 'completed', 'done', 'shipped', 'deployed', 'finished', 'live'],
  es: ['completado'],
  pt: ['concluído'],
  fr: ['terminé'],
  de: ['abgeschlossen'],
  ko: ['완료', '구현 완료', '구현완료'],
  zh: ['已完成', '全部完成'],
  ja: ['完了', '実装済み'],
};

/** A note in parentheses or brackets on a title: "(done)", "(Status: Completed)", "[done 2026-06-12]". */
export const DONE_NOTE: Wording = {
  en: ['done', 'complete', 'completed', 'shipped', 'finished', 'implemented'],
};

/** The same in brackets: "[done 2026-06-12]", "[complete]". */
export const DONE_BRACKET: Wording = {
  en: ['done', 'complete', 'completed'],
};

/** A success section that says it is met: "## Exit criteria (all met)", "Definition of done — **achieved**". */
export const CRITERIA_MET: Wording = {
  en: ['met', 'achieved', 'satisfied'],
};
