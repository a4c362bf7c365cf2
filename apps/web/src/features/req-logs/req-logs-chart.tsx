import { useMemo } from 'react';
import { Chart } from 'primereact/chart';
import type { TReqLogSummary } from '@flowsmith/shared';
import { useAppState } from '../../lib/app-state/app-state-store';
import { chartColors, chartData, chartOptions } from './chart-series';

/** Requests (bars) and tokens (line) per UTC day, under the current filters. */
export function ReqLogsChart({ perDay }: { perDay: TReqLogSummary['perDay'] }) {
  const dark = useAppState((state) => state.dark);
  // Chart redraws from scratch when these change identity, so they change only with the data.
  const data = useMemo(() => chartData(perDay, chartColors(dark)), [perDay, dark]);
  const options = useMemo(() => chartOptions(chartColors(dark)), [dark]);
  return (
    <section className="req-logs-chart surface-card" aria-labelledby="req-logs-chart-title">
      <h2 id="req-logs-chart-title" className="req-logs-section-title">
        Requests and tokens per day <small>(UTC days)</small>
      </h2>
      {perDay.length === 0 ? (
        <p className="req-logs-chart__empty">No requests in this range.</p>
      ) : (
        // The key redraws the canvas on a theme switch: chart.js keeps old colours otherwise.
        <Chart
          key={dark ? 'dark' : 'light'}
          type="bar"
          data={data}
          options={options}
          className="req-logs-chart__canvas"
          aria-label="Requests and tokens per day"
          role="img"
        />
      )}
    </section>
  );
}
