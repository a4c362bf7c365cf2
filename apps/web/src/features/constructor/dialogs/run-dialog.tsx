import { useRef, useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { errorText } from '../../../lib/forms';
import type { TRunTarget } from '../../../lib/queries/runs';
import {
  initialRunValues,
  toRunInputs,
  validateRunValues,
  type TRunFormErrors,
  type TRunFormField,
} from '../core/run-form';
import { startRun } from '../state/run-actions';
import { RunInputField } from './run-input-field';

type TRunDialogProps = {
  projectId: string;
  target: TRunTarget;
  label: string;
  fields: TRunFormField[];
  onClose: () => void;
};

/** Asks for the values of the run's entry nodes, their defaults filled in, then starts it. */
export function RunDialog({ projectId, target, label, fields, onClose }: TRunDialogProps) {
  const [values, setValues] = useState(() => initialRunValues(fields));
  const [errors, setErrors] = useState<TRunFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const run = async () => {
    if (starting) return;
    const found = validateRunValues(fields, values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setStarting(true);
    setFormError(null);
    try {
      await startRun(projectId, target, toRunInputs(fields, values));
      onClose();
    } catch (error) {
      setFormError(errorText(error));
      setStarting(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run();
  };

  const footer = (
    <>
      <Button label="Cancel" text onClick={onClose} disabled={starting} />
      <Button label="Run" icon="pi pi-play" type="submit" form="run-form" loading={starting} />
    </>
  );
  return (
    <Dialog
      visible
      onHide={onClose}
      header={`Run ${label}`}
      footer={footer}
      className="canvas-dialog"
      modal
      // The first value is what users change most: start there rather than on the close button.
      onShow={() => form.current?.querySelector<HTMLElement>('textarea, input')?.focus()}
    >
      <form ref={form} id="run-form" className="canvas-dialog__form" onSubmit={submit} noValidate>
        {formError ? (
          <p className="p-error" role="alert">
            {formError}
          </p>
        ) : null}
        {fields.map((field, index) => (
          <RunInputField
            key={field.name}
            field={field}
            index={index}
            value={values[field.name] ?? null}
            error={errors[field.name]}
            onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
            onRun={() => void run()}
          />
        ))}
        <p className="run-dialog__keys">
          Enter runs (Shift+Enter adds a line); in JSON fields use Ctrl+Enter.
        </p>
      </form>
    </Dialog>
  );
}
