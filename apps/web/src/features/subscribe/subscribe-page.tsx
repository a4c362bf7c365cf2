import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Tag } from 'primereact/tag';
import type { TBillingOverview, TInvoice, TSubscriptionPlan } from '@flowsmith/shared';
import { confirmAction } from '../../components/dialog/confirm';
import { PageHeader } from '../../components/page-header';
import { QuotaBar } from '../../components/quota-bar';
import { QueryState } from '../../components/query-state';
import { useNotify } from '../../components/toast';
import { formatDate } from '../../lib/format/date-format';
import { formatUsd } from '../../lib/format/number-format';
import {
  billingOverviewQueryOptions,
  invoicesQueryOptions,
  plansQueryOptions,
} from '../../lib/queries/billing';
import { BudgetSection } from './budget-section';
import { formatCents, quotaWords } from './plan-words';
import { PurchaseDialog } from './purchase-dialog';
import { useCancelAtPeriodEnd } from './subscribe.mutations';
import './subscribe.css';
import { CompactTable } from '../../components/compact-table';

function CurrentPlan({ overview }: { overview: TBillingOverview }) {
  const notify = useNotify();
  const cancel = useCancelAtPeriodEnd();
  const { plan, subscription, usage } = overview;
  const setCancel = (value: boolean) =>
    cancel.mutate(
      { id: subscription!.id, cancel: value },
      notify.outcome(
        value ? 'Subscription ends at the period end' : 'Subscription renews',
        plan.name,
        'Could not change the subscription',
      ),
    );
  return (
    <section className="surface-card subscribe-current" aria-labelledby="current-plan">
      <h2 id="current-plan">
        Your plan: <span data-testid="current-plan-name">{plan.name}</span>
      </h2>
      {subscription ? (
        <p>
          {subscription.seats} seats, billed {subscription.period}.{' '}
          {subscription.cancelAtPeriodEnd
            ? `Ends on ${formatDate(subscription.currentPeriodEnd)}.`
            : `Renews on ${formatDate(subscription.currentPeriodEnd)}.`}{' '}
          {subscription.cancelAtPeriodEnd ? (
            <Button label="Keep subscription" link onClick={() => setCancel(false)} />
          ) : (
            <Button
              label="Cancel at period end"
              link
              severity="danger"
              onClick={() =>
                confirmAction({
                  header: 'Cancel subscription',
                  message: `${plan.name} stays active until ${formatDate(subscription.currentPeriodEnd)}, then you are on the Free plan.`,
                  acceptLabel: 'Cancel at period end',
                  accept: () => setCancel(true),
                })
              }
            />
          )}
        </p>
      ) : (
        <p>Everyone without a subscription is on this plan.</p>
      )}
      <p className="subscribe-current__period">
        Usage this period, until {formatDate(overview.resetsAt)}:
      </p>
      <QuotaBar label="Model requests" used={usage.requests} limit={plan.requestsPerMonth} />
      <QuotaBar label="Projects" used={usage.projects} limit={plan.maxProjects} />
      <QuotaBar
        label="Members of your largest project"
        used={usage.members}
        limit={plan.maxMembers}
      />
      <p>
        Cost of model calls this period: <strong>{formatUsd(usage.cost)}</strong>
      </p>
    </section>
  );
}

function PlanCard({
  plan,
  current,
  onBuy,
}: {
  plan: TSubscriptionPlan;
  current: boolean;
  onBuy: () => void;
}) {
  const free = plan.priceMonthlyCents === 0 && plan.priceYearlyCents === 0;
  return (
    <article
      className={`surface-card plan-card${current ? ' plan-card--current' : ''}`}
      aria-label={plan.name}
    >
      <header className="plan-card__header">
        <h3>{plan.name}</h3>
        {current ? <Tag value="Current plan" severity="success" /> : null}
      </header>
      <p className="plan-card__description">{plan.description}</p>
      <p className="plan-card__price">
        {free ? (
          'Free'
        ) : (
          <>
            {formatCents(plan.priceMonthlyCents)} a month · {formatCents(plan.priceYearlyCents)} a
            year, per seat
          </>
        )}
      </p>
      <ul>
        {quotaWords(plan).map((words) => (
          <li key={words}>{words}</li>
        ))}
      </ul>
      {!free ? (
        <Button
          label={current ? `Buy ${plan.name} again` : `Choose ${plan.name}`}
          outlined={current}
          onClick={onBuy}
        />
      ) : null}
    </article>
  );
}

function Invoices() {
  const list = useQuery(invoicesQueryOptions());
  const plans = useQuery(plansQueryOptions());
  const planName = (id: string) => plans.data?.items.find((p) => p.id === id)?.name ?? '';
  return (
    <section aria-labelledby="invoices-title">
      <h2 id="invoices-title">Invoices</h2>
      <QueryState query={list} what="invoices">
        {({ items }) => (
          <CompactTable value={items} emptyMessage="No invoices yet." label="Invoices">
            <Column header="Date" body={(row: TInvoice) => formatDate(row.createdAt)} />
            <Column header="Plan" body={(row: TInvoice) => planName(row.planId)} />
            <Column field="seats" header="Seats" align="right" />
            <Column
              header="Period"
              body={(row: TInvoice) =>
                `${formatDate(row.periodStart)} – ${formatDate(row.periodEnd)}`
              }
            />
            <Column
              header="Amount"
              align="right"
              body={(row: TInvoice) => formatCents(row.amountCents)}
            />
            <Column field="status" header="Status" />
          </CompactTable>
        )}
      </QueryState>
    </section>
  );
}

/** Plans and what the caller is entitled to, usage, purchases, budgets and invoices. */
function SubscribePage() {
  const overview = useQuery(billingOverviewQueryOptions());
  const plans = useQuery(plansQueryOptions());
  const [buying, setBuying] = useState<TSubscriptionPlan | null>(null);
  const notify = useNotify();
  const [searchParams, setSearchParams] = useSearchParams();
  const checkout = searchParams.get('checkout');

  // Back from Stripe Checkout: the plan turns active when Stripe's webhook arrives.
  useEffect(() => {
    if (!checkout) return;
    if (checkout === 'success')
      notify.success('Payment received', 'Your plan is active as soon as Stripe confirms it.');
    setSearchParams({}, { replace: true });
  }, [checkout, notify, setSearchParams]);

  return (
    <>
      <PageHeader title="Subscribe" />
      <div className="subscribe-page">
        <QueryState query={overview} what="your plan">
          {(data) => <CurrentPlan overview={data} />}
        </QueryState>
        <section aria-labelledby="plans-title">
          <h2 id="plans-title">Plans</h2>
          <QueryState query={plans} what="plans">
            {({ items }) => (
              <div className="plan-cards">
                {items
                  .filter((plan) => plan.active || plan.id === overview.data?.plan.id)
                  .map((plan) => (
                    <PlanCard
                      key={plan.id}
                      plan={plan}
                      current={plan.id === overview.data?.plan.id}
                      onBuy={() => setBuying(plan)}
                    />
                  ))}
              </div>
            )}
          </QueryState>
        </section>
        <BudgetSection />
        <Invoices />
      </div>
      {buying ? <PurchaseDialog plan={buying} onClose={() => setBuying(null)} /> : null}
      <ConfirmDialog className="confirm-dialog" />
    </>
  );
}

export default SubscribePage;
