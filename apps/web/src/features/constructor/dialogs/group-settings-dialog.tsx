import { useEffect, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Message } from 'primereact/message';
import type { TFieldVersions, TNodeGroup } from '@flowsmith/shared';
import { FormDialog } from '../../../components/dialog/form-dialog';
import { isApiError } from '../../../lib/api';
import { TextAreaField } from '../../../components/form/text-area-field';
import { TextField } from '../../../components/form/text-field';
import { useCanvasUi } from '../canvas/canvas-context';
import type { TGroupFields } from '../core/history';
import { parseGroupSettings } from './group-settings-form';
import { changedSince } from './remote-edits';

type TGroupSettingsDialogProps = { group: TNodeGroup; onClose: () => void };
type TGroupForm = { name: string; settings: string };

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

/**
 * A group's name (also the node's title) and its free-form settings. Another member's saved
 * change shows as a notice and fills in the fields this user has not touched; a save refused
 * because they changed the same field keeps this user's text, and saving again keeps it.
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
  const [changedElsewhere, setChangedElsewhere] = useState(false);

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

  const save = async (fields: TGroupFields) => {
    saving.current = true;
    try {
      await commands.saveGroup(group.nodeId, fields, base.current);
    } catch (error) {
      // Saving again keeps this user's values over the other member's.
      if (isApiError(error) && error.code === 'conflict') {
        const current = error.current as TNodeGroup | undefined;
        if (current) base.current = { ...base.current, versions: current.versions };
      }
      throw error;
    } finally {
      saving.current = false;
    }
  };

  return (
    <FormDialog
      form={form}
      header="Group settings"
      onSave={save}
      onClose={onClose}
      readOnly={readOnly}
      className="canvas-dialog"
      codeMessages={{
        conflict:
          'Another member changed this group meanwhile. Your text is kept: save again to keep yours, or cancel to see theirs.',
      }}
    >
      <div className="canvas-dialog__form">
        {changedElsewhere ? (
          <Message
            severity="info"
            className="w-full"
            data-testid="remote-change-notice"
            text="Another member changed this group while you were editing; fields you had not touched show their new values."
          />
        ) : null}
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
