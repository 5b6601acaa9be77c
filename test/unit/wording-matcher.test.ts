/**
 * The wording matcher (src/core/wording/words.ts): a table's words are found as words in every script, never
 * inside a longer word where the language separates words, and a row added is a word found.
 */
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import * as create from '../../src/core/wording/create';
import * as del from '../../src/core/wording/delete';
import * as done from '../../src/core/wording/done';
import * as move from '../../src/core/wording/move';
import * as undecided from '../../src/core/wording/undecided';
import * as verify from '../../src/core/wording/verify';
import * as alternatives from '../../src/core/wording/alternatives';
import * as deferred from '../../src/core/wording/deferred';
import * as notDone from '../../src/core/wording/not-done';
import * as riskHeadings from '../../src/core/wording/risk-headings';
import * as fileLabels from '../../src/core/wording/file-labels';
import * as docs from '../../src/core/wording/docs';
import * as existingFiles from '../../src/core/wording/existing-files';
import * as systemDescription from '../../src/core/wording/system-description';
import * as stepWords from '../../src/core/wording/step-words';
import * as criterion from '../../src/core/wording/criterion';
import * as dependency from '../../src/core/wording/dependency';
import * as outsideWorkspace from '../../src/core/wording/outside-workspace';
import * as resolution from '../../src/core/wording/resolution';
import * as sources from '../../src/core/wording/sources';
import * as planKinds from '../../src/core/wording/plan-kinds';
import * as sectionKinds from '../../src/core/wording/section-kinds';
import { LANGUAGES, merge, pairMatcher, wordMatcher, type Language, type Wording } from '../../src/core/wording/words';

/** Every table of every concept, by name. Stems are words' beginnings by design (CHECK_HEADING_STEMS, RISK_HEADING_STEM). */
const TABLES: Record<string, Wording> = Object.fromEntries(
  Object.entries({
    ...create,
    ...del,
    ...done,
    ...move,
    ...undecided,
    ...verify,
    ...alternatives,
    ...deferred,
    ...notDone,
    ...riskHeadings,
    ...fileLabels,
    ...docs,
    ...existingFiles,
    ...systemDescription,
    ...stepWords,
    ...criterion,
    ...dependency,
    ...outsideWorkspace,
    ...resolution,
    ...sources,
    ...planKinds,
    ...sectionKinds,
  }).filter(
    ([name, value]) => typeof value === 'object' && name !== 'CHECK_HEADING_STEMS' && name !== 'RISK_HEADING_STEM' && name !== 'CHANGE_LABEL_STEM' && name !== 'CHANGED_STEM',
  ),
);

/** A sentence in each language with the word in it, spaced as that language spaces words. */
const SENTENCE: Record<Language, (w: string) => string> = {
  en: (w) => `Then we ${w} it, as planned.`,
  es: (w) => `Luego ${w} el archivo.`,
  pt: (w) => `Depois ${w} o arquivo.`,
  de: (w) => `Dann ${w} wir die Datei.`,
  fr: (w) => `Puis ${w} le fichier.`,
  it: (w) => `Poi ${w} il file.`,
  nl: (w) => `Dan ${w} we het bestand.`,
  sv: (w) => `Sedan ${w} vi filen.`,
  no: (w) => `Deretter ${w} vi filen.`,
  da: (w) => `Derefter ${w} vi filen.`,
  tr: (w) => `Sonra ${w} dosyayı.`,
  ru: (w) => `Затем ${w} файл.`,
  uk: (w) => `Потім ${w} файл.`,
  pl: (w) => `Potem ${w} plik źródłowy.`,
  vi: (w) => `Sau đó ${w} tệp.`,
  ko: (w) => `그다음 파일을 ${w}합니다.`,
  zh: (w) => `然后${w}文件。`,
  ja: (w) => `次にファイルを${w}する。`,
};

/** Letters a word of the script could be glued to. */
const LETTERS: Record<'latin' | 'marked', string> = { latin: 'abcdefghijklmnopqrstuvwxyzé', marked: 'абвгдежзийклмнопрстуфхцчшщыэюяąęłńśźżăâêôơưđ' };

const rows = (table: Wording): Array<[Language, string]> => Object.entries(table).flatMap(([lang, words]) => (words ?? []).map((w): [Language, string] => [lang as Language, w]));

