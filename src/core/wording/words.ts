/**
 * The one matcher behind every wording table: a table lists a concept's words by language, and `wordMatcher` compiles it
 * once, at module load, into at most three regular expressions, one per kind of script:
 *
 * - `latin` (en, es, pt, de, fr, it, nl, sv, no, da, tr): words separated by spaces and punctuation. A word stands alone:
 *   `\b` at an ASCII edge ("create"), and no Latin letter beside an edge that is a letter with a mark. Always tried.
 * - `marked` (ru, uk, pl, vi, ko): letters an ASCII `\b` does not see (Cyrillic, Polish and Vietnamese marks,
 *   Hangul): a word is bounded by any letter (Korean before only: its endings attach to the word, OPEN_ENDED). Tried only on text that holds such a letter (the guard), so "tao" or "moi"
 *   (Vietnamese written without its marks) is never read on an English line.
 * - `cjk` (zh, ja): no spaces between words, so no boundary at all; tried only on text with Han or kana.
 *
 * A word is plain text: it is escaped, letters match in any case, and a space matches any run of spaces or tabs. What
 * surrounds the words (right before a path, at the start of a title) is the caller's `lead` and `trail`, regular
 * expression source read under the flags of each group (`i` for latin, `iu` for marked, `u` for cjk), so it must be
 * valid in both modes or be given per script.
 */

export type Script = 'latin' | 'marked' | 'cjk';

/** Every language a table may have rows for, and its script. A new language is one line here, then rows in the tables. */
export const LANGUAGES = {
  en: 'latin',
  es: 'latin',
  pt: 'latin',
  de: 'latin',
  fr: 'latin',
  it: 'latin',
  nl: 'latin',
  sv: 'latin',
  no: 'latin',
  da: 'latin',
  tr: 'latin',
  ru: 'marked',
  uk: 'marked',
  pl: 'marked',
  vi: 'marked',
  ko: 'marked',
  zh: 'cjk',
  ja: 'cjk',
} as const satisfies Record<string, Script>;

export type Language = keyof typeof LANGUAGES;

/**
 * Languages that attach particles and endings to a word ("테스트를", "생성합니다"): a word of theirs is bounded before
 * only, so the ending does not hide it.
 */
const OPEN_ENDED: ReadonlySet<Language> = new Set<Language>(['ko']);

/** A concept's words by language: the data a table holds. */
export type Wording = Readonly<Partial<Record<Language, readonly string[]>>>;

/** Text a marked-script word could be in: Latin letters with marks, Cyrillic, Hangul. */
const MARKED_LETTER = /[\u0400-\u04ff\u00c0-\u024f\u1e00-\u1eff\uac00-\ud7af]/;

/** Text a cjk word could be in: kana and Han. */
const CJK_LETTER = /[\u3040-\u30ff\u3400-\u9fff]/;

/** Letters of the latin group that ASCII `\b` does not see: a word edge next to one is no edge. */
const MARKED_LATIN = '\\u00c0-\\u024f';
const LATIN_LETTER_CLASS = `A-Za-z0-9_${MARKED_LATIN}`;

export interface Shape {
  /** Source before the words, for every group or per script. */
  lead?: string | Partial<Record<Script, string>>;
  /** Source after the words, for every group or per script. */
  trail?: string | Partial<Record<Script, string>>;
  /**
   * Try the marked and cjk groups only on text with their letters (true by default): a cheap first look, and what keeps
   * a marked word written without its marks ("tao", "moi") from being read in English prose. A matcher anchored to a
   * whole cell or title may turn it off (its expressions fail fast; the guard would scan the whole text).
   */
  guarded?: boolean;
  /** The rows are the starts of words (German compounds: "akzeptanz" of "Akzeptanzkriterien"): bounded before only. */
  stems?: boolean;
  /**
   * Each word bounded as its script bounds words (true by default). False where the lead and trail anchor a whole text
   * that may glue markup to the word ("`a`_or_`b`": `_` is a word character to `\b`).
   */
  bounded?: boolean;
}

/** The words of one or more tables, merged by language. */
export function merge(...tables: Wording[]): Wording {
  const out: Partial<Record<Language, string[]>> = {};
  for (const table of tables) for (const [lang, words] of Object.entries(table) as Array<[Language, readonly string[]]>) (out[lang] ??= []).push(...words);
  return out;
}

