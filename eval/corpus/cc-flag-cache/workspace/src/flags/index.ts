import { pool } from '../db';

export interface FlagRule { flag: string; enabled: boolean; percent: number; allowUsers: string[] }

/** Evaluates a flag for a user straight from the database (one query per call). */
export async function isEnabled(flag: string, userId: string): Promise<boolean> {
  const { rows } = await pool.query<FlagRule>('SELECT * FROM feature_flags WHERE flag = $1', [flag]);
  const rule = rows[0];
  if (!rule || !rule.enabled) return false;
  if (rule.allowUsers.includes(userId)) return true;
  return bucketOf(userId, flag) < rule.percent;
}

export function bucketOf(userId: string, flag: string): number {
  let h = 0;
  for (const ch of `${flag}:${userId}`) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h % 100;
}
