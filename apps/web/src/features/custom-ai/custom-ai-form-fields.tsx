import { useWatch, type Control } from 'react-hook-form';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { Slider } from 'primereact/slider';
import { BoundField } from '../../components/form/bound-field';
import { DropdownField } from '../../components/form/dropdown-field';
import { NumberField } from '../../components/form/number-field';
import { TextAreaField } from '../../components/form/text-area-field';
import { TextField } from '../../components/form/text-field';
import type { TModelOption } from '../../lib/models/model-label';
import type { TRunnableGroup } from '../../lib/queries/canvas';
import { CustomAiAvatar } from './custom-ai-avatar';
import {
  roundTemperature,
  type TCustomAiFormInput,
  type TCustomAiFormValues,
} from './custom-ai-form';

type TFieldsProps = {
  control: Control<TCustomAiFormInput, unknown, TCustomAiFormValues>;
  models: TModelOption[];
  modelsLoading: boolean;
  workflows: TRunnableGroup[];
  workflowsLoading: boolean;
};

function AvatarPreview({ control }: Pick<TFieldsProps, 'control'>) {
  const [avatar, name] = useWatch({ control, name: ['avatar', 'name'] });
  return <CustomAiAvatar avatar={avatar ?? ''} name={name ?? ''} size="large" />;
}

function TemperatureField({ control }: Pick<TFieldsProps, 'control'>) {
  const temperature = useWatch({ control, name: 'temperature' }) ?? 0;
  return (
    <BoundField
      control={control}
      name="temperature"
      id="custom-ai-temperature"
      label={`Temperature: ${temperature.toFixed(1)}`}
      hint="0 keeps answers focused, 2 makes them inventive."
      render={(field, a11y) => (
        <Slider
          id={a11y.id}
          aria-describedby={a11y['aria-describedby']}
          min={0}
          max={2}
          step={0.1}
          value={field.value ?? 0}
          onChange={(event) => field.onChange(roundTemperature(event.value as number))}
          className="custom-ai-form__slider"
        />
      )}
    />
  );
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
      <TextField control={control} name="name" id="custom-ai-name" label="Name" />
      <TextAreaField
        control={control}
        name="description"
        id="custom-ai-description"
        label="Description"
        hint="Optional. What this assistant is for; shown on its card."
        rows={2}
      />
      <BoundField
        control={control}
        name="avatar"
        id="custom-ai-avatar"
        label="Avatar"
        hint="Optional. An emoji, or the address (https://…) of a picture."
        render={(field, a11y) => (
          <div className="avatar-field">
            <AvatarPreview control={control} />
            <InputText
              {...field}
              {...a11y}
              value={field.value ?? ''}
              autoComplete="off"
              placeholder="🤖"
              className="w-full"
            />
          </div>
        )}
      />
      {/* Editable: a model id the list does not offer (yet) can still be typed in. */}
      <DropdownField
        control={control}
        name="model"
        id="custom-ai-model"
        label="Model"
        hint="Pick a model, or type the id of one your provider offers."
        editable
        options={models}
        optionLabel="label"
        optionValue="value"
        loading={modelsLoading}
        placeholder="echo"
      />
      <TextAreaField
        control={control}
        name="systemPrompt"
        id="custom-ai-prompt"
        label="System prompt"
        hint="Instructions the assistant follows in every conversation."
        rows={5}
        placeholder="You are a friendly assistant for our support team…"
        className="w-full custom-ai-form__prompt"
      />
      <div className="custom-ai-form__row">
        <TemperatureField control={control} />
        <NumberField
          control={control}
          name="maxTokens"
          id="custom-ai-max-tokens"
          label="Max tokens"
          hint="Optional. Longest answer, in tokens."
          min={1}
          max={1_000_000}
          useGrouping={false}
          placeholder="No limit"
        />
      </div>
      <BoundField
        control={control}
        name="nodeGroupIds"
        id="custom-ai-workflows"
        label="Linked workflows"
        hint={
          workflows.length || workflowsLoading
            ? 'The assistant may run these as tools while it answers.'
            : 'This project has no AI group yet: add one on the canvas to link it here.'
        }
        render={(field, { id, ...a11y }) => (
          <MultiSelect
            {...a11y}
            inputId={id}
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
            className="w-full"
          />
        )}
      />
    </>
  );
}