/** The rows of a table in the languages of one script. */
export function inScript(table: Wording, script: Script): Wording {
  return Object.fromEntries(Object.entries(table).filter(([lang]) => LANGUAGES[lang as Language] === script));
}

/** The alternation of a table's words in one script, each language's words bounded as that language bounds them. */
export function scriptAlternation(table: Wording, script: Script, stems = false): string | null {
  const closed: string[] = [];
  const open: string[] = [];
  for (const [lang, words] of Object.entries(table) as Array<[Language, readonly string[]]>) {
    if (LANGUAGES[lang] === script) (stems || OPEN_ENDED.has(lang) ? open : closed).push(...words);
  }
  const parts = [closed.length > 0 ? alternation(closed, script) : '', open.length > 0 ? alternation(open, script, true) : ''].filter((p) => p !== '');
  return parts.length === 0 ? null : parts.join('|');
}

/** The words of a table in the languages of one script. */
export function wordsOf(table: Wording, script: Script): string[] {
  const out: string[] = [];
  for (const [lang, words] of Object.entries(table) as Array<[Language, readonly string[]]>) if (LANGUAGES[lang] === script) out.push(...words);
  return out;
}

const escapeWord = (word: string): string =>
  word
    .trim()
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\s+/g, '\\s+');

const unboundedAlternation = (words: readonly string[]): string | null =>
  words.length === 0
    ? null
    : [...new Set(words.map((w) => w.trim()))]
        .sort((a, b) => b.length - a.length || a.localeCompare(b))
        .map(escapeWord)
        .join('|');

/**
 * The words of a table as one alternation with no boundary at all, longest first, each space matching `space` (by
 * default spaces and tabs only: a phrase never spans a line). For a caller that scans a whole text in one pass and
 * checks each match's edges itself (src/core/signals.ts), or that sets the words in a larger expression of its own.
 */
export function phraseAlternation(table: Wording | readonly Wording[], space = '[ \\t]+'): string {
  const words: string[] = [];
  for (const row of Object.values(Array.isArray(table) ? merge(...(table as Wording[])) : (table as Wording))) if (row) words.push(...row);
  return [...new Set(words.map((w) => w.trim()).filter((w) => w !== ''))]
    .sort((a, b) => b.length - a.length || a.localeCompare(b))
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, space))
    .join('|');
}

const isAsciiWordChar = (c: string): boolean => /[A-Za-z0-9_]/.test(c);

/** One alternation, longest word first, each word bounded as its script bounds words (`openEnded`: before only). */
export function alternation(words: readonly string[], script: Script, openEnded = false): string {
  const unique = [...new Set(words.map((w) => w.trim()).filter((w) => w !== ''))].sort((a, b) => b.length - a.length || a.localeCompare(b));
  if (script === 'cjk') return unique.map(escapeWord).join('|');
  if (script === 'marked') return `(?<![\\p{L}])(?:${unique.map(escapeWord).join('|')})${openEnded ? '' : '(?![\\p{L}])'}`;
  // Latin: one `\b(?:…)\b` for the words with ASCII edges (most of them, and the cheapest form), each other word bounded by hand.
  const plain = unique.filter((w) => isAsciiWordChar(w[0] as string) && isAsciiWordChar(w[w.length - 1] as string));
  const other = unique.filter((w) => !plain.includes(w));
  // `\b` sees only ASCII: a letter with a mark beside the edge ("renombraré") is part of the word too.
  const head = `\\b(?<![${MARKED_LATIN}])`;
  const tail = `\\b(?![${MARKED_LATIN}])`;
  const parts = plain.length > 0 ? [`${head}(?:${plain.map(escapeWord).join('|')})${openEnded ? '' : tail}`] : [];
  for (const w of other) {
    const start = isAsciiWordChar(w[0] as string) ? head : `(?<![${LATIN_LETTER_CLASS}])`;
    const end = openEnded ? '' : isAsciiWordChar(w[w.length - 1] as string) ? tail : `(?![${LATIN_LETTER_CLASS}])`;
    parts.push(`${start}${escapeWord(w)}${end}`);
  }
  return parts.join('|');
}

/**
 * One alternation of every script's words, each bounded as its script bounds words, for a single expression read with
 * the flags `iu`: where a label and its value may be in different languages ("Status: 完了"), or the caller needs one
 * match over all scripts. Not guarded.
 */
