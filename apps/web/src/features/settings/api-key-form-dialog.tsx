import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { ZApiKeyUpdate, type TApiKey, type TApiKeyCreated } from '@flowsmith/shared';
import { FormField } from '../../components/form-field';
import { useToast } from '../../components/toast';
import { serverFormErrors } from '../../lib/forms';
import { EXPIRY_OPTIONS, expiresAtFor, type TExpiryChoice } from './api-key-expiry';
import { useCreateApiKey, useRenameApiKey } from './settings.mutations';

const FORM_ID = 'api-key-form';
const FIELDS = ['name'] as const;
// The update schema's name is optional; both dialogs need one.
const ZApiKeyForm = ZApiKeyUpdate.required();

type TApiKeyFormDialogProps = {
  /** The key to rename, or null to create one. */
  apiKey: TApiKey | null;
  onCreated: (created: TApiKeyCreated) => void;
  onClose: () => void;
};

/** Create an API key (name and expiry) or rename one; a key's secret never changes. */
export function ApiKeyFormDialog({ apiKey, onCreated, onClose }: TApiKeyFormDialogProps) {
  const toast = useToast();
  const create = useCreateApiKey();
  const rename = useRenameApiKey();
  const save = apiKey ? rename : create;
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(ZApiKeyForm),
    defaultValues: { name: apiKey?.name ?? '' },
  });
  const [expiry, setExpiry] = useState<TExpiryChoice>('never');

  const onError = (error: unknown) => {
    const message = serverFormErrors(error, FIELDS).fields.name;
    if (message) setError('name', { type: 'server', message });
  };
  const submit = handleSubmit(({ name }) => {
    if (apiKey) {
      rename.mutate(
        { id: apiKey.id, name },
        {
          onSuccess: (saved) => {
            toast.show({ severity: 'success', summary: 'API key renamed', detail: saved.name });
            onClose();
          },
          onError,
        },
      );
      return;
    }
    const expiresAt = expiresAtFor(expiry, new Date());
    create.mutate({ name, expiresAt }, { onSuccess: onCreated, onError });
  });
  const formError = save.isError ? serverFormErrors(save.error, FIELDS).form : null;

  const footer = (
    <>
      <Button type="button" label="Cancel" text onClick={onClose} />
      <Button
        type="submit"
        form={FORM_ID}
        label={apiKey ? 'Save' : 'Create key'}
        icon="pi pi-check"
        loading={save.isPending}
      />
    </>
  );

  return (
    <Dialog
      visible
      onHide={onClose}
      header={apiKey ? `Rename ${apiKey.name}` : 'New API key'}
      footer={footer}
      className="settings-dialog"
      breakpoints={{ '640px': '95vw' }}
      draggable={false}
    >
      <form id={FORM_ID} noValidate onSubmit={(event) => void submit(event)}>
        <Controller
          control={control}
          name="name"
          render={({ field, fieldState }) => (
            <FormField
              id="api-key-name"
              label="Name"
              error={fieldState.error?.message}
              hint="Where the key is used, e.g. “CI pipeline”."
            >
              <InputText
                id="api-key-name"
                autoFocus
                autoComplete="off"
                invalid={fieldState.invalid}
                aria-invalid={fieldState.invalid}
                aria-describedby={fieldState.invalid ? 'api-key-name-error' : 'api-key-name-hint'}
                className="w-full"
                {...field}
                value={field.value ?? ''}
              />
            </FormField>
          )}
        />
        {apiKey ? null : (
          <FormField id="api-key-expiry" label="Expires" hint="You can revoke a key at any time.">
            <Dropdown
              inputId="api-key-expiry"
              options={[...EXPIRY_OPTIONS]}
              optionLabel="label"
              optionValue="value"
              value={expiry}
              onChange={(event) => setExpiry(event.value as TExpiryChoice)}
              aria-describedby="api-key-expiry-hint"
              className="w-full"
            />
          </FormField>
        )}
        {formError ? (
          <Message severity="error" text={formError} className="w-full form-message" />
        ) : null}
      </form>
    </Dialog>
  );
}
