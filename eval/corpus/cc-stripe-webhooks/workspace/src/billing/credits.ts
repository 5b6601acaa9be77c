import { pool } from '../db';

/** Adds credits to a workspace balance. Not idempotent: each call adds. */
export async function grantCredits(workspaceId: string, amount: number) {
  await pool.query('UPDATE workspaces SET credits = credits + $2 WHERE id = $1', [workspaceId, amount]);
}
