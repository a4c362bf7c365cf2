import type { TBillingPeriod } from '@flowsmith/shared';
import type { TDb } from '../../db/database';
import * as repo from './billing.repo';

export function periodEnd(start: Date, period: TBillingPeriod): Date {
  const end = new Date(start);
  if (period === 'monthly') end.setUTCMonth(end.getUTCMonth() + 1);
  else end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end;
}

/**
 * A paid purchase: the pending subscription becomes active from now, replaces the buyer's other
 * subscriptions and gets its paid invoice. A subscription that is no longer pending is left as
 * it is, so applying the same payment twice changes nothing.
 */
export async function activateSubscription(
  tx: TDb,
  subscriptionId: string,
  payment: { amountCents: number; invoiceRef: string | null; providerRef: string | null },
) {
  const pending = await repo.lockSubscription(tx, subscriptionId);
  if (!pending || pending.status !== 'pending') return;
  const now = new Date();
  const end = periodEnd(now, pending.period);
  await repo.endOtherSubscriptions(tx, pending.userId, pending.id, now);
  await repo.updateSubscription(tx, pending.id, {
    status: 'active',
    currentPeriodStart: now,
    currentPeriodEnd: end,
    ...(payment.providerRef ? { providerRef: payment.providerRef } : {}),
  });
  await repo.insertInvoice(tx, {
    userId: pending.userId,
    subscriptionId: pending.id,
    planId: pending.planId,
    seats: pending.seats,
    period: pending.period,
    periodStart: now,
    periodEnd: end,
    amountCents: payment.amountCents,
    status: 'paid',
    provider: pending.provider,
    providerRef: payment.invoiceRef,
  });
}

/** The provider ended a subscription (Stripe: deleted after its last period). */
export async function endSubscriptionByRef(tx: TDb, providerRef: string) {
  const row = await repo.subscriptionByRef(tx, providerRef);
  if (!row || row.status === 'cancelled') return;
  await repo.updateSubscription(tx, row.id, { status: 'cancelled', cancelledAt: new Date() });
}

/**
 * A renewal paid (Stripe: `invoice.paid` for a new period): the active subscription runs to the
 * end of the paid period, and the invoice is recorded once (by its provider reference).
 */
export async function renewSubscription(
  tx: TDb,
  providerRef: string,
  payment: { amountCents: number; invoiceRef: string; periodStart: Date; periodEnd: Date },
) {
  const found = await repo.subscriptionByRef(tx, providerRef);
  const row = found && (await repo.lockSubscription(tx, found.id));
  if (!row || row.status !== 'active') return;
  if (!row.currentPeriodEnd || row.currentPeriodEnd < payment.periodEnd)
    await repo.updateSubscription(tx, row.id, {
      currentPeriodStart: payment.periodStart,
      currentPeriodEnd: payment.periodEnd,
    });
  await repo.insertInvoice(tx, {
    userId: row.userId,
    subscriptionId: row.id,
    planId: row.planId,
    seats: row.seats,
    period: row.period,
    periodStart: payment.periodStart,
    periodEnd: payment.periodEnd,
    amountCents: payment.amountCents,
    status: 'paid',
    provider: row.provider,
    providerRef: payment.invoiceRef,
  });
}
