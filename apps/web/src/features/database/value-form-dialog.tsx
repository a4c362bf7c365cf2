import type { KeyboardEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import {
  valueTypeCodes,
  valueTypeNames,
  type TDatabaseValue,
  type TValueTypeCode,
} from '@flowsmith/shared';
import { FormField } from '../../components/form-field';
import { useToast } from '../../components/toast';
import { serverFormErrors } from '../../lib/forms';
import { useCreateValue, useUpdateValue } from './database.mutations';
import { valueForType } from './value-conversions';
import { ValueEditor } from './value-editor';
import { valueFormDefaults, VALUE_FORM_FIELDS, ZValueForm, type TValueForm } from './value-form';

const FORM_ID = 'value-form';
const TYPE_OPTIONS = valueTypeCodes.map((code) => ({ label: valueTypeNames[code], value: code }));

type TValueFormDialogProps = {
  databaseId: string;
  /** The value to edit, or null to add one. */
  value: TDatabaseValue | null;
  onClose: () => void;
};

const describedBy = (id: string, invalid: boolean) => (invalid ? `${id}-error` : undefined);

/** Add or edit one value: key, type, and a value editor that follows the type. */
export function ValueFormDialog({ databaseId, value, onClose }: TValueFormDialogProps) {
  const toast = useToast();
  const create = useCreateValue();
  const update = useUpdateValue();
  const save = value ? update : create;
  const { control, handleSubmit, setError, getValues, setValue, formState } = useForm<TValueForm>({
    resolver: zodResolver(ZValueForm),
    defaultValues: valueFormDefaults(value),
  });
  const type = useWatch({ control, name: 'type' });
  const hint = hintFor(type);

  const onError = (error: unknown) => {
    const { fields } = serverFormErrors(error, VALUE_FORM_FIELDS);
    for (const name of VALUE_FORM_FIELDS) {
      const message = fields[name];
      if (message) setError(name, { type: 'server', message });
    }
  };
  const onSaved = (saved: TDatabaseValue) => {
    toast.show({
      severity: 'success',
      summary: value ? 'Value saved' : 'Value added',
      detail: saved.key,
    });
    onClose();
  };
  const submit = handleSubmit((body) => {
    if (value) update.mutate({ id: value.id, body }, { onSuccess: onSaved, onError });
    else create.mutate({ ...body, nodeDatabaseId: databaseId }, { onSuccess: onSaved, onError });
  });
  const errors = save.isError ? serverFormErrors(save.error, VALUE_FORM_FIELDS) : null;
  const formError = errors && Object.keys(errors.fields).length === 0 ? errors.form : null;

  // Enter makes a new line in the text and JSON boxes; Ctrl+Enter (⌘+Enter) saves from anywhere.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };
  const changeType = (next: TValueTypeCode) => {
    setValue('type', next);
    // Keep what fits the new type, and re-check once the user has tried to save.
    setValue('value', valueForType(getValues('value'), next), {
      shouldValidate: formState.isSubmitted,
    });
  };

  const footer = (
    <>
      <Button type="button" label="Cancel" text onClick={onClose} />
      <Button
        type="submit"
        form={FORM_ID}
        label="Save"
        icon="pi pi-check"
        loading={save.isPending}
      />
    </>
  );

  return (
    <Dialog
      visible
      onHide={onClose}
      header={value ? 'Edit value' : 'Add value'}
      footer={footer}
      className="value-form-dialog"
      breakpoints={{ '640px': '95vw' }}
      draggable={false}
    >
      <form id={FORM_ID} noValidate onSubmit={(event) => void submit(event)} onKeyDown={onKeyDown}>
        <div className="value-form__row">
          <Controller
            control={control}
            name="key"
            render={({ field, fieldState }) => (
              <FormField id="value-key" label="Key" error={fieldState.error?.message}>
                <InputText
                  id="value-key"
                  autoFocus
                  autoComplete="off"
                  invalid={fieldState.invalid}
                  aria-invalid={fieldState.invalid}
                  aria-describedby={describedBy('value-key', fieldState.invalid)}
                  className="w-full"
                  {...field}
                />
              </FormField>
            )}
          />
          <Controller
            control={control}
            name="type"
            render={({ field, fieldState }) => (
              <FormField id="value-type" label="Type" error={fieldState.error?.message}>
                <Dropdown
                  inputId="value-type"
                  value={field.value}
                  options={TYPE_OPTIONS}
                  invalid={fieldState.invalid}
                  onChange={(event) => changeType(event.value as TValueTypeCode)}
                />
              </FormField>
            )}
          />
        </div>
        <Controller
          control={control}
          name="value"
          render={({ field, fieldState }) => (
            <FormField id="value-value" label="Value" error={fieldState.error?.message} hint={hint}>
              <ValueEditor
                id="value-value"
                type={type}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                invalid={fieldState.invalid}
                describedBy={
                  fieldState.invalid ? 'value-value-error' : hint ? 'value-value-hint' : undefined
                }
              />
            </FormField>
          )}
        />
        {formError ? (
          <Message severity="error" text={formError} className="w-full form-message" />
        ) : null}
      </form>
    </Dialog>
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
