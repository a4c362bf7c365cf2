import type { FastifyInstance } from 'fastify';
import {
  ZBillingOverview,
  ZIdParams,
  ZProjectBudget,
  ZProjectBudgetUpdate,
} from '@flowsmith/shared';
import { moduleRoutes } from '../module-routes';
import * as billing from './billing.service';

/** Stripe's events, read as the bytes that were signed. */
async function stripeWebhook(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/billing/stripe/webhook',
    { config: { public: true }, schema: { tags: ['billing'], hide: true } },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      return app.payments.webhook(
        app.db,
        request.body as Buffer,
        typeof signature === 'string' ? signature : undefined,
      );
    },
  );
}

/**
 * The caller's plan and usage, project budgets, and the payment provider's webhook. Plans,
 * subscriptions (purchases) and invoices are generic resources.
 */
export async function billingRoutes(app: FastifyInstance) {
  const { r, db } = moduleRoutes(app, 'billing');

  r.get('/billing', { schema: { response: { 200: ZBillingOverview } } }, (request) =>
    billing.overview(db, request.user, app.payments),
  );

  r.get(
    '/projects/:id/budget',
    { schema: { params: ZIdParams, response: { 200: ZProjectBudget } } },
    (request) => billing.projectBudget(db, request.user, request.params.id),
  );

  r.put(
    '/projects/:id/budget',
    {
      schema: { params: ZIdParams, body: ZProjectBudgetUpdate, response: { 200: ZProjectBudget } },
    },
    (request) =>
      billing.setProjectBudget(db, request.user, request.params.id, request.body.monthlyCapCents),
  );

  await app.register(stripeWebhook);
}
