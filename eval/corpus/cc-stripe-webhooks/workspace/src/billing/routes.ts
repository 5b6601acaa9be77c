import { Router } from 'express';
import { stripe } from './stripe';

export const billingRouter = Router();

billingRouter.post('/checkout', async (req, res) => {
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: req.body.priceId, quantity: 1 }],
    success_url: 'https://studio.example.com/billing/done',
  });
  res.json({ url: session.url });
});
