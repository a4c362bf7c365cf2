import type { DataTablePageEvent, DataTableSortEvent } from 'primereact/datatable';
import type { TListShape, TPaging } from '../../lib/list/list-params';

/**
 * The DataTable props of a list paged and sorted on the server: its page and sort come from
 * `paging` (the URL) and every change goes back through `onChange`; a new sort starts at page 1.
 */
export function pagedTableProps<F extends string>(
  shape: TListShape<F>,
  paging: TPaging<F>,
  total: number,
  onChange: (change: Partial<TPaging<F>>) => void,
) {
  return {
    lazy: true,
    paginator: true,
    first: (paging.page - 1) * paging.pageSize,
    rows: paging.pageSize,
    totalRecords: total,
    rowsPerPageOptions: [...shape.pageSizes],
    onPage: (event: DataTablePageEvent) =>
      onChange({ page: Math.floor(event.first / event.rows) + 1, pageSize: event.rows }),
    sortField: paging.sortField,
    sortOrder: paging.sortOrder,
    onSort: (event: DataTableSortEvent) => {
      if (!shape.isSortField(event.sortField)) return;
      onChange({ sortField: event.sortField, sortOrder: event.sortOrder === -1 ? -1 : 1, page: 1 });
    },
  };
}
