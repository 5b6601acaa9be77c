import { pool } from '../db';
import type { Ctx } from '../http/context';

export async function issueRefund(ctx: Ctx, invoiceId: string, cents: number) {
  await pool.query('INSERT INTO refunds (invoice_id, cents, created_by) VALUES ($1, $2, $3)', [invoiceId, cents, ctx.state.userId]);
}
