import { InputTextarea, type InputTextareaProps } from 'primereact/inputtextarea';
import { boundControl, type TOwn, textBinding } from './bound-control';

/** A text box of several lines that grows with its text. */
export const TextAreaField = boundControl<Omit<InputTextareaProps, TOwn>>((input, field, a11y) => (
  <InputTextarea
    rows={3}
    autoResize
    className="w-full"
    {...input}
    {...a11y}
    {...textBinding(field)}
    ref={field.ref}
  />
));
