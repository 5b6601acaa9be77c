import { db } from '../db';

export async function productById(id: string) {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
}
