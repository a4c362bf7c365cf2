import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import type { DataTableValue } from 'primereact/datatable';
import { CompactTable } from '../../components/compact-table';
import { EmptyState } from '../../components/empty-state';
import { QueryState } from '../../components/query-state';
import { SettingsSection } from './settings-section';

type TSettingsListSectionProps<T, TRow> = {
  id: string;
  title: string;
  description: ReactNode;
  query: UseQueryResult<{ items: T[] }>;
  /** What is listed, for the loading and error states: "API keys". */
  what: string;
  /** The table's name for screen readers. */
  label: string;
  /** The button that adds a row: beside the title once there are rows, in the empty state before. */
  add: { label: string; onClick: () => void };
  /** Shown instead of the table when there are no rows: what they are for, how to add one. */
  empty: { icon: string; title: string; text: ReactNode };
  /** The rows as the table shows them, when they carry more than the list gives. */
  rows?: (items: T[]) => TRow[];
  /** A row's buttons, in the last column. */
  actions: (row: TRow) => ReactNode;
  /** Under a row's buttons: what one of them answered. */
  actionNote?: (row: TRow) => ReactNode;
  /** The table's other `Column`s. */
  children: ReactNode;
  /** The section's dialogs, while one is open. */
  dialogs: ReactNode;
};

/**
 * A Settings tab that lists the user's own rows: its heading with the add button, then the list
 * loading, failing, empty, or in a table whose last column holds each row's buttons.
 */
export function SettingsListSection<T extends DataTableValue, TRow extends DataTableValue = T>({
  id,
  title,
  description,
  query,
  what,
  label,
  add,
  empty,
  rows,
  actions,
  actionNote,
  children,
  dialogs,
}: TSettingsListSectionProps<T, TRow>) {
  const addButton = <Button label={add.label} icon="pi pi-plus" onClick={add.onClick} />;
  return (
    <SettingsSection
      id={id}
      title={title}
      description={description}
      action={query.data?.items.length ? addButton : null}
    >
      <QueryState query={query} what={what}>
        {({ items }) =>
          items.length ? (
            <CompactTable value={rows ? rows(items) : items} label={label}>
              {children}
              <Column
                header={<span className="sr-only">Actions</span>}
                bodyClassName="settings-actions-cell"
                body={(row: TRow) => (
                  <div className="settings-actions">
                    <div className="settings-actions__buttons">{actions(row)}</div>
                    {actionNote?.(row)}
                  </div>
                )}
              />
            </CompactTable>
          ) : (
            <EmptyState icon={empty.icon} title={empty.title} action={addButton}>
              {empty.text}
            </EmptyState>
          )
        }
      </QueryState>
      {dialogs}
    </SettingsSection>
  );
}
