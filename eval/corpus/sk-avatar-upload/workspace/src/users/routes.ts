import { Router } from 'express';
export const usersRouter = Router();
usersRouter.get('/users/:id', (_req, res) => res.json({}));
