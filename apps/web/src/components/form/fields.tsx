import type { ChangeEvent, ReactNode } from 'react';
import type { ControllerRenderProps, FieldValues } from 'react-hook-form';
import { Dropdown, type DropdownProps } from 'primereact/dropdown';
import { InputNumber, type InputNumberProps } from 'primereact/inputnumber';
import { InputText, type InputTextProps } from 'primereact/inputtext';
import { InputTextarea, type InputTextareaProps } from 'primereact/inputtextarea';
import { Password, type PasswordProps } from 'primereact/password';
import { BoundField, type TBoundFieldProps, type TFieldA11y } from './bound-field';

// Each field passes the rest of its props to its PrimeReact control; value, change and the
// label wiring come from the form.
type TOwn = 'id' | 'inputId' | 'name' | 'value' | 'onChange' | 'onValueChange' | 'onBlur';
type TField = ControllerRenderProps<FieldValues, string>;

/** A field component of one control: `render` draws the control for the form's value. */
function boundControl<P>(render: (control: P, field: TField, a11y: TFieldA11y) => ReactNode) {
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
const text = (field: TField) => ({
  name: field.name,
  value: (field.value as string | null | undefined) ?? '',
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    field.onChange(event.target.value),
  onBlur: field.onBlur,
});

/** A one-line text box. */
export const TextField = boundControl<Omit<InputTextProps, TOwn>>((input, field, a11y) => (
  <InputText
    autoComplete="off"
    className="w-full"
    {...input}
    {...a11y}
    {...text(field)}
    ref={field.ref}
  />
));

/** A text box of several lines that grows with its text. */
export const TextAreaField = boundControl<Omit<InputTextareaProps, TOwn>>((input, field, a11y) => (
  <InputTextarea
    rows={3}
    autoResize
    className="w-full"
    {...input}
    {...a11y}
    {...text(field)}
    ref={field.ref}
  />
));

/** A secret, with a show/hide toggle and no strength popup, so the field stays predictable. */
export const PasswordField = boundControl<Omit<PasswordProps, TOwn>>(
  (input, field, { id, ...a11y }) => (
    <Password
      feedback={false}
      toggleMask
      className="w-full"
      inputClassName="w-full"
      {...input}
      {...a11y}
      {...text(field)}
      inputId={id}
      inputRef={field.ref}
    />
  ),
);

/** A number; an empty box is `emptyValue` (null unless given). */
export const NumberField = boundControl<
  Omit<InputNumberProps, TOwn> & { emptyValue?: number | null }
>(({ emptyValue = null, ...input }, field, { id, ...a11y }) => (
  <InputNumber
    className="w-full"
    inputClassName="w-full"
    {...input}
    {...a11y}
    inputId={id}
    name={field.name}
    inputRef={field.ref}
    value={(field.value as number | null | undefined) ?? null}
    onValueChange={(event) => field.onChange(event.value ?? emptyValue)}
    onBlur={field.onBlur}
  />
));

/** One choice from a list (`editable` also takes a value typed in). */
export const DropdownField = boundControl<Omit<DropdownProps, TOwn>>(
  (input, field, { id, ...a11y }) => (
    <Dropdown
      className="w-full"
      {...input}
      {...a11y}
      inputId={id}
      name={field.name}
      inputRef={field.ref}
      value={field.value as unknown}
      onChange={(event) => field.onChange(event.value as unknown)}
      onBlur={field.onBlur}
    />
  ),
);
