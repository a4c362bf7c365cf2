import { Column, type ColumnEditorOptions } from 'primereact/column';
import { InputText } from 'primereact/inputtext';
import { IconButton } from '../../components/icon-button';

/** The last columns of an admin table edited by row: the row editor, and a delete button. */
export function rowActionColumns<T>(deleteLabel: (row: T) => string, onDelete: (row: T) => void) {
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
