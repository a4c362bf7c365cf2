import { useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import type { TNodeGroup } from '@flowsmith/shared';
import { FormField } from '../../../components/form-field';
import { errorText } from '../../../lib/forms';
import { useCanvasUi } from '../canvas/canvas-context';
import { parseGroupSettings } from './group-settings-form';

type TGroupSettingsDialogProps = { group: TNodeGroup; onClose: () => void };

/** A group's name (also the node's title) and its free-form settings. */
export function GroupSettingsDialog({ group, onClose }: TGroupSettingsDialogProps) {
  const { readOnly, commands } = useCanvasUi();
  const [name, setName] = useState(group.name);
  const [settings, setSettings] = useState(() => JSON.stringify(group.settings, null, 2));
  const [errors, setErrors] = useState<{ name?: string; settings?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (readOnly) return;
    const parsed = parseGroupSettings(name, settings);
    setErrors(parsed.errors);
    if (!parsed.value) return;
    setSaving(true);
    setFormError(null);
    try {
      await commands.saveGroup(group.nodeId, parsed.value);
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
        form="group-settings-form"
        loading={saving}
      />
    </>
  );

  return (
    <Dialog
      visible
      onHide={onClose}
      header="Group settings"
      footer={footer}
      className="canvas-dialog"
      modal
    >
      <form
        id="group-settings-form"
        className="canvas-dialog__form"
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        {formError ? (
          <p className="p-error" role="alert">
            {formError}
          </p>
        ) : null}
        <FormField id="group-name" label="Name *" error={errors.name}>
          <InputText
            id="group-name"
            value={name}
            disabled={readOnly}
            maxLength={200}
            className={errors.name ? 'p-invalid' : undefined}
            onChange={(event) => setName(event.target.value)}
          />
        </FormField>
        <FormField
          id="group-settings"
          label="Settings (JSON)"
          error={errors.settings}
          hint="Key-value settings of this group, as a JSON object."
        >
          <InputTextarea
            id="group-settings"
            value={settings}
            disabled={readOnly}
            rows={6}
            className={`canvas-dialog__code${errors.settings ? ' p-invalid' : ''}`}
            onChange={(event) => setSettings(event.target.value)}
          />
        </FormField>
      </form>
    </Dialog>
  );
}
