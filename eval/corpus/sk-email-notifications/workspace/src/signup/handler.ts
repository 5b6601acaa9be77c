import type { Request, Response } from 'express';
import { createAccount } from './accounts';
import { sendWelcomeEmail } from '../mail/send';

export async function signup(req: Request, res: Response) {
  const user = await createAccount(req.body.email, req.body.password);
  await sendWelcomeEmail(user.email, user.displayName);
  res.status(201).json({ id: user.id });
}
