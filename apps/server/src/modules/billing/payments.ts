import type Stripe from 'stripe';
import { priceCents } from '@flowsmith/shared';
import type { TConfig } from '../../config/config';
import { inTransaction, type TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import {
  recordPaymentEvent,
  updateSubscription,
  type TPlanRow,
  type TSubscriptionRow,
} from './billing.repo';
import {
  activateSubscription,
  endSubscriptionByRef,
  renewSubscription,
} from './subscription-activation';

export type TPurchase = {
  subscription: TSubscriptionRow;
  plan: TPlanRow;
  buyer: { id: string; email: string };
};

/**
 * How purchases are paid. `begin` runs in the transaction that stored the pending subscription:
 * it activates it at once, or answers where the buyer pays (then `webhook` activates it).
 */
export type TPaymentProvider = {
  readonly name: 'local' | 'stripe';
  begin(tx: TDb, purchase: TPurchase): Promise<{ checkoutUrl: string | null }>;
  /** Verifies and applies a provider event; a bad signature is a 400 and changes nothing. */
  webhook(db: TDb, rawBody: Buffer, signature: string | undefined): Promise<{ applied: boolean }>;
};

/** The default: the plan is active at once and a paid invoice is recorded. */
export const localPayments: TPaymentProvider = {
  name: 'local',
  async begin(tx, { subscription, plan }) {
    await activateSubscription(tx, subscription.id, {
      amountCents: priceCents(plan, subscription.period, subscription.seats),
      invoiceRef: null,
      providerRef: null,
    });
    return { checkoutUrl: null };
  },
  webhook() {
    throw new AppError('not_found', 'Payments are local; there is no payment webhook');
  },
};

const unavailable = () =>
  new AppError('unavailable', 'The payment provider could not be reached; nothing was bought');

/** A Stripe failure is the provider's, not the buyer's: a 503, and the purchase is rolled back. */
async function createSession(stripe: Stripe, params: Stripe.Checkout.SessionCreateParams) {
  try {
    return await stripe.checkout.sessions.create(params);
  } catch {
    throw unavailable();
  }
}

const badSignature = () => AppError.validation('stripe-signature', 'The signature does not match');

/** Stripe Checkout for purchases; its webhook activates and ends subscriptions. */
export function stripePayments(
  stripeConfig: NonNullable<TConfig['stripe']>,
  publicUrl: string,
): TPaymentProvider {
  const api = stripeConfig.apiUrl ? new URL(stripeConfig.apiUrl) : undefined;
  // Stripe's SDK is a large module: it loads with the first purchase or webhook, not at start.
  let client: Promise<Stripe> | undefined;
  const stripe = () =>
    (client ??= import('stripe').then(
      ({ default: StripeClient }) =>
        new StripeClient(stripeConfig.secretKey, {
          maxNetworkRetries: 2,
          ...(api
            ? {
                host: api.hostname,
                port: api.port || (api.protocol === 'https:' ? 443 : 80),
                protocol: api.protocol === 'https:' ? 'https' : 'http',
              }
            : {}),
        }),
    ));
  return {
    name: 'stripe',
    async begin(tx, { subscription, plan, buyer }) {
      const session = await createSession(await stripe(), {
        mode: 'subscription',
        customer_email: buyer.email,
        client_reference_id: subscription.id,
        metadata: { subscriptionId: subscription.id },
        subscription_data: { metadata: { subscriptionId: subscription.id } },
        line_items: [
          {
            quantity: subscription.seats,
            price_data: {
              currency: 'usd',
              unit_amount:
                subscription.period === 'yearly' ? plan.priceYearlyCents : plan.priceMonthlyCents,
              recurring: { interval: subscription.period === 'yearly' ? 'year' : 'month' },
              product_data: { name: `Flowsmith ${plan.name}` },
            },
          },
        ],
        success_url: `${publicUrl}/subscribe?checkout=success`,
        cancel_url: `${publicUrl}/subscribe?checkout=cancelled`,
      });
      if (!session.url) throw unavailable();
      // The session's id until the webhook names the Stripe subscription.
      await updateSubscription(tx, subscription.id, { providerRef: session.id });
      return { checkoutUrl: session.url };
    },
    async webhook(db, rawBody, signature) {
      if (!signature) throw badSignature();
      const { webhooks } = await stripe();
      let event: Stripe.Event;
      try {
        event = webhooks.constructEvent(rawBody, signature, stripeConfig.webhookSecret);
      } catch {
        throw badSignature();
      }
      return applyStripeEvent(db, event);
    },
  };
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

const fromUnix = (seconds: number) => new Date(seconds * 1000);

/** A subscription's invoice paid: a renewal extends it to the end of the period paid for. */
async function applyPaidInvoice(tx: TDb, invoice: Stripe.Invoice) {
  // The first invoice is the purchase itself, which Checkout's event activates.
  if (invoice.billing_reason === 'subscription_create' || !invoice.id) return;
  const subscriptionRef = idOf(invoice.parent?.subscription_details?.subscription);
  const period = invoice.lines.data[0]?.period;
  if (!subscriptionRef || !period) return;
  await renewSubscription(tx, subscriptionRef, {
    amountCents: invoice.amount_paid,
    invoiceRef: invoice.id,
    periodStart: fromUnix(period.start),
    periodEnd: fromUnix(period.end),
  });
}

async function applyStripeEvent(db: TDb, event: Stripe.Event) {
  return inTransaction(db, async (tx) => {
    // The event row and its effect commit together, so a redelivery finds it and does nothing.
    if (!(await recordPaymentEvent(tx, { id: event.id, provider: 'stripe', type: event.type })))
      return { applied: false };
    if (event.type === 'checkout.session.completed') {
      const session = event.data.object;
      const subscriptionId = session.metadata?.subscriptionId ?? session.client_reference_id;
      if (!subscriptionId || session.payment_status === 'unpaid') return { applied: true };
      await activateSubscription(tx, subscriptionId, {
        amountCents: session.amount_total ?? 0,
        invoiceRef: idOf(session.invoice) ?? session.id,
        providerRef: idOf(session.subscription) ?? session.id,
      });
    } else if (event.type === 'invoice.paid') {
      await applyPaidInvoice(tx, event.data.object);
    } else if (event.type === 'customer.subscription.deleted') {
      await endSubscriptionByRef(tx, event.data.object.id);
    }
    return { applied: true };
  });
}
