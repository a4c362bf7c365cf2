import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { ZProjectCreate, type TProject } from '@flowsmith/shared';
import { FormField } from '../../components/form-field';
import { useToast } from '../../components/toast';
import { serverFormErrors } from '../../lib/forms';
import { useCreateProject, useUpdateProject } from './projects.mutations';

const FIELDS = ['name', 'description'] as const;
const FORM_ID = 'project-form';

type TProjectFormDialogProps = {
  /** The project to edit, or null to create one. */
  project: TProject | null;
  onClose: () => void;
};

const describedBy = (id: string, invalid: boolean) => (invalid ? `${id}-error` : undefined);

/** Create or edit a project's name and description. Mounted only while open, so it starts fresh. */
export function ProjectFormDialog({ project, onClose }: TProjectFormDialogProps) {
  const toast = useToast();
  const create = useCreateProject();
  const update = useUpdateProject();
  const save = project ? update : create;
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(ZProjectCreate),
    defaultValues: { name: project?.name ?? '', description: project?.description ?? '' },
  });

  const onError = (error: unknown) => {
    const { fields } = serverFormErrors(error, FIELDS);
    for (const name of FIELDS) {
      const message = fields[name];
      if (message) setError(name, { type: 'server', message });
    }
  };
  const onSaved = (saved: TProject) => {
    toast.show({
      severity: 'success',
      summary: project ? 'Project saved' : 'Project created',
      detail: saved.name,
    });
    onClose();
  };
  const submit = handleSubmit((body) => {
    if (project) update.mutate({ id: project.id, body }, { onSuccess: onSaved, onError });
    else create.mutate(body, { onSuccess: onSaved, onError });
  });
  const formError = save.isError ? serverFormErrors(save.error, FIELDS).form : null;

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
      header={project ? 'Edit project' : 'New project'}
      footer={footer}
      className="project-form-dialog"
      breakpoints={{ '640px': '95vw' }}
      draggable={false}
    >
      {/* The footer's Save button submits this form through its `form` attribute; Enter in the
          name field submits it too. */}
      <form id={FORM_ID} noValidate onSubmit={(event) => void submit(event)}>
        <Controller
          control={control}
          name="name"
          render={({ field, fieldState }) => (
            <FormField id="project-name" label="Name" error={fieldState.error?.message}>
              <InputText
                id="project-name"
                autoFocus
                autoComplete="off"
                invalid={fieldState.invalid}
                aria-invalid={fieldState.invalid}
                aria-describedby={describedBy('project-name', fieldState.invalid)}
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
              id="project-description"
              label="Description"
              error={fieldState.error?.message}
              hint="Optional. What this project's workflows are for."
            >
              <InputTextarea
                id="project-description"
                rows={4}
                autoResize
                invalid={fieldState.invalid}
                aria-invalid={fieldState.invalid}
                aria-describedby={
                  fieldState.invalid ? 'project-description-error' : 'project-description-hint'
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
