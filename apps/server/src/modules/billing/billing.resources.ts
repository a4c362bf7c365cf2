import {
  type TBillingPeriod,
  ZInvoice,
  ZInvoiceListQuery,
  subscriptionPlanSchemas,
  subscriptionSchemas,
} from '@flowsmith/shared';
import { invoices, subscriptionPlans, subscriptions } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { apiRow } from '../resources/api-row';
import { columnsOf } from '../resources/list-query';
import type { TDbRow, TResourceDefinition, TValues } from '../resources/resource.types';
import { deleteRow, findRow } from '../resources/resources.repo';
import * as repo from './billing.repo';
import type { TPaymentProvider } from './payments';
import { periodEnd } from './subscription-activation';

const planDefinition: TResourceDefinition = {
  name: 'subscription_plans',
  table: subscriptionPlans,
  scope: { kind: 'catalog' },
  schemas: subscriptionPlanSchemas,
  columns: columnsOf(subscriptionPlans, 'id', 'name', 'active', 'sortOrder', 'priceMonthlyCents'),
  defaultSort: 'sortOrder',
  searchColumns: [subscriptionPlans.name, subscriptionPlans.code],
  toApi: apiRow,
};

/** Plans the admin edits; one that anyone bought is retired (active: false), never deleted. */
export const subscriptionPlansResource: TResourceDefinition = {
  ...planDefinition,
  async remove(row, { db }) {
    if (row.code === 'free')
      throw new AppError('conflict', "The Free plan is everyone's default; retire it instead");
    if (await repo.planInUse(db, row.id))
      throw new AppError(
        'conflict',
        'This plan has been bought; retire it (set it inactive) instead of deleting it',
      );
    await deleteRow(db, subscriptionPlans, row.id);
  },
};

/**
 * Purchases: stored pending, then the payment provider activates them at once (`local`) or
 * after checkout (Stripe). Seats and period change with a new purchase; an update only ends one.
 */
export function subscriptionsResource(payments: TPaymentProvider): TResourceDefinition {
  return {
    name: 'subscriptions',
    table: subscriptions,
    scope: { kind: 'owner' },
    schemas: subscriptionSchemas,
    columns: columnsOf(subscriptions, 'id', 'status', 'planId', 'createdAt', 'currentPeriodEnd'),
    defaultSort: '-createdAt',
    toApi: apiRow,
    async toInsert(body, { db }) {
      const plan = await repo.planOnSale(db, body.planId as string);
      if (!plan) throw AppError.validation('planId', 'No such plan on sale');
      const period = body.period as TBillingPeriod;
      const now = new Date();
      return {
        planId: plan.id,
        seats: body.seats,
        period,
        status: 'pending',
        provider: payments.name,
        currentPeriodStart: now,
        currentPeriodEnd: periodEnd(now, period),
      };
    },
    async afterCreate(row, { db, user, scratch }) {
      const subscription = row as unknown as repo.TSubscriptionRow;
      const plan = (await findRow(db, subscriptionPlans, subscription.planId)) as repo.TPlanRow;
      const { checkoutUrl } = await payments.begin(db, {
        subscription,
        plan,
        buyer: { id: user.id, email: user.email },
      });
      scratch.set('checkoutUrl', checkoutUrl);
      return (await findRow(db, subscriptions, subscription.id)) as TDbRow;
    },
    createdResponse(row, { scratch }) {
      return { ...apiRow(row), checkoutUrl: scratch.get('checkoutUrl') ?? null };
    },
    toUpdate(body, existing) {
      if (existing.status !== 'active')
        throw new AppError('conflict', 'Only an active subscription can be cancelled');
      const values: TValues = {};
      if (body.cancelAtPeriodEnd !== undefined) values.cancelAtPeriodEnd = body.cancelAtPeriodEnd;
      if (body.status === 'cancelled') {
        values.status = 'cancelled';
        values.cancelledAt = new Date();
      }
      return values;
    },
  };
}

/** The caller's invoices; the payment provider writes them. */
export const invoicesResource: TResourceDefinition = {
  name: 'invoices',
  table: invoices,
  scope: { kind: 'owner' },
  schemas: { row: ZInvoice, listQuery: ZInvoiceListQuery },
  columns: columnsOf(invoices, 'id', 'subscriptionId', 'createdAt', 'amountCents'),
  defaultSort: '-createdAt',
  toApi: apiRow,
  readOnly: true,
};
