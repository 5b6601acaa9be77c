import { Router } from 'express';
import { pool } from '../db/pool';
import { requireAuth, type AuthedRequest } from '../auth/middleware';

export const ordersRouter = Router();

/** Orders of the caller's tenant, newest first, 50 per page. */
export async function listOrders(tenantId: string, opts: { status?: string; before?: string } = {}) {
  const { rows } = await pool.query(
    `SELECT id, customer_id, status, total_cents, created_at FROM orders
      WHERE tenant_id = $1 AND ($2::text IS NULL OR status = $2) AND ($3::timestamptz IS NULL OR created_at < $3)
      ORDER BY created_at DESC LIMIT 50`,
    [tenantId, opts.status ?? null, opts.before ?? null],
  );
  return rows;
}

ordersRouter.get('/api/orders', requireAuth, async (req, res) => {
  const user = (req as AuthedRequest).user;
  res.json(await listOrders(user.tenantId, { status: req.query.status as string | undefined }));
});
