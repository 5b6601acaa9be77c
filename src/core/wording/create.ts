/**
 * Create: the words that say the plan brings a file into being. Plain data, by language; each table's role is where
 * the word stands relative to the path it governs. Read by file-operations.ts (see README.md).
 */
import type { Wording } from './words';

/** Verbs (and the "new" of languages where it counts so) that create what follows them anywhere on the line: "Create `src/a.ts`", "Tạo `X.java`". */
export const CREATE: Wording = {
  en: ['create', 'creates', 'created', 'creating', 'introduce', 'introduces', 'introduced', 'introducing', 'scaffold', 'scaffolds', 'scaffolded', 'scaffolding'],
  es: ['crear', 'creamos', 'nuevo', 'nueva'],
  pt: ['criar', 'cria', 'novo', 'nova'],
  de: ['erstellen', 'erstelle', 'anlegen', 'neue', 'neuen', 'neuer'],
  fr: ['créer', 'creer', 'nouveau', 'nouvelle'],
  it: ['creare', 'crea'],
  nl: ['maak', 'aanmaken'],
  sv: ['skapa', 'skapar'],
  no: ['opprett', 'opprette'],
  da: ['opret', 'oprette'],
  ru: ['создать', 'создайте', 'создаём', 'создаем', 'создадим', 'создание', 'новый', 'новая', 'новое', 'новые'],
  uk: ['створити', 'створіть'],
  pl: ['utwórz', 'utworz', 'utwórzyć', 'utworzyć', 'stwórz', 'stworz', 'nowy', 'nowa', 'nowe'],
  vi: ['tạo', 'tao', 'xây', 'xay', 'mới', 'moi'],
  ko: ['생성', '신규', '새로', '작성'],
  zh: ['新增', '新建', '建立', '创建', '創建'],
  ja: ['作成', '新規'],
};

/** What a build, a generator or the program itself makes: "Produce … bundles", "generated into", "downloads `model.bin`". */
export const GENERATE: Wording = {
  en: ['generate', 'generates', 'generated', 'generating', 'produce', 'produces', 'produced', 'producing', 'download', 'downloads', 'downloaded', 'downloading'],
};

/**
 * Weaker words for the same: "emit" names what a program outputs at run time as often as a file ("the emitted JSON
 * Schema", "`--emit-exe`"), so it counts only where the line already records finished work (a ticked task).
 */
export const GENERATE_WEAK: Wording = {
  en: ['emit', 'emits', 'emitted', 'emitting'],
};

/** Verbs that add files, each path of the list they head: "add `A` and `B`", "añadir `LICENSE` y `CONTRIBUTING.md`". */
export const ADD: Wording = {
  en: ['add', 'adds', 'added', 'adding'],
  es: ['añade', 'añadir', 'añadimos', 'agrega', 'agregar'],
  pt: ['adiciona', 'adicionar'],
  de: ['hinzufügen'],
  fr: ['ajoute', 'ajouter'],
};

/** The words that join the paths of such a list. */
export const AND: Wording = { en: ['and'], es: ['y'], pt: ['e'], de: ['und'], fr: ['et'] };

/**
 * Verbs that create only right before the path (with at most an article, "new" and a kind of file between): "Build
 * `lib/derived.ts`", "write a new test file `x`", "new `x`"; a lone "建" (build). Elsewhere on the line they name other work.
 */
export const WRITE: Wording = {
  en: ['write', 'writes', 'writing', 'new', 'build', 'builds', 'building', 'implement', 'implements', 'implementing', 'save', 'saves', 'saved', 'saving'],
  es: ['construir', 'implementar'],
  zh: ['建'],
};

/** A note in parentheses right after the path that says it is new: "(new)", "(new file)", "(nuevo)", "（新建）". */
export const NEW_NOTE: Wording = {
  en: ['new', 'new file'],
  es: ['nuevo'],
  pt: ['novo'],
  de: ['neu'],
  fr: ['nouveau'],
  zh: ['新建', '新增', '新规'],
  ja: ['新規'],
};

/** A note right after the path that the step creates the file when it is missing: "(or create if absent)". */
export const CREATE_IF_ABSENT_NOTE: Wording = {
  en: ['or create'],
};

/** Verbs that follow the path they create: German puts the infinitive last ("`x.ts` neu erstellen"). */
export const CREATE_AFTER: Wording = {
  de: ['erstellen', 'anlegen', 'hinzufügen', 'neu erstellen', 'neu anlegen', 'neu hinzufügen'],
};

/** A label over a list of the files the plan writes: "**New files to create:**", "Output:", "Neue Dateien:". */
export const NEW_FILES_LABEL: Wording = {
  en: ['new', 'create', 'creates', 'created', 'to create', 'added', 'output', 'outputs', 'artifact', 'artifacts', 'files', 'deliverable', 'deliverables'],
  es: ['nuevo', 'nuevos'],
  pt: ['novo', 'novos'],
  de: ['neue'],
  fr: ['nouveaux'],
};

