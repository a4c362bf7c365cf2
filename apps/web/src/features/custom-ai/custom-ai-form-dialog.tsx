import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Message } from 'primereact/message';
import type { TCustomAi, TModelInfo } from '@flowsmith/shared';
import { AppDialog } from '../../components/dialog/app-dialog';
import { FormDialog } from '../../components/dialog/form-dialog';
import { LoadError, LoadingBlock } from '../../components/query-state';
import { useNotify } from '../../components/toast';
import { modelProblem } from '../../lib/models/model-label';
import { workflowsQueryOptions } from '../../lib/queries/workflows';
import { aiLinksQueryOptions } from '../../lib/queries/custom-ais';
import { mcpServersQueryOptions } from '../../lib/queries/mcp-servers';
import { modelsQueryOptions } from '../../lib/queries/models';
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

type TCustomAiFormDialogProps = {
  projectId: string;
  /** The custom AI to edit, or null to create one. */
  customAi: TCustomAi | null;
  onClose: () => void;
};

type TFormProps = TCustomAiFormDialogProps & { linkedIds: string[] };

const formRules = zodResolver(ZCustomAiForm);

/** The form's rules, and a model that must be one of the user's once their list is known. */
function withModelCheck(
  models: () => TModelInfo[] | undefined,
): Resolver<TCustomAiFormInput, unknown, TCustomAiFormValues> {
  return async (values, context, options) => {
    const result = await formRules(values, context, options);
    const problem = modelProblem(values.model, models(), 'text');
    if (!problem) return result;
    return {
      values: {},
      errors: { ...result.errors, model: { type: 'validate', message: problem } },
    };
  };
}

function CustomAiForm({ projectId, customAi, linkedIds, onClose }: TFormProps) {
  const notify = useNotify();
  const save = useSaveCustomAi();
  const workflows = useQuery(workflowsQueryOptions(projectId));
  const mcpServers = useQuery(mcpServersQueryOptions());
  // Set once a save created the custom AI but failed on a link: saving again updates it.
  const [created, setCreated] = useState<TCustomAi | null>(null);
  const target = customAi ?? created;
  const queryClient = useQueryClient();
  const form = useForm<TCustomAiFormInput, unknown, TCustomAiFormValues>({
    resolver: withModelCheck(() => queryClient.getQueryData(modelsQueryOptions().queryKey)?.items),
    defaultValues: formDefaults(customAi, linkedIds),
  });

  const saveValues = async (values: TCustomAiFormValues) => {
    try {
      const saved = await save.mutateAsync(toSave(values, target?.id ?? null, projectId));
      notify.success(target ? 'Custom AI saved' : 'Custom AI created', saved.name);
    } catch (error) {
      const createdFirst = savedBeforeError(error);
      if (createdFirst && !target) setCreated(createdFirst);
      throw error;
    }
  };

  return (
    <FormDialog
      form={form}
      header={customAi ? 'Edit custom AI' : 'New custom AI'}
      onSave={saveValues}
      onClose={onClose}
      serverFields={CUSTOM_AI_FIELDS}
      className="custom-ai-form-dialog"
    >
      <CustomAiFormFields
        control={form.control}
        workflows={workflows.data ?? []}
        workflowsLoading={workflows.isPending}
        mcpServers={mcpServers.data?.items ?? []}
        mcpServersLoading={mcpServers.isPending}
      />
      {created && !customAi ? (
        <Message
          severity="warn"
          className="w-full form-message"
          text={`${created.name} was created, but its workflows were not all linked. Saving again updates it.`}
        />
      ) : null}
    </FormDialog>
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
    <AppDialog onHide={props.onClose} header="Edit custom AI" className="custom-ai-form-dialog">
      {links.isError ? (
        <LoadError what="its workflows" error={links.error} onRetry={() => void links.refetch()} />
      ) : (
        <LoadingBlock label="Loading" />
      )}
    </AppDialog>
  );
}
