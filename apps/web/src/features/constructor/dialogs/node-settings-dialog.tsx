import { useMemo, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { FormField } from '../../../components/form-field';
import { errorText } from '../../../lib/forms';
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
  type TParamErrors,
} from '../core/param-form';
import { modelOptions } from '../../../lib/models/model-label';
import { TEMPLATE_KINDS, templateVariables } from '../core/template-variables';
import { useCanvasStore } from '../state/canvas-store';
import { HandleSummary } from './handle-summary';
import { ParamField } from './param-field';

type TNodeSettingsDialogProps = { node: TFlowNode; projectId: string; onClose: () => void };

/** Settings generated from the node type's params, plus the node's inputs and outputs. */
export function NodeSettingsDialog({ node, projectId, onClose }: TNodeSettingsDialogProps) {
  const { catalog, readOnly, commands } = useCanvasUi();
  const type = catalog.byKind.get(node.data.kind);
  const params = useMemo(
    () => catalog.paramsByKind.get(node.data.kind) ?? [],
    [catalog, node.data.kind],
  );
  const [title, setTitle] = useState(node.data.title);
  const [values, setValues] = useState(() => initialParamValues(params, node.data.params));
  const [errors, setErrors] = useState<TParamErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
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
    model: modelOptions(models.data?.items, node.data.kind === 'ai_image' ? 'image' : 'text'),
    database: (databases.data?.items ?? []).map((db) => ({ label: db.name, value: db.id })),
    custom_ai: (customAis.data?.items ?? []).map((ai) => ({ label: ai.name, value: ai.id })),
  };
  const variables = TEMPLATE_KINDS.includes(node.data.kind)
    ? templateVariables(typeof values.template === 'string' ? values.template : '')
    : null;
  const connectedInputs = new Set(
    edges.filter((edge) => edge.target === node.id).map((edge) => edge.targetHandle ?? ''),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (readOnly) return;
    const found: TParamErrors = validateParams(params, values);
    const titleProblem = validateTitle(title);
    if (titleProblem) found.title = titleProblem;
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    setFormError(null);
    try {
      await commands.saveNodeData(node.id, {
        title: title.trim(),
        params: toParamsPayload(params, values, node.data.params),
      });
      onClose();
    } catch (error) {
      setFormError(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  const footer = readOnly ? (
    <Button label="Close" onClick={onClose} />
  ) : (
    <>
      <Button label="Cancel" text onClick={onClose} disabled={saving} />
      <Button
        label="Save"
        icon="pi pi-check"
        type="submit"
        form="node-settings-form"
        loading={saving}
      />
    </>
  );

  return (
    <Dialog
      visible
      onHide={onClose}
      header={`${type?.name ?? node.data.kind} settings`}
      footer={footer}
      className="canvas-dialog"
      modal
      dismissableMask={readOnly}
    >
      <form
        id="node-settings-form"
        className="canvas-dialog__form"
        onSubmit={(e) => void submit(e)}
        noValidate
      >
        {formError ? (
          <p className="p-error" role="alert">
            {formError}
          </p>
        ) : null}
        <FormField id="node-title" label="Title *" error={errors.title}>
          <InputText
            id="node-title"
            value={title}
            disabled={readOnly}
            maxLength={200}
            className={errors.title ? 'p-invalid' : undefined}
            onChange={(event) => setTitle(event.target.value)}
          />
        </FormField>
        {params.map((param) => (
          <ParamField
            key={param.name}
            param={param}
            value={values[param.name]}
            error={errors[param.name]}
            disabled={readOnly}
            options={options}
            onChange={(value) => setValues((current) => ({ ...current, [param.name]: value }))}
          />
        ))}
        <HandleSummary
          inputs={node.data.inputs}
          outputs={node.data.outputs}
          variables={variables}
          connectedInputs={connectedInputs}
        />
      </form>
    </Dialog>
  );
}
