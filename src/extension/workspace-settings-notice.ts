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
import { parse, type ParseError } from 'jsonc-parser';
import { readConfinedFile } from '../core/research/confined-read';
import { SETTINGS_SECTION, userOnlySettings } from '../core/settings';

const MAX_SETTINGS_BYTES = 1024 * 1024;

/** The user-only `verifyPlan.*` keys a settings file's text sets (flat `a.b` keys or a nested `verifyPlan` object). */
export function userOnlyKeysIn(text: string): string[] {
  const errors: ParseError[] = [];
  const json = parse(text, errors, { allowTrailingComma: true, disallowComments: false }) as unknown;
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return [];
  const top = json as Record<string, unknown>;
  const nested = typeof top[SETTINGS_SECTION] === 'object' && top[SETTINGS_SECTION] !== null ? (top[SETTINGS_SECTION] as Record<string, unknown>) : {};
  return userOnlySettings()
    .filter((key) => Object.hasOwn(top, `${SETTINGS_SECTION}.${key}`) || Object.hasOwn(nested, key))
    .map((key) => `${SETTINGS_SECTION}.${key}`);
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
