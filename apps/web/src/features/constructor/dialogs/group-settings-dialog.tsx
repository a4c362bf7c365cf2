import { useEffect, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { TFieldVersions, TNodeGroup } from '@flowsmith/shared';
import { FormDialog } from '../../../components/dialog/form-dialog';
import { isApiError } from '../../../lib/api';
import { TextAreaField } from '../../../components/form/text-area-field';
import { TextField } from '../../../components/form/text-field';
import { useCanvasUi } from '../canvas/canvas-context';
import type { TGroupFields } from '../core/history';
import { conflictFields } from '../state/node-writes';
import { EditNotice, resubmit } from './edit-notice';
import { parseGroupSettings, withTheirSettings } from './group-settings-form';
import { changedSince, fieldName } from './remote-edits';

type TGroupSettingsDialogProps = { group: TNodeGroup; onClose: () => void };
type TGroupForm = { name: string; settings: string };
type TConflict = { current: TNodeGroup; fields: string[] };

const groupFormResolver: Resolver<TGroupForm, unknown, TGroupFields> = ({ name, settings }) => {
  const parsed = parseGroupSettings(name, settings);
  if (parsed.value) return { values: parsed.value, errors: {} };
  const errors = Object.entries(parsed.errors).map(([field, message]) => [
    field,
    { type: 'validate', message },
  ]);
  return { values: {}, errors: Object.fromEntries(errors) };
};

const settingsText = (settings: Record<string, unknown>) => JSON.stringify(settings, null, 2);

/** How people read a group field: `name` → Name, `settings.tone` → tone. */
const labelOf = (field: string) => (field === 'name' ? 'Name' : fieldName(field));

/**
 * A group's name (also the node's title) and its free-form settings. Another member's saved
 * change shows as a notice and fills in the fields this user has not touched; a save refused
 * because they changed the same field shows their value next to this user's, which stays in the
 * form (use mine / use theirs).
 */
export function GroupSettingsDialog({ group, onClose }: TGroupSettingsDialogProps) {
  const { readOnly, commands } = useCanvasUi();
  const form = useForm<TGroupForm, unknown, TGroupFields>({
    defaultValues: { name: group.name, settings: settingsText(group.settings) },
    resolver: groupFormResolver,
  });
  const base = useRef<{ fields: TGroupFields; versions: TFieldVersions }>({
    fields: { name: group.name, settings: group.settings },
    versions: group.versions,
  });
  const saving = useRef(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  const [conflict, setConflict] = useState<TConflict | null>(null);

  useEffect(() => {
    if (saving.current) return;
    const changed = changedSince(base.current.versions, group.versions);
    if (!changed.length) return;
    const next = { fields: { ...base.current.fields }, versions: { ...base.current.versions } };
    if (changed.includes('name') && !form.getFieldState('name').isDirty) {
      next.fields.name = group.name;
      next.versions.name = group.versions.name ?? 0;
      form.resetField('name', { defaultValue: group.name });
    }
    const settings = changed.filter((field) => field.startsWith('settings.'));
    if (settings.length && !form.getFieldState('settings').isDirty) {
      next.fields.settings = group.settings;
      for (const field of settings) next.versions[field] = group.versions[field] ?? 0;
      form.resetField('settings', { defaultValue: settingsText(group.settings) });
    }
    base.current = next;
    setChangedElsewhere(true);
  }, [group, form]);

  /** Resolves true once saved, false when refused because of another member's change. */
  const save = async (fields: TGroupFields) => {
    saving.current = true;
    try {
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

  /** Saves this user's values over the other member's. */
  const useMine = () => {
    if (!conflict) return;
    for (const field of conflict.fields) {
      base.current.versions[field] = conflict.current.versions[field] ?? 0;
    }
    setConflict(null);
    resubmit(wrapper.current);
  };

  /** Takes the other member's values for the conflicting fields; the user's others stay. */
  const useTheirs = () => {
    if (!conflict) return;
    const { current, fields } = conflict;
    const next = {
      fields: { name: base.current.fields.name, settings: { ...base.current.fields.settings } },
      versions: { ...base.current.versions },
    };
    for (const field of fields) next.versions[field] = current.versions[field] ?? 0;
    if (fields.includes('name')) {
      next.fields.name = current.name;
      form.setValue('name', current.name, { shouldDirty: true });
    }
    const keys = fields.filter((field) => field.startsWith('settings.')).map(fieldName);
    for (const key of keys) {
      if (key in current.settings) next.fields.settings[key] = current.settings[key];
      else delete next.fields.settings[key];
    }
    const text = keys.length
      ? withTheirSettings(form.getValues('settings'), current.settings, keys)
      : null;
    if (text !== null) form.setValue('settings', text, { shouldDirty: true });
    base.current = next;
    setConflict(null);
  };

  return (
    <FormDialog
      form={form}
      header="Group settings"
      onSave={save}
      onSaved={(saved) => saved && onClose()}
      onClose={onClose}
      readOnly={readOnly}
      className="canvas-dialog"
    >
      <div className="canvas-dialog__form" ref={wrapper}>
        <EditNotice
          conflict={conflict?.fields ?? null}
          labelOf={labelOf}
          theirValue={(field) =>
            field === 'name' ? conflict?.current.name : conflict?.current.settings[fieldName(field)]
          }
          changedElsewhere={
            changedElsewhere
              ? 'Another member changed this group while you were editing; fields you had not touched show their new values.'
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
        <TextAreaField
          control={form.control}
          name="settings"
          id="group-settings"
          label="Settings (JSON)"
          hint="Key-value settings of this group, as a JSON object."
          disabled={readOnly}
          rows={6}
          autoResize={false}
          className="canvas-dialog__code"
        />
      </div>
    </FormDialog>
  );
}
