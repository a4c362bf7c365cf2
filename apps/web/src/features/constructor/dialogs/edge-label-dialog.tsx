import { useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { FormField } from '../../../components/form-field';
import { errorText } from '../../../lib/forms';
import { useCanvasUi } from '../canvas/canvas-context';

const MAX_LABEL = 200;

type TEdgeLabelDialogProps = { edgeId: string; label: string; onClose: () => void };

/** The optional label of a connection; empty removes it. */
export function EdgeLabelDialog({ edgeId, label, onClose }: TEdgeLabelDialogProps) {
  const { commands } = useCanvasUi();
  const [draft, setDraft] = useState(label);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (draft.length > MAX_LABEL) {
      setError(`Label must be at most ${MAX_LABEL} characters`);
      return;
    }
    setSaving(true);
    try {
      await commands.saveEdgeLabel(edgeId, draft.trim());
      onClose();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setSaving(false);
    }
  };

  const footer = (
    <>
      <Button label="Cancel" text onClick={onClose} disabled={saving} />
      <Button
        label="Save"
        icon="pi pi-check"
        type="submit"
        form="edge-label-form"
        loading={saving}
      />
    </>
  );
  return (
    <Dialog
      visible
      onHide={onClose}
      header="Connection label"
      footer={footer}
      className="canvas-dialog canvas-dialog--small"
      modal
    >
      <form id="edge-label-form" onSubmit={(event) => void submit(event)} noValidate>
        <FormField
          id="edge-label"
          label="Label"
          error={error ?? undefined}
          hint="Shown at the middle of the connection; leave empty for none."
        >
          <InputText
            id="edge-label"
            value={draft}
            autoFocus
            className={error ? 'p-invalid' : undefined}
            onChange={(event) => setDraft(event.target.value)}
          />
        </FormField>
      </form>
    </Dialog>
  );
}
