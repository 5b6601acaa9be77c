/**
 * The extension's per-user state key (src/core/state-integrity.ts), kept in
 * SecretStorage (the OS keychain), never in the workspace: created on first
 * use, so run files the extension did not write for this user are ignored.
 */
import type * as vscode from 'vscode';
import { newStateKey, STATE_KEY_BYTES } from '../core/state-integrity';

const SECRET_NAME = 'verifyPlan.stateKey';

export async function extensionStateKey(secrets: vscode.SecretStorage): Promise<Buffer> {
  const stored = await secrets.get(SECRET_NAME);
  if (stored && new RegExp(`^[0-9a-f]{${STATE_KEY_BYTES * 2}}$`).test(stored)) return Buffer.from(stored, 'hex');
  const key = newStateKey();
  await secrets.store(SECRET_NAME, key.toString('hex'));
  return key;
}
