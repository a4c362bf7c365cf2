import { ZProjectCreate, type TProject, type TProjectCreate } from '@flowsmith/shared';
import { FormDialog } from '../../components/dialog/form-dialog';
import { TextAreaField } from '../../components/form/text-area-field';
import { TextField } from '../../components/form/text-field';
import { useNotify } from '../../components/toast';
import { useCreateProject, useUpdateProject } from './projects.mutations';
import { useZodForm } from '../../components/form/use-zod-form';

type TProjectFormDialogProps = {
  /** The project to edit, or null to create one. */
  project: TProject | null;
  onClose: () => void;
};

/** Create or edit a project's name and description. Mounted only while open, so it starts fresh. */
export function ProjectFormDialog({ project, onClose }: TProjectFormDialogProps) {
  const notify = useNotify();
  const create = useCreateProject();
  const update = useUpdateProject();
  const form = useZodForm(ZProjectCreate, {
    name: project?.name ?? '',
    description: project?.description ?? '',
  });

  const save = async (body: TProjectCreate) => {
    const saved = project
      ? await update.mutateAsync({ id: project.id, body })
      : await create.mutateAsync(body);
    notify.success(project ? 'Project saved' : 'Project created', saved.name);
  };

  return (
    <FormDialog
      form={form}
      header={project ? 'Edit project' : 'New project'}
      onSave={save}
      onClose={onClose}
      className="project-form-dialog"
    >
      <TextField control={form.control} name="name" id="project-name" label="Name" />
      <TextAreaField
        control={form.control}
        name="description"
        id="project-description"
        label="Description"
        hint="Optional. What this project's workflows are for."
        rows={4}
      />
    </FormDialog>
  );
}
