import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, expectError, fieldsOf, useWorld, type TWorld } from '../../test/api-world';
import { subscriptions } from '../../db/schema/index';
import { plansOf, buy } from '../../test/billing-fixtures';
import { startFakeStripeServer } from '../../test/fake-stripe-server';

describe('plans, edited by the admin', () => {
  const w = useWorld('pglite');

  it('retires a plan in use instead of deleting it; a retired plan is not sold', async () => {
    const plans = await plansOf(w);
    expectError(
      await w.as.owner.put(`/api/subscription_plans/${plans.pro!.id}`, { priceMonthlyCents: 1 }),
      403,
      'forbidden',
    );
    const edited = await w.as.admin.put(`/api/subscription_plans/${plans.pro!.id}`, {
      name: 'Pro+',
      priceMonthlyCents: 2_500,
      requestsPerMonth: 30_000,
    });
    expect(edited.body).toMatchObject({ name: 'Pro+', priceMonthlyCents: 2_500 });
    await w.created(buy(w, plans.pro!, 1, 'monthly'));
    expectError(await w.as.admin.del(`/api/subscription_plans/${plans.pro!.id}`), 409, 'conflict');
    expectError(await w.as.admin.del(`/api/subscription_plans/${plans.free!.id}`), 409, 'conflict');
    const retired = await w.as.admin.put(`/api/subscription_plans/${plans.pro!.id}`, {
      active: false,
    });
    expect(retired.body.active).toBe(false);
    // Its buyer keeps it; nobody can buy it any more.
    expect((await w.as.owner.get('/api/billing')).body.plan.name).toBe('Pro+');
    const refused = await buy(w, plans.pro!, 1, 'monthly', w.as.stranger);
    expectError(refused, 400, 'validation_error');
    expect(fieldsOf(refused)).toEqual(['planId']);
    expect((await w.as.admin.del(`/api/subscription_plans/${plans.team!.id}`)).status).toBe(204);
  });
});

