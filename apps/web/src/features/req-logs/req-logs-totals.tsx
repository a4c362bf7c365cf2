import type { ReactNode } from 'react';
import type { TReqLogSummary } from '@flowsmith/shared';
import { formatCount, formatUsd } from '../../lib/format/number-format';

type TTotalCardProps = { label: string; icon: string; value: string; detail: ReactNode };

function TotalCard({ label, icon, value, detail }: TTotalCardProps) {
  return (
    <div className="req-logs-total surface-card">
      <span className="req-logs-total__label">
        <i className={icon} aria-hidden="true" /> {label}
      </span>
      <span className="req-logs-total__value">{value}</span>
      <span className="req-logs-total__detail">{detail}</span>
    </div>
  );
}

/** Requests, tokens and cost under the current filters (all pages, not just the one shown). */
export function ReqLogsTotals({ summary }: { summary: TReqLogSummary | undefined }) {
  const totals = summary ?? { requests: 0, failed: 0, inputTokens: 0, outputTokens: 0, cost: 0 };
  return (
    <section className="req-logs-totals" aria-label="Totals" aria-busy={!summary}>
      <TotalCard
        label="Requests"
        icon="pi pi-send"
        value={formatCount(totals.requests)}
        detail={
          totals.failed > 0 ? (
            <span className="req-logs-total__failed">{formatCount(totals.failed)} failed</span>
          ) : (
            'none failed'
          )
        }
      />
      <TotalCard
        label="Tokens"
        icon="pi pi-align-left"
        value={formatCount(totals.inputTokens + totals.outputTokens)}
        detail={`${formatCount(totals.inputTokens)} in · ${formatCount(totals.outputTokens)} out`}
      />
      <TotalCard
        label="Cost"
        icon="pi pi-dollar"
        value={formatUsd(totals.cost)}
        detail="from the model price table"
      />
    </section>
  );
}
