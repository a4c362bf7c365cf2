import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import type { TCustomAi } from '@flowsmith/shared';
import { useToast } from '../../components/toast';
import { errorText, serverFormErrors } from '../../lib/forms';
import {
  CUSTOM_AI_FIELDS,
  formDefaults,
  toSave,
  ZCustomAiForm,
  type TCustomAiFormInput,
  type TCustomAiFormValues,
} from './custom-ai-form';
import { CustomAiFormFields } from './custom-ai-form-fields';
import { savedBeforeError, useSaveCustomAi } from './custom-ai.mutations';
import { workflowsQueryOptions } from '../../lib/queries/canvas';
import { aiLinksQueryOptions } from '../../lib/queries/custom-ais';
import { modelsQueryOptions } from '../../lib/queries/models';
import { modelOptions } from '../../lib/models/model-label';
import { LoadingBlock } from '../../components/query-state';

const FORM_ID = 'custom-ai-form';

type TCustomAiFormDialogProps = {
  projectId: string;
  /** The custom AI to edit, or null to create one. */
  customAi: TCustomAi | null;
  onClose: () => void;
};

type TFormProps = TCustomAiFormDialogProps & { linkedIds: string[] };

function CustomAiForm({ projectId, customAi, linkedIds, onClose }: TFormProps) {
  const toast = useToast();
  const save = useSaveCustomAi();
  const models = useQuery(modelsQueryOptions());
  const workflows = useQuery(workflowsQueryOptions(projectId));
  // Set once a save created the custom AI but failed on a link: saving again updates it.
  const [created, setCreated] = useState<TCustomAi | null>(null);
  const target = customAi ?? created;
  const { control, handleSubmit, setError } = useForm<
    TCustomAiFormInput,
    unknown,
    TCustomAiFormValues
  >({
    resolver: zodResolver(ZCustomAiForm),
    defaultValues: formDefaults(customAi, linkedIds),
  });

  const onError = (error: unknown) => {
    const saved = savedBeforeError(error);
    if (saved && !target) setCreated(saved);
    const { fields } = serverFormErrors(error, CUSTOM_AI_FIELDS);
    for (const name of CUSTOM_AI_FIELDS) {
      const message = fields[name];
      if (message) setError(name, { type: 'server', message }, { shouldFocus: true });
    }
  };
  const submit = handleSubmit((values) =>
    save.mutate(toSave(values, target?.id ?? null, projectId), {
      onSuccess: (saved) => {
        toast.show({
          severity: 'success',
          summary: target ? 'Custom AI saved' : 'Custom AI created',
          detail: saved.name,
        });
        onClose();
      },
      onError,
    }),
  );
  const formError = save.isError ? serverFormErrors(save.error, CUSTOM_AI_FIELDS).form : null;

  return (
    <Dialog
      visible
      onHide={onClose}
      header={customAi ? 'Edit custom AI' : 'New custom AI'}
      footer={
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
      }
      className="custom-ai-form-dialog"
      breakpoints={{ '640px': '95vw' }}
      draggable={false}
    >
      <form id={FORM_ID} noValidate onSubmit={(event) => void submit(event)}>
        <CustomAiFormFields
          control={control}
          models={modelOptions(models.data?.items, 'text')}
          modelsLoading={models.isPending}
          workflows={workflows.data ?? []}
          workflowsLoading={workflows.isPending}
        />
        {created && !customAi ? (
          <Message
            severity="warn"
            className="w-full form-message"
            text={`${created.name} was created, but its workflows were not all linked. Saving again updates it.`}
          />
        ) : null}
        {formError ? (
          <Message severity="error" text={formError} className="w-full form-message" />
        ) : null}
      </form>
    </Dialog>
  );
}

/**
 * Create or edit a custom AI and its linked workflows. Mounted only while open; when editing, the
 * form waits for the current links so that its starting values are the saved ones.
 */
export function CustomAiFormDialog(props: TCustomAiFormDialogProps) {
  const links = useQuery({
    ...aiLinksQueryOptions(props.customAi?.id ?? ''),
    enabled: Boolean(props.customAi),
  });
  if (!props.customAi) return <CustomAiForm {...props} linkedIds={[]} />;
  if (links.data) {
    const linkedIds = links.data.items.map((link) => link.nodeGroupId);
    return <CustomAiForm {...props} linkedIds={linkedIds} />;
  }
  return (
    <Dialog
      visible
      onHide={props.onClose}
      header="Edit custom AI"
      className="custom-ai-form-dialog"
      draggable={false}
    >
      {links.isError ? (
        <Message
          severity="error"
          text={`Could not load its workflows: ${errorText(links.error)}`}
        />
      ) : (
        <LoadingBlock label="Loading" />
      )}
    </Dialog>
  );
}
