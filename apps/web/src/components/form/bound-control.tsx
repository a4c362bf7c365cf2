import type { ChangeEvent, ReactNode } from 'react';
import type { ControllerRenderProps, FieldValues } from 'react-hook-form';
import { BoundField, type TBoundFieldProps, type TFieldA11y } from './bound-field';

// Each field passes the rest of its props to its PrimeReact control; value, change and the
// label wiring come from the form.
export type TOwn = 'id' | 'inputId' | 'name' | 'value' | 'onChange' | 'onValueChange' | 'onBlur';
export type TField = ControllerRenderProps<FieldValues, string>;

/** A field component of one control: `render` draws the control for the form's value. */
export function boundControl<P>(
  render: (control: P, field: TField, a11y: TFieldA11y) => ReactNode,
) {
  return function Field<T extends FieldValues, TOut>({
    control,
    name,
    id,
    label,
    hint,
    ...rest
  }: TBoundFieldProps<T, TOut> & P) {
    return (
      <BoundField
        {...{ control, name, id, label, hint }}
        render={(field, a11y) => render(rest as P, field as unknown as TField, a11y)}
      />
    );
  };
}

/** The value of a text control and its change, as the form holds them. */
export const textBinding = (field: TField) => ({
  name: field.name,
  value: (field.value as string | null | undefined) ?? '',
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    field.onChange(event.target.value),
  onBlur: field.onBlur,
});
