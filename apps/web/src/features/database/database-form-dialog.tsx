import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { ZNodeDatabaseCreate, type TNodeDatabase } from '@flowsmith/shared';
import { FormField } from '../../components/form-field';
import { useToast } from '../../components/toast';
import { serverFormErrors } from '../../lib/forms';
import { useCreateDatabase, useUpdateDatabase } from './database.mutations';

const FIELDS = ['name', 'description'] as const;
const FORM_ID = 'database-form';
const ZForm = ZNodeDatabaseCreate.omit({ projectId: true });
const TAKEN = 'A database with this name already exists in this project';

type TDatabaseFormDialogProps = {
  projectId: string;
  /** The database to rename, or null to create one. */
  database: TNodeDatabase | null;
  onClose: () => void;
  onCreated: (database: TNodeDatabase) => void;
};

/** Create a database or change its name and description. Mounted only while open. */
export function DatabaseFormDialog({
  projectId,
  database,
  onClose,
  onCreated,
}: TDatabaseFormDialogProps) {
  const toast = useToast();
  const create = useCreateDatabase();
  const update = useUpdateDatabase();
  const save = database ? update : create;
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(ZForm),
    defaultValues: { name: database?.name ?? '', description: database?.description ?? '' },
  });

  const errors = save.isError ? serverFormErrors(save.error, FIELDS, { conflict: TAKEN }) : null;
  const onError = (error: unknown) => {
    const { fields } = serverFormErrors(error, FIELDS);
    for (const name of FIELDS) {
      const message = fields[name];
      // The 409 names the field with a bare "Already exists"; say what already exists.
      if (message) setError(name, { type: 'server', message: name === 'name' ? TAKEN : message });
    }
  };
  const onSaved = (saved: TNodeDatabase) => {
    toast.show({
      severity: 'success',
      summary: database ? 'Database saved' : 'Database created',
      detail: saved.name,
    });
    if (!database) onCreated(saved);
    onClose();
  };
  const submit = handleSubmit((body) => {
    if (database) update.mutate({ id: database.id, body }, { onSuccess: onSaved, onError });
    else create.mutate({ ...body, projectId }, { onSuccess: onSaved, onError });
  });
  // A message for the whole form only when no field took the error already.
  const formError = errors && Object.keys(errors.fields).length === 0 ? errors.form : null;

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
      header={database ? 'Edit database' : 'New database'}
      footer={footer}
      className="database-form-dialog"
      breakpoints={{ '640px': '95vw' }}
      draggable={false}
    >
      {/* The footer's Save submits this form through its `form` attribute; so does Enter in the name. */}
      <form id={FORM_ID} noValidate onSubmit={(event) => void submit(event)}>
        <Controller
          control={control}
          name="name"
          render={({ field, fieldState }) => (
            <FormField id="database-name" label="Name" error={fieldState.error?.message}>
              <InputText
                id="database-name"
                autoFocus
                autoComplete="off"
                invalid={fieldState.invalid}
                aria-invalid={fieldState.invalid}
                aria-describedby={fieldState.invalid ? 'database-name-error' : undefined}
                className="w-full"
                {...field}
              />
            </FormField>
          )}
        />
        <Controller
          control={control}
          name="description"
          render={({ field, fieldState }) => (
            <FormField
              id="database-description"
              label="Description"
              error={fieldState.error?.message}
              hint="Optional. What the values are and which workflows use them."
            >
              <InputTextarea
                id="database-description"
                rows={3}
                autoResize
                invalid={fieldState.invalid}
                aria-invalid={fieldState.invalid}
                aria-describedby={
                  fieldState.invalid ? 'database-description-error' : 'database-description-hint'
                }
                className="w-full"
                {...field}
                value={field.value ?? ''}
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
