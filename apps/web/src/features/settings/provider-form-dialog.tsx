import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { Chips } from 'primereact/chips';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Password } from 'primereact/password';
import { providers, type TProviderCredential } from '@flowsmith/shared';
import { FormField } from '../../components/form-field';
import { useToast } from '../../components/toast';
import { PROVIDER_LABELS } from '../../lib/models/model-label';
import { serverFormErrors } from '../../lib/forms';
import {
  PROVIDER_FIELDS,
  providerFormDefaults,
  providerFormSchema,
  toCreateBody,
  toUpdateBody,
} from './provider-form';
import { useCreateProvider, useUpdateProvider } from './settings.mutations';

const FORM_ID = 'provider-form';
const PROVIDER_OPTIONS = providers.map((value) => ({ value, label: PROVIDER_LABELS[value] }));

type TProviderFormDialogProps = {
  /** The key to edit, or null to add one. */
  credential: TProviderCredential | null;
  onClose: () => void;
};

const describedBy = (id: string, invalid: boolean, hint = true) =>
  invalid ? `${id}-error` : hint ? `${id}-hint` : undefined;

/** Add or edit a provider key. The saved key is never shown; a blank key field keeps it. */
export function ProviderFormDialog({ credential, onClose }: TProviderFormDialogProps) {
  const toast = useToast();
  const create = useCreateProvider();
  const update = useUpdateProvider();
  const save = credential ? update : create;
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(providerFormSchema(credential !== null)),
    defaultValues: providerFormDefaults(credential),
  });
  // The base URL's label and hint depend on the provider picked.
  const provider = useWatch({ control, name: 'provider' });

  const onError = (error: unknown) => {
    const { fields } = serverFormErrors(error, PROVIDER_FIELDS);
    for (const name of PROVIDER_FIELDS) {
      const message = fields[name];
      if (message) setError(name, { type: 'server', message });
    }
  };
  const onSaved = (saved: TProviderCredential) => {
    toast.show({
      severity: 'success',
      summary: credential ? 'Provider saved' : 'Provider added',
      detail: `${saved.name} (key ${saved.keyHint})`,
    });
    onClose();
  };
  const submit = handleSubmit((values) => {
    if (credential) {
      update.mutate(
        { id: credential.id, body: toUpdateBody(values, credential) },
        { onSuccess: onSaved, onError },
      );
    } else {
      create.mutate(toCreateBody(values), { onSuccess: onSaved, onError });
    }
  });
  const formError = save.isError ? serverFormErrors(save.error, PROVIDER_FIELDS).form : null;

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
      header={credential ? `Edit ${credential.name}` : 'Add provider'}
      footer={footer}
      className="settings-dialog"
      breakpoints={{ '640px': '95vw' }}
      draggable={false}
    >
      <form id={FORM_ID} noValidate onSubmit={(event) => void submit(event)}>
        <Controller
          control={control}
          name="provider"
          render={({ field, fieldState }) => (
            <FormField
              id="provider-kind"
              label="Provider"
              error={fieldState.error?.message}
              hint={credential ? 'A saved key keeps its provider.' : 'Who serves the models.'}
            >
              <Dropdown
                inputId="provider-kind"
                options={PROVIDER_OPTIONS}
                value={field.value}
                onChange={(event) => field.onChange(event.value)}
                disabled={credential !== null}
                aria-describedby={describedBy('provider-kind', fieldState.invalid)}
                className="w-full"
              />
            </FormField>
          )}
        />
        <Controller
          control={control}
          name="name"
          render={({ field, fieldState }) => (
            <FormField
              id="provider-name"
              label="Name"
              error={fieldState.error?.message}
              hint="To tell your keys apart, e.g. “Work OpenAI”."
            >
              <InputText
                id="provider-name"
                autoFocus
                autoComplete="off"
                invalid={fieldState.invalid}
                aria-invalid={fieldState.invalid}
                aria-describedby={describedBy('provider-name', fieldState.invalid)}
                className="w-full"
                {...field}
              />
            </FormField>
          )}
        />
        <Controller
          control={control}
          name="apiKey"
          render={({ field, fieldState }) => (
            <FormField
              id="provider-api-key"
              label="API key"
              error={fieldState.error?.message}
              hint={
                credential
                  ? `Leave blank to keep the saved key (${credential.keyHint}).`
                  : 'Stored encrypted; after saving only its last characters are shown.'
              }
            >
              <Password
                inputId="provider-api-key"
                feedback={false}
                toggleMask
                autoComplete="new-password"
                invalid={fieldState.invalid}
                aria-invalid={fieldState.invalid}
                aria-describedby={describedBy('provider-api-key', fieldState.invalid)}
                className="w-full"
                inputClassName="w-full"
                name={field.name}
                value={field.value}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
              />
            </FormField>
          )}
        />
        <Controller
          control={control}
          name="baseUrl"
          render={({ field, fieldState }) => (
            <FormField
              id="provider-base-url"
              label={provider === 'openai_compatible' ? 'Base URL' : 'Base URL (optional)'}
              error={fieldState.error?.message}
              hint={
                provider === 'openai_compatible'
                  ? 'e.g. http://localhost:11434/v1 for Ollama'
                  : 'Only for a proxy; leave blank for the provider’s own API.'
              }
            >
              <InputText
                id="provider-base-url"
                type="url"
                autoComplete="off"
                placeholder={provider === 'openai_compatible' ? 'http://localhost:11434/v1' : ''}
                invalid={fieldState.invalid}
                aria-invalid={fieldState.invalid}
                aria-describedby={describedBy('provider-base-url', fieldState.invalid)}
                className="w-full"
                {...field}
              />
            </FormField>
          )}
        />
        <Controller
          control={control}
          name="models"
          render={({ field, fieldState }) => (
            <FormField
              id="provider-models"
              label="Models (optional)"
              error={fieldState.error?.message}
              hint="Model ids to offer, each followed by Enter. Leave empty to offer what the provider lists."
            >
              <Chips
                inputId="provider-models"
                value={field.value}
                onChange={(event) => field.onChange(event.value ?? [])}
                separator=","
                addOnBlur
                allowDuplicate={false}
                aria-describedby={describedBy('provider-models', fieldState.invalid)}
                className="w-full"
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
