import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete } from 'primereact/autocomplete';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { SelectButton } from 'primereact/selectbutton';
import type { TModelInfo, TProject } from '@flowsmith/shared';
import { modelLabel, modelOptions, type TModelOption } from '../../lib/models/model-label';
import {
  calendarToRange,
  RANGE_PRESETS,
  rangeToCalendar,
  type TDateRange,
  type TRangePreset,
} from './date-range';
import { hasFilters, type TReqLogFilters, type TStatusFilter } from './req-log-params';
import { modelsQueryOptions } from '../../lib/queries/models';
import { SearchInput } from '../../components/search-input';
import { useDebouncedText } from '../../components/use-debounced-text';
import { SEARCH_MAX_LENGTH } from '../../lib/list/list-params';

type TFilterBarProps = {
  filters: TReqLogFilters;
  projects: readonly TProject[];
  onChange: (change: Partial<TReqLogFilters>, replace?: boolean) => void;
};

const STATUS_OPTIONS: Array<{ label: string; value: TStatusFilter }> = [
  { label: 'All', value: '' },
  { label: 'Succeeded', value: 'succeeded' },
  { label: 'Failed', value: 'failed' },
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

/**
 * Model filter: suggestions by label from the models the caller can use, or any model name typed
 * in. The box shows the filter's label, never an internal id.
 */
function ModelFilter({ value, onChange }: { value: string; onChange: (model: string) => void }) {
  const models = useQuery(modelsQueryOptions()).data?.items;
  const [suggestions, setSuggestions] = useState<TModelOption[]>([]);
  const shown = value ? modelLabel(value, { models }) : '';
  // A label typed or picked stands for its model; anything else is a model name as typed.
  const box = useDebouncedText(shown, (text) => {
    const picked = modelOptionsOf(models).find((option) => option.label === text);
    onChange(picked ? picked.value : text);
  });
  return (
    <AutoComplete
      inputId="req-logs-model"
      aria-label="Model"
      placeholder="Any model"
      value={box.text}
      suggestions={suggestions}
      field="label"
      dropdown
      completeMethod={({ query }) => {
        const needle = query.trim().toLowerCase();
        setSuggestions(
          modelOptionsOf(models).filter((option) => option.label.toLowerCase().includes(needle)),
        );
      }}
      onChange={(event) => box.setText(typeof event.value === 'string' ? event.value : '')}
      onSelect={(event) => box.commit((event.value as TModelOption).label)}
      onClear={() => box.commit('')}
      onBlur={() => box.commit(box.text)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') box.commit(box.text);
      }}
      maxLength={SEARCH_MAX_LENGTH}
      className="req-logs-filters__model"
    />
  );
}

/** Text and image models alike: a call of either can be in the log. */
function modelOptionsOf(models: readonly TModelInfo[] | undefined): TModelOption[] {
  const options = [...modelOptions(models ?? [], 'text'), ...modelOptions(models ?? [], 'image')];
  return [...new Map(options.map((option) => [option.value, option])).values()];
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
      <ModelFilter value={filters.model} onChange={(model) => onChange({ model })} />
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
