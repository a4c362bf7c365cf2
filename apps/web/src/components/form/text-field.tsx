import type { InputHTMLAttributes } from 'react';
import { boundControl, type TOwn, textBinding } from './bound-control';

type TInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, TOwn>;

/** PrimeReact's InputText classes on a plain input: the sign-in form needs no PrimeReact code. */
export function inputClasses(value: string, invalid: boolean, extra = '') {
  return [
    'p-inputtext p-component w-full',
    value ? 'p-filled' : '',
    invalid ? 'p-invalid' : '',
    extra,
  ]
    .filter(Boolean)
    .join(' ');
}

/** A one-line text box. */
export const TextField = boundControl<TInputProps>((input, field, { invalid, ...a11y }) => {
  const binding = textBinding(field);
  return (
    <input
      type="text"
      autoComplete="off"
      {...input}
      {...a11y}
      {...binding}
      className={inputClasses(binding.value, invalid, input.className)}
      ref={field.ref}
    />
  );
});
