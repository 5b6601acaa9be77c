/**
 * Risk headings: the titles of a section about what could go wrong ("## Risks", "## Trade-offs", "## リスク", "## 风险").
 * Plain data, by language; read by ../../plan/sections.ts, which files such a section as `risks` (see README.md).
 */
import type { Wording } from './words';

/** A word of a risks title in a language written with spaces: "Risks and mitigations", "Riesgos", "Risiken". */
export const RISK_HEADING: Wording = {
  en: [
    'risk',
    'risks',
    'concern',
    'concerns',
    'caveat',
    'caveats',
    'pitfall',
    'pitfalls',
    'failure mode',
    'failure modes',
    'mitigation',
    'mitigations',
    'trade-off',
    'trade-offs',
    'tradeoff',
    'tradeoffs',
    'trade off',
    'trade offs',
    'error handling',
    'threat model',
    'security considerations',
    'gotcha',
    'gotchas',
  ],
  es: ['riesgo', 'riesgos'],
  pt: ['risco', 'riscos'],
  de: ['risiken'],
  fr: ['risque', 'risques'],
};

/**
 * The start of a risks title in the languages that attach endings or write no spaces: "Риски", "Ryzyka", "Rủi ro",
 * "リスク", "风险", "边界情况". A title holding one anywhere is about risks.
 */
export const RISK_HEADING_STEM: Wording = {
  ru: ['риск', 'откат'],
  pl: ['ryzyk'],
  vi: ['rủi ro', 'rui ro'],
  ko: ['위험', '리스크'],
  zh: ['风险', '風險', '風险', '注意事项', '边界情况', '边界案例', '边界条件', '邊界情況', '邊界案例', '邊界條件'],
  ja: ['リスク', '懸念', 'エッジケース'],
};

/** A title that opens with the edge cases a change handles: "## Edge cases", "Casos límite", "Randfälle", "Cas limites". */
export const EDGE_CASES_TITLE: Wording = {
  en: ['edge case', 'edge cases', 'edge-case', 'edge-cases', 'corner case', 'corner cases', 'corner-case', 'corner-cases'],
  es: ['caso límite', 'casos límite', 'caso limite', 'casos limite', 'caso extremo', 'casos extremo', 'caso extremos', 'casos extremos', 'caso de borde', 'casos de borde'],
  de: ['randfälle', 'randfalle'],
  fr: ['cas limite', 'cas limites'],
};

/** A title that opens with how the change behaves when things go wrong: "## Error handling", "### Failure modes", "## 9. 错误处理". */
export const ERROR_HANDLING_TITLE: Wording = {
  en: [
    'error handling',
    'error-handling',
    'failure mode',
    'failure modes',
    'failure-mode',
    'failure-modes',
    'failure handling',
    'failure-handling',
    'failure scenario',
    'failure scenarios',
    'failure-scenario',
    'failure-scenarios',
  ],
  es: ['manejo de errores'],
  pt: ['tratamento de erros'],
  de: ['fehlerbehandlung'],
  fr: ['gestion des erreurs'],
  ru: ['обработка ошибок'],
  ko: ['오류 처리', '오류처리', '에러 처리', '에러처리', '예외 처리', '예외처리'],
  zh: ['错误处理', '錯誤處理', '失败处理', '失敗處理', '异常处理', '異常處理'],
  ja: ['例外処理', 'エラー処理', 'エラーハンドリング', '異常系'],
};

/** A title that opens with what goes wrong and what to do then: "## Troubleshooting", "Known limitations", "Bekannte Eigenheiten", "已知邊界". */
export const KNOWN_ISSUES_TITLE: Wording = {
  en: ['common issues', 'common problems', 'common pitfalls', 'common errors', 'known issues', 'known limitations', 'known problems', 'known quirks', 'troubleshooting'],
  es: ['problemas conocidos', 'limitaciones conocidas'],
  de: ['bekannte probleme', 'bekannte einschränkungen', 'bekannte eigenheiten', 'bekannte schwächen'],
  fr: ['problèmes connus', 'limitations connues'],
  ko: ['알려진 문제', '알려진문제', '알려진 제한', '알려진제한'],
  zh: ['已知问题', '已知問題', '已知限制', '已知边界', '已知邊界'],
  ja: ['既知の問題', '既知の制限', '既知の課題'],
};

/** A design's section on compatibility, the whole title: "## Backward compatibility", "## 兼容性", "## 後方互換性", "## 하위 호환성". */
export const COMPATIBILITY_TITLE: Wording = {
  en: ['compatibility', 'backward compatibility', 'backwards compatibility', 'backward-compatibility', 'backwards-compatibility'],
  ko: ['호환성', '하위 호환성', '하위호환성'],
  zh: ['兼容', '兼容性', '向后兼容', '向后兼容性'],
  ja: ['互換性', '後方互換性'],
};

/** A table's header cell that gives each change its risk: "| Change | Risk |", "| Cambio | Riesgos |", "| 変更 | リスク |". */
export const RISK_COLUMN: Wording = {
  en: ['risk', 'risks', 'mitigation', 'mitigations'],
  es: ['riesgo', 'riesgos'],
  pt: ['risco', 'riscos'],
  de: ['risiko', 'risiken'],
  fr: ['risque', 'risques'],
  zh: ['风险'],
  ja: ['リスク'],
};
