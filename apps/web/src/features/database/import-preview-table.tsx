import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import type { TColumnMapping } from './import-options';
import type { TPreview } from './import-preview';

type TImportPreviewTableProps = {
  preview: TPreview;
  mapping: TColumnMapping;
  /** Rows the last check or import reported, marked so they can be found in the file. */
  problemRows: ReadonlySet<number>;
};

type TPreviewRow = TPreview['rows'][number];

/** Which role a column plays in the mapping, shown on its header. */
function roleOf(column: string, mapping: TColumnMapping): string | null {
  if (column === mapping.keyColumn.trim()) return 'key';
  if (column === mapping.valueColumn.trim()) return 'value';
  if (column && column === mapping.typeColumn.trim()) return 'type';
  return null;
}

/** The first rows as the import will read them, mapped columns marked. */
export function ImportPreviewTable({ preview, mapping, problemRows }: TImportPreviewTableProps) {
  return (
    <DataTable
      value={preview.rows}
      dataKey="row"
      size="small"
      scrollable
      scrollHeight="16rem"
      className="import-preview"
      pt={{ table: { 'aria-label': 'Preview of the first rows' } }}
      emptyMessage={preview.note ?? 'Nothing to preview.'}
      rowClassName={(row: TPreviewRow) => ({ 'import-preview__problem': problemRows.has(row.row) })}
    >
      <Column
        header="Row"
        body={(row: TPreviewRow) => row.row}
        headerClassName="import-preview__row"
        bodyClassName="import-preview__row"
      />
      {preview.columns.map((column, index) => {
        const role = roleOf(column.value, mapping);
        return (
          <Column
            key={`${index}-${column.value}`}
            header={
              <span className="import-preview__header">
                {column.label}
                {role ? <Tag value={role} className="import-preview__role" /> : null}
              </span>
            }
            headerClassName={role ? 'import-preview__mapped' : undefined}
            bodyClassName={role ? 'import-preview__mapped' : undefined}
            body={(row: TPreviewRow) => (
              <span className="import-preview__cell">{row.cells[index] ?? ''}</span>
            )}
          />
        );
      })}
    </DataTable>
  );
}
