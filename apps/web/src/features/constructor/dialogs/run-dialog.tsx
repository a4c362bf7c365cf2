import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { FormDialog } from '../../../components/dialog/form-dialog';
import type { TRunTarget } from '../../../lib/queries/runs';
import {
  initialRunValues,
  toRunInputs,
  validateRunValues,
  type TRunFormField,
  type TRunFormValues,
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

/** Values in field order: an input's name may hold any character, so it cannot be a path. */
type TRunForm = { values: TRunFormValues[string][] };

const byName = (fields: readonly TRunFormField[], values: TRunForm['values']): TRunFormValues =>
  Object.fromEntries(fields.map((field, index) => [field.name, values[index] ?? null]));

const NO_VALUES: Record<string, never> = {};

function runFormResolver(fields: readonly TRunFormField[]): Resolver<TRunForm> {
  return ({ values }) => {
    const problems = validateRunValues(fields, byName(fields, values));
    const found = fields.map((field) => problems[field.name]);
    if (!found.some(Boolean)) return { values: { values }, errors: {} };
    const errors: FieldErrors<TRunForm> = {
      values: found.map((message) => (message ? { type: 'validate', message } : undefined)),
    };
    return { values: NO_VALUES, errors };
  };
}

/** Asks for the values of the run's entry nodes, their defaults filled in, then starts it. */
export function RunDialog({ projectId, target, label, fields, onClose }: TRunDialogProps) {
  const initial = initialRunValues(fields);
  const form = useForm<TRunForm>({
    defaultValues: { values: fields.map((field) => initial[field.name] ?? null) },
    resolver: runFormResolver(fields),
  });
  const run = ({ values }: TRunForm) =>
    startRun(projectId, target, toRunInputs(fields, byName(fields, values)));

  return (
    <FormDialog
      form={form}
      header={`Run ${label}`}
      onSave={run}
      onClose={onClose}
      saveLabel="Run"
      saveIcon="pi pi-play"
      className="canvas-dialog"
    >
      <div className="canvas-dialog__form">
        {fields.map((field, index) => (
          <Controller
            key={field.name}
            control={form.control}
            name={`values.${index}`}
            render={({ field: value, fieldState }) => (
              <RunInputField
                field={field}
                index={index}
                value={value.value ?? null}
                error={fieldState.error?.message}
                onChange={value.onChange}
              />
            )}
          />
        ))}
        <p className="run-dialog__keys">
          Enter runs (Shift+Enter adds a line); in JSON fields use Ctrl+Enter.
        </p>
      </div>
    </FormDialog>
  );
}
