import type { NextFunction, Request, Response } from 'express';
import { verifySession } from './session';

export interface AuthedRequest extends Request {
  user: { id: string; tenantId: string; role: 'member' | 'admin' };
}

/** Rejects requests without a valid session; sets req.user. */
export async function requireAuth(req: Request, res: Response, next: NextFunction) {
  const user = await verifySession(req.headers.authorization);
  if (!user) return res.status(401).json({ error: 'unauthenticated' });
  (req as AuthedRequest).user = user;
  next();
}

export function requireRole(role: 'admin') {
  return (req: Request, res: Response, next: NextFunction) =>
    (req as AuthedRequest).user?.role === role ? next() : res.status(403).json({ error: 'forbidden' });
}
