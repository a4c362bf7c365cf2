import { useState } from 'react';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { SelectButton } from 'primereact/selectbutton';
import type { TProject } from '@flowsmith/shared';
import { ModelPicker } from '../../components/model-picker';
import {
  calendarToRange,
  RANGE_PRESETS,
  rangeToCalendar,
  type TDateRange,
  type TRangePreset,
} from './date-range';
import { hasFilters, type TReqLogFilters, type TStatusFilter } from './req-log-params';
import { SearchInput } from '../../components/search-input';

type TFilterBarProps = {
  filters: TReqLogFilters;
  projects: readonly TProject[];
  onChange: (change: Partial<TReqLogFilters>, replace?: boolean) => void;
};

const STATUS_OPTIONS: Array<{ label: string; value: TStatusFilter }> = [
  { label: 'All', value: '' },
  { label: 'Succeeded', value: 'succeeded' },
  { label: 'Failed', value: 'failed' },
  { label: 'Cancelled', value: 'cancelled' },
];
const PRESET_OPTIONS = RANGE_PRESETS.map(({ id, label }) => ({ label, value: id }));

/** Days picked in the calendar: held here until the range is complete, then put in the URL. */
function DateRangeFilter({
  range,
  onChange,
}: {
  range: TDateRange;
  onChange: (r: TDateRange) => void;
}) {
  const [draft, setDraft] = useState<Array<Date | null> | null>(null);
  const value = draft ?? rangeToCalendar(range);
  const commit = (next: Array<Date | null> | null) => {
    setDraft(null);
    const picked = calendarToRange(next);
    if (picked || range?.kind === 'days') onChange(picked);
  };
  return (
    <div className="req-logs-filters__range">
      <Calendar
        inputId="req-logs-days"
        aria-label="Date range"
        selectionMode="range"
        value={value}
        placeholder={range?.kind === 'preset' ? 'Or pick days' : 'Any time'}
        readOnlyInput
        showIcon
        showButtonBar
        hideOnRangeSelection
        maxDate={new Date()}
        onChange={(event) => {
          const next = event.value ?? null;
          if (next?.[1]) commit(next);
          else setDraft(next);
        }}
        onClearButtonClick={() => commit(null)}
        onHide={() => {
          if (draft) commit(draft);
        }}
      />
      <SelectButton
        aria-label="Quick ranges"
        value={range?.kind === 'preset' ? range.preset : null}
        options={PRESET_OPTIONS}
        onChange={(event) =>
          onChange(event.value ? { kind: 'preset', preset: event.value as TRangePreset } : null)
        }
      />
    </div>
  );
}

export function ReqLogsFilterBar({ filters, projects, onChange }: TFilterBarProps) {
  const projectOptions = [
    { label: 'All projects', value: '' },
    ...projects.map((project) => ({ label: project.name, value: project.id })),
  ];
  return (
    <section className="req-logs-filters surface-card" aria-label="Filters">
      <DateRangeFilter range={filters.range} onChange={(range) => onChange({ range })} />
      <Dropdown
        inputId="req-logs-project"
        aria-label="Project"
        placeholder="All projects"
        value={filters.projectId}
        options={projectOptions}
        filter={projects.length > 8}
        onChange={(event) => onChange({ projectId: String(event.value ?? '') })}
        className="req-logs-filters__project"
      />
      <ModelPicker
        inputId="req-logs-model"
        aria-label="Model"
        kind="any"
        placeholder="Any model"
        clearable
        value={filters.model}
        onChange={(model) => onChange({ model })}
        className="req-logs-filters__model"
      />
      <SelectButton
        aria-label="Status"
        value={filters.status}
        options={STATUS_OPTIONS}
        allowEmpty={false}
        onChange={(event) => onChange({ status: event.value as TStatusFilter })}
      />
      <SearchInput
        value={filters.search}
        onSearch={(search) => onChange({ search }, true)}
        label="Search prompts"
        className="req-logs-filters__search"
      />
      {hasFilters(filters) ? (
        <Button
          type="button"
          label="Clear filters"
          icon="pi pi-filter-slash"
          text
          onClick={() =>
            onChange({ range: null, projectId: '', model: '', status: '', search: '' })
          }
        />
      ) : null}
    </section>
  );
}
