/**
 * A path is exempt when the plan brings it into being, moves it or deletes it.
 * Per mention: "create", "introduce", "scaffold", "generate", "delete", "remove",
 * "rename/move/copy … to" (and es/pt/de/fr: crear, criar, erstellen, anlegen,
 * créer, löschen, eliminar, supprimer…, and sv/no/da/nl/it skapa, opprett, opret, aanmaken, creare; zh/ja 新增, 建立, 创建, 作成, 删除…) anywhere before it on the line, and a lone
 * "建" (build) right before it; "add",
 * "write", "build", "implement" or "new" right before it ("Build `lib/derived.ts`");
 * "writes / persists / saves … to|at" right before it ("Writes the scripts to `.x/hooks/`"); "(new)", "(new file)", "(or create if
 * absent)" or "(if exists)" (a file that may not be there) right after it, and "is gone" / "was removed" / "no longer exists" (the work deleted it); the new side of an "old → new" arrow. Per block: a
 * superpowers "- Test: `tests/test_x.py`" entry (the tests a task writes); a
 * list under a label that says so ("**New files to create:**", "Files:",
 * "Output:", "Neue Dateien:") and a GSD `<files>` tag. One exempt mention
 * exempts every mention of that path. createdPaths gathers them for
 * missing-file (text-rules.ts), which never reports such a path; readerPath
 * is how both read a reference. Everything here reads one line or block, no I/O.
 */
import type { Plan } from '../plan';

const CREATION_ANYWHERE =
  /\b(create[sd]?|creating|introduc(e|es|ed|ing)|scaffold(s|ed|ing)?|generat(e|es|ed|ing)|delet(e|es|ed|ing)|remov(e|es|ed|ing)|(rename[sd]?|move[sd]?|copy|copie[sd]|split|extract(s|ed)?)\b.*\b(to|into|as)|download(s|ed|ing)?|produc(e|es|ed|ing)|write\s+(?:\w+\s+){0,2}tests?\b.*\b(in|to|at)|crear|creamos|criar|cria|erstellen|erstelle|anlegen|skapa|skapar|opprett|opprette|opret|oprette|maak|aanmaken|creare|crea|neue[nr]?|créer|creer|nouveau|nouvelle|nuevo|nueva|novo|nova|eliminar|supprimer|löschen|borrar|apagar)\b/i;
