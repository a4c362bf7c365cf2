import { queryOptions } from '@tanstack/react-query';
import {
  type TBillingOverview,
  type TInvoice,
  type TProjectBudget,
  type TSubscription,
  type TSubscriptionCreate,
  type TSubscriptionCreated,
  type TSubscriptionPlan,
} from '@flowsmith/shared';
import { apiRequest, createResourceApi } from '../api';
import { listAllQueryOptions } from './list-all';

export type TPlanBody = Pick<
  TSubscriptionPlan,
  | 'name'
  | 'description'
  | 'priceMonthlyCents'
  | 'priceYearlyCents'
  | 'requestsPerMonth'
  | 'maxProjects'
  | 'maxMembers'
  | 'active'
>;

export const plansApi = createResourceApi<
  TSubscriptionPlan,
  TPlanBody & { code: string },
  Partial<TPlanBody>
>('subscription_plans');

export const subscriptionsApi = createResourceApi<
  TSubscription,
  TSubscriptionCreate,
  { cancelAtPeriodEnd?: boolean }
>('subscriptions');

/** A purchase: active at once, or pending with the page where it is paid. */
export const buySubscription = (body: TSubscriptionCreate) =>
  apiRequest<TSubscriptionCreated>('/api/subscriptions', { method: 'POST', body });

const invoicesApi = createResourceApi<TInvoice, never, never>('invoices');

export const setProjectBudget = (projectId: string, monthlyCapCents: number | null) =>
  apiRequest<TProjectBudget>(`/api/projects/${encodeURIComponent(projectId)}/budget`, {
    method: 'PUT',
    body: { monthlyCapCents },
  });

/** Query keys of plans, the caller's subscription, usage, invoices and project budgets. */
export const billingKeys = {
  all: ['billing'] as const,
  overview: () => [...billingKeys.all, 'overview'] as const,
  plans: () => [...billingKeys.all, 'plans'] as const,
  invoices: () => [...billingKeys.all, 'invoices'] as const,
  budget: (projectId: string) => [...billingKeys.all, 'budget', projectId] as const,
};

/** The caller's plan, subscription and what they used this period. */
export const billingOverviewQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.overview(),
    queryFn: ({ signal }) => apiRequest<TBillingOverview>('/api/billing', { signal }),
  });

// A handful of plans and a person's own invoices.
export const plansQueryOptions = () =>
  listAllQueryOptions(billingKeys.plans(), plansApi, { sort: 'sortOrder' });

export const invoicesQueryOptions = () =>
  listAllQueryOptions(billingKeys.invoices(), invoicesApi, { sort: '-createdAt' });

export const projectBudgetQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: billingKeys.budget(projectId),
    queryFn: ({ signal }) =>
      apiRequest<TProjectBudget>(`/api/projects/${encodeURIComponent(projectId)}/budget`, {
        signal,
      }),
  });
