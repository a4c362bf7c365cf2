import { Controller, useWatch, type Control } from 'react-hook-form';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { MultiSelect } from 'primereact/multiselect';
import { Slider } from 'primereact/slider';
import { FormField } from '../../components/form-field';
import { CustomAiAvatar } from './custom-ai-avatar';
import {
  roundTemperature,
  type TCustomAiFormInput,
  type TCustomAiFormValues,
} from './custom-ai-form';
import type { TModelOption } from '../../lib/models/model-label';
import type { TRunnableGroup } from '../../lib/queries/canvas';

type TFieldsProps = {
  control: Control<TCustomAiFormInput, unknown, TCustomAiFormValues>;
  models: TModelOption[];
  modelsLoading: boolean;
  workflows: TRunnableGroup[];
  workflowsLoading: boolean;
};

/** Error id when invalid, else the hint's id: what a screen reader reads after the label. */
const describedBy = (id: string, invalid: boolean, hasHint = false) =>
  invalid ? `${id}-error` : hasHint ? `${id}-hint` : undefined;

function AvatarPreview({ control }: Pick<TFieldsProps, 'control'>) {
  const [avatar, name] = useWatch({ control, name: ['avatar', 'name'] });
  return <CustomAiAvatar avatar={avatar ?? ''} name={name ?? ''} size="large" />;
}

/** The custom AI form's fields, each with its message from the client rules or the server. */
export function CustomAiFormFields({
  control,
  models,
  modelsLoading,
  workflows,
  workflowsLoading,
}: TFieldsProps) {
  return (
    <>
      <Controller
        control={control}
        name="name"
        render={({ field, fieldState }) => (
          <FormField id="custom-ai-name" label="Name" error={fieldState.error?.message}>
            <InputText
              id="custom-ai-name"
              autoFocus
              autoComplete="off"
              invalid={fieldState.invalid}
              aria-invalid={fieldState.invalid}
              aria-describedby={describedBy('custom-ai-name', fieldState.invalid)}
              className="w-full"
              {...field}
            />
          </FormField>
        )}
      />
      <Controller
        control={control}
        name="description"
        render={({ field, fieldState }) => (
          <FormField
            id="custom-ai-description"
            label="Description"
            error={fieldState.error?.message}
            hint="Optional. What this assistant is for; shown on its card."
          >
            <InputTextarea
              id="custom-ai-description"
              rows={2}
              autoResize
              invalid={fieldState.invalid}
              aria-invalid={fieldState.invalid}
              aria-describedby={describedBy('custom-ai-description', fieldState.invalid, true)}
              className="w-full"
              {...field}
              value={field.value ?? ''}
            />
          </FormField>
        )}
      />
      <Controller
        control={control}
        name="avatar"
        render={({ field, fieldState }) => (
          <FormField
            id="custom-ai-avatar"
            label="Avatar"
            error={fieldState.error?.message}
            hint="Optional. An emoji, or the address (https://…) of a picture."
          >
            <div className="avatar-field">
              <AvatarPreview control={control} />
              <InputText
                id="custom-ai-avatar"
                autoComplete="off"
                placeholder="🤖"
                invalid={fieldState.invalid}
                aria-invalid={fieldState.invalid}
                aria-describedby={describedBy('custom-ai-avatar', fieldState.invalid, true)}
                className="w-full"
                {...field}
                value={field.value ?? ''}
              />
            </div>
          </FormField>
        )}
      />
      <Controller
        control={control}
        name="model"
        render={({ field, fieldState }) => (
          <FormField
            id="custom-ai-model"
            label="Model"
            error={fieldState.error?.message}
            hint="Pick a model, or type the id of one your provider offers."
          >
            {/* Editable: a model id the list does not offer (yet) can still be typed in. */}
            <Dropdown
              inputId="custom-ai-model"
              editable
              options={models}
              optionLabel="label"
              optionValue="value"
              loading={modelsLoading}
              placeholder="echo"
              invalid={fieldState.invalid}
              aria-invalid={fieldState.invalid}
              aria-describedby={describedBy('custom-ai-model', fieldState.invalid, true)}
              className="w-full"
              value={field.value ?? ''}
              onChange={(event) => field.onChange(event.value as string)}
              onBlur={field.onBlur}
            />
          </FormField>
        )}
      />
      <Controller
        control={control}
        name="systemPrompt"
        render={({ field, fieldState }) => (
          <FormField
            id="custom-ai-prompt"
            label="System prompt"
            error={fieldState.error?.message}
            hint="Instructions the assistant follows in every conversation."
          >
            <InputTextarea
              id="custom-ai-prompt"
              rows={5}
              autoResize
              placeholder="You are a friendly assistant for our support team…"
              invalid={fieldState.invalid}
              aria-invalid={fieldState.invalid}
              aria-describedby={describedBy('custom-ai-prompt', fieldState.invalid, true)}
              className="w-full custom-ai-form__prompt"
              {...field}
              value={field.value ?? ''}
            />
          </FormField>
        )}
      />
      <div className="custom-ai-form__row">
        <Controller
          control={control}
          name="temperature"
          render={({ field, fieldState }) => (
            <FormField
              id="custom-ai-temperature"
              label={`Temperature: ${(field.value ?? 0).toFixed(1)}`}
              error={fieldState.error?.message}
              hint="0 keeps answers focused, 2 makes them inventive."
            >
              <Slider
                id="custom-ai-temperature"
                min={0}
                max={2}
                step={0.1}
                value={field.value ?? 0}
                onChange={(event) => field.onChange(roundTemperature(event.value as number))}
                aria-describedby={describedBy('custom-ai-temperature', fieldState.invalid, true)}
                className="custom-ai-form__slider"
              />
            </FormField>
          )}
        />
        <Controller
          control={control}
          name="maxTokens"
          render={({ field, fieldState }) => (
            <FormField
              id="custom-ai-max-tokens"
              label="Max tokens"
              error={fieldState.error?.message}
              hint="Optional. Longest answer, in tokens."
            >
              <InputNumber
                inputId="custom-ai-max-tokens"
                value={field.value ?? null}
                onValueChange={(event) => field.onChange(event.value ?? null)}
                onBlur={field.onBlur}
                min={1}
                max={1_000_000}
                useGrouping={false}
                placeholder="No limit"
                invalid={fieldState.invalid}
                aria-invalid={fieldState.invalid}
                aria-describedby={describedBy('custom-ai-max-tokens', fieldState.invalid, true)}
                className="w-full"
                inputClassName="w-full"
              />
            </FormField>
          )}
        />
      </div>
      <Controller
        control={control}
        name="nodeGroupIds"
        render={({ field, fieldState }) => (
          <FormField
            id="custom-ai-workflows"
            label="Linked workflows"
            error={fieldState.error?.message}
            hint={
              workflows.length || workflowsLoading
                ? 'The assistant may run these as tools while it answers.'
                : 'This project has no AI group yet: add one on the canvas to link it here.'
            }
          >
            <MultiSelect
              inputId="custom-ai-workflows"
              options={workflows}
              optionLabel="name"
              optionValue="id"
              value={field.value}
              onChange={(event) => field.onChange(event.value as string[])}
              onBlur={field.onBlur}
              loading={workflowsLoading}
              display="chip"
              placeholder="No workflows"
              emptyMessage="No runnable workflows in this project"
              filter={workflows.length > 8}
              invalid={fieldState.invalid}
              aria-invalid={fieldState.invalid}
              aria-describedby={describedBy('custom-ai-workflows', fieldState.invalid, true)}
              className="w-full"
            />
          </FormField>
        )}
      />
    </>
  );
}
