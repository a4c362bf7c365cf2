import type { FormEventHandler, ReactNode } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { TextField } from '../../components/form/text-field';
import { LightButton, LightMessage } from '../../components/light-controls';

type TAuthFormProps = {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Starts loading the form's rules when the user enters the form. */
  preload: () => void;
  /** What went wrong that is no one field's, shown above the button. */
  error?: string | null;
  /** Shown between the error and the button, e.g. that a mail was sent. */
  notice?: ReactNode;
  submit: { label: string; icon: string; loading: boolean };
  children: ReactNode;
};

/** The form of the signed-out pages: its fields, then the form's error and the submit button. */
export function AuthForm({ onSubmit, preload, error, notice, submit, children }: TAuthFormProps) {
  return (
    <form className="auth-form" noValidate onFocus={preload} onSubmit={onSubmit}>
      {children}
      {error ? <LightMessage severity="error" text={error} className="w-full" /> : null}
      {notice}
      <LightButton type="submit" {...submit} />
    </form>
  );
}

/** The e-mail address field of the signed-out pages. */
export function EmailField<T extends FieldValues, TOut>({
  control,
  id,
}: {
  control: Control<T, unknown, TOut>;
  id: string;
}) {
  return (
    <TextField
      control={control}
      name={'email' as Path<T>}
      id={id}
      label="E-mail"
      type="email"
      autoComplete="email"
    />
  );
}
