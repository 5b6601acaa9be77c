/** Words and numbers as the panel shows them. */

/** One naming of roles, dimensions and phases, and one verdict tone, for every front end (src/core/labels.ts). */
export { DIMENSION_NAMES, ORIGIN_NAMES, PHASE_NAMES, ROLE_NAMES, USAGE_NOT_REPORTED, plural, verdictTone } from '../src/core/labels';

export function formatTokens(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(2)}M`;
}

/** One way to write money on every surface (src/core/money.ts): never "$0.00" for a non-zero amount. */
export { formatUsd as formatCost } from '../src/core/money';

/** Last two path segments: enough to recognise a plan without a long absolute path. */
export function shortPath(path: string): string {
  const parts = path.split(/[\\/]/).filter(Boolean);
  return parts.slice(-2).join('/') || path;
}
