import type { Context } from 'koa';

/** Per-request data handlers read; set by the auth middleware. */
export interface Ctx extends Context {
  state: { userId: string; orgId: string; requestId: string };
}
