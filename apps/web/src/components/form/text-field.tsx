import { InputText, type InputTextProps } from 'primereact/inputtext';
import { boundControl, type TOwn, textBinding } from './bound-control';

/** A one-line text box. */
export const TextField = boundControl<Omit<InputTextProps, TOwn>>((input, field, a11y) => (
  <InputText
    autoComplete="off"
    className="w-full"
    {...input}
    {...a11y}
    {...textBinding(field)}
    ref={field.ref}
  />
));
