/**
 * The CLI's per-user state key (src/core/state-integrity.ts): 32 random
 * bytes, hex, in `$XDG_CONFIG_HOME/verify-plan/state-key` (default
 * `~/.config/verify-plan/state-key`), outside every repository. Created on
 * first use with mode 0600 in a folder of mode 0700; a key file that is not
 * a regular file of the user's, or is readable by others, is refused.
 *
 * In CI (`CI=true`) the key is never created: without one the CLI reads no
 * stored state at all (a runner's workspace is the repository's), only
 * saves this run's state under a key of this process.
 */
import { constants, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readConfinedFile } from '../core/research/confined-read';
import { newStateKey, STATE_KEY_BYTES } from '../core/state-integrity';
import { createFileRunStore, type FileRunStore, type FileRunStoreOptions } from '../core/store';

export function stateKeyFile(env: Readonly<Record<string, string | undefined>>, home = os.homedir()): string {
  const config = env.XDG_CONFIG_HOME?.trim() || path.join(home, '.config');
  return path.join(config, 'verify-plan', 'state-key');
}

export function isCi(env: Readonly<Record<string, string | undefined>>): boolean {
  const ci = (env.CI ?? '').trim().toLowerCase();
  return ci === 'true' || ci === '1';
}

export type StateKey = { key: Buffer; readStored: true } | { key: null; readStored: false; why: string };

/** The user's key (created unless `create` is false), or why stored state is not read. */
export async function loadStateKey(file: string, create: boolean): Promise<StateKey> {
  const read = await readConfinedFile(file, { maxBytes: 1024, singleLink: true, followFinalLink: false });
  if (read.ok) {
    const stats = await fs.stat(file);
    if ((stats.mode & 0o077) !== 0) return { key: null, readStored: false, why: `${file} is readable by other users (chmod 600 it)` };
    const hex = read.buffer.toString('utf8').trim();
    if (!new RegExp(`^[0-9a-f]{${STATE_KEY_BYTES * 2}}$`).test(hex)) return { key: null, readStored: false, why: `${file} does not hold a key` };
    return { key: Buffer.from(hex, 'hex'), readStored: true };
  }
  if (read.rule !== 'not-found') return { key: null, readStored: false, why: `${file} ${read.detail}` };
  if (!create) return { key: null, readStored: false, why: `no state key (${file}) in CI` };
  const key = newStateKey();
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    const handle = await fs.open(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600);
    try {
      await handle.writeFile(`${key.toString('hex')}\n`);
    } finally {
      await handle.close();
    }
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadStateKey(file, false);
    throw error;
  }
  return { key, readStored: true };
}

/**
 * The CLI's run store: keyed by the user's state key. In the Action
 * (`storedState: false`) and in CI without a key, stored runs are not read
 * at all; `note` says so once.
 */
export async function openCliRunStore(
  stateDir: string,
  env: Readonly<Record<string, string | undefined>>,
  options: { storedState?: boolean; onUnreadable?: FileRunStoreOptions['onUnreadable']; note?: (line: string) => void } = {},
): Promise<FileRunStore> {
  const onUnreadable = options.onUnreadable;
  if (options.storedState === false) return createFileRunStore(stateDir, { readStored: false, ...(onUnreadable ? { onUnreadable } : {}) });
  const loaded = await loadStateKey(stateKeyFile(env), !isCi(env)).catch((error: unknown): StateKey => ({ key: null, readStored: false, why: (error as Error).message }));
  if (!loaded.readStored) {
    options.note?.(`Stored runs are not read: ${loaded.why}.`);
    return createFileRunStore(stateDir, { readStored: false, ...(onUnreadable ? { onUnreadable } : {}) });
  }
  return createFileRunStore(stateDir, { key: loaded.key, ...(onUnreadable ? { onUnreadable } : {}) });
}
