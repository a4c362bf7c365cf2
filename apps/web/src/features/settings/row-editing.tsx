import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Column, type ColumnEditorOptions } from 'primereact/column';
import { InputNumber, type InputNumberProps } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { IconButton } from '../../components/icon-button';
import { QueryState } from '../../components/query-state';
import { CompactTable } from '../../components/compact-table';

/** The last columns of an admin table edited by row: the row editor, and a delete button. */
function rowActionColumns<T>(deleteLabel: (row: T) => string, onDelete: (row: T) => void) {
  return [
    <Column
      key="edit"
      rowEditor
      header={<span className="sr-only">Edit</span>}
      bodyClassName="settings-row-editor"
    />,
    <Column
      key="delete"
      header={<span className="sr-only">Delete</span>}
      body={(row: T) => (
        <IconButton
          icon="pi pi-trash"
          label={deleteLabel(row)}
          tooltip="Delete"
          onClick={() => onDelete(row)}
          danger
        />
      )}
    />,
  ];
}

/** The editor of a text cell. */
export const textEditor = (label: string) =>
  function TextCellEditor(options: ColumnEditorOptions) {
    return (
      <InputText
        value={String(options.value ?? '')}
        onChange={(event) => options.editorCallback?.(event.target.value)}
        aria-label={label}
      />
    );
  };

/** The editor of a number cell: `label` names it, `props` bound and format it. */
export const numberEditor = (
  options: ColumnEditorOptions,
  label: string,
  props: InputNumberProps = {},
) => (
  <InputNumber
    value={options.value as number}
    onValueChange={(event) => options.editorCallback?.(event.value ?? 0)}
    {...props}
    aria-label={label}
    inputClassName="settings-price-input"
  />
);

/** Right-aligned number columns, each shown with `format` and edited with `editor`. */
export function numberColumns<T>(
  columns: ReadonlyArray<{ field: keyof T & string; header: string }>,
  format: (value: number) => string,
  editor: (options: ColumnEditorOptions, label: string) => ReactNode,
) {
  return columns.map(({ field, header }) => (
    <Column
      key={field}
      field={field}
      header={header}
      align="right"
      body={(row: T) => format(row[field] as number)}
      editor={(options) => editor(options, header)}
    />
  ));
}

type TRowEditTableProps<T> = {
  query: UseQueryResult<{ items: T[] }>;
  /** What the rows are, for the spinner and the error: "prices". */
  what: string;
  /** The table's accessible name. */
  label: string;
  emptyMessage?: string;
  /** Whether an edited row may be saved. */
  canSave(row: T): boolean;
  onSave(row: T): void;
  deleteLabel(row: T): string;
  onDelete(row: T): void;
  /** The data columns; the row editor and the delete button follow them. */
  children: ReactNode;
};

/** An admin table of a list, edited a row at a time, each row with a delete button. */
export function RowEditTable<T extends { id: string }>(props: TRowEditTableProps<T>) {
  return (
    <QueryState query={props.query} what={props.what}>
      {({ items }) => (
        <CompactTable
          value={items}
          editMode="row"
          rowEditValidator={(row: T) => props.canSave(row)}
          onRowEditComplete={(event) => props.onSave(event.newData as T)}
          emptyMessage={props.emptyMessage}
          label={props.label}
        >
          {props.children}
          {rowActionColumns(props.deleteLabel, props.onDelete)}
        </CompactTable>
      )}
    </QueryState>
  );
}
