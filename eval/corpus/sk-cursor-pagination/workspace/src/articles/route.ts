import type { FastifyInstance } from 'fastify';
import { listArticles } from './list';

export async function articleRoutes(app: FastifyInstance) {
  app.get('/articles', async (req) => listArticles(Number((req.query as { page?: string }).page ?? 1)));
}
