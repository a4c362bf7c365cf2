import type { KeyboardEvent } from 'react';
import { InputNumber } from 'primereact/inputnumber';
import { InputTextarea } from 'primereact/inputtextarea';
import { inputValueTypeNames } from '@flowsmith/shared';
import { FormField } from '../../../components/form/form-field';
import { isRunKey, type TRunFormField } from '../core/run-form';

type TRunInputFieldProps = {
  field: TRunFormField;
  index: number;
  value: string | number | null;
  error: string | undefined;
  onChange: (value: string | number | null) => void;
};

const FILE_NOTE = 'Files cannot be uploaded here yet: give the text of the file, or a link to it.';

/** One input of the run dialog, with the editor its value type calls for. */
export function RunInputField({ field, index, value, error, onChange }: TRunInputFieldProps) {
  const id = `run-input-${index}`;
  // Starts the run through the dialog's form, so its checks and errors apply as for the button.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!isRunKey(event, field.valueType)) return;
    event.preventDefault();
    event.currentTarget.closest('form')?.requestSubmit();
  };
  const invalid = error ? 'p-invalid' : undefined;
  const describedBy = error ? `${id}-error` : `${id}-hint`;
  const text = typeof value === 'string' ? value : '';
  const hint = [field.description, field.valueType === 'file' ? FILE_NOTE : '']
    .filter(Boolean)
    .join(' ');

  const editor =
    field.valueType === 'number' ? (
      <InputNumber
        inputId={id}
        className={invalid}
        aria-describedby={describedBy}
        value={typeof value === 'number' ? value : null}
        mode="decimal"
        maxFractionDigits={10}
        useGrouping={false}
        onChange={(event) => onChange(event.value)}
        onKeyDown={onKeyDown}
      />
    ) : (
      <InputTextarea
        id={id}
        className={[invalid, field.valueType === 'json' ? 'canvas-dialog__code' : '']
          .filter(Boolean)
          .join(' ')}
        aria-describedby={describedBy}
        value={text}
        rows={field.valueType === 'json' ? 6 : 3}
        autoResize
        spellCheck={field.valueType === 'text'}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
    );
  return (
    <FormField
      id={id}
      label={`${field.label} (${inputValueTypeNames[field.valueType]})`}
      error={error}
      {...(hint ? { hint } : {})}
    >
      {editor}
    </FormField>
  );
}
