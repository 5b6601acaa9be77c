/**
 * What a step says about itself: its id, its dependencies and its success
 * criterion. Line-based on the step's own lines (nested steps excluded).
 *
 * Dependencies. A label opens a mention and runs to the end of the line or to
 * the first "(", ";", " — ", " - " or sentence end:
 *   strong labels  "Depends on", "depends_on", "Dependencies", "Blocked by", "Prerequisites"
 *                  accept "Step 1", "Phase 2.1", "step-4", bare numbers ("Step 1, 2",
 *                  "Steps 1-3"), and id-like slugs holding a digit, "-" or "_" ("setup-db",
 *                  "[step-1, step-2]"); "none" yields nothing. A label with nothing after it
 *                  takes the list items on the following lines.
 *   weak labels    "After", "Requires", "Needs", "Once" only count when a keyword
 *                  reference follows at once ("After step 2", "Requires: Phase 1").
 * Success criterion. The first own line holding "Success criteria:", "Verify:",
 * "Verification:", "Acceptance:", "Test:", "Expected:", "Validation:", "Exit
 * criteria:", "Output:", "Deliverable:" or "Done when" (case-insensitive, bold allowed);
 * its text is the rest of the line, else the list items that follow. A numbered
 * sub-step that is the check ("Step 2: Verify …", "Step 4: Run the tests") counts too.
 */
import { phraseAlternation } from '../wording/words';
import { STEP_WORD } from '../wording/step-words';
import { AFTER_LEAD } from '../wording/dependency';
import { criterionLabelEnd, isCriterionTitle, nextDependencyLabel, opensReplacement, saysNoDependency } from '../wording/step-labels';
import { charSpan } from './text';
import type { StepRef } from './types';

/**
 * The step words of every language (`STEP_WORD`: "Fase 2", "Paso 3", "Schritt 1", "Étape 4", "Tarea 5"), as a regex
 * alternation with no boundary: the id patterns below bound it themselves. No word is the start of another, so the
 * order of the alternatives does not change what they match.
 */
export const STEP_KEYWORDS = phraseAlternation(STEP_WORD);
const KEYWORD = `(?:${STEP_KEYWORDS})`;
// "3.2", and "3.D.1" (a lettered sub-phase: one letter between dots, not the start of a word as in "1.Create").
const NUMBER = '\\d+[a-z]?(?:\\.(?:\\d+|[a-z](?![a-z])))*';

const KEYED_ID = new RegExp(`^${KEYWORD}s?\\s*[-_#.:]?\\s*(${NUMBER})[.):]?$`);
const BARE_ID = new RegExp(`^#?(${NUMBER})[.):]?$`);

