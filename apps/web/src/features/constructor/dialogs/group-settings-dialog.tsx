import { useForm, type Resolver } from 'react-hook-form';
import type { TNodeGroup } from '@flowsmith/shared';
import { FormDialog } from '../../../components/dialog/form-dialog';
import { TextAreaField } from '../../../components/form/text-area-field';
import { TextField } from '../../../components/form/text-field';
import { useCanvasUi } from '../canvas/canvas-context';
import type { TGroupFields } from '../core/history';
import { parseGroupSettings } from './group-settings-form';

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

/** A group's name (also the node's title) and its free-form settings. */
export function GroupSettingsDialog({ group, onClose }: TGroupSettingsDialogProps) {
  const { readOnly, commands } = useCanvasUi();
  const form = useForm<TGroupForm, unknown, TGroupFields>({
    defaultValues: { name: group.name, settings: JSON.stringify(group.settings, null, 2) },
    resolver: groupFormResolver,
  });

  return (
    <FormDialog
      form={form}
      header="Group settings"
      onSave={(fields) => commands.saveGroup(group.nodeId, fields)}
      onClose={onClose}
      readOnly={readOnly}
      className="canvas-dialog"
    >
      <div className="canvas-dialog__form">
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
