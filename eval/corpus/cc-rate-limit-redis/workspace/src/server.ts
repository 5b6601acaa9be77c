import express from 'express';
import { apiKeyAuth } from './middleware/auth';

const app = express();
app.set('trust proxy', 1);
app.use(apiKeyAuth);
app.get('/v1/quotes', (_req, res) => res.json([]));
app.listen(8080);
