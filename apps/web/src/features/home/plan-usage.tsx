import { Link } from 'react-router';
import { ProgressBar } from 'primereact/progressbar';
import { appRoutes, type THomeSummary } from '@flowsmith/shared';
import { formatDate } from '../../lib/format/date-format';
import { formatCount } from '../../lib/format/number-format';

function Quota({ label, used, limit }: { label: string; used: number; limit: number }) {
  const share = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 100;
  return (
    <div className="quota">
      <div className="quota__line">
        <span>{label}</span>
        <span>
          {formatCount(used)} of {formatCount(limit)}
        </span>
      </div>
      <ProgressBar
        value={share}
        showValue={false}
        color={share >= 90 ? 'var(--red-500)' : undefined}
        aria-label={`${label}: ${formatCount(used)} of ${formatCount(limit)}`}
      />
    </div>
  );
}

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
      <Quota
        label="Model requests this month"
        used={usage.requests.used}
        limit={usage.requests.limit}
      />
      <Quota label="Projects you own" used={usage.projects.used} limit={usage.projects.limit} />
      <p className="home-card__meta">
        Requests count from {formatDate(usage.periodStart)} until {formatDate(usage.periodEnd)}.
      </p>
    </section>
  );
}
