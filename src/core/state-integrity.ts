/**
 * Run state is trusted only when the product wrote it for this user. A
 * repository can ship a `.verify-plan/` folder whose run files mark
 * challenges RESOLVED or "overridden" by the user, and the key of a plan's
 * folder (a hash of the absolute plan path) is predictable on CI runners.
 *
 * Contract: every saved run file carries `integrity`, an HMAC-SHA256 of the
 * run's JSON (the file's content without that field) keyed by a per-user
 * secret kept outside the repository (the CLI: `cli/state-key.ts`; the
 * extension: SecretStorage). A file whose tag is missing or wrong (copied
 * from another machine, committed, edited) is not a run of ours: the store
 * ignores it with one note and its decisions never reach a prompt.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const INTEGRITY_FIELD = 'integrity';
/** 32 random bytes: the size of the HMAC-SHA256 block's useful key. */
export const STATE_KEY_BYTES = 32;

/** Where the key comes from: bytes, or a loader run once on first use (SecretStorage is asynchronous). */
export type StateKeySource = Buffer | (() => Promise<Buffer>);

export function newStateKey(): Buffer {
  return randomBytes(STATE_KEY_BYTES);
}

function tagOf(key: Buffer, json: string): string {
  return createHmac('sha256', key).update(json, 'utf8').digest('hex');
}

/** The file content for a run: its JSON with the tag as the last field. */
export function sealRun(run: object, key: Buffer): string {
  const tag = tagOf(key, JSON.stringify(run));
  return `${JSON.stringify({ ...run, [INTEGRITY_FIELD]: tag }, null, 2)}\n`;
}

/** The run object when `parsed` (a run file's JSON) carries a valid tag for `key`, else null. */
export function openSealedRun(parsed: unknown, key: Buffer): unknown {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const { [INTEGRITY_FIELD]: tag, ...run } = parsed as Record<string, unknown>;
  if (typeof tag !== 'string' || !/^[0-9a-f]{64}$/.test(tag)) return null;
  const expected = Buffer.from(tagOf(key, JSON.stringify(run)), 'hex');
  return timingSafeEqual(expected, Buffer.from(tag, 'hex')) ? run : null;
}

/** Memoises a key source; a loader that fails is retried on the next call. */
export function keyLoader(source: StateKeySource | undefined): () => Promise<Buffer> {
  if (source === undefined) {
    const own = newStateKey();
    return () => Promise.resolve(own);
  }
  if (Buffer.isBuffer(source)) return () => Promise.resolve(source);
  let pending: Promise<Buffer> | null = null;
  return () => {
    pending ??= source().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}
