import type { ReactNode } from 'react';
import {
  Controller,
  type Control,
  type ControllerRenderProps,
  type FieldValues,
  type Path,
} from 'react-hook-form';
import { FormField } from './form-field';

/** What every bound field takes: its form, its value's name, and what the user reads. */
export type TBoundFieldProps<T extends FieldValues, TOut, TName extends Path<T> = Path<T>> = {
  control: Control<T, unknown, TOut>;
  name: TName;
  id: string;
  label: string;
  /** Shown under the control while it has no error. */
  hint?: string | undefined;
};

/** The control's wiring to its label and message, for a screen reader and for styling. */
export type TFieldA11y = {
  id: string;
  invalid: boolean;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
};

type TBoundFieldRender<T extends FieldValues, TName extends Path<T>> = (
  field: ControllerRenderProps<T, TName>,
  a11y: TFieldA11y,
) => ReactNode;

/**
 * A form value with its label and message (the client's rule or the server's answer): the one
 * place that joins react-hook-form to a labelled control, so each field states only its control.
 */
export function BoundField<T extends FieldValues, TOut, TName extends Path<T>>({
  control,
  name,
  id,
  label,
  hint,
  render,
}: TBoundFieldProps<T, TOut, TName> & { render: TBoundFieldRender<T, TName> }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField id={id} label={label} error={fieldState.error?.message} hint={hint}>
          {render(field, {
            id,
            invalid: fieldState.invalid,
            'aria-invalid': fieldState.invalid,
            'aria-describedby': fieldState.invalid
              ? `${id}-error`
              : hint
                ? `${id}-hint`
                : undefined,
          })}
        </FormField>
      )}
    />
  );
}
