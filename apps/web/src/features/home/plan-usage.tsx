import { Link } from 'react-router';
import { appRoutes, type THomeSummary } from '@flowsmith/shared';
import { formatDate } from '../../lib/format/date-format';
import { QuotaBar } from '../../components/quota-bar';

/** Where the person stands against their plan's quotas. */
export function PlanUsage({ usage }: { usage: THomeSummary['usage'] }) {
  return (
    <section className="home-card surface-card" aria-labelledby="plan-usage-title">
      <header className="home-card__header">
        <h2 id="plan-usage-title">Usage</h2>
        <Link to={appRoutes.subscribe} className="home-card__more">
          {usage.plan.name} plan
        </Link>
      </header>
      <QuotaBar
        label="Model requests this month"
        used={usage.requests.used}
        limit={usage.requests.limit}
      />
      <QuotaBar label="Projects you own" used={usage.projects.used} limit={usage.projects.limit} />
      <p className="home-card__meta">
        Requests count from {formatDate(usage.periodStart)} until {formatDate(usage.periodEnd)}.
      </p>
    </section>
  );
}
