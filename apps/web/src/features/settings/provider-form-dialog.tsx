import { useWatch } from 'react-hook-form';
import { Chips } from 'primereact/chips';
import { providers, type TProviderCredential } from '@flowsmith/shared';
import { FormDialog } from '../../components/dialog/form-dialog';
import { BoundField } from '../../components/form/bound-field';
import { DropdownField } from '../../components/form/dropdown-field';
import { PasswordField } from '../../components/form/password-field';
import { TextField } from '../../components/form/text-field';
import { useNotify } from '../../components/toast';
import { PROVIDER_LABELS } from '../../lib/models/model-label';
import {
  PROVIDER_FIELDS,
  providerFormDefaults,
  providerFormSchema,
  toCreateBody,
  toUpdateBody,
  type TProviderFormValues,
} from './provider-form';
import { useCreateProvider, useUpdateProvider } from './settings.mutations';
import { useZodForm } from '../../components/form/use-zod-form';

const PROVIDER_OPTIONS = providers.map((value) => ({ value, label: PROVIDER_LABELS[value] }));

type TProviderFormDialogProps = {
  /** The key to edit, or null to add one. */
  credential: TProviderCredential | null;
  onClose: () => void;
};

/** Add or edit a provider key. The saved key is never shown; a blank key field keeps it. */
export function ProviderFormDialog({ credential, onClose }: TProviderFormDialogProps) {
  const notify = useNotify();
  const create = useCreateProvider();
  const update = useUpdateProvider();
  const form = useZodForm(
    providerFormSchema(credential !== null),
    providerFormDefaults(credential),
  );
  const { control } = form;
  // The base URL's label and hint depend on the provider picked.
  const compatible = useWatch({ control, name: 'provider' }) === 'openai_compatible';

  const save = async (values: TProviderFormValues) => {
    const saved = credential
      ? await update.mutateAsync({ id: credential.id, body: toUpdateBody(values, credential) })
      : await create.mutateAsync(toCreateBody(values));
    notify.success(
      credential ? 'Provider saved' : 'Provider added',
      `${saved.name} (key ${saved.keyHint})`,
    );
  };

  return (
    <FormDialog
      form={form}
      header={credential ? `Edit ${credential.name}` : 'Add provider'}
      onSave={save}
      onClose={onClose}
      serverFields={PROVIDER_FIELDS}
      className="settings-dialog"
    >
      <DropdownField
        control={control}
        name="provider"
        id="provider-kind"
        label="Provider"
        hint={credential ? 'A saved key keeps its provider.' : 'Who serves the models.'}
        options={PROVIDER_OPTIONS}
        disabled={credential !== null}
      />
      <TextField
        control={control}
        name="name"
        id="provider-name"
        label="Name"
        hint="To tell your keys apart, e.g. “Work OpenAI”."
      />
      <PasswordField
        control={control}
        name="apiKey"
        id="provider-api-key"
        label="API key"
        hint={
          credential
            ? `Leave blank to keep the saved key (${credential.keyHint}).`
            : 'Stored encrypted; after saving only its last characters are shown.'
        }
        autoComplete="new-password"
      />
      <TextField
        control={control}
        name="baseUrl"
        id="provider-base-url"
        label={compatible ? 'Base URL' : 'Base URL (optional)'}
        hint={
          compatible
            ? 'e.g. http://localhost:11434/v1 for Ollama'
            : 'Only for a proxy; leave blank for the provider’s own API.'
        }
        type="url"
        placeholder={compatible ? 'http://localhost:11434/v1' : ''}
      />
      <BoundField
        control={control}
        name="models"
        id="provider-models"
        label="Models (optional)"
        hint="Model ids to offer, each followed by Enter. Leave empty to offer what the provider lists."
        render={(field, { id, ...a11y }) => (
          <Chips
            {...a11y}
            inputId={id}
            value={field.value}
            onChange={(event) => field.onChange(event.value ?? [])}
            separator=","
            addOnBlur
            allowDuplicate={false}
            className="w-full"
          />
        )}
      />
    </FormDialog>
  );
}
