import { db } from '../db';

export async function findUserByEmail(email: string) {
  return db('users').where({ email: email.toLowerCase() }).first();
}

export async function createUser(email: string, displayName: string) {
  const [row] = await db('users').insert({ email: email.toLowerCase(), display_name: displayName }).returning('*');
  return row;
}
