import { useWatch } from 'react-hook-form';
import { Dropdown } from 'primereact/dropdown';
import {
  valueTypeCodes,
  valueTypeNames,
  type TDatabaseValue,
  type TValueTypeCode,
} from '@flowsmith/shared';
import { FormDialog } from '../../components/dialog/form-dialog';
import { BoundField } from '../../components/form/bound-field';
import { TextField } from '../../components/form/text-field';
import { useNotify } from '../../components/toast';
import { useCreateValue, useUpdateValue } from './database.mutations';
import { valueForType } from './value-conversions';
import { ValueEditor } from './value-editor';
import { valueFormDefaults, ZValueForm, type TValueForm } from './value-form';
import { useZodForm } from '../../components/form/use-zod-form';

const TYPE_OPTIONS = valueTypeCodes.map((code) => ({ label: valueTypeNames[code], value: code }));

type TValueFormDialogProps = {
  databaseId: string;
  /** The value to edit, or null to add one. */
  value: TDatabaseValue | null;
  onClose: () => void;
};

/** Add or edit one value: key, type, and a value editor that follows the type. */
export function ValueFormDialog({ databaseId, value, onClose }: TValueFormDialogProps) {
  const notify = useNotify();
  const create = useCreateValue();
  const update = useUpdateValue();
  const form = useZodForm(ZValueForm, valueFormDefaults(value));
  const { control, getValues, setValue, formState } = form;
  const type = useWatch({ control, name: 'type' });

  const save = async (body: TValueForm) => {
    const saved = value
      ? await update.mutateAsync({ id: value.id, body })
      : await create.mutateAsync({ ...body, nodeDatabaseId: databaseId });
    notify.success(value ? 'Value saved' : 'Value added', saved.key);
  };
  const changeType = (next: TValueTypeCode) => {
    setValue('type', next, { shouldDirty: true });
    // Keep what fits the new type, and re-check once the user has tried to save.
    setValue('value', valueForType(getValues('value'), next), {
      shouldDirty: true,
      shouldValidate: formState.isSubmitted,
    });
  };

  return (
    <FormDialog
      form={form}
      header={value ? 'Edit value' : 'Add value'}
      onSave={save}
      onClose={onClose}
      className="value-form-dialog"
    >
      <div className="value-form__row">
        <TextField control={control} name="key" id="value-key" label="Key" />
        <BoundField
          control={control}
          name="type"
          id="value-type"
          label="Type"
          render={(field, { id, ...a11y }) => (
            <Dropdown
              {...a11y}
              inputId={id}
              value={field.value}
              options={TYPE_OPTIONS}
              onChange={(event) => changeType(event.value as TValueTypeCode)}
            />
          )}
        />
      </div>
      <BoundField
        control={control}
        name="value"
        id="value-value"
        label="Value"
        hint={hintFor(type) || undefined}
        render={(field, a11y) => (
          <ValueEditor
            type={type}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            a11y={a11y}
          />
        )}
      />
    </FormDialog>
  );
}

function hintFor(type: TValueTypeCode): string {
  switch (type) {
    case 'json':
      return 'Any JSON: an object, an array, a string in quotes, a number… Ctrl+Enter saves.';
    case 'date':
      return 'A day as yyyy-mm-dd, optionally with a time: 2026-01-31T12:00:00Z.';
    case 'text':
      return 'Ctrl+Enter saves.';
    default:
      return '';
  }
}
