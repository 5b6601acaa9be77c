/**
 * User-only settings (`trust: 'user'` in the settings table) are declared
 * with `"scope": "machine"`, so VS Code drops a value a workspace's
 * `.vscode/settings.json` gives them before the extension can see it
 * (`inspect()` no longer reports it). The user should still learn that the
 * repository tried: each workspace folder's settings file is read (through
 * the confined reader: a regular file inside the folder, no link, at most
 * 1 MiB), and every user-only key it sets is logged once, by name.
 */
import * as path from 'node:path';
import { readConfinedFile } from '../core/research/confined-read';
import { SETTINGS_SECTION, userOnlySettings } from '../core/settings';

const MAX_SETTINGS_BYTES = 1024 * 1024;

/** The user-only `verifyPlan.*` keys a settings file's text sets (flat `a.b` keys or a nested `verifyPlan` object). */
export function userOnlyKeysIn(text: string): string[] {
  let json: unknown;
  try {
    json = JSON.parse(plainJson(text));
  } catch {
    return [];
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return [];
  const top = json as Record<string, unknown>;
  const nested = typeof top[SETTINGS_SECTION] === 'object' && top[SETTINGS_SECTION] !== null ? (top[SETTINGS_SECTION] as Record<string, unknown>) : {};
  return userOnlySettings()
    .filter((key) => Object.hasOwn(top, `${SETTINGS_SECTION}.${key}`) || Object.hasOwn(nested, key))
    .map((key) => `${SETTINGS_SECTION}.${key}`);
}

/**
 * VS Code's settings files are JSON with comments and trailing commas: both
 * removed outside strings, so JSON.parse can read the rest. A file that is
 * still not JSON names no setting.
 */
export function plainJson(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j;
    } else if (ch === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (ch === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
      out += ' ';
    } else out += ch;
  }
  return out.replace(/,(\s*[}\]])/g, '$1');
}

/** Logs each user-only setting a workspace folder's `.vscode/settings.json` sets, once per setting and folder. */
export class WorkspaceSettingsNotice {
  private readonly logged = new Set<string>();

  /** `log`: the extension's log channel (only `warn` is used; no `vscode` import, so this file is unit-testable). */
  constructor(private readonly log: { warn(message: string): void }) {}

  async check(folders: readonly string[]): Promise<void> {
    for (const folder of folders) {
      const file = path.join(folder, '.vscode', 'settings.json');
      const read = await readConfinedFile(file, { maxBytes: MAX_SETTINGS_BYTES, singleLink: false, root: folder });
      if (!read.ok) continue;
      for (const setting of userOnlyKeysIn(read.buffer.toString('utf8'))) {
        const once = `${folder}\0${setting}`;
        if (this.logged.has(once)) continue;
        this.logged.add(once);
        this.log.warn(`${setting}: set in ${file}; ignored, only your user settings may set it (a repository cannot redirect your key, spend your money or widen what is read)`);
      }
    }
  }
}
