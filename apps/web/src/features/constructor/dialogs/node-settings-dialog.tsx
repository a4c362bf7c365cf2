import { Fragment, useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  templateOf,
  templateVariables,
  type TNode,
  type TNodeData,
  type TParamMeta,
} from '@flowsmith/shared';
import { FormDialog } from '../../../components/dialog/form-dialog';
import { isApiError } from '../../../lib/api';
import { nodeDocUrl } from '../../../lib/doc-links';
import { TextField } from '../../../components/form/text-field';
import { modelProblem } from '../../../lib/models/model-label';
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
import { conflictFields, type TNodeBase } from '../state/node-writes';
import { planInputSync, renamedInputs } from '../core/template-variables';
import { HandleSummary } from './handle-summary';
import { InputRenameNotice } from './input-rename-notice';
import { ParamControl } from './param-field';
import { useParamChoices } from './param-choices';
import { RunParamsNotice } from './run-params-notice';
import { EditNotice, useEditConflict } from './edit-notice';
import { changedSince, fieldName } from './remote-edits';

type TNodeSettingsDialogProps = { node: TFlowNode; projectId: string; onClose: () => void };
type TNodeForm = { title: string; params: TParamValues };
type TFormPath = 'title' | `params.${string}`;

const NO_PARAMS: readonly TParamMeta[] = [];

/**
 * Checks the title and every param by the node kind's rules, as the server would; a model must
 * be one of the user's (the list is read when the form is checked, it may arrive later).
 */