describe('payments through Stripe', () => {
  const webhookSecret = 'whsec_test_secret';
  let w: TWorld;
  let stripeServer: Awaited<ReturnType<typeof startFakeStripeServer>>;
  const stripe = new Stripe('sk_test_unused');

  beforeAll(async () => {
    stripeServer = await startFakeStripeServer();
    w = await createWorld('pglite', {
      env: {
        STRIPE_SECRET_KEY: 'sk_test_flowsmith',
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_API_URL: stripeServer.url,
      },
    });
  }, 120_000);
  afterAll(async () => {
    await w.t.close();
    await stripeServer.close();
  });

  const deliver = (
    payload: string,
    signature = stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
  ) =>
    w.t.app.inject({
      method: 'POST',
      url: '/api/billing/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });

  const completed = (id: string, subscriptionId: string, sessionId: string) =>
    JSON.stringify({
      id,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          metadata: { subscriptionId },
          client_reference_id: subscriptionId,
          payment_status: 'paid',
          amount_total: 6_000,
          invoice: 'in_test_1',
          subscription: 'sub_test_1',
        },
      },
    });

  it('answers 503 and keeps nothing when Stripe cannot be reached', async () => {
    const plans = await plansOf(w);
    stripeServer.state.down = true;
    const answer = await buy(w, plans.pro!, 1, 'monthly', w.as.stranger);
    stripeServer.state.down = false;
    expectError(answer, 503, 'unavailable');
    expect((await w.as.stranger.get('/api/subscriptions')).body.items).toEqual([]);
  });

  it('sends the buyer to Checkout, activates on the signed event once, and ignores forgeries', async () => {
    const plans = await plansOf(w);
    const bought = await buy(w, plans.pro!, 3, 'monthly');
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    expect(bought.body).toMatchObject({
      status: 'pending',
      provider: 'stripe',
      checkoutUrl: 'https://checkout.stripe.test/cs_test_1',
    });
    const [session] = stripeServer.sessions;
    expect(session!.authorization).toBe('Bearer sk_test_flowsmith');
    expect(session!.form.get('line_items[0][quantity]')).toBe('3');
    expect(session!.form.get('line_items[0][price_data][recurring][interval]')).toBe('month');
    // Still Free until paid.
    expect((await w.as.owner.get('/api/billing')).body.plan.code).toBe('free');

    const event = completed('evt_1', bought.body.id, session!.id);
    const forged = await deliver(event, 't=1,v1=deadbeef');
    expectError({ status: forged.statusCode, body: forged.json() }, 400, 'validation_error');
    const unsigned = await w.t.app.inject({
      method: 'POST',
      url: '/api/billing/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: event,
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await w.as.owner.get('/api/billing')).body.plan.code).toBe('free');

    const first = await deliver(event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ applied: true });
    const again = await deliver(event);
    expect(again.json()).toEqual({ applied: false });

    const overview = (await w.as.owner.get('/api/billing')).body;
    expect(overview).toMatchObject({
      plan: { code: 'pro' },
      subscription: { id: bought.body.id, status: 'active', seats: 3 },
      paymentProvider: 'stripe',
    });
    const invoiceList = (await w.as.owner.get('/api/invoices')).body.items;
    expect(invoiceList).toEqual([
      expect.objectContaining({ amountCents: 6_000, status: 'paid', provider: 'stripe' }),
    ]);

    // The same session paid twice under another event id adds no second invoice.
    await deliver(completed('evt_2', bought.body.id, session!.id));
    expect((await w.as.owner.get('/api/invoices')).body.items).toHaveLength(1);

    const ended = JSON.stringify({
      id: 'evt_3',
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { id: 'sub_test_1', object: 'subscription' } },
    });
    expect((await deliver(ended)).json()).toEqual({ applied: true });
    expect((await w.as.owner.get('/api/billing')).body.plan.code).toBe('free');
  });

  it('extends a renewed subscription to the period its paid invoice covers, once', async () => {
    const plans = await plansOf(w);
    const bought = await w.created(buy(w, plans.pro!, 1, 'monthly', w.as.editor));
    const session = stripeServer.sessions.at(-1)!;
    const paid = JSON.parse(completed('evt_renew_1', bought.id, session.id));
    paid.data.object.invoice = 'in_renew_1';
    paid.data.object.subscription = 'sub_renew';
    expect((await deliver(JSON.stringify(paid))).json()).toEqual({ applied: true });
    // The first period is over: without a renewal the editor is back on Free.
    const lastMonth = new Date(Date.now() - 31 * 86_400_000);
    await w.t.database.db
      .update(subscriptions)
      .set({ currentPeriodStart: lastMonth, currentPeriodEnd: new Date(Date.now() - 60_000) })
      .where(eq(subscriptions.id, bought.id));
    expect((await w.as.editor.get('/api/billing')).body.plan.code).toBe('free');

    const start = Math.floor(Date.now() / 1000) - 60;
    const end = start + 30 * 86_400;
    const renewal = (id: string) =>
      JSON.stringify({
        id,
        object: 'event',
        type: 'invoice.paid',
        data: {
          object: {
            id: 'in_renew_2',
            object: 'invoice',
            billing_reason: 'subscription_cycle',
            amount_paid: 2_000,
            parent: {
              type: 'subscription_details',
              subscription_details: { subscription: 'sub_renew' },
            },
            lines: { object: 'list', data: [{ period: { start, end } }] },
          },
        },
      });
    const applied = await deliver(renewal('evt_renew_2'));
    expect(applied.statusCode, applied.body).toBe(200);
    const overview = (await w.as.editor.get('/api/billing')).body;
    expect(overview).toMatchObject({ plan: { code: 'pro' }, subscription: { id: bought.id } });
    expect(new Date(overview.subscription.currentPeriodEnd).getTime()).toBe(end * 1000);
    // Stripe retries with a new event id: the same invoice is recorded once.
    expect((await deliver(renewal('evt_renew_3'))).json()).toEqual({ applied: true });
    const invoiceList = (await w.as.editor.get('/api/invoices?sort=createdAt')).body.items;
    expect(invoiceList.map((i: { amountCents: number }) => i.amountCents)).toEqual([6_000, 2_000]);
  });
});
