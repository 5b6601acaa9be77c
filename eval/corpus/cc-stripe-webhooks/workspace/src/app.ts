import express from 'express';
import { billingRouter } from './billing/routes';

export const app = express();
// Parses every JSON body once for all routes.
app.use(express.json({ limit: '1mb' }));
app.use('/billing', billingRouter);
