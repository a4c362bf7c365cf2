import { DataTable, type DataTableProps, type DataTableValueArray } from 'primereact/datatable';

type TCompactTableProps<T extends DataTableValueArray> = Omit<
  DataTableProps<T>,
  'dataKey' | 'size' | 'className' | 'pt'
> & {
  /** The table's name for screen readers. */
  label: string;
};

/** A small table on a card, of rows keyed by `id`. */
export function CompactTable<T extends DataTableValueArray>({
  label,
  ...props
}: TCompactTableProps<T>) {
  return (
    <DataTable
      {...(props as DataTableProps<T>)}
      dataKey="id"
      size="small"
      className="surface-card"
      pt={{ table: { 'aria-label': label } }}
    />
  );
}