function nodeFormResolver(
  params: readonly TParamMeta[],
  modelCheck: () => (value: unknown) => string | null,
): Resolver<TNodeForm> {
  return (values) => {
    const problems = validateParams(params, values.params);
    const modelOf = modelCheck();
    for (const param of params) {
      const problem = param.type === 'model' ? modelOf(values.params[param.name]) : null;
      if (problem && !problems[param.name]) problems[param.name] = problem;
    }
    const paramErrors = Object.entries(problems);
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

/** The stored values as the form starts them, and what saving them unchanged would store. */
function baseOf(
  params: readonly TParamMeta[],
  node: { title: string; params: TNodeData['params'] },
) {
  const values = initialParamValues(params, node.params);
  return { title: node.title, params: toParamsPayload(params, values, node.params) };
}

const valueAt = (data: TNodeData, field: string) =>
  field === 'title' ? data.title : data.params[fieldName(field)];

/**
 * Settings generated from the node kind's params, plus the node's inputs and outputs. While it
 * is open, another member's saved changes show as a notice and fill in the fields this user
 * has not touched; a save refused because they changed the same field shows their value next
 * to this user's, which stays in the form (use mine / use theirs).
 */
export function NodeSettingsDialog({ node, projectId, onClose }: TNodeSettingsDialogProps) {
  const { catalog, readOnly, commands } = useCanvasUi();
  const kind = catalog.byKind.get(node.data.kind);
  const params = kind?.params ?? NO_PARAMS;
  const modelKind = kind?.flags.model === 'image' ? 'image' : 'text';
  const needs = new Set(params.map((param) => param.type));
  // Loaded for the model picker; the form checks a chosen model against it when saving.
  useQuery({ ...modelsQueryOptions(), enabled: needs.has('model') });
  const queryClient = useQueryClient();
  const form = useForm<TNodeForm>({
    defaultValues: {
      title: node.data.title,
      params: initialParamValues(params, node.data.params),
    },
    resolver: nodeFormResolver(
      params,
      () => (value) =>
        modelProblem(
          value,
          queryClient.getQueryData(modelsQueryOptions().queryKey)?.items,
          modelKind,
        ),
    ),
  });
  // What the user's edits are based on: the values and versions when the dialog opened, moved
  // on for each field taken over from another member since.
  const base = useRef<TNodeBase>({
    data: baseOf(params, node.data),
    versions: node.data.versions,
  });
  const saving = useRef(false);
  const [updatedBy, setUpdatedBy] = useState<string[]>([]);
  const wrapper = useRef<HTMLDivElement>(null);

  /** Bases these fields on another member's stored values, and shows those in the form. */
  const takeOver = (fields: string[], from: { data: TNodeData; versions: TNode['versions'] }) => {
    const stored = baseOf(params, from.data);
    const next: TNodeBase = {
      data: { title: base.current.data.title, params: { ...base.current.data.params } },
      versions: { ...base.current.versions },
    };
    for (const field of fields) {
      if (field === 'title') next.data.title = stored.title;
      else next.data.params[fieldName(field)] = stored.params[fieldName(field)];
      next.versions[field] = from.versions[field] ?? 0;
    }
    base.current = next;
    // The form shows the stored values of these fields, as not changed by this user.
    const shown = initialParamValues(params, stored.params);
    for (const field of fields) {
      const value = field === 'title' ? stored.title : shown[fieldName(field)];
      form.resetField(field as TFormPath, { defaultValue: value });
    }
  };

  // Another member saved this node: take over the fields this user has not touched.
  const versions = node.data.versions;
  useEffect(() => {
    if (saving.current) return;
    const changed = changedSince(base.current.versions, versions).filter(
      (field) => field === 'title' || field.startsWith('params.'),
    );
    if (!changed.length) return;
    const untouched = changed.filter((field) => !form.getFieldState(field as TFormPath).isDirty);
    takeOver(untouched, { data: node.data, versions });
    setUpdatedBy(changed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the stored versions move
  }, [versions]);

  const values = useWatch({ control: form.control, name: 'params' });
  const edges = useCanvasStore((state) => state.edges);
  const options = useParamChoices(params, projectId);
  const template = templateOf(node.data.kind, values);
  const variables = template === null ? null : templateVariables(template);
  const connectedInputs = new Set(
    edges.filter((edge) => edge.target === node.id).map((edge) => edge.targetHandle ?? ''),
  );
  const renames = variables
    ? renamedInputs(
        planInputSync(node.data.inputs, variables),
        connectedInputs,
        templateVariables(templateOf(node.data.kind, node.data.params) ?? ''),
      )
    : [];
  const [droppedWires, setDroppedWires] = useState<ReadonlySet<string>>(new Set());
  const carryWire = (from: string, carry: boolean) =>
    setDroppedWires((now) => {
      const next = new Set(now);
      if (carry) next.delete(from);
      else next.add(from);
      return next;
    });

  const { conflict, setConflict, useMine, useTheirs } = useEditConflict<TNode>({
    baseVersions: () => base.current.versions,
    wrapper,
    takeTheirs: ({ fields, current }) => takeOver(fields, current),
    onSettled: () => form.clearErrors(),
  });

  const save = async (values: TNodeForm) => {
    saving.current = true;
    try {
      await commands.saveNodeData(
        node.id,
        {
          title: values.title.trim(),
          params: toParamsPayload(params, values.params, base.current.data.params),
        },
        'Edit settings',
        base.current,
        new Map(
          renames.flatMap(({ from, to }) => (to && !droppedWires.has(from) ? [[from, to]] : [])),
        ),
      );
    } catch (error) {
      const fields = conflictFields(error);
      if (fields.length && isApiError(error)) {
        setConflict({ current: error.current as TNode, fields });
      }
      throw error;
    } finally {
      saving.current = false;
    }
  };

  const labelOf = (field: string) =>
    field === 'title'
      ? 'Title'
      : (params.find((param) => param.name === fieldName(field))?.label ?? fieldName(field));

  return (
    <FormDialog
      form={form}
      header={`${kind?.name ?? node.data.kind} settings`}
      onSave={save}
      onClose={onClose}
      readOnly={readOnly}
      className="canvas-dialog"
      serverFields={['title', ...params.map((param) => `params.${param.name}` as const)]}
    >
      <div className="canvas-dialog__form" ref={wrapper}>
        <EditNotice
          conflict={conflict?.fields ?? null}
          labelOf={labelOf}
          theirValue={(field) => conflict && valueAt(conflict.current.data, field)}
          changedElsewhere={
            updatedBy.length
              ? `Another member changed ${updatedBy.map(labelOf).join(', ')} while you were editing; fields you had not touched show their new values.`
              : null
          }
          onUseMine={useMine}
          onUseTheirs={useTheirs}
        />
        <RunParamsNotice nodeId={node.id} params={params} choices={options} />
        <TextField
          control={form.control}
          name="title"
          id="node-title"
          label="Title *"
          disabled={readOnly}
          maxLength={200}
        />
        {params.map((param) => (
          <Fragment key={param.name}>
            <ParamControl
              control={form.control}
              param={param}
              disabled={readOnly}
              projectId={projectId}
              options={options}
              modelKind={modelKind}
            />
            {param.name === 'template' ? (
              <InputRenameNotice
                renames={renames}
                dropped={droppedWires}
                onCarryChange={carryWire}
              />
            ) : null}
          </Fragment>
        ))}
        <HandleSummary
          inputs={node.data.inputs}
          outputs={node.data.outputs}
          variables={variables}
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
