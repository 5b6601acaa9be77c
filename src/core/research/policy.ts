/**
 * What the research tools may read: the built-in secret deny list, the
 * user's extra deny globs and the workspace's `.gitignore` files (root and
 * nested). Rules use gitignore syntax (the `ignore` package), so `*.pem`
 * matches at any depth and `secrets/` matches a directory and everything
 * below it.
 */
import ignore, { type Ignore } from 'ignore';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';

/**
 * Secrets and credentials never read or sent. Users can add to this list
 * (setting `denyGlobs`), never remove from it.
 */
export const DEFAULT_DENY_GLOBS: readonly string[] = [
  '.git/',
  '.env',
  '.env.*',
  '*.pem',
  '*.key',
  'id_rsa*',
  'id_dsa*',
  'id_ecdsa*',
  'id_ed25519*',
  '*.p12',
  '*.pfx',
  '*.crt',
  '*.cer',
  '*.der',
  '*.jks',
  '*.keystore',
  '*.kdbx',
  '.npmrc',
  '.yarnrc.yml',
  '.pypirc',
  '.netrc',
  '.git-credentials',
  '.htpasswd',
  '.ssh/',
  '.aws/',
  '.gnupg/',
  '.docker/config.json',
  'secrets/',
  '.secrets/',
  'credentials.json',
  '*.tfstate',
  '*.tfvars',
];

/** Directories skipped by grep and list_files (not refused for read_file). */
export const SKIPPED_DIRS: readonly string[] = ['node_modules'];

export type Denial = { rule: string; message: string };

/**
 * One policy per workspace root. Holds a cache of parsed `.gitignore` files
 * (an instance field, so it lives as long as the toolbox that owns it).
 */
export class AccessPolicy {
  private readonly deny: Ignore;
  private readonly gitignores = new Map<string, Promise<Ignore | null>>();

  constructor(
    private readonly root: string,
    denyGlobs: readonly string[] = [],
  ) {
    this.deny = ignore().add([...DEFAULT_DENY_GLOBS, ...denyGlobs.filter((g) => typeof g === 'string' && g.trim() !== '')]);
  }

  /**
   * Why `rel` (workspace-relative POSIX, non-empty) may not be read, or null.
   * `isDir` lets directory-only rules (`secrets/`) match the directory itself.
   */
  async denialFor(rel: string, isDir = false): Promise<Denial | null> {
    if (rel === '') return null;
    try {
      return await this.check(rel, isDir);
    } catch {
      // `ignore` throws on path shapes it cannot judge; unjudgeable means unreadable.
      return { rule: 'unsupported-path', message: `refused: "${rel}" is a path the access rules cannot judge` };
    }
  }

  private async check(rel: string, isDir: boolean): Promise<Denial | null> {
    const probe = isDir ? `${rel}/` : rel;
    const denied = this.deny.test(probe);
    if (denied.ignored) {
      const rule = denied.rule?.pattern ?? 'deny list';
      return { rule: `deny:${rule}`, message: `refused: "${rel}" matches the secret deny rule "${rule}"; its content is never read or sent` };
    }
    return this.gitignoreDenial(rel, isDir);
  }

  private async gitignoreDenial(rel: string, isDir: boolean): Promise<Denial | null> {
    const segments = rel.split('/');
    let ignoredBy: string | null = null;
    for (let depth = 0; depth < segments.length; depth++) {
      const dir = segments.slice(0, depth).join('/');
      const rules = await this.gitignoreOf(dir);
      if (!rules) continue;
      const below = segments.slice(depth).join('/') + (isDir ? '/' : '');
      const result = rules.test(below);
      const where = dir === '' ? '.gitignore' : `${dir}/.gitignore`;
      if (result.ignored) ignoredBy = `${where} ("${result.rule?.pattern ?? '?'}")`;
      else if (result.unignored) ignoredBy = null;
    }
    if (!ignoredBy) return null;
    return { rule: 'gitignore', message: `refused: "${rel}" is ignored by ${ignoredBy}; ignored files are never read or sent` };
  }

  private gitignoreOf(dir: string): Promise<Ignore | null> {
    let cached = this.gitignores.get(dir);
    if (!cached) {
      cached = fs
        .readFile(path.join(this.root, dir, '.gitignore'), 'utf8')
        .then((text) => ignore().add(text.slice(0, 256 * 1024)))
        .catch(() => null);
      this.gitignores.set(dir, cached);
    }
    return cached;
  }
}
