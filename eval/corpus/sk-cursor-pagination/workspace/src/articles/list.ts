import { pool } from '../db';

/** Published articles, newest first. `page` is 1-based; 25 per page. */
export async function listArticles(page: number) {
  const { rows } = await pool.query(
    'SELECT id, title, published_at FROM articles WHERE published ORDER BY published_at DESC, id DESC LIMIT 25 OFFSET $1',
    [(page - 1) * 25],
  );
  return rows;
}
