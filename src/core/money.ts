/**
 * Money as every front end writes it (report, CLI, status bar, toasts, log,
 * panel). Amounts are USD.
 *
 * Contracts:
 * - A non-zero amount never reads "$0.00": under a cent it keeps two
 *   significant digits ("$0.004", "$0.00042"); below a millionth of a dollar
 *   it reads "< $0.000001".
 * - From a cent up: two decimals, with thousands separators.
 * - Two amounts compared in one sentence (`usdPair`: spent against a cap)
 *   never read the same when they differ by a millionth of a dollar or more:
 *   both get the decimals that tell them apart, and rounding keeps their order.
 */

/** Below this an amount is shown as "< $0.000001"; differences below it do not matter to any message. */
export const SMALLEST_SHOWN_USD = 0.000001;
const MAX_DECIMALS = 6;

export function formatUsd(usd: number): string {
  if (!Number.isFinite(usd)) return usd > 0 ? 'more than any amount' : '$?';
  if (usd < 0) return `-${formatUsd(-usd)}`;
  if (usd === 0) return '$0.00';
  if (usd < SMALLEST_SHOWN_USD) return `< $${SMALLEST_SHOWN_USD.toFixed(MAX_DECIMALS)}`;
  return withDecimals(usd, decimalsFor(usd));
}

/**
 * Two amounts for one sentence ("$0.0104 spent, cap $0.01"): each as
 * `formatUsd` writes it, unless that would make two different amounts read
 * the same; then both get the fewest decimals (at most six) that tell them apart.
 */
export function usdPair(a: number, b: number): [string, string] {
  const fa = formatUsd(a);
  const fb = formatUsd(b);
  // Below the smallest amount shown, a difference does not matter: both read "< $0.000001".
  if (fa !== fb || a === b || !Number.isFinite(a) || !Number.isFinite(b) || a < SMALLEST_SHOWN_USD || b < SMALLEST_SHOWN_USD) return [fa, fb];
  for (let d = Math.max(decimalsFor(a), decimalsFor(b)); d <= MAX_DECIMALS; d++) {
    const pa = withDecimals(a, d);
    const pb = withDecimals(b, d);
    if (pa !== pb) return [pa, pb];
  }
  return [fa, fb];
}

/** Two decimals from a cent up; below, enough for two significant digits. */
function decimalsFor(usd: number): number {
  if (usd === 0 || usd >= 0.01) return 2;
  return Math.min(MAX_DECIMALS, Math.max(2, 1 - Math.floor(Math.log10(usd))));
}

/** `$` and the amount at `decimals`, trailing zeros past the second decimal dropped (distinct amounts stay distinct). */
function withDecimals(usd: number, decimals: number): string {
  const text = usd.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return `$${decimals > 2 ? text.replace(/(\.\d\d\d*?)0+$/, '$1') : text}`;
}
