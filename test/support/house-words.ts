/**
 * The repository speaks of the product, not of how the work on it was
 * organised: a word search over every tracked file for the words that told
 * that story (people who collected or labelled, work rounds and batches,
 * what a rule was tuned on, our own issue numbers). Used by the house-rules
 * test, which lists every hit as file:line.
 *
 * Not searched, because they are other people's words or names, kept as they
 * are: the corpus' plan and design texts (test/fixtures/plan-corpus/<id>/plan/
 * and companions/, copied under their licence), its files.txt and
 * gitignore.json (another repository's file names and .gitignore text), and
 * npm's package-lock.json files (package names and versions written by npm).
 * Nor this file and test/unit/house-rules.test.ts, which must name the words
 * to search for them.
 * A word that is part of a file name or path ("lib/helpers.js") names a file,
 * not our work, and is not a hit.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const HOUSE_WORDS: readonly (readonly [RegExp, string])[] = [
  [/(?<![\w/.@-])helpers?(?![\w/-]|\.\w)/i, 'helper(s)'],
  [/\brounds? \d+/i, 'round N'],
  [
    /\b(?:(?:twenty|thirty|forty|fifty|sixty)-)?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|\w+teenth|twentieth|thirtieth|fortieth|fiftieth) rounds?\b/i,
    'an ordinal round',
  ],
  [/\bbatch(?:es)? \d+/i, 'batch N'],
  [/\bfresh batch/i, 'fresh batch'],
  [/\btuned on\b/i, 'tuned on'],
  [/\bheld out through\b/i, 'held out through'],
  [/\bissues? #\d+/i, 'issue #N'],
  // Our issues by number without the hash ("issue 13 item 5"); a plan's own "## Issue 1" heading is quoted text.
  [/(?<!#+ )\bissues? \d+\b/i, 'issue N'],
  // A bare number of ours, "(#17)", "see #17": our issues are numbered below 100, a colour (#333) has 3+ hex digits.
  [/(?:\(|\b(?:see|in|per|and|of|from|by|for|after|issue|item)\s)#\d{1,2}(?![\w-])/i, '#N'],
];

/** Hits that are the product's own words, each with its reason. */
export const ALLOWED: readonly { file: string; what: string; reason: string }[] = [
  { file: 'src/core/eval/categorize.ts', what: 'helper(s)', reason: 'a word the eval looks for in a model\'s challenge ("no such helper") to categorise it' },
];

/** Tracked files the search skips (see above). Paths are repository-relative with forward slashes. */
export function isOtherPeoplesText(file: string): boolean {
  return (
    /(?:^|\/)package-lock\.json$/.test(file) ||
    file === 'test/support/house-words.ts' ||
    file === 'test/unit/house-rules.test.ts' ||
    /(?:^|\/)node_modules\//.test(file) ||
    /^test\/fixtures\/plan-corpus\/[^/]+\/(?:plan|companions)\//.test(file) ||
    /^test\/fixtures\/plan-corpus\/[^/]+\/(?:files\.txt|gitignore\.json)$/.test(file)
  );
}

/** Every hit as "<file>:<line>: <what> in …", for the tracked files under `root` (file names included). */
export function houseWordHits(root: string): string[] {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter((f) => f !== '' && !isOtherPeoplesText(f));
  const hits: string[] = [];
  for (const file of files) {
    const allowed = (what: string) => ALLOWED.some((a) => a.file === file && a.what === what);
    for (const [pattern, what] of HOUSE_WORDS) if (pattern.test(file.replace(/[/.]/g, ' ')) && !allowed(what)) hits.push(`${file}: ${what} in the file name`);
    let bytes: Buffer;
    try {
      bytes = readFileSync(path.join(root, file));
    } catch {
      continue; // deleted in the working tree, not yet committed
    }
    if (bytes.includes(0)) continue; // binary
    const lines = bytes.toString('utf8').split('\n');
    lines.forEach((line, i) => {
      for (const [pattern, what] of HOUSE_WORDS) {
        const m = pattern.exec(line);
        if (m && !allowed(what)) hits.push(`${file}:${i + 1}: ${what} in "${line.slice(Math.max(0, m.index - 30), m.index + m[0].length + 30).trim()}"`);
      }
    });
  }
  return hits;
}
