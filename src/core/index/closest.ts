/**
 * Did-you-mean: the one candidate closest to a name by edit distance (case-insensitive), when it is close enough to be
 * a slip ("tset" → "test", "lint:fix" → "lint-fix") rather than another name; null when none is, or two tie.
 */

/** At most this many candidates are compared (a monorepo's scripts); the rest are not suggested. */
const MAX_CANDIDATES = 5000;

export function closestName(name: string, candidates: readonly string[], maxCandidates = MAX_CANDIDATES): string | null {
  const limit = Math.max(1, Math.min(3, Math.floor(name.length / 3)));
  let best: string | null = null;
  let bestDistance = Infinity;
  let tie = false;
  const lower = name.toLowerCase();
  for (const candidate of candidates.slice(0, maxCandidates)) {
    if (candidate === name || Math.abs(candidate.length - name.length) > limit) continue;
    const d = editDistance(lower, candidate.toLowerCase(), limit);
    if (d > limit) continue;
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
      tie = false;
    } else if (d === bestDistance && candidate !== best) tie = true;
  }
  return tie ? null : best;
}

/** Levenshtein distance with transpositions counted as one edit, cut off above `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (a === b) return 0;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, (prevPrev[j - 2] as number) + 1);
      row.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > limit) return rowMin;
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length] as number;
}
