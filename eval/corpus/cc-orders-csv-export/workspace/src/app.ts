import express from 'express';
import { ordersRouter } from './routes/orders';

export const app = express();
app.use(express.json());
app.use(ordersRouter);
