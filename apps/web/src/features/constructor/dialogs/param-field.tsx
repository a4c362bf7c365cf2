import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import type { TParamMeta } from '@flowsmith/shared';
import { FormField } from '../../../components/form/form-field';
import { ModelPicker } from '../../../components/model-picker';
import { databaseUrl } from '../../../lib/project-links';

export type TOption = { label: string; value: string };

type TParamFieldProps = {
  param: TParamMeta;
  value: unknown;
  error: string | undefined;
  disabled: boolean;
  projectId: string;
  /** Choices of `database` and `custom_ai` params, from the project; undefined while loading. */
  options: { database: TOption[] | undefined; custom_ai: TOption[] | undefined };
  /** The kind of model a `model` param takes. */
  modelKind: 'text' | 'image';
  onChange: (value: unknown) => void;
};

type TParamControlProps<T extends FieldValues> = Omit<
  TParamFieldProps,
  'value' | 'error' | 'onChange'
> & {
  /** A form whose `params` holds a value per param, by name. */
  control: Control<T>;
};

/** A param's field bound to the form's `params.<name>`, its error under it. */
export function ParamControl<T extends FieldValues>({ control, ...props }: TParamControlProps<T>) {
  return (
    <Controller
      control={control}
      name={`params.${props.param.name}` as Path<T>}
      render={({ field, fieldState }) => (
        <ParamField
          {...props}
          value={field.value}
          error={fieldState.error?.message}
          onChange={field.onChange}
        />
      )}
    />
  );
}

/** One param of a node kind, with the editor its type calls for. */
function ParamField({
  param,
  value,
  error,
  disabled,
  projectId,
  options,
  modelKind,
  onChange,
}: TParamFieldProps) {
  const id = `param-${param.name}`;
  const label = param.required ? `${param.label} *` : param.label;
  const invalid = error ? 'p-invalid' : undefined;
  // Said before the user opens an empty list: where the missing database comes from.
  const noDatabase = param.type === 'database' && options.database?.length === 0;
  const hint = noDatabase ? (
    <>
      This project has no databases yet.{' '}
      <a href={databaseUrl(projectId)} target="_blank" rel="noreferrer">
        Create one in Database
      </a>
      , then choose it here.
    </>
  ) : param.type === 'model' ? (
    `${param.description ? `${param.description} ` : ''}Left blank, the built-in Echo model answers; it works offline.`
  ) : (
    param.description || undefined
  );
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
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
          aria-describedby={describedBy}
          value={text || null}
          options={options[param.type] ?? []}
          loading={!options[param.type]}
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
      editor = (
        <ModelPicker
          inputId={id}
          kind={modelKind}
          value={text}
          invalid={Boolean(error)}
          disabled={disabled}
          clearable
          placeholder="None: Echo answers"
          aria-describedby={describedBy}
          onChange={onChange}
        />
      );
      break;
    default:
      editor = (
        <InputText {...common} value={text} onChange={(event) => onChange(event.target.value)} />
      );
  }
  return (
    <FormField id={id} label={label} error={error} {...(hint ? { hint } : {})}>
      {editor}
    </FormField>
  );
}
