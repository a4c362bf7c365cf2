import { ProgressBar } from 'primereact/progressbar';
import { formatCount } from '../lib/format/number-format';
import './quota-bar.css';

/** How much of a quota is used: the count against the limit, and a bar that reddens near it. */
export function QuotaBar({ label, used, limit }: { label: string; used: number; limit: number }) {
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
