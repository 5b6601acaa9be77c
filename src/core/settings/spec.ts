/**
 * What one entry of the settings table says (settings.ts assembles the table
 * from the files beside this one). A spec is data only: the manifest, the
 * readers and the CLI flags are derived from it in settings.ts and src/cli.
 */
import type * as z from 'zod';

export const SETTINGS_SECTION = 'verifyPlan';

export type SettingReader = 'extension' | 'server' | 'cli';

export interface SettingSpec<S extends z.ZodType = z.ZodType> {
  /** Constraints, `.default(…)` and `.describe(markdown)`: the manifest's type, enum, minimum, maximum, default and description come from it. */
  schema: S;
  /** The settings-UI group: the main one or "Static checks". */
  section: 'main' | 'staticChecks';
  order: number;
  /** The front ends that read the setting (VS Code itself reads the ones with none). */
  readers: readonly SettingReader[];
  enumDescriptions?: readonly string[];
  /** Ignored in workspace settings of untrusted workspaces. */
  restricted?: boolean;
  /**
   * `user`: a setting that sends the key, spends money or widens what is read
   * comes only from the user's own settings. The manifest gets
   * `"scope": "machine"` (VS Code then ignores workspace values) and the
   * description says so; the extension reads it with `inspect()` and logs a
   * workspace value it ignores. `workspace-inside`: workspace values may only
   * name places inside the workspace (planFolders).
   */
  trust?: 'user' | 'workspace-inside';
  /** The CLI flag (without `--`) and its `--help` line, when the CLI reads the setting. */
  cli?: {
    flag: string;
    arg: string;
    help: string;
    /**
     * A flag that may be given more than once; its texts become the setting's
     * raw value through `fromTexts` (which throws an Error saying what is wrong).
     */
    repeatable?: { fromTexts: (texts: readonly string[]) => unknown };
  };
}

/** Checks an entry against SettingSpec while keeping its schema's own type (so SettingValues stays precise). */
export const spec = <S extends z.ZodType>(s: SettingSpec<S>): SettingSpec<S> => s;