export function anyScript(table: Wording): string {
  return (['latin', 'marked', 'cjk'] as const)
    .map((script) => scriptAlternation(table, script))
    .filter((alt): alt is string => alt !== null)
    .join('|');
}

const FLAGS: Record<Script, string> = { latin: 'i', marked: 'iu', cjk: 'u' };
const pick = (part: Shape['lead'], script: Script): string => (typeof part === 'string' ? part : (part?.[script] ?? ''));

export interface WordMatcher {
  /** Does the text hold one of the words (in the shape)? `guard` is the text the script guards read (the text itself by default). */
  test(text: string, guard?: string): boolean;
  /** The first match of the latin group, then the marked, then the cjk one. */
  exec(text: string): RegExpExecArray | null;
  /** The regular expression source of each group (null when the tables have no words in its script). */
  readonly sources: Readonly<Record<Script, string | null>>;
  readonly guarded: boolean;
  /**
   * Can the marked group match text that is all ASCII (a row written without its marks, "rui ro"; a pattern)? When not,
   * an unguarded matcher skips that group on ASCII text, as a guarded one does. A cjk word always has a Han or kana letter.
   */
  readonly markedAscii: boolean;
}

/** Compiles a table (or several) into its matcher. Build it once, at module load: it runs on every keystroke. */
export function wordMatcher(table: Wording | readonly Wording[], shape: Shape = {}): WordMatcher {
  const words = Array.isArray(table) ? merge(...(table as Wording[])) : (table as Wording);
  const source = (script: Script): string | null => {
    const alt = shape.bounded === false ? unboundedAlternation(wordsOf(words, script)) : scriptAlternation(words, script, shape.stems === true);
    return alt === null ? null : `${pick(shape.lead, script)}(?:${alt})${pick(shape.trail, script)}`;
  };
  return fromSources({ latin: source('latin'), marked: source('marked'), cjk: source('cjk') }, shape.guarded !== false, hasAsciiRow(words));
}

const hasAsciiRow = (...tables: Wording[]): boolean => tables.some((table) => wordsOf(table, 'marked').some((w) => !NON_ASCII.test(w)));
const NON_ASCII = /[\u0080-\uffff]/;

/**
 * A word of `first` and, after `gap` (regular expression source), a word of `second` in the same language: "rename `a`
 * to", "renomear … para", "重命名为". Each language pairs only with itself (English "to" never closes a Spanish verb).
 */
export function pairMatcher(first: Wording, second: Wording, gap: string, shape: Shape = {}): WordMatcher {
  const source = (script: Script): string | null => {
    const pairs: string[] = [];
    for (const [lang, words] of Object.entries(first) as Array<[Language, readonly string[]]>) {
      const closing = second[lang];
      if (LANGUAGES[lang] !== script || !closing || closing.length === 0 || words.length === 0) continue;
      pairs.push(`(?:${alternation(words, script, OPEN_ENDED.has(lang))})${gap}(?:${alternation(closing, script, OPEN_ENDED.has(lang))})`);
    }
    return pairs.length === 0 ? null : `${pick(shape.lead, script)}(?:${pairs.join('|')})${pick(shape.trail, script)}`;
  };
  return fromSources({ latin: source('latin'), marked: source('marked'), cjk: source('cjk') }, shape.guarded !== false, hasAsciiRow(first, second));
}

/**
 * A matcher from regular expression source per script, for the shapes of a sentence that no table holds (an arrow
 * "→ `new`"), so they can join a concept's matcher through anyOf and cost no scan of their own.
 */
export function patternMatcher(sources: Partial<Record<Script, string>>): WordMatcher {
  return fromSources({ latin: sources.latin ?? null, marked: sources.marked ?? null, cjk: sources.cjk ?? null }, true, sources.marked !== undefined);
}

/** One matcher that matches where any of these does, one regular expression per script (a single scan of the text). */
export function anyOf(...matchers: WordMatcher[]): WordMatcher {
  const join = (script: Script): string | null => {
    const parts = matchers.map((m) => m.sources[script]).filter((s): s is string => s !== null);
    return parts.length === 0 ? null : parts.map((s) => `(?:${s})`).join('|');
  };
  return fromSources(
    { latin: join('latin'), marked: join('marked'), cjk: join('cjk') },
    matchers.every((m) => m.guarded),
    matchers.some((m) => m.markedAscii),
  );
}

