import type { z } from 'zod';
import { ZNodeDatabaseCreate, type TNodeDatabase } from '@flowsmith/shared';
import { FormDialog } from '../../components/dialog/form-dialog';
import { TextAreaField } from '../../components/form/text-area-field';
import { TextField } from '../../components/form/text-field';
import { useNotify } from '../../components/toast';
import { useCreateDatabase, useUpdateDatabase } from './database.mutations';
import { useZodForm } from '../../components/form/use-zod-form';

const ZForm = ZNodeDatabaseCreate.omit({ projectId: true });
// The 409 names the field with a bare "Already exists"; say what already exists.
const CODE_MESSAGES = { conflict: 'A database with this name already exists in this project' };

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
  const notify = useNotify();
  const create = useCreateDatabase();
  const update = useUpdateDatabase();
  const form = useZodForm(ZForm, {
    name: database?.name ?? '',
    description: database?.description ?? '',
  });

  const save = async (body: z.input<typeof ZForm>) => {
    const saved = database
      ? await update.mutateAsync({ id: database.id, body })
      : await create.mutateAsync({ ...body, projectId });
    notify.success(database ? 'Database saved' : 'Database created', saved.name);
    if (!database) onCreated(saved);
  };

  return (
    <FormDialog
      form={form}
      header={database ? 'Edit database' : 'New database'}
      onSave={save}
      onClose={onClose}
      codeMessages={CODE_MESSAGES}
      className="database-form-dialog"
    >
      <TextField control={form.control} name="name" id="database-name" label="Name" />
      <TextAreaField
        control={form.control}
        name="description"
        id="database-description"
        label="Description"
        hint="Optional. What the values are and which workflows use them."
      />
    </FormDialog>
  );
}
