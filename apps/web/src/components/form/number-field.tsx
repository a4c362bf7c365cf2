import { InputNumber, type InputNumberProps } from 'primereact/inputnumber';
import { boundControl, type TOwn } from './bound-control';

/**
 * A number; an empty box is `emptyValue` (null unless given). The control reports a typed value
 * on blur or Enter; `live` reports each keystroke, for what is worked out as one types.
 */
export const NumberField = boundControl<
  Omit<InputNumberProps, TOwn> & { emptyValue?: number | null; live?: boolean }
>(({ emptyValue = null, live = false, ...input }, field, { id, ...a11y }) => (
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
    {...(live ? { onChange: (event) => field.onChange(event.value ?? emptyValue) } : {})}
    onBlur={field.onBlur}
  />
));