/** A table header cell over the files the plan writes: "New files", "Files to create", "File cần tạo", "新建文件", "Deliverable". */
export const NEW_FILES_COLUMN: Wording = {
  en: [
    'new file',
    'new files',
    'create file',
    'create files',
    'created file',
    'created files',
    'file to create',
    'files to create',
    'file to add',
    'files to add',
    'file created',
    'files created',
    'file added',
    'files added',
    'deliverable',
    'deliverables',
  ],
  fr: ['livrable', 'livrables', 'nouveaux fichiers', 'fichiers à créer', 'fichiers nouveaux'],
  es: ['entregable', 'entregables', 'nuevos archivos', 'archivos nuevos'],
  pt: ['entregáveis', 'entregaveis', 'novos arquivos', 'arquivos novos', 'arquivos a criar'],
  de: ['liefergegenstand', 'liefergegenstande', 'liefergegenständ', 'liefergegenstände', 'neue dateien'],
  vi: ['file cần tạo', 'file cần tao', 'file can tạo', 'file can tao', 'file mới', 'file moi'],
  ru: ['новые файлы'],
  ko: ['신규 파일', '신규파일', '새 파일', '새파일'],
  zh: ['交付物', '新建文件', '新增文件'],
  ja: ['成果物', '新規ファイル', '作成するファイル'],
};

/**
 * A table cell that is only the operation on the row's file ("| `a.ts` | criar |", "| Create |"), or opens with it
 * ("**Nouveau** : T = f(Q)", "New — timeline store"). An add verb counts only as the whole cell ("Add: retry" opens a
 * change to an existing file).
 */
export const CREATE_CELL: Wording = {
  en: ['create', 'creates', 'created', 'new'],
  es: ['crear', 'creado', 'nuevo', 'nueva'],
  pt: ['criar', 'criado', 'novo', 'nova'],
  de: ['neu', 'erstellen', 'anlegen'],
  fr: ['créer', 'creer', 'nouveau', 'nouvelle'],
};

/** A heading of a step whose work creates: "Step 4: 创建文档构建脚本", "### Task 2: Create the loader". */
export const CREATE_HEADING: Wording = {
  en: ['create', 'creates', 'new', 'scaffold', 'write'],
  es: ['crear'],
  pt: ['criar'],
  de: ['erstellen'],
  fr: ['créer', 'creer'],
  zh: ['创建', '創建', '新建', '新增', '建立'],
  ja: ['作成'],
};

/** A note right after the path that allows it is not there: "(if exists)", "(if present)", "(if any)". */
export const MAY_BE_ABSENT_NOTE: Wording = {
  en: ['if exists', 'if exist', 'if it exists', 'if it exist', 'if present', 'if any'],
};

/** Verbs that write what goes to the path after their target word: "Writes small bash scripts to `.x/hooks/`", "persists … at `x`". */
export const WRITE_TO: Wording = {
  en: ['write', 'writes', 'writing', 'written', 'persist', 'persists', 'persisted', 'persisting', 'save', 'saves', 'saved', 'saving', 'dump', 'dumps', 'dumped', 'dumping'],
};

/** The word between such a verb (with up to six words after it) and the path it writes: "saved to", "written into", "persists … at". */
export const WRITE_TO_TARGET: Wording = {
  en: ['to', 'into', 'at'],
};

/** A generator's output, right before the word that leads to the path: "output into `types/database.ts`", "generated to". */
export const OUTPUT: Wording = {
  en: ['output', 'outputs', 'generated', 'emitted', 'written'],
};

/** The word between an output word and its path. */
export const OUTPUT_TARGET: Wording = {
  en: ['to', 'into'],
};

/** A word right before the path that says it is still to be written: "Future: `docs/plans/phase-2.2.md`", "(planned) `x.md`", "今後 `x`". */
export const FUTURE: Wording = {
  en: ['future', 'planned', 'upcoming', 'to be written'],
  es: ['próximo', 'proximo', 'próxima', 'proxima', 'futuro', 'futura'],
  pt: ['próximo', 'proximo', 'próxima', 'proxima', 'futuro', 'futura'],
  it: ['futuro', 'futura'],
  de: ['geplant'],
  fr: ['futur', 'future', 'prévu', 'prevu'],
  zh: ['将来', '未来'],
  ja: ['今後', '将来', '未来'],
};

/** A count of new files before their list: "- 2 new files: `a.rb`, `b.rb`", "1 new spec: `x`". */
export const NEW_FILES_COUNTED: Wording = {
  en: ['new file', 'new files', 'new spec', 'new specs', 'new test', 'new tests', 'new module', 'new modules', 'new script', 'new scripts', 'new component', 'new components'],
};

/** A task's label over the files it writes (GSD's "files_modified", "Files:", "Output:"), at the start of a line. */
export const FILES_WRITTEN_LABEL: Wording = {
  en: ['files', 'files modified', 'files touched', 'files created', 'output', 'files_modified'],
};

/** A task's entry for the tests it writes, new or existing: "- Test: `tests/test_x.py`", "- **Test File**: `x`". */
export const TESTS_LABEL: Wording = {
  en: ['test', 'tests', 'test file', 'test files', 'tests file', 'tests files'],
};
