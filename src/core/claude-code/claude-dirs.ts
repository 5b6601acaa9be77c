/** Claude Code's own folders, as its settings and hooks documentation names them. */
import path from 'node:path';

/** The cap on a Claude Code settings file the product reads or rewrites. */
export const MAX_SETTINGS_BYTES = 1024 * 1024;

/** `$CLAUDE_CONFIG_DIR` (absolute) or `$HOME/.claude`. */
export function claudeConfigDir(env: NodeJS.ProcessEnv): string | null {
  const configured = env.CLAUDE_CONFIG_DIR?.trim();
  if (configured && path.isAbsolute(configured)) return path.resolve(configured);
  const home = env.HOME?.trim();
  return home && path.isAbsolute(home) ? path.join(home, '.claude') : null;
}
