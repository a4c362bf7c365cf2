import { Password, type PasswordProps } from 'primereact/password';
import { boundControl, type TOwn, textBinding } from './bound-control';

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
      {...textBinding(field)}
      inputId={id}
      inputRef={field.ref}
    />
  ),
);
