import { useState, type InputHTMLAttributes } from 'react';
import type { FieldValues } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH } from '@flowsmith/shared';
import type { TBoundFieldProps } from './bound-field';
import { boundControl, type TField, type TOwn, textBinding } from './bound-control';
import { inputClasses } from './text-field';

type TInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, TOwn | 'type'>;

/**
 * A secret with a show/hide toggle, in PrimeReact Password's markup and classes but without its
 * code (the sign-in page loads none), and no strength popup, so the field stays predictable.
 */
export const PasswordField = boundControl<TInputProps>((input, field, { invalid, ...a11y }) => (
  <SecretInput
    input={{ ...input, ...a11y, ...textBinding(field) }}
    invalid={invalid}
    inputRef={field.ref}
  />
));

function SecretInput({
  input,
  invalid,
  inputRef,
}: {
  input: TInputProps & ReturnType<typeof textBinding>;
  invalid: boolean;
  inputRef: TField['ref'];
}) {
  const [shown, setShown] = useState(false);
  const filled = input.value ? ' p-inputwrapper-filled' : '';
  return (
    <div className={`p-password p-component p-inputwrapper p-input-icon-right w-full${filled}`}>
      <div className="p-icon-field p-icon-field-right">
        <input
          {...input}
          type={shown ? 'text' : 'password'}
          className={inputClasses(
            input.value,
            invalid,
            `p-password-input ${input.className ?? ''}`,
          )}
          ref={inputRef}
        />
        <button
          type="button"
          className="p-input-icon password-toggle"
          aria-pressed={shown}
          aria-label={shown ? 'Hide the characters' : 'Show the characters'}
          onClick={() => setShown((value) => !value)}
        >
          <i className={shown ? 'pi pi-eye-slash' : 'pi pi-eye'} aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}

/** A password the user chooses: the browser may suggest one, and the hint says the rule. */
export function NewPasswordField<T extends FieldValues, TOut>(
  props: Omit<TBoundFieldProps<T, TOut>, 'hint'>,
) {
  return (
    <PasswordField
      {...props}
      autoComplete="new-password"
      hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
    />
  );
}
