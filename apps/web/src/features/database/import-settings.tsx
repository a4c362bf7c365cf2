import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { SelectButton } from 'primereact/selectbutton';
import { valueTypeCodes, valueTypeNames, type TValueTypeCode } from '@flowsmith/shared';
import { FormField } from '../../components/form/form-field';
import { DELIMITER_OPTIONS, type TDelimiter, type TImportOptions } from './import-options';
import type { TPreviewColumn } from './import-preview';

type TImportSettingsProps = {
  options: TImportOptions;
  columns: TPreviewColumn[];
  detectedDelimiter: string | undefined;
  disabled: boolean;
  onChange: (change: Partial<TImportOptions>) => void;
};

const FORMAT_OPTIONS = [
  { label: 'CSV', value: 'csv' },
  { label: 'JSON', value: 'json' },
];
const TYPE_OPTIONS = valueTypeCodes.map((code) => ({ label: valueTypeNames[code], value: code }));

const delimiterName = (delimiter: string | undefined) =>
  DELIMITER_OPTIONS.find((option) => option.value === delimiter)?.label ?? delimiter;

/** How to read the file: format, CSV dialect, and which columns are key, value and type. */
export function ImportFileSettings({
  options,
  detectedDelimiter,
  disabled,
  onChange,
}: TImportSettingsProps) {
  return (
    <div className="import-settings">
      <FormField id="import-format" label="Format">
        <SelectButton
          id="import-format"
          value={options.format}
          options={FORMAT_OPTIONS}
          allowEmpty={false}
          disabled={disabled}
          onChange={(event) => onChange({ format: event.value as TImportOptions['format'] })}
        />
      </FormField>
      {options.format === 'csv' ? (
        <>
          <FormField
            id="import-delimiter"
            label="Delimiter"
            hint={
              options.delimiter === 'auto' && detectedDelimiter
                ? `Found: ${delimiterName(detectedDelimiter)}`
                : undefined
            }
          >
            <Dropdown
              inputId="import-delimiter"
              value={options.delimiter}
              options={[...DELIMITER_OPTIONS]}
              disabled={disabled}
              onChange={(event) => onChange({ delimiter: event.value as TDelimiter })}
            />
          </FormField>
          <div className="switch-field import-settings__header">
            <InputSwitch
              inputId="import-header"
              checked={options.header}
              disabled={disabled}
              onChange={(event) => onChange({ header: Boolean(event.value) })}
            />
            <label htmlFor="import-header">First row is a header</label>
          </div>
        </>
      ) : null}
    </div>
  );
}

const COLUMN_FIELDS = [
  { name: 'keyColumn', id: 'import-key-column', label: 'Key column' },
  { name: 'valueColumn', id: 'import-value-column', label: 'Value column' },
  { name: 'typeColumn', id: 'import-type-column', label: 'Type column' },
] as const;

/**
 * The column mapping. The lists come from the preview; they are editable, so a column the
 * preview could not show (a large JSON file) can be typed by name or number.
 */
export function ImportMapping({ options, columns, disabled, onChange }: TImportSettingsProps) {
  const choices = columns.map((column) => ({ label: column.label, value: column.value }));
  const typeChoices = [{ label: 'None: use the default type', value: '' }, ...choices];
  const byNumber = options.format === 'csv' && !options.header;
  const placeholder = byNumber ? 'Column number' : 'Column name';
  return (
    <div className="import-mapping">
      {COLUMN_FIELDS.map(({ name, id, label }) => (
        <FormField key={name} id={id} label={label}>
          <Dropdown
            inputId={id}
            value={options[name]}
            options={name === 'typeColumn' ? typeChoices : choices}
            editable
            placeholder={name === 'typeColumn' ? 'None' : placeholder}
            disabled={disabled}
            onChange={(event) => onChange({ [name]: String(event.value ?? '') })}
          />
        </FormField>
      ))}
      <FormField
        id="import-default-type"
        label={options.typeColumn.trim() ? 'Type of rows with no type' : 'Type of every value'}
      >
        <Dropdown
          inputId="import-default-type"
          value={options.defaultType}
          options={TYPE_OPTIONS}
          disabled={disabled}
          onChange={(event) => onChange({ defaultType: event.value as TValueTypeCode })}
        />
      </FormField>
    </div>
  );
}
