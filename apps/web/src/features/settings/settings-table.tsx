import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { DataTableValue } from 'primereact/datatable';
import { CompactTable } from '../../components/compact-table';
import { QueryState } from '../../components/query-state';

type TSettingsTableProps<T, TRow> = {
  query: UseQueryResult<{ items: T[] }>;
  /** What is listed, for the loading and error states: "API keys". */
  what: string;
  /** The table's name for screen readers. */
  label: string;
  /** Shown instead of the table when there are no rows: what they are for, how to add one. */
  empty: ReactNode;
  /** The rows as the table shows them, when they carry more than the list gives. */
  rows?: (items: T[]) => TRow[];
  /** The table's `Column`s. */
  children: ReactNode;
};

/** One of the user's own lists in Settings: loading, failing, empty, or its rows in a table. */
export function SettingsTable<T extends DataTableValue, TRow extends DataTableValue = T>({
  query,
  what,
  label,
  empty,
  rows,
  children,
}: TSettingsTableProps<T, TRow>) {
  return (
    <QueryState query={query} what={what}>
      {({ items }) =>
        items.length ? (
          <CompactTable value={rows ? rows(items) : items} label={label}>
            {children}
          </CompactTable>
        ) : (
          empty
        )
      }
    </QueryState>
  );
}
