import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import type { TParamMeta } from '@flowsmith/shared';
import { FormField } from '../../../components/form/form-field';

export type TOption = { label: string; value: string };

type TParamFieldProps = {
  param: TParamMeta;
  value: unknown;
  error: string | undefined;
  disabled: boolean;
  /** Choices of `database` and `custom_ai` params, from the project; models the user can pick. */
  options: { database: TOption[]; custom_ai: TOption[]; model: TOption[] };
  onChange: (value: unknown) => void;
};

const MODEL_LIST_ID = 'model-suggestions';

/** One param of a node kind, with the editor its type calls for. */
export function ParamField({ param, value, error, disabled, options, onChange }: TParamFieldProps) {
  const id = `param-${param.name}`;
  const label = param.required ? `${param.label} *` : param.label;
  const invalid = error ? 'p-invalid' : undefined;
  const describedBy = error ? `${id}-error` : param.description ? `${id}-hint` : undefined;
  const text = typeof value === 'string' ? value : '';
  const common = { id, disabled, className: invalid, 'aria-describedby': describedBy };

  let editor;
  switch (param.type) {
    case 'text':
      editor = (
        <InputTextarea
          {...common}
          value={text}
          rows={3}
          autoResize
          onChange={(event) => onChange(event.target.value)}
        />
      );
      break;
    case 'number':
      editor = (
        <InputNumber
          inputId={id}
          disabled={disabled}
          className={invalid}
          aria-describedby={describedBy}
          value={typeof value === 'number' ? value : null}
          mode="decimal"
          maxFractionDigits={4}
          useGrouping={false}
          onChange={(event) => onChange(event.value)}
        />
      );
      break;
    case 'boolean':
      editor = (
        <InputSwitch
          inputId={id}
          disabled={disabled}
          checked={value === true}
          onChange={(event) => onChange(Boolean(event.value))}
        />
      );
      break;
    case 'select':
      editor = (
        <Dropdown
          inputId={id}
          disabled={disabled}
          className={invalid}
          value={text || null}
          options={param.options?.slice() ?? []}
          placeholder="Choose…"
          showClear={!param.required}
          onChange={(event) => onChange(event.value ?? '')}
        />
      );
      break;
    case 'database':
    case 'custom_ai':
      editor = (
        <Dropdown
          inputId={id}
          disabled={disabled}
          className={invalid}
          value={text || null}
          options={options[param.type]}
          placeholder="Choose…"
          showClear
          emptyMessage={
            param.type === 'database'
              ? 'This project has no databases yet.'
              : 'This project has no custom AIs yet.'
          }
          onChange={(event) => onChange(event.value ?? '')}
        />
      );
      break;
    case 'model':
      // The user's models offered, free text (any provider's model id) still allowed.
      editor = (
        <>
          <InputText
            {...common}
            value={text}
            list={MODEL_LIST_ID}
            placeholder="Pick or type a model id, e.g. echo"
            onChange={(event) => onChange(event.target.value)}
          />
          <datalist id={MODEL_LIST_ID}>
            {options.model.map((model) => (
              <option key={model.value} value={model.value}>
                {model.label}
              </option>
            ))}
          </datalist>
        </>
      );
      break;
    default:
      editor = (
        <InputText {...common} value={text} onChange={(event) => onChange(event.target.value)} />
      );
  }
  const hint =
    param.type === 'model'
      ? `${param.description ? `${param.description} ` : ''}Choose from your models or type any model id; echo is built in and works offline.`
      : param.description || undefined;
  return (
    <FormField id={id} label={label} error={error} {...(hint ? { hint } : {})}>
      {editor}
    </FormField>
  );
}
