/**
 * Labels that name a file or a place: "**File:** `x`", "**文件**: `x`", "Caminho: `apps/api/`". Plain data, by
 * language. Read by file-operations.ts (see README.md).
 */
import type { Wording } from './words';

/** A label whose value is one file of the step: "**File:** `x`", "- Files: `a`, `b`", "**文件**: `x`", "Datei:". */
export const FILE_LABEL: Wording = {
  en: ['file', 'files'],
  es: ['archivo', 'archivos'],
  pt: ['arquivo', 'arquivos'],
  fr: ['fichier', 'fichiers'],
  de: ['datei', 'dateien'],
  zh: ['文件'],
  ja: ['ファイル'],
};

/** A label whose value is where the work goes: "Path:", "Caminho:", "Ruta:", "Pfad:", "Chemin:", "路径：", "パス:", "경로:". */
export const PLACE_LABEL: Wording = {
  en: ['path', 'location', 'folder', 'directory'],
  pt: ['caminho', 'pasta', 'diretório', 'diretorio'],
  es: ['ruta', 'carpeta', 'directorio'],
  de: ['pfad', 'ordner', 'verzeichnis'],
  fr: ['chemin', 'dossier', 'répertoire', 'repertoire'],
  zh: ['路径', '目录', '位置'],
  ja: ['パス', 'フォルダ', 'ディレクトリ'],
  ko: ['경로', '폴더'],
};

/** A table's first header cell that names files: "File", "Files", "Fichier", "Archivo", "Arquivo", "Datei", "Path", "文件", "ファイル", "파일". */
export const FILE_COLUMN: Wording = {
  en: ['file', 'files', 'path', 'paths'],
  fr: ['fichier', 'fichiers', 'chemin', 'chemins'],
  es: ['archivo', 'archivos', 'ruta', 'rutas'],
  pt: ['arquivo', 'arquivos', 'caminho', 'caminhos'],
  de: ['datei', 'dateien'],
  zh: ['文件', '檔案'],
  ja: ['ファイル'],
  ko: ['파일'],
};

/** A superpowers-style "Files:" entry's label, before its colon: "- Modify: `README.md`", "- **Create**: `docs/x.md`". */
export const FILE_ACTION_LABEL: Wording = {
  en: ['create', 'modify', 'update', 'edit', 'test'],
};
