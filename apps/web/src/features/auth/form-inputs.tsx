import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { FormField } from '../../components/form-field';

type TFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: Path<T>;
  label: string;
  id: string;
  hint?: string;
  autoComplete?: string;
};

/** InputText bound to react-hook-form, with its label and message under it. */
export function TextInputField<T extends FieldValues>({
  control,
  name,
  label,
  id,
  hint,
  autoComplete,
  type = 'text',
}: TFieldProps<T> & { type?: 'text' | 'email' }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField
          id={id}
          label={label}
          error={fieldState.error?.message}
          {...(hint ? { hint } : {})}
        >
          <InputText
            id={id}
            type={type}
            autoComplete={autoComplete}
            invalid={fieldState.invalid}
            aria-invalid={fieldState.invalid}
            aria-describedby={fieldState.error ? `${id}-error` : hint ? `${id}-hint` : undefined}
            className="w-full"
            name={field.name}
            value={(field.value as string | undefined) ?? ''}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            ref={field.ref}
          />
        </FormField>
      )}
    />
  );
}

/** Password with show/hide toggle; the strength popup is off so the field stays predictable. */
export function PasswordField<T extends FieldValues>({
  control,
  name,
  label,
  id,
  hint,
  autoComplete,
}: TFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField
          id={id}
          label={label}
          error={fieldState.error?.message}
          {...(hint ? { hint } : {})}
        >
          <Password
            inputId={id}
            autoComplete={autoComplete}
            feedback={false}
            toggleMask
            invalid={fieldState.invalid}
            aria-invalid={fieldState.invalid}
            aria-describedby={fieldState.error ? `${id}-error` : hint ? `${id}-hint` : undefined}
            className="w-full"
            inputClassName="w-full"
            name={field.name}
            value={(field.value as string | undefined) ?? ''}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            inputRef={field.ref}
          />
        </FormField>
      )}
    />
  );
}
