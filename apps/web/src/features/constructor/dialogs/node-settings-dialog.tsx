import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { templateOf, templateVariables, type TParamMeta } from '@flowsmith/shared';
import { FormDialog } from '../../../components/dialog/form-dialog';
import { nodeDocUrl } from '../../../lib/doc-links';
import { TextField } from '../../../components/form/text-field';
import { modelOptions } from '../../../lib/models/model-label';
import { customAiListQueryOptions } from '../../../lib/queries/custom-ais';
import { databasesQueryOptions } from '../../../lib/queries/databases';
import { modelsQueryOptions } from '../../../lib/queries/models';
import { useCanvasUi } from '../canvas/canvas-context';
import type { TFlowNode } from '../core/flow-types';
import {
  initialParamValues,
  toParamsPayload,
  validateParams,
  validateTitle,
  type TParamValues,
} from '../core/param-form';
import { useCanvasStore } from '../state/canvas-store';
import { HandleSummary } from './handle-summary';
import { ParamField } from './param-field';

type TNodeSettingsDialogProps = { node: TFlowNode; projectId: string; onClose: () => void };
type TNodeForm = { title: string; params: TParamValues };

const NO_PARAMS: readonly TParamMeta[] = [];

/** Checks the title and every param by the node kind's rules, as the server would. */
function nodeFormResolver(params: readonly TParamMeta[]): Resolver<TNodeForm> {
  return (values) => {
    const paramErrors = Object.entries(validateParams(params, values.params));
    const titleError = validateTitle(values.title);
    const errors: FieldErrors<TNodeForm> = {};
    if (titleError) errors.title = { type: 'validate', message: titleError };
    if (paramErrors.length) {
      errors.params = Object.fromEntries(
        paramErrors.map(([name, message]) => [name, { type: 'validate', message }]),
      );
    }
    return titleError || paramErrors.length ? { values: {}, errors } : { values, errors: {} };
  };
}

/** Settings generated from the node kind's params, plus the node's inputs and outputs. */
export function NodeSettingsDialog({ node, projectId, onClose }: TNodeSettingsDialogProps) {
  const { catalog, readOnly, commands } = useCanvasUi();
  const kind = catalog.byKind.get(node.data.kind);
  const params = kind?.params ?? NO_PARAMS;
  const form = useForm<TNodeForm>({
    defaultValues: {
      title: node.data.title,
      params: initialParamValues(params, node.data.params),
    },
    resolver: nodeFormResolver(params),
  });
  const values = useWatch({ control: form.control, name: 'params' });
  const edges = useCanvasStore((state) => state.edges);
  const needs = new Set(params.map((param) => param.type));
  const databases = useQuery({
    ...databasesQueryOptions(projectId),
    enabled: needs.has('database'),
  });
  const customAis = useQuery({
    ...customAiListQueryOptions(projectId),
    enabled: needs.has('custom_ai'),
  });
  const models = useQuery({ ...modelsQueryOptions(), enabled: needs.has('model') });

  const options = {
    model: modelOptions(models.data?.items, kind?.flags.model === 'image' ? 'image' : 'text'),
    database: (databases.data?.items ?? []).map((db) => ({ label: db.name, value: db.id })),
    custom_ai: (customAis.data?.items ?? []).map((ai) => ({ label: ai.name, value: ai.id })),
  };
  const template = templateOf(node.data.kind, values);
  const variables = template === null ? null : templateVariables(template);
  const connectedInputs = new Set(
    edges.filter((edge) => edge.target === node.id).map((edge) => edge.targetHandle ?? ''),
  );

  const save = (form: TNodeForm) =>
    commands.saveNodeData(node.id, {
      title: form.title.trim(),
      params: toParamsPayload(params, form.params, node.data.params),
    });

  return (
    <FormDialog
      form={form}
      header={`${kind?.name ?? node.data.kind} settings`}
      onSave={save}
      onClose={onClose}
      readOnly={readOnly}
      className="canvas-dialog"
    >
      <div className="canvas-dialog__form">
        <TextField
          control={form.control}
          name="title"
          id="node-title"
          label="Title *"
          disabled={readOnly}
          maxLength={200}
        />
        {params.map((param) => (
          <Controller
            key={param.name}
            control={form.control}
            name={`params.${param.name}`}
            render={({ field, fieldState }) => (
              <ParamField
                param={param}
                value={field.value}
                error={fieldState.error?.message}
                disabled={readOnly}
                options={options}
                onChange={field.onChange}
              />
            )}
          />
        ))}
        <HandleSummary
          inputs={node.data.inputs}
          outputs={node.data.outputs}
          variables={variables}
          connectedInputs={connectedInputs}
        />
        <a
          className="canvas-dialog__help"
          href={nodeDocUrl(node.data.kind)}
          target="_blank"
          rel="noreferrer"
        >
          <i className="pi pi-question-circle" aria-hidden="true" /> Help:{' '}
          {kind?.name ?? node.data.kind} in the node reference
        </a>
      </div>
    </FormDialog>
  );
}
