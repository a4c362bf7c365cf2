import { useEffect, useRef, useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { TabPanel, TabView } from 'primereact/tabview';
import type { TFieldVersions, TNodeGroup, TParamMeta } from '@flowsmith/shared';
import { FormDialog } from '../../../components/dialog/form-dialog';
import { TextField } from '../../../components/form/text-field';
import { isApiError } from '../../../lib/api';
import { useCanvasUi } from '../canvas/canvas-context';
import type { TGroupFields } from '../core/history';
import { useCanvasStore } from '../state/canvas-store';
import { conflictFields } from '../state/node-writes';
import { EditNotice, useEditConflict } from './edit-notice';
import {
  checkGroupForm,
  groupFormValues,
  parseSettingsJson,
  settingsJson,
  settingsOf,
  storedAsForm,
  type TGroupFormValues,
} from './group-settings-form';
import { GroupSettingsJson } from './group-settings-json';
import { ParamControl } from './param-field';
import { useParamChoices } from './param-choices';
import { changedSince, fieldName } from './remote-edits';

type TGroupSettingsDialogProps = { group: TNodeGroup; projectId: string; onClose: () => void };
type TBase = { fields: TGroupFields; versions: TFieldVersions };
type TFormPath = 'name' | 'extra' | `params.${string}`;

const NO_PARAMS: readonly TParamMeta[] = [];
const FORM_TAB = 0;
const JSON_TAB = 1;

/** Checks the name and each setting as the form shows them. */
function groupFormResolver(params: readonly TParamMeta[]): Resolver<TGroupFormValues> {
  return (values) => {
    const problems = checkGroupForm(params, values);
    const errors: FieldErrors<TGroupFormValues> = {};
    if (problems.name) errors.name = { type: 'validate', message: problems.name };
    const paramErrors = Object.entries(problems.params);
    if (paramErrors.length) {
      errors.params = Object.fromEntries(
        paramErrors.map(([name, message]) => [name, { type: 'validate', message }]),
      );
    }
    return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
  };
}

/**
 * A group's name (also the node's title) and its settings: a form generated from the group
 * kind's catalog params, labelled and explained, with a JSON view of every stored setting that
 * edits the same values. Another member's saved change shows as a notice and fills in the fields
 * this user has not touched; a save refused because they changed the same field shows their
 * value next to this user's, which stays in the form (use mine / use theirs).
 */
export function GroupSettingsDialog({ group, projectId, onClose }: TGroupSettingsDialogProps) {
  const { catalog, readOnly, commands } = useCanvasUi();
  const kindName = useCanvasStore(
    (state) => state.nodes.find((node) => node.id === group.nodeId)?.data.kind,
  );
  const kind = kindName ? catalog.byKind.get(kindName) : undefined;
  const params = kind?.params ?? NO_PARAMS;
  const choices = useParamChoices(params, projectId);
  const [tab, setTab] = useState(FORM_TAB);
  const [jsonText, setJsonText] = useState('');
  const [jsonError, setJsonError] = useState<string | null>(null);
  const jsonProblem = useRef<string | null>(null);
  const form = useForm<TGroupFormValues>({
    defaultValues: groupFormValues(params, group),
    resolver: groupFormResolver(params),
  });
  const base = useRef<TBase>({ fields: storedAsForm(params, group), versions: group.versions });
  const saving = useRef(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const [changedElsewhere, setChangedElsewhere] = useState<string[]>([]);
  const declared = new Set(params.map((param) => param.name));

  /** The JSON view follows values put into the form from elsewhere. */
  const refreshJson = () => {
    if (jsonProblem.current) return;
    setJsonText(settingsJson(params, form.getValues()));
  };

  /**
   * Bases these fields on `from`'s stored values and shows those: as untouched (another member's
   * save) or as this user's change (use theirs).
   */
  const takeOver = (fields: string[], from: TNodeGroup, asChange: boolean) => {
    const stored = storedAsForm(params, from);
    const shown = groupFormValues(params, from);
    const next: TBase = {
      fields: { name: base.current.fields.name, settings: { ...base.current.fields.settings } },
      versions: { ...base.current.versions },
    };
    const show = (path: TFormPath, value: unknown) => {
      if (asChange) form.setValue(path, value, { shouldDirty: true });
      else form.resetField(path, { defaultValue: value });
    };
    const extra = { ...form.getValues('extra') };
    let extraChanged = false;
    for (const field of fields) {
      next.versions[field] = from.versions[field] ?? 0;
      if (field === 'name') {
        next.fields.name = from.name;
        show('name', from.name);
        continue;
      }
      const key = fieldName(field);
      if (key in stored.settings) next.fields.settings[key] = stored.settings[key];
      else delete next.fields.settings[key];
      if (declared.has(key)) show(`params.${key}`, shown.params[key]);
      else {
        extraChanged = true;
        if (key in shown.extra) extra[key] = shown.extra[key];
        else delete extra[key];
      }
    }
    if (extraChanged) show('extra', extra);
    base.current = next;
    refreshJson();
  };

  /** The form path that shows a stored field. */
  const pathOf = (field: string): TFormPath => {
    if (field === 'name') return 'name';
    const key = fieldName(field);
    return declared.has(key) ? `params.${key}` : 'extra';
  };

  // Another member saved this group: take over the fields this user has not touched.
  useEffect(() => {
    if (saving.current) return;
    const changed = changedSince(base.current.versions, group.versions).filter(
      (field) => field === 'name' || field.startsWith('settings.'),
    );
    if (!changed.length) return;
    const untouched = changed.filter((field) => !form.getFieldState(pathOf(field)).isDirty);
    takeOver(untouched, group, false);
    setChangedElsewhere(changed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the stored versions move
  }, [group.versions]);

  // Taking theirs shows their values as this user's change; the user's other fields stay.
  const { conflict, setConflict, useMine, useTheirs } = useEditConflict<TNodeGroup>({
    baseVersions: () => base.current.versions,
    wrapper,
    takeTheirs: ({ fields, current }) => takeOver(fields, current, true),
  });

  /** Resolves true once saved, false when refused because of another member's change. */
  const save = async (values: TGroupFormValues) => {
    // The JSON view's text is not in the form's values until it reads; its problem shows under it.
    if (jsonProblem.current) throw new Error('Correct the settings JSON before saving.');
    saving.current = true;
    try {
      const fields = { name: values.name.trim(), settings: settingsOf(params, values) };
      await commands.saveGroup(group.nodeId, fields, base.current);
      return true;
    } catch (error) {
      const named = conflictFields(error);
      if (!named.length || !isApiError(error)) throw error;
      setConflict({ current: error.current as TNodeGroup, fields: named });
      return false;
    } finally {
      saving.current = false;
    }
  };

  const labelOf = (field: string) => {
    if (field === 'name') return 'Name';
    const key = fieldName(field);
    return params.find((param) => param.name === key)?.label ?? key;
  };

  const changeTab = (index: number) => {
    if (index === tab) return;
    if (index === JSON_TAB) {
      setJsonText(settingsJson(params, form.getValues()));
      setJsonError(null);
    } else if (jsonProblem.current) {
      // The form cannot show text that does not read; the problem is shown under it.
      return;
    }
    setTab(index);
  };

  /** Each readable edit of the JSON view goes into the form's values at once. */
  const onJsonChange = (text: string) => {
    const parsed = parseSettingsJson(params, text);
    setJsonText(text);
    setJsonError(parsed.error ?? null);
    jsonProblem.current = parsed.error ?? null;
    if (!parsed.values) return;
    for (const param of params) {
      const value = parsed.values.params[param.name];
      if (value !== form.getValues(`params.${param.name}`)) {
        form.setValue(`params.${param.name}`, value, { shouldDirty: true });
      }
    }
    form.setValue('extra', parsed.values.extra, { shouldDirty: true });
  };

  return (
    <FormDialog
      form={form}
      header={`${kind?.name ?? 'Group'} settings`}
      onSave={save}
      onSaved={(saved) => saved && onClose()}
      onClose={onClose}
      readOnly={readOnly}
      className="canvas-dialog"
      serverFields={['name']}
    >
      <div className="canvas-dialog__form" ref={wrapper}>
        <EditNotice
          conflict={conflict?.fields ?? null}
          labelOf={labelOf}
          theirValue={(field) =>
            field === 'name' ? conflict?.current.name : conflict?.current.settings[fieldName(field)]
          }
          changedElsewhere={
            changedElsewhere.length
              ? `Another member changed ${changedElsewhere.map(labelOf).join(', ')} while you were editing; fields you had not touched show their new values.`
              : null
          }
          onUseMine={useMine}
          onUseTheirs={useTheirs}
        />
        <TextField
          control={form.control}
          name="name"
          id="group-name"
          label="Name *"
          disabled={readOnly}
          maxLength={200}
        />
        <TabView
          className="canvas-dialog__tabs"
          activeIndex={tab}
          onTabChange={(event) => changeTab(event.index)}
        >
          <TabPanel header="Form">
            {params.length ? null : (
              <p className="canvas-dialog__empty">This kind of group has no settings.</p>
            )}
            {params.map((param) => (
              <ParamControl
                key={param.name}
                control={form.control}
                param={param}
                disabled={readOnly}
                projectId={projectId}
                options={choices}
                modelKind="text"
              />
            ))}
          </TabPanel>
          <TabPanel header="JSON">
            <GroupSettingsJson
              text={jsonText}
              error={jsonError}
              disabled={readOnly}
              onChange={onJsonChange}
            />
          </TabPanel>
        </TabView>
      </div>
    </FormDialog>
  );
}