/** "Step 3" -> "3", "Phase 2.1" -> "2.1", "step-4" -> "4", "#03" -> "3", "Setup DB" -> "setup-db". */
export function normalizeStepId(raw: string): string {
  if (typeof raw !== 'string') return '';
  const s = raw
    .replace(/\*\*|__|[`"'[\]()]/g, ' ')
    .trim()
    .toLowerCase();
  const keyed = KEYED_ID.exec(s);
  const bare = keyed ? null : BARE_ID.exec(s);
  const num = keyed?.[1] ?? bare?.[1];
  if (num !== undefined) return num.split('.').map(stripZeros).join('.');
  return s.replace(/[.,:;!?]+$/, '').replace(/\s+/g, '-');
}

function stripZeros(seg: string): string {
  return seg.replace(/^0+(?=\d)/, '');
}

export interface StepPrefix {
  /** The id as written ("Step 3", "3"), or '' when the title carries none. */
  rawId: string;
  rest: string;
  /** Which pattern matched: a step keyword with a number, a number alone, or a keyword alone ("Task: …"). */
  kind: 'keyword' | 'number' | 'letter' | 'label' | null;
}

// "Task 01-03-T1": a GSD task's id runs on through its "-T1" (so T1, T2 and T3 of plan 01-03 are three ids).
const KEYWORD_PREFIX = new RegExp(`^(${KEYWORD}\\s*[-_#]?\\s*${NUMBER}(?:-\\d+)*(?:-[A-Za-z]{1,3}\\d+)?)(?![\\w])\\.?\\s*(?:[:.)|—–-]+\\s*)?`, 'i');
// Not a clock time: "#### 09:15 - 09:30" is a schedule's slot, not step 9.
const NUMBER_PREFIX = new RegExp(`^(${NUMBER})(?!:\\d)(?:[.):]\\s*|\\s+[—–:-]?\\s*|$)`, 'i');
const LABEL_PREFIX = new RegExp(`^${KEYWORD}\\s*[:—–-]\\s*`, 'i');
/** "A. Core renderer", "B) Extension": a lettered workstream or step, id "a", "b" (one capital letter, then "." or ")"). */
const LETTER_PREFIX = /^([A-Z])[.)]\s+(?=\S)/;

/** A status mark before a step's keyword ("### ✅ Phase 1 — Registry", "## 🚧 Step 3: …"). */
const LEADING_STATUS = /^(?:[✅✔☑⬜🟡🟢🔴❌🚧⏳]\uFE0F?\s*)+/u;

/** Splits a plain title into its step prefix and the rest; a status mark before a keyword id stays in the rest. */
export function stepPrefix(title: string): StepPrefix {
  const mark = LEADING_STATUS.exec(title);
  if (mark) {
    const inner = stepPrefix(title.slice(mark[0].length));
    if (inner.kind === 'keyword') return { ...inner, rest: `${mark[0].trim()} ${inner.rest}`.trim() };
  }
  const k = KEYWORD_PREFIX.exec(title);
  if (k) return { rawId: k[1] ?? '', rest: title.slice(k[0].length).trim(), kind: 'keyword' };
  const n = NUMBER_PREFIX.exec(title);
  if (n) return { rawId: n[1] ?? '', rest: title.slice(n[0].length).trim(), kind: 'number' };
  const letter = LETTER_PREFIX.exec(title);
  if (letter) return { rawId: letter[1] ?? '', rest: title.slice(letter[0].length).trim(), kind: 'letter' };
  const l = LABEL_PREFIX.exec(title);
  if (l) return { rawId: '', rest: title.slice(l[0].length).trim(), kind: 'label' };
  return { rawId: '', rest: title, kind: null };
}

/** The markers a heading or list item opens with: "### ", "- [ ] ", "1. ", "**". */
const OPENER_MARKERS = /^\s{0,3}(?:#{1,6}\s+|(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\*?\s+)?)(?:\*\*|__)?/;
const SPEC_KIT_OPENER = /^(T\d{3,})\b/;

/**
 * The id a heading or list item opens with, normalized ("- [ ] T012 …" -> "t012", "### Step 3: …" -> "3",
 * "- [ ] 1.2 …" -> "1.2"), whether or not the parser took it for a step; null for any other line.
 */
export function openingStepId(line: string): string | null {
  const m = OPENER_MARKERS.exec(line);
  if (!m || line.length > 2000) return null;
  const rest = line.slice(m[0].length);
  const specKit = SPEC_KIT_OPENER.exec(rest);
  if (specKit) return normalizeStepId(specKit[1] ?? '');
  const p = stepPrefix(rest);
  return (p.kind === 'keyword' || p.kind === 'number') && p.rawId !== '' ? normalizeStepId(p.rawId) : null;
}

/**
 * Heading and list lines that open with an id, and paragraphs that open with a bold one ("**TASK-010** — Add the
 * setting keys", "**Task 7: Base Export Data Models**"), found by one native scan (see openingStepIds).
 */
const OPENING_IDS = new RegExp(
  `^[ \\t]{0,3}(?:(?:#{1,6}[ \\t]+|(?:[-*+]|\\d+[.)])[ \\t]+(?:\\[[ xX]\\]\\*?[ \\t]+)?)(?:\\*\\*|__)?(T\\d{3,}\\b|${KEYWORD}s?\\s*[-_#]?\\s*${NUMBER}(?![\\w])|${NUMBER}(?!:\\d)(?=[.):\\s]|$))|(?:\\*\\*|__)(T\\d{3,}|${KEYWORD}s?\\s*[-_#]?\\s*${NUMBER})(?![\\w.]))`,
  'gim',
);

/**
 * Every id a heading or list item of the text opens with, normalized ("- [ ] T012 …" -> "t012", "### Step 3" -> "3"):
 * openingStepId over all lines, by one scan of the text. A superset is harmless to its one caller (a guard).
 */
export function openingStepIds(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(OPENING_IDS)) {
    const id = normalizeStepId(m[1] ?? m[2] ?? '');
    if (id !== '') out.add(id);
  }
  return out;
}

const EXPLICIT_ID = /^\s*(?:[-*+]\s+)?(?:\*\*|__)?id(?:\*\*|__)?\s*[:=]\s*(?:\*\*|__)?`?([A-Za-z0-9][\w.-]*)`?(?:\*\*|__)?\s*$/i;
/** "(id: setup-db)", "(id: `setup-db`)"; not inside an inline code expression, where "`CHECK(id = 1)`" is SQL. */
const INLINE_ID = /[([]\s*id\s*[:=]\s*`?([A-Za-z0-9][\w.-]*)`?\s*[)\]]/i;

/**
 * An explicit "id: setup-db" line (the id alone on it) or "(id: setup-db)" among the given lines; `skip(line)` masks
 * code lines (a model's "id: str" field in a Python block is no step id).
 */
export function explicitId(lines: readonly string[], from: number, to: number, skip: (line: number) => boolean = () => false): string | null {
  for (let i = from; i <= to; i++) {
    if (skip(i)) continue;
    const line = lines[i] ?? '';
    const m = EXPLICIT_ID.exec(line) ?? INLINE_ID.exec(line.replace(/`[^`\n]*[([][^`\n]*`/g, (code) => ' '.repeat(code.length)));
    if (m) return m[1] ?? null;
  }
  return null;
}

const KEYWORD_REF = new RegExp(`(?<![\\w\\u00c0-\\u024f])(${KEYWORD}s?\\s*[-_#]?\\s*(${NUMBER}))(?![\\w])((?:\\s*(?:,|and|&|or|/|to|-|–|—)\\s*${NUMBER}(?![\\w.]))*)`, 'gi');
/** After an `after` label, the step it names, a few lead words (`AFTER_LEAD`: "the", "completing") before it. */
const WEAK_LEAD = new RegExp(`^(?:(?:${phraseAlternation(AFTER_LEAD, '\\s+')})\\s+)*${KEYWORD}s?\\s*[-_#]?\\s*${NUMBER}`, 'i');
const SEGMENT_END = /\(|;|\s[—–-]{1,2}\s|[.!?](?=\s|$)/;
const LIST_NUMBER = new RegExp(`(,|and|&|or|/|to|-|–|—)\\s*(${NUMBER})`, 'gi');
const BARE_NUMBER = new RegExp(`^#?${NUMBER}$`, 'i');

/** Dependency mentions on lines `from..to`, in order, de-duplicated by id. `skip(line)` masks code lines. */
export function findDependencies(lines: readonly string[], from: number, to: number, skip: (line: number) => boolean): StepRef[] {
  const refs: StepRef[] = [];
  const seen = new Set<string>();
  const add = (ref: StepRef): void => {
    if (ref.id === '' || seen.has(ref.id)) return;
    seen.add(ref.id);
    refs.push(ref);
  };
  for (let i = from; i <= to; i++) {
    if (skip(i)) continue;
    const line = lines[i] ?? '';
    if (line.length > 20000) continue;
    let at = 0;
    let label: ReturnType<typeof nextDependencyLabel>;
    while ((label = nextDependencyLabel(line, at)) !== null) {
      at = label.end;
      const strong = label.kind !== 'after';
      const start = label.end;
      const tail = line.slice(start);
      // A noun label ("Dependencies", "Prerequisites") is one only with its colon ("**Dependencies**: T001"); in a
      // sentence it is a word ("Lightweight, no external dependencies, demo-suitable." names no step).
      if (label.kind === 'noun' && !label.colon && !/^(?:\*\*|__)?\s*[:：]/.test(tail)) continue;
      const endAt = tail.search(SEGMENT_END);
      const segment = endAt === -1 ? tail : tail.slice(0, endAt);
      if (!strong && !WEAK_LEAD.test(segment)) continue;
      if (strong && saysNoDependency(segment)) continue;
      if (strong && segment.trim() === '') {
        for (let j = i + 1; j <= to && /^\s*[-*+]\s+\S/.test(lines[j] ?? ''); j++) {
          const item = lines[j] ?? '';
          const itemAt = item.search(/[-*+]\s/) + 2;
          refsIn(lines, j, itemAt, item.slice(itemAt), true).forEach(add);
        }
        continue;
      }
      refsIn(lines, i, start, segment, strong).forEach(add);
      if (!strong) at = start + segment.length;
    }
  }
  return refs;
}

/** References inside one segment that starts at `line:offset`. */
function refsIn(lines: readonly string[], line: number, offset: number, segment: string, bareAllowed: boolean): StepRef[] {
  const out: Array<{ at: number; ref: StepRef }> = [];
  const taken: Array<[number, number]> = [];
  const make = (at: number, raw: string): StepRef => ({ id: normalizeStepId(raw), raw, range: charSpan(lines, line, offset + at, raw.length) });
  const keywordRef = new RegExp(KEYWORD_REF);
  let m: RegExpExecArray | null;
  while ((m = keywordRef.exec(segment)) !== null) {
    const head = m[1] ?? '';
    out.push({ at: m.index, ref: make(m.index, head) });
    taken.push([m.index, m.index + m[0].length]);
    const list = m[3] ?? '';
    const listAt = m.index + head.length;
    const firstNum = Number(m[2]);
    const nums = list === '' ? [] : [...list.matchAll(LIST_NUMBER)];
    for (const n of nums) {
      const numText = n[2] ?? '';
      const at = listAt + (n.index ?? 0) + (n[0].length - numText.length);
      const isRange = /^(to|-|–|—)$/i.test(n[1] ?? '');
      const last = Number(numText);
      if (isRange && Number.isInteger(firstNum) && Number.isInteger(last) && last > firstNum && last - firstNum <= 50) {
        for (let v = firstNum + 1; v < last; v++) out.push({ at, ref: { id: String(v), raw: numText, range: make(at, numText).range } });
      }
      out.push({ at, ref: make(at, numText) });
    }
  }
  if (bareAllowed) {
    // Bare ids count only when the rest of the segment is ids and connectors,
    // so "Depends on: pre-existing schema" or "Redis 7 being up" yield nothing.
    const token = /[^\s,;&/[\]`"'*]+/g;
    const bare: Array<{ at: number; raw: string }> = [];
    let prose = false;
    let t: RegExpExecArray | null;
    while ((t = token.exec(segment)) !== null) {
      const at = t.index;
      if (taken.some(([s, e]) => at >= s && at < e)) continue;
      const raw = t[0].replace(/[.:]+$/, '');
      const isNum = BARE_NUMBER.test(raw);
      const isSlug = /^[A-Za-z][\w.-]*$/.test(raw) && /[\d_-]/.test(raw);
      if (isNum || isSlug) bare.push({ at, raw });
      else if (!/^(and|or|then|both|also)$/i.test(raw)) prose = true;
    }
    if (!prose) for (const b of bare) out.push({ at: b.at, ref: make(b.at, b.raw) });
  }
  return out.sort((a, b) => a.at - b.at).map((o) => o.ref);
}

/** "Run: `npm test` — expect PASS", "Step 4: Run — expect 5 passed": a command with its expected outcome (superpowers plans). */
const RUN_LINE = /(?:^|[^\w])run\s*(?::|[—–]|-\s)/i;
/** "expect PASS", or the result after an arrow: "Run: `pytest -q` → 12 passed", "-> 0 errors". */
const EXPECT =
  /\bexpect(?:s|ed)?\b|(?:→|->|=>)\s*(?:all\s+|\d+\s+)?(?:pass(?:ed|es)?|ok|green|succeeds?|success|clean|no\s+(?:errors?|warnings?|failures?)|0\s+(?:errors?|warnings?|failures?|failed))\b/i;
/** "- [ ] Run `npm test` — all pass", "Run `cargo test` — 678+ tests pass": a command and the result that says the step is done. */
const RUN_WITH_RESULT =
  /^\s*(?:[-*+]\s+)?(?:\[[ xX]\]\s+)?run\s+`[^`]+`[^\n]{0,80}?(?:—|–|-|:|,|\band\b)\s*(?:(?:confirm|check|verify|ensure)\s+(?:that\s+)?)?(?:all(?:\s+tests?)?|\d+\+?\s+tests?|(?:the\s+)?tests?|it)\s+pass(?:es|ed)?\b/i;
/**
 * A sub-step that is the check ("**Step 2: Verify the extension loads**", "Step 4: Run the tests", "- [ ] **Step 5: Run
 * tests and confirm GREEN**", "**Step 3: Manually verify in-browser**"): superpowers plans split a task into numbered bold sub-steps, ticked off as checkboxes in
 * newer plans, and the verifying one is its criterion.
 */
const CHECK_SUBSTEP =
  /^\s*(?:[-*+]\s+)?(?:\[[ xX]\]\s+)?step\s+\d+[a-z]?\s*[:.)–—-]\s*((?:(?:manually|manual|visually|then|finally)\s+)?(?:verify|validate|confirm|check|test|run\s+(?:the\s+|all\s+)?(?:[\w-]+\s+){0,2}(?:tests?|suite|checks?))\b.*|.*\bsmoke[\s-]?tests?\b.*)$/i;

/** A test file in backticks, captured: "`tests/x.py`", "`a.test.ts`", "`x_spec.rb`", "`test_x.py`" below a folder, "`__tests__/…`". */
const BACKTICKED_TEST_PATH = String.raw`\x60([^\x60]*(?:\.(?:test|spec)\.[\w]+|_(?:test|spec)\.[\w]+|\/test_[\w]+\.[\w]+|__tests__\/[^\x60]+|(?:^|\/)(?:tests?|spec)\/[^\x60]+\.[\w]+))\x60`;

/**
 * A files entry that writes a test ("- Create: `packages/a2a/src/__tests__/adapters/hono.test.ts`", "- Test:
 * `tests/test_api.py`"): the step comes with its tests, which say when it is done.
 */
const TEST_FILE_ENTRY = new RegExp(String.raw`^\s*[-*+]\s+(?:create|add|new|test|tests)\s*:\s*` + BACKTICKED_TEST_PATH, 'i');

/** A test file the step says is new ("`spec/services/debug_notifier_spec.rb` (new) — Verify file output format"). */
const NEW_TEST_FILE = new RegExp(BACKTICKED_TEST_PATH + String.raw`[\x60*_]*\s*\(\s*new\b`, 'i');

/**
 * A sub-item that names the check the step ends with ("- Responsive design testing", "- Dark mode verification",
 * "- Unit tests": a short noun phrase, nothing after it), or that writes it ("- **Specs** — Add specs for the filtering
 * logic", "- Write unit tests for the parser").
 */
const CHECK_ITEM =
  /^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?((?:[\w/-]+\s+){0,4}(?:testing|verification|validation|tests|QA)|(?:\*\*|__)?(?:specs?|tests?)(?:\*\*|__)?\s*[—–:-]\s*\S.{0,200}|(?:add|write)\s+(?:[\w-]+\s+){0,2}(?:specs?|tests?)\s+(?:for|covering|that)\b.{0,200})\s*$/i;

/** The first success criterion on lines `from..to`. */
export function findSuccessCriterion(lines: readonly string[], from: number, to: number, skip: (line: number) => boolean): { text: string; line: number } | null {
  for (let i = from; i <= to; i++) {
    if (skip(i)) continue;
    const plain = (lines[i] ?? '').replace(/\*\*|__/g, '');
    if (plain.length > 20000) continue;
    if ((RUN_LINE.test(plain) && EXPECT.test(plain)) || RUN_WITH_RESULT.test(plain)) return { text: plain.trim().slice(0, 500), line: i };
    if (plain.length < 300 && opensReplacement(plain)) {
      const quoted = quotedTextAfter(lines, i + 1, to);
      if (quoted !== null) return { text: quoted.slice(0, 500), line: i };
    }
    // "### Acceptance criteria" (or "#### Verification") under the step, and its list.
    const heading = /^ {0,3}#{2,6}[ \t]+(.{1,200}?)[ \t#]*$/.exec(plain);
    if (heading && i > from && isCriterionTitle(heading[1] ?? '')) {
      const items = followingItems(lines, i + 1, to);
      if (items !== '') return { text: items.slice(0, 500), line: i };
    }
    const testFile = TEST_FILE_ENTRY.exec(plain) ?? NEW_TEST_FILE.exec(plain);
    if (testFile && i > from) return { text: `writes ${testFile[1] ?? 'its tests'}`, line: i };
    const named = CHECK_ITEM.exec(plain);
    if (named && i > from) return { text: (named[1] ?? '').trim(), line: i };
    const sub = CHECK_SUBSTEP.exec(plain);
    if (sub) return { text: (sub[1] ?? '').trim().slice(0, 500), line: i };
    const labelEnd = criterionLabelEnd(plain);
    if (labelEnd === null) continue;
    let text = plain
      .slice(labelEnd)
      .replace(/<\/?[a-z_]+>/g, ' ')
      .trim();
    if (text === '') text = followingItems(lines, i + 1, to);
    if (text !== '') return { text: text.slice(0, 500), line: i };
  }
  return null;
}

/** The blockquote right after a label line (blank lines skipped), joined; null when none follows. */
function quotedTextAfter(lines: readonly string[], from: number, to: number): string | null {
  let i = from;
  while (i <= to && (lines[i] ?? '').trim() === '') i++;
  const parts: string[] = [];
  for (; i <= to && parts.length < 20 && /^\s*>/.test(lines[i] ?? ''); i++) parts.push((lines[i] ?? '').replace(/^\s*>\s?/, '').trim());
  const text = parts.join(' ').trim();
  return text === '' ? null : text;
}

/** List items (or the first non-blank line) right after a label line. */
function followingItems(lines: readonly string[], from: number, to: number): string {
  const items: string[] = [];
  let i = from;
  while (i <= to && (lines[i] ?? '').trim() === '') i++;
  for (; i <= to && items.length < 8; i++) {
    const l = lines[i] ?? '';
    const item = /^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?(.*)$/.exec(l);
    if (item) items.push((item[1] ?? '').trim());
    else if (items.length === 0 && l.trim() !== '' && !/^\s*#/.test(l)) return l.trim();
    else break;
  }
  return items.join('; ');
}