describe('wording matcher: every table word', () => {
  for (const [name, table] of Object.entries(TABLES)) {
    it(`${name}: each word is found in a sentence of its language`, () => {
      const matcher = wordMatcher(table);
      for (const [lang, word] of rows(table)) assert.ok(matcher.test(SENTENCE[lang](word)), `${name} ${lang} "${word}" in "${SENTENCE[lang](word)}"`);
    });
  }

  it('in a language that separates words, no single word is found inside a longer word (property)', () => {
    const cases = Object.entries(TABLES).flatMap(([name, table]) =>
      rows(table)
        .filter(([lang, word]) => LANGUAGES[lang] !== 'cjk' && !/\s/.test(word))
        .map(([lang, word]) => ({ name, table, lang, word })),
    );
    const glue = (script: 'latin' | 'marked') => fc.string({ unit: fc.constantFrom(...LETTERS[script]), minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(
        fc
          .constantFrom(...cases)
          .chain((c) => fc.tuple(fc.constant(c), glue(LANGUAGES[c.lang] === 'latin' ? 'latin' : 'marked'), glue(LANGUAGES[c.lang] === 'latin' ? 'latin' : 'marked'))),
        ([c, before, after]) => {
          const matcher = wordMatcher({ [c.lang]: [c.word] });
          assert.equal(matcher.test(`${before}${c.word}`), false, `${before}${c.word}`);
          // Korean endings attach to the word ("생성합니다"): its words are bounded before only.
          if (c.lang !== 'ko') assert.equal(matcher.test(`${c.word}${after}`), false, `${c.word}${after}`);
          else assert.ok(matcher.test(`${c.word}${after}`), `${c.word}${after}`);
          assert.equal(matcher.test(`${before}${c.word}${after}`), false, `${before}${c.word}${after}`);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('wording matcher: rows are the vocabulary', () => {
  it('a row added is a word found, in its script; the table without it does not find it', () => {
    assert.equal(wordMatcher(del.DELETE).test('Verwijder `a.ts`'), false);
    assert.ok(wordMatcher(merge(del.DELETE, { nl: ['verwijder'] })).test('Verwijder `a.ts`'));
    assert.equal(wordMatcher(create.CREATE).test('Opret ikke, men generer `a.ts`'), true); // "opret" is a Danish row already
    assert.equal(wordMatcher(create.CREATE).test('이후 `a.ts` 재생성'), false);
    assert.ok(wordMatcher(merge(create.CREATE, { ko: ['재생성'] })).test('이후 `a.ts` 재생성'));
    assert.equal(wordMatcher(create.CREATE).test('次に `a.ts` を生成'), false);
    assert.ok(wordMatcher(merge(create.CREATE, { ja: ['生成'] })).test('次に `a.ts` を生成'));
  });

  it('any new word of any latin or marked language is found as a word once it is a row (property)', () => {
    const langs = (Object.keys(LANGUAGES) as Language[]).filter((l) => LANGUAGES[l] !== 'cjk');
    fc.assert(
      fc.property(fc.constantFrom(...langs), fc.string({ unit: fc.constantFrom(...'qxzjkvwy'), minLength: 4, maxLength: 9 }), (lang, word) => {
        const sentence = SENTENCE[lang](word);
        assert.ok(wordMatcher({ [lang]: [word] }).test(sentence), sentence);
        assert.ok(wordMatcher(merge(create.CREATE, { [lang]: [word] })).test(sentence), sentence);
      }),
      { numRuns: 200 },
    );
  });

  it('a space in a row matches any run of spaces or tabs; other characters are literal', () => {
    const m = wordMatcher({ en: ['files to create', 'n/a', 'a.b'] });
    assert.ok(m.test('New files  to\tcreate'));
    assert.ok(m.test('status: n/a'));
    assert.equal(m.test('axb'), false);
  });

  it('marked-script rows are not read in text without such letters (Vietnamese written without its marks is not English)', () => {
    const m = wordMatcher({ vi: ['tao', 'moi'] });
    assert.equal(m.test('Add the tao `x`'), false);
    assert.ok(m.test('Tạo lại, tao `x` mới'));
    assert.ok(wordMatcher({ vi: ['tao'] }, { guarded: false }).test('Add the tao `x`'));
  });

  it('a pair is read within one language: "renombrar … a", never an English verb closed by a Spanish word', () => {
    const m = pairMatcher(move.MOVE, move.MOVE_TARGET, '.*');
    assert.ok(m.test('Renombrar `a.ts` a '));
    assert.ok(m.test('rename `a.ts` to '));
    assert.equal(m.test('rename `a.ts` a '), false);
    assert.ok(m.test('重命名为 '));
  });

  it('lead and trail shape where the word stands: right before a path, a whole cell', () => {
    const right = wordMatcher(create.WRITE, { trail: '\\s+[`]*$' });
    assert.ok(right.test('Build `'));
    assert.equal(right.test('Build it, then `'), false);
    const cell = wordMatcher(create.CREATE_CELL, { lead: '^', trail: '$', guarded: false });
    assert.ok(cell.test('Nouveau'));
    assert.equal(cell.test('Nouveau store'), false);
  });
});

describe('wording matcher: each script read only where it can match', () => {
  it('an unguarded matcher finds a marked word written without its marks on ASCII text, and its marked words in any text', () => {
    const m = wordMatcher({ vi: ['rủi ro', 'rui ro'], ru: ['риск'] }, { guarded: false });
    assert.ok(m.test('Rui ro va giam thieu'));
    assert.ok(m.test('Rủi ro'));
    assert.ok(m.test('Основной риск'));
    assert.equal(m.test('Rollout risk'), false);
  });

  it('the script of a text is read for that text: answers do not carry over from the text asked before', () => {
    const m = wordMatcher({ en: ['create'], ru: ['создать'], zh: ['创建'] });
    fc.assert(
      fc.property(fc.array(fc.constantFrom('создать файл', 'create it', '创建文件', 'plain words', 'файл', '文件'), { minLength: 1, maxLength: 8 }), (texts) => {
        for (const t of texts) assert.equal(m.test(t), /создать|create|创建/.test(t), t);
      }),
    );
  });
});
