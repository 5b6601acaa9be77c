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