/** The matcher with a lead and trail around each of its groups: `anyOf(…)` anchored right after a path, say. */
export function withShape(matcher: WordMatcher, shape: Shape): WordMatcher {
  const wrap = (script: Script): string | null => {
    const source = matcher.sources[script];
    return source === null ? null : `${pick(shape.lead, script)}(?:${source})${pick(shape.trail, script)}`;
  };
  return fromSources({ latin: wrap('latin'), marked: wrap('marked'), cjk: wrap('cjk') }, matcher.guarded && shape.guarded !== false, matcher.markedAscii);
}

/**
 * Which guarded scripts a text has letters of, read once per text: the rules ask many matchers of the same text in a
 * row (the words before a path), and on text that is all ASCII (most plan lines) one scan answers both.
 */
function scriptsIn(text: string): { marked: boolean; cjk: boolean } {
  if (text !== lastText) {
    lastText = text;
    lastScripts = NON_ASCII.test(text) ? { marked: MARKED_LETTER.test(text), cjk: CJK_LETTER.test(text) } : NONE;
  }
  return lastScripts;
}
const NONE = { marked: false, cjk: false };
let lastText = '';
let lastScripts = NONE;

/**
 * Every group anchored at the start of the text: each expression fails at once on a text that does not open with its
 * words, which is cheaper than reading the text's scripts first (a guard scans the whole text).
 */
const anchoredAtStart = (sources: Record<Script, string | null>): boolean => Object.values(sources).every((source) => source === null || source.startsWith('^'));

function fromSources(sources: Record<Script, string | null>, guarded: boolean, markedAscii: boolean): WordMatcher {
  // A guard keeps a marked row written in ASCII ("tao") off English text; with no such row, an anchored matcher needs none.
  if (anchoredAtStart(sources) && !markedAscii) {
    // The flags each group was read under before: an unguarded matcher reads its other scripts case-insensitively too.
    const flags = (script: Script): string => (guarded || script === 'latin' ? FLAGS[script] : 'iu');
    const groups = (['latin', 'marked', 'cjk'] as const).flatMap((script) => (sources[script] === null ? [] : [new RegExp(sources[script], flags(script))]));
    return {
      sources,
      guarded,
      markedAscii,
      test: (text) => groups.some((re) => re.test(text)),
      exec: (text) => {
        for (const re of groups) {
          const m = re.exec(text);
          if (m !== null) return m;
        }
        return null;
      },
    };
  }
  if (!guarded) {
    // Unguarded (a title, a cell): the latin words read without `u` (a case-insensitive Unicode expression is slower: its
    // \b and case folding are Unicode's), the other scripts in one expression tried only where they can match.
    const all = (['latin', 'marked', 'cjk'] as const).map((script) => sources[script]).filter((source): source is string => source !== null);
    const one = all.length === 0 ? null : new RegExp(all.map((source) => `(?:${source})`).join('|'), 'iu');
    const latin = sources.latin === null ? null : new RegExp(sources.latin, FLAGS.latin);
    const others = [sources.marked, sources.cjk].filter((source): source is string => source !== null);
    const rest = others.length === 0 ? null : new RegExp(others.map((source) => `(?:${source})`).join('|'), 'iu');
    const restOk = (text: string): boolean => (markedAscii && sources.marked !== null) || NON_ASCII.test(text);
    return {
      sources,
      guarded,
      markedAscii,
      test: (text) => (latin !== null && latin.test(text)) || (rest !== null && restOk(text) && rest.test(text)),
      exec: (text) => (one === null ? null : one.exec(text)),
    };
  }
  const re = (script: Script): RegExp | null => (sources[script] === null ? null : new RegExp(sources[script], FLAGS[script]));
  const latin = re('latin');
  const marked = re('marked');
  const cjk = re('cjk');
  const markedOk = (guard: string): boolean => scriptsIn(guard).marked;
  const cjkOk = (guard: string): boolean => scriptsIn(guard).cjk;
  return {
    sources,
    guarded,
    markedAscii,
    test: (text, guard = text) =>
      (latin !== null && latin.test(text)) || (marked !== null && markedOk(guard) && marked.test(text)) || (cjk !== null && cjkOk(guard) && cjk.test(text)),
    exec: (text) => latin?.exec(text) ?? (marked && markedOk(text) ? marked.exec(text) : null) ?? (cjk && cjkOk(text) ? cjk.exec(text) : null),
  };
}
