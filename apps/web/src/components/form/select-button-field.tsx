import { SelectButton, type SelectButtonProps } from 'primereact/selectbutton';
import { boundControl, type TOwn } from './bound-control';

/** One of a few choices shown side by side; a choice cannot be cleared. */
export const SelectButtonField = boundControl<Omit<SelectButtonProps, TOwn>>(
  (input, field, { id, ...a11y }) => (
    <SelectButton
      {...input}
      {...a11y}
      id={id}
      name={field.name}
      value={field.value as unknown}
      allowEmpty={false}
      onChange={(event) => field.onChange(event.value as unknown)}
      onBlur={field.onBlur}
    />
  ),
);
