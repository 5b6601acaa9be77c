import type { NextFunction, Request, Response } from 'express';

/** Sets req.apiKeyId from the X-Api-Key header, or answers 401. */
export function apiKeyAuth(req: Request & { apiKeyId?: string }, res: Response, next: NextFunction) {
  const key = req.header('x-api-key');
  if (!key) return res.status(401).end();
  req.apiKeyId = key.slice(0, 12);
  next();
}
