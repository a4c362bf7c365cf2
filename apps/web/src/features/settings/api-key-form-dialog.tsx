import { z } from 'zod';
import { ZApiKeyUpdate, type TApiKey, type TApiKeyCreated } from '@flowsmith/shared';
import { FormDialog } from '../../components/dialog/form-dialog';
import { DropdownField } from '../../components/form/dropdown-field';
import { TextField } from '../../components/form/text-field';
import { useNotify } from '../../components/toast';
import { EXPIRY_OPTIONS, expiresAtFor, type TExpiryChoice } from './api-key-expiry';
import { useCreateApiKey, useRenameApiKey } from './settings.mutations';
import { useZodForm } from '../../components/form/use-zod-form';

// The update schema's name is optional; both dialogs need one. Expiry is asked on create only.
const ZApiKeyForm = ZApiKeyUpdate.required().extend({
  expiry: z.enum(EXPIRY_OPTIONS.map((option) => option.value)),
});

type TApiKeyFormDialogProps = {
  /** The key to rename, or null to create one. */
  apiKey: TApiKey | null;
  onCreated: (created: TApiKeyCreated) => void;
  onClose: () => void;
};

/** Create an API key (name and expiry) or rename one; a key's secret never changes. */
export function ApiKeyFormDialog({ apiKey, onCreated, onClose }: TApiKeyFormDialogProps) {
  const notify = useNotify();
  const create = useCreateApiKey();
  const rename = useRenameApiKey();
  const form = useZodForm(ZApiKeyForm, {
    name: apiKey?.name ?? '',
    expiry: 'never' as TExpiryChoice,
  });

  const save = async ({ name, expiry }: z.output<typeof ZApiKeyForm>) => {
    if (!apiKey) return create.mutateAsync({ name, expiresAt: expiresAtFor(expiry, new Date()) });
    const saved = await rename.mutateAsync({ id: apiKey.id, name });
    notify.success('API key renamed', saved.name);
    return null;
  };

  return (
    <FormDialog
      form={form}
      header={apiKey ? `Rename ${apiKey.name}` : 'New API key'}
      onSave={save}
      // A new key is shown once, in the next dialog; a rename just closes.
      onSaved={(created) => (created ? onCreated(created) : onClose())}
      onClose={onClose}
      serverFields={['name']}
      saveLabel={apiKey ? 'Save' : 'Create key'}
      className="settings-dialog"
    >
      <TextField
        control={form.control}
        name="name"
        id="api-key-name"
        label="Name"
        hint="Where the key is used, e.g. “CI pipeline”."
      />
      {apiKey ? null : (
        <DropdownField
          control={form.control}
          name="expiry"
          id="api-key-expiry"
          label="Expires"
          hint="You can revoke a key at any time."
          options={[...EXPIRY_OPTIONS]}
          optionLabel="label"
          optionValue="value"
        />
      )}
    </FormDialog>
  );
}