/** zh/ja create and delete verbs, tried only on a line with Han or kana (the English pattern has no anchor and is already costly). */
const CJK_CREATION = /新增|新建|建立|创建|創建|作成|新規|削除|删除|刪除|(?:^|[^\p{Script=Han}])建\s*[`'"]*$/u;
const HAS_CJK = /[\u3040-\u30ff\u3400-\u9fff]/;
/** Delete verbs of Russian, Ukrainian, Polish, Vietnamese and Korean ("Удалить", "видалити", "usuń", "xóa", "삭제"): OTHER_SCRIPT_CREATION and REMOVED_BEFORE both read them. */
const OTHER_SCRIPT_DELETE = 'удал(?:ить|ите|яем|ение|ён|ен)|видал(?:ити|іть)|usu[ńn](?:ąć)?|x[óo]a|xo[áa]|삭제';
/**
 * Create and delete verbs of languages whose letters the English pattern's \b does not see: Russian, Ukrainian, Polish,
 * Vietnamese, Korean ("Создать `src/x.ts`", "Удалить `public/index.html`", "Tạo `DashboardController.java`", "Xây
 * `DataTable.tsx`", "`x.ts` 생성"). Tried only on a line with such letters.
 */
const OTHER_SCRIPT_CREATION = new RegExp(
  `(?<![\\p{L}])(?:созда(?:ть|йте|ём|ем|дим|ние)|нов(?:ый|ая|ое|ые)|створ(?:ити|іть)|utw[óo]rz(?:yć)?|stw[óo]rz|now(?:y|a|e)|t[ạa]o(?:\\s+m[ớo]i)?|x[âa]y(?:\\s+d[ựu]ng)?|m[ớo]i|생성|신규|새로|작성|${OTHER_SCRIPT_DELETE})(?![\\p{L}])`,
  'iu',
);
const HAS_OTHER_SCRIPT = /[\u0400-\u04ff\u00c0-\u024f\u1e00-\u1eff\uac00-\ud7af]/;
/**
 * "Writes small bash scripts to `.x/hooks/`", "persists one cursor token per project at `.forge/cursor.json`", "saved to":
 * what is written, persisted or saved to a path brings it into being.
 */
const WRITTEN_TO = /\b(?:writ(?:e|es|ing|ten)|persist(?:s|ed|ing)?|sav(?:e|es|ed|ing)|dump(?:s|ed|ing)?)\s+(?:[\w+-]+\s+){0,6}(?:to|into|at)\s+[`'"(]*$/i;
const CREATION_RIGHT_BEFORE =
  /\b(add(s|ed|ing)?|write|writes|writing|new|build(s|ing)?|implement(s|ing)?|sav(e|es|ed|ing)(\s+(?:the\s+)?(?:merged|combined|final|resulting|result|output))?|construir|implementar)\s+((a|an|the)\s+)?(new\s+)?((test\s+)?(file|module|folder|directory|script|config|test))?\s*[`'"(<[]*$|(→|->|=>)\s*[`'"]*$|\bnew\s+(?:[\w-]+\s+){0,2}(?:package|crate|module|app|service|library|workspace|project)\s+[`'"(<[]*$/i;
/** "add `A` and `B`", "añadir `LICENSE` y `CONTRIBUTING.md`": an add verb governs every path of its list. */
const ADD_LIST =
  /(?:^|[^\p{L}])(?:add(?:s|ed|ing)?|añad(?:e|ir|imos)|agreg(?:a|ar)|adicion(?:a|ar)|hinzufügen|ajout(?:e|er))\s+(?:[`'"]*[\w@./-]+[`'"]*\s*(?:,|and|y|e|und|et|&)\s*)*[`'"(<[]*$/iu;
/** A cheap first look for ADD_LIST's verbs: that pattern has no anchor and is costly on every mention of a long plan. */
const ADD_VERB = /add|añad|agreg|adicion|hinzuf|ajout/i;
/** "Future: `docs/plans/phase-2.2.md`", "(planned) `x.md`": a document or file still to be written. */
const FUTURE_RIGHT_BEFORE = /(?:\b(?:future|planned|upcoming|to\s+be\s+written|pr[óo]xim[oa]|futur[oae]?|geplant|pr[ée]vu)|将来|今後|未来)\s*\)?\s*:?\s*[`'"([]*$/i;
/** "output into `packages/shared/src/types/database.ts`" (a generator's output), "generated into": the step's command writes it. */
const OUTPUT_INTO = /\b(?:output|outputs|generated|emitted|written)\s+(?:in)?to\s+[`'"(]*$/i;
const CREATION_AFTER =
  /^[`'">)\]*_]*\s*(?:\(\s*(new(\s+file)?|or\s+create[^)]*|nuevo|novo|neu|nouveau|if\s+(?:it\s+)?(?:exists?|present|any)|新建|新增|新規|新规)\s*\)|[（(]\s*(?:新建|新增|新規|新规)\s*[)）]|[—–-]\s+new\b|(neu\s+)?(erstellen|anlegen|hinzufügen|löschen|entfernen)\b|(?:is|are)\s+(?:now\s+)?(?:gone|removed|deleted|dropped)\b|(?:was|were|has\s+been|have\s+been)\s+(?:removed|deleted|dropped)\b|no\s+longer\s+exists?\b)/i;
const CREATION_LABEL =
  /^\s*(?:[-*+]\s+)?(?:\*\*|__)?[^:]{0,60}\b(new|create[sd]?|to\s+create|added|output|outputs|artifacts?|files|deliverables?|neue|nuevos?|novos?|nouveaux)\b[^:]{0,40}:(?:\*\*|__)?\s*$/i;
/**
 * A superpowers-style "Files" entry for tests ("- Test: `tests/test_x.py`", "- **Test File**: `tests/unit/test_x.py`", "- Tests: `a.test.tsx`, `b.test.tsx`",
 * "- Test `tests/test_y.py` — dedupe order"): the tests the task writes, new or existing.
 */
const TEST_ENTRY = /^\s*[-*+]\s+(?:\*\*|__)?tests?(?:\s+files?)?(?:\*\*|__)?\s*:?(?:\*\*|__)?\s*[`'"]/i;

/** A files entry ("- **File**: `…`", "- Files: `…`") and a path that names a test ("tests/…", "test_x.py", "x.test.ts", "x_test.go"). */
const FILES_ENTRY_LINE = /^\s*[-*+]\s+(?:\*\*|__)?files?(?:\*\*|__)?\s*:/i;
const TEST_PATH = /(?:^|\/)(?:tests?|__tests__|spec)\/|(?:^|\/)test_[^/]+$|[._](?:test|spec)\.[^/.]+$/i;

/** A test file named as the file of a task ("- **File**: `tests/integration/test_export_workflow.py`"): the test the task writes. */
export function testFileOfTask(line: string, path: string): boolean {
  return FILES_ENTRY_LINE.test(line) && TEST_PATH.test(path);
}
const FILES_TAG = /<files>|^\s*(?:[-*+]\s+)?(?:\*\*)?(files(\s+(modified|touched|created))?|output|files_modified)(?:\*\*)?\s*:/i;

/** What a build, a generator or the program itself makes ("Produce … bundles with checksums.txt", "generated into", "writes … to"). */
const PRODUCED = /\b(?:produc(?:e|es|ed|ing)|generat(?:e|es|ed|ing)|download(?:s|ed|ing)?|emit(?:s|ted|ting)?)\b/i;

/**
 * On a ticked task ("- [x] …"), which is done, a create verb no longer explains a file that is not there; what still
 * does: the work took it away (delete, remove, rename or move it), a build, a generator or the program makes it
 * at run time, or the task allows that it is not there ("(if exists)").
 */
export function absentByDesign(line: string, startChar: number, endChar: number): boolean {
  const before = line.slice(0, startChar);
  return (
    REMOVED_BEFORE.test(before) ||
    IF_EXISTS_AFTER.test(line.slice(endChar, endChar + 40)) ||
    PRODUCED.test(before) ||
    WRITTEN_TO.test(before.slice(-200)) ||
    OUTPUT_INTO.test(before.slice(-40))
  );
}
/**
 * The folders the plan removes whole ("- `src-tauri/src/ipc/` — 整个删除（server.rs, protocol.rs, …）", "Delete
 * `legacy/`"): a folder path (written with its trailing "/") on a line that says it is deleted, removed or moved.
 */
export function removedFolders(plan: Plan): string[] {
  const out: string[] = [];
  for (const ref of plan.referencedPaths) {
    if (!/\/$/.test(ref.path)) continue;
    const mentions = ref.ranges && ref.ranges.length > 0 ? ref.ranges : [ref.range];
    if (!mentions.some((r) => REMOVED_BEFORE.test(plan.lines[r.startLine] ?? ''))) continue;
    const folder = readerPath(ref.path)?.replace(/\/+$/, '');
    if (folder) out.push(folder);
  }
  return out;
}

/** Is `path` inside one of these removed folders, named in full or from the folder down ("ipc/protocol.rs" of "src/ipc/")? */
export function insideRemovedFolder(path: string, folders: readonly string[]): boolean {
  const slash = path.lastIndexOf('/');
  const dir = slash > 0 ? path.slice(0, slash) : '';
  return folders.some((f) => path.startsWith(`${f}/`) || (dir !== '' && (f === dir || f.endsWith(`/${dir}`))));
}

/** "**MOVE:** `old` → `new`", "rename `a.ts` -> `b.ts`": with a move verb before it, the path is the old side of the move. */
const ARROW_AFTER = /^[`'"*_]*\s*(?:→|->|=>)/;
/** "`commands/learn.md` (if exists)": the plan itself allows that the file is not there. */
const IF_EXISTS_AFTER = /^[`'"]*\s*\(\s*if\s+(?:it\s+)?(?:exists?|present|any)\s*\)/i;
const REMOVED_BEFORE = new RegExp(
  String.raw`\b(?:delet(?:e|es|ed|ing)|remov(?:e|es|ed|ing)|drop(?:s|ped)?|renam(?:e|es|ed|ing)|mov(?:e|es|ed|ing)|eliminar|borrar|apagar|remover|l[öo]schen|entfernen|supprimer)\b|删除|刪除|削除|移除|(?<![\p{L}])(?:${OTHER_SCRIPT_DELETE})(?![\p{L}])`,
  'iu',
);

/** "- 2 new files: `services/notifier.rb`, `services/debug_notifier.rb`", "1 new spec: `x`": the list the label counts. */
const NEW_FILES_INLINE = /(?:^|[^\w])(?:\d+\s+)?new\s+(?:files?|specs?|tests?|modules?|scripts?|components?)\s*:\s*(?:[`'"][^`'"\n]{1,200}[`'"]\s*(?:,|and|&)\s*)*[`'"]?$/i;

export function isCreatedByPlan(line: string, startChar: number, endChar: number): boolean {
  const before = line.slice(0, startChar);
  return (
    NEW_FILES_INLINE.test(before.slice(-400)) ||
    CREATION_ANYWHERE.test(before) ||
    CREATION_RIGHT_BEFORE.test(before) ||
    (HAS_CJK.test(before) && CJK_CREATION.test(before)) ||
    (HAS_OTHER_SCRIPT.test(line) && (OTHER_SCRIPT_CREATION.test(before) || OTHER_SCRIPT_CREATION.test(line.slice(endChar, endChar + 30)))) ||
    WRITTEN_TO.test(before.slice(-200)) ||
    newSideOfTable(before) ||
    (ADD_VERB.test(before) && ADD_LIST.test(before.slice(-300))) ||
    CREATION_AFTER.test(line.slice(endChar)) ||
    (ARROW_AFTER.test(line.slice(endChar, endChar + 12)) && REMOVED_BEFORE.test(before)) ||
    FILES_TAG.test(before) ||
    TEST_ENTRY.test(line) ||
    FUTURE_RIGHT_BEFORE.test(before.slice(-40)) ||
    OUTPUT_INTO.test(before.slice(-40)) ||
    tableRowCreates(line, startChar)
  );
}

/** The new side of an "old | new" table: a path that opens a cell after a non-empty one (the first cell is the old side, or an inventory's path). */
function newSideOfTable(before: string): boolean {
  const m = /\|\s*[`'"]*$/.exec(before);
  return m !== null && /[^\s|]/.test(before.slice(0, m.index));
}

/** A cell that is only an operation that brings a file into being or removes it ("create", "new", "criar", "crear", "neu", "créer", "delete"…). */
const OPERATION_CELL =
  /^(?:create[sd]?|new|add(?:ed)?|delete[sd]?|remove[sd]?|criar|criado|novo|nova|crear|creado|nuevo|nueva|eliminar|apagar|neu|erstellen|anlegen|l[öo]schen|cr[ée]er|nouveau|nouvelle|supprimer)$/i;
/**
 * A cell whose description opens with "new" or "create" ("**Nouveau** : T = f(Q)", "New — timeline store", "Nouveau store",
 * "Create: the page"); "Add: retry" or "Remove: the old handler" open a change to an existing file, so they do not count.
 */
const OPENS_WITH_CREATION =
  /^(?:create[sd]?|new|criar|criado|novo|nova|crear|creado|nuevo|nueva|neu|erstellen|anlegen|cr[ée]er|nouveau|nouvelle)(?:\s*[:—–-]\s|\s+(?:file|module|store|page|component|tests?|test\s+file|script|migration|fichier|archivo|arquivo|datei|ou|or|o)\b)/i;

/**
 * A file-inventory table row ("| `tools/host.go` | criar | host ops |", "| a.ts, b.ts | Create |"):
 * when another cell of the row is an operation that creates or deletes, the paths in the row are the plan's own.
 */
function tableRowCreates(line: string, startChar: number): boolean {
  if (!/^\s*\|/.test(line)) return false;
  const cells: Array<{ start: number; text: string }> = [];
  let start = line.indexOf('|') + 1;
  for (let i = start; i <= line.length; i++) {
    if (i === line.length || (line[i] === '|' && line[i - 1] !== '\\')) {
      cells.push({ start, text: line.slice(start, i) });
      start = i + 1;
    }
  }
  const own = cells.findIndex((c, i) => startChar >= c.start && (i === cells.length - 1 || startChar < (cells[i + 1] as { start: number }).start));
  return cells.some((c, i) => {
    if (i === own) return false;
    const text = c.text.replace(/[*_`]/g, '').trim();
    return OPERATION_CELL.test(text) || OPENS_WITH_CREATION.test(text);
  });
}

/** A header cell that names files to create ("New files", "Files to create", "File cần tạo", "新建文件", "Neue Dateien") or a task's deliverable ("Deliverable", "Livrable"). */
const CREATING_COLUMN =
  /^\W*(?:(?:new|created?)\s+files?|files?\s+(?:to\s+(?:create|add)|created|added)|deliverables?|livrables?|entregables?|entreg[áa]veis|liefergegenst[äa]nde?|成果物|交付物|neue\s+dateien|nuevos\s+archivos|archivos\s+nuevos|novos\s+arquivos|arquivos\s+(?:novos|a\s+criar)|nouveaux\s+fichiers|fichiers\s+(?:à\s+créer|nouveaux)|file\s+c[ầa]n\s+t[ạa]o|file\s+m[ớo]i|新建文件|新增文件|新規ファイル|作成するファイル|신규\s*파일|새\s*파일|новые\s+файлы)\W*$/iu;

/**
 * A row of a table whose column names files to create ("| File cần tạo | Nội dung |" over "| `dto/X.java` | … |"): the
 * path in that column is one the plan writes.
 */
export function tableColumnCreates(lines: readonly string[], line: number, startChar: number): boolean {
  const text = lines[line] ?? '';
  if (!/^\s*\|/.test(text)) return false;
  const column = (text.slice(0, startChar).match(/(?<!\\)\|/g) ?? []).length;
  for (let l = line - 1; l >= 1 && line - l <= 200; l--) {
    const row = lines[l] ?? '';
    if (!/^\s*\|/.test(row)) return false;
    if (/^\s*\|?\s*:?-{3,}/.test(row)) {
      const header = (lines[l - 1] ?? '').split(/(?<!\\)\|/);
      return CREATING_COLUMN.test((header[column] ?? '').replace(/[*_`]/g, '').trim());
    }
  }
  return false;
}

const FILES_OPEN = /^\s*<files>\s*$/;

/** Lines that sit in a list under a "new files:"-style label, up to the next heading or non-list paragraph; and the lines of a multi-line GSD `<files>` block. */
export function creationBlockLines(lines: readonly string[]): Set<number> {
  const out = new Set<number>();
  let open = false;
  let filesTag = false;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i] ?? '';
    if (l.length > 2000) continue;
    // A GSD task's <files> block over several lines: every line up to </files> lists a file the task writes.
    if (filesTag || FILES_OPEN.test(l)) {
      filesTag = !/<\/files>/.test(l);
      out.add(i);
      continue;
    }
    if (/^\s{0,3}#/.test(l)) open = false;
    if (l.includes(':') && CREATION_LABEL.test(l)) {
      open = true;
      continue;
    }
    if (!open) continue;
    if (l.trim() === '' || /^\s*([-*+]|\d+[.)])\s/.test(l) || /^\s{2,}\S/.test(l)) out.add(i);
    else open = false;
  }
  return out;
}

/** A file label line: "**File:** `x`", "**文件**: `x`", "- File: `x`". */
const FILE_LABEL_LINE = /^\s*(?:[-*+]\s+)?(?:\*\*|__)?(?:files?|文件|ファイル|archivos?|arquivos?|fichiers?|dateien|datei)(?:\*\*|__)?\s*[:：]/i;
/** A step heading whose work creates: "Step 4: 创建文档构建脚本", "### Task 2: Create the loader", "Add frontend tests", "添加前端组件测试". */
const CREATING_HEADING =
  /^\s{0,3}#{1,6}\s.*?(?:\b(?:create|creates|new|scaffold|write|crear|criar|erstellen|cr[ée]er)\b|\badd\s+(?:\w+\s+){0,3}tests?\b|创建|創建|新建|新增|建立|作成|添加.*测试|添加.*測試|追加.*テスト)/i;

/**
 * Is the line a file label ("**文件**: `docs/build.sh`") in a step whose heading, a few lines above, says it creates
 * ("### Step 4: 创建文档构建脚本")? Then the label names the file the step writes.
 */
export function fileLabelOfCreatingStep(lines: readonly string[], line: number): boolean {
  if (!FILE_LABEL_LINE.test(lines[line] ?? '')) return false;
  for (let l = line - 1; l >= 0 && line - l <= 6; l--) {
    const text = lines[l] ?? '';
    if (/^\s{0,3}#{1,6}\s/.test(text)) return CREATING_HEADING.test(text);
  }
  return false;
}

const FILE_LABEL_LEAD = /^\s*(?:[-*+]\s+)?(?:\*\*|__)?(?:files?|文件|ファイル|archivos?|arquivos?|fichiers?|dateien|datei)(?:\*\*|__)?\s*[:：]\s*(?:\*\*|__)?/i;

/**
 * A line that is only the path as a label ("**packages/shared/src/types/git.ts:**", "`src/a.ts` (final version):"), or a
 * file label and the path ("**File:** `migrations/add_rating.sql`"),
 * over a fenced block: the plan gives the file's full text, so the step writes it.
 */
export function pathLabelOverFullText(lines: readonly string[], line: number, startChar: number, endChar: number): boolean {
  const text = lines[line] ?? '';
  // The path alone, or after a file label ("**File:** `migrations/add_rating.sql`"), over the block.
  const rest = (text.slice(0, startChar) + text.slice(endChar)).replace(FILE_LABEL_LEAD, '');
  if (!/^\s*(?:\*\*|__)?[`'"]*\s*[`'"]*(?:\s*\([^)]{0,40}\))?\s*:?\s*(?:\*\*|__)?\s*:?\s*$/.test(rest)) return false;
  for (let l = line + 1; l < lines.length && l <= line + 2; l++) {
    const next = (lines[l] ?? '').trim();
    if (next === '') continue;
    return /^(?:`{3,}|~{3,})/.test(next);
  }
  return false;
}

/** "Path:", "Caminho:", "Ruta:", "Pfad:", "Chemin:", "路径：", "パス:": a label that says where the work goes. */
const WHERE_LABEL =
  /^\s*(?:[-*+]\s+)?(?:\*\*|__)?(?:path|location|folder|directory|caminho|pasta|diret[óo]rio|ruta|carpeta|directorio|pfad|ordner|verzeichnis|chemin|dossier|r[ée]pertoire|路径|目录|位置|パス|フォルダ|ディレクトリ|경로|폴더)(?:\*\*|__)?\s*[:：]\s*(?:\*\*|__)?\s*[`'"]?$/iu;

/**
 * A folder given as where a section's work goes ("Caminho: `apps/api/src/modules/availability/`" over the module's
 * DTO, service and controller in fenced blocks): the section writes that folder. Only a folder (a trailing "/") alone
 * on its label line, and only when a fenced block follows before the next heading as high as the one over the label.
 */
export function folderLabelOverItsCode(lines: readonly string[], line: number, startChar: number, endChar: number): boolean {
  const text = lines[line] ?? '';
  if (!WHERE_LABEL.test(text.slice(0, startChar)) || !/^[`'"]?\s*\.?\s*$/.test(text.slice(endChar))) return false;
  if (!/\/[`'"]?$/.test(text.slice(startChar, endChar + 1).trimEnd())) return false;
  let level = 7;
  for (let l = line - 1; l >= 0 && line - l <= 400; l--) {
    const heading = /^ {0,3}(#{1,6})\s/.exec(lines[l] ?? '');
    if (heading) {
      level = (heading[1] as string).length;
      break;
    }
  }
  for (let l = line + 1; l < lines.length && l - line <= 400; l++) {
    const next = lines[l] ?? '';
    const heading = /^ {0,3}(#{1,6})\s/.exec(next);
    if (heading && (heading[1] as string).length <= level) return false;
    if (/^\s*(?:`{3,}|~{3,})/.test(next)) return true;
  }
  return false;
}

/**
 * A deliverable bullet or heading that opens with the path ("- `src/new.ts`: …", "### 2. `include/a.hpp`"), or a task
 * label in bold that is only its id and the path ("**T059: .specify/memory/constitution.md**"): what its step produces.
 */
const TASK_LABEL_LEAD = /^\s*(?:\*\*|__)(?:T\d{3,}|[A-Z]{1,6}-\d+|(?:task|step)\s+\d+(?:\.\d+)*)\s*[:.—–-]\s*[`'"]?$/i;
const DELIVERABLE_LEAD = /^\s*(?:#{1,6}\s+(?:\d+[.)]\s+)?|(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\*?\s+)?(?:\d+(?:\.\d+)*\.?\s+)?)(?:\*\*|__)?[`'"]?$/;

/** Does the text before a path (on its line) open a deliverable bullet or heading? */
export function opensDeliverable(before: string): boolean {
  return DELIVERABLE_LEAD.test(before) || TASK_LABEL_LEAD.test(before);
}

/** What a reader does with a reference before looking it up: "@" stripped, "~" and "$HOME" are outside the workspace. */
export function readerPath(raw: string): string | null {
  let p = raw.trim();
  if (p.startsWith('@')) p = p.slice(1);
  if (p.startsWith('~') || /^\$\{?HOME\b/.test(p) || /^\/(home|Users|root|tmp|etc|usr|var|opt)\//.test(p)) return null;
  p = p.replace(/:\d+(?::\d+)?(?:-\d+)?$/, '');
  return p === '' ? null : p;
}

/**
 * An open task of a spec-kit or Kiro task list ("- [ ] T027 [P] Parser tests in test/unit/parser_test.dart"): both
 * formats name in each task the exact file it works on, and a task still to do may bring it into being, whatever
 * language its verb is in. A ticked task ("- [x]") is done: its file must exist.
 */
const OPEN_TASK = /^\s*[-*+]\s+\[ \]/;
export const TICKED_TASK = /^\s*(?:[-*+]|\d+[.)])\s+\[[xX]\]/;

/**
 * The new name of a rename ("rename `a.ts` to `b.ts`", "`src/proxy.ts` へのリネーム", "重命名为 `b.ts`", "renomear para
 * `b.ts`"): the rename writes it, so it need not exist yet. Not "renamed to `b.ts`": a rename done must have written it.
 */
export function renameTarget(line: string, startChar: number, endChar: number): boolean {
  return RENAME_TO_BEFORE.test(line.slice(Math.max(0, startChar - 80), startChar)) || RENAME_TO_AFTER.test(line.slice(endChar, endChar + 20));
}
const RENAME_TO_BEFORE =
  /(?:\brenam(?:e|es|ing)\b[^.;:!?]{0,60}?\b(?:to|as|into)|\brenomear\b[^.;:!?]{0,60}?\bpara|\brenombrar\b[^.;:!?]{0,60}?\ba|\bumbenennen\b[^.;:!?]{0,60}?\bin|\brenommer\b[^.;:!?]{0,60}?\ben|重命名为|改名为|更名为)\s*[`'"]?$/i;
const RENAME_TO_AFTER = /^[`'"]?\s*(?:への|に)(?:リネーム|改名|名前変更)/;

/** "→ `.tsx`", "-> .ts": the new side of a rename that changes only the extension. */
const RENAMED_EXTENSION = /^[`'"]*\s*(?:→|->|=>)\s*[`'"]*(\.[A-Za-z]\w{0,9})(?![\w./])/;

/**
 * Paths the plan creates, moves to or deletes (see isCreatedByPlan), plus
 * "/<basename>" keys so a later bare mention ("`store.hpp`") of a created
 * "include/store.hpp" counts too. A deliverable bullet or heading that opens
 * with the path ("- `src/new.ts`: …", "### 2. `include/a.hpp`") names what
 * its step produces.
 */
export function createdPaths(plan: Plan): Set<string> {
  const inCreationBlock = creationBlockLines(plan.lines);
  const taskList = plan.format === 'spec-kit-tasks' || plan.format === 'kiro-tasks';
  const out = new Set<string>();
  for (const ref of plan.referencedPaths) {
    const path = readerPath(ref.path);
    if (path === null) continue;
    const mentions = ref.ranges && ref.ranges.length > 0 ? ref.ranges : [ref.range];
    const made = mentions.some((r) => {
      const line = plan.lines[r.startLine] ?? '';
      return (
        // A ticked task ("- [x] T012 Create `src/db/factory.ts`") is done: what it created must exist now. Only what
        // absentByDesign reads (a deletion or move away, a generated file, "(if exists)") still explains a missing one.
        TICKED_TASK.test(line)
          ? absentByDesign(line, r.startChar, r.endChar)
          : inCreationBlock.has(r.startLine) ||
              isCreatedByPlan(line, r.startChar, r.endChar) ||
              fileLabelOfCreatingStep(plan.lines, r.startLine) ||
              pathLabelOverFullText(plan.lines, r.startLine, r.startChar, r.endChar) ||
              folderLabelOverItsCode(plan.lines, r.startLine, r.startChar, r.endChar) ||
              renameTarget(line, r.startChar, r.endChar) ||
              tableColumnCreates(plan.lines, r.startLine, r.startChar) ||
              testFileOfTask(line, path) ||
              opensDeliverable(line.slice(0, r.startChar)) ||
              (taskList && OPEN_TASK.test(line))
      );
    });
    for (const r of mentions) {
      // "`src/popup/main.jsx` → `.tsx`": the rename writes src/popup/main.tsx.
      const renamed = RENAMED_EXTENSION.exec((plan.lines[r.startLine] ?? '').slice(r.endChar, r.endChar + 40));
      if (renamed && /\.[^./]+$/.test(path)) {
        const target = path.replace(/\.[^./]+$/, renamed[1] as string);
        out.add(target);
        out.add(`/${target.slice(target.lastIndexOf('/') + 1)}`);
      }
    }
    if (!made) continue;
    out.add(path);
    out.add(`/${path.slice(path.lastIndexOf('/') + 1)}`);
  }
  return out;
}
