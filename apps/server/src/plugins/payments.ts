import fp from 'fastify-plugin';
import { localPayments, stripePayments, type TPaymentProvider } from '../modules/billing/payments';

declare module 'fastify' {
  interface FastifyInstance {
    /** How purchases are paid: `local` by default, Stripe when its keys are set. */
    payments: TPaymentProvider;
  }
}

export const paymentsPlugin = fp(
  async (app) => {
    app.decorate(
      'payments',
      app.config.stripe ? stripePayments(app.config.stripe, app.config.publicUrl) : localPayments,
    );
  },
  { name: 'payments' },
);
