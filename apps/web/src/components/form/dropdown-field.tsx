import { Dropdown, type DropdownProps } from 'primereact/dropdown';
import { boundControl, type TOwn } from './bound-control';

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
