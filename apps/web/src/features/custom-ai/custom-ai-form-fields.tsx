import { useWatch, type Control } from 'react-hook-form';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { Slider } from 'primereact/slider';
import { BoundField, type TFieldA11y } from '../../components/form/bound-field';
import { NumberField } from '../../components/form/number-field';
import { TextAreaField } from '../../components/form/text-area-field';
import { TextField } from '../../components/form/text-field';
import type { TMcpServer } from '@flowsmith/shared';
import { ModelPicker } from '../../components/model-picker';
import type { TRunnableGroup } from '../../lib/queries/workflows';
import { CustomAiAvatar } from './custom-ai-avatar';
import {
  roundTemperature,
  type TCustomAiFormInput,
  type TCustomAiFormValues,
} from './custom-ai-form';

type TFieldsProps = {
  control: Control<TCustomAiFormInput, unknown, TCustomAiFormValues>;
  workflows: TRunnableGroup[];
  workflowsLoading: boolean;
  mcpServers: TMcpServer[];
  mcpServersLoading: boolean;
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

type TChipsPickerProps = {
  a11y: TFieldA11y;
  options: { id: string; name: string }[];
  value: string[] | undefined;
  onChange: (ids: string[]) => void;
  onBlur: () => void;
  loading: boolean;
  placeholder: string;
  emptyMessage: string;
  filter?: boolean;
};

/** Picks rows by name, shown as chips; the form holds their ids. */
function ChipsPicker({ a11y: { id, ...a11y }, onChange, ...picker }: TChipsPickerProps) {
  return (
    <MultiSelect
      {...a11y}
      {...picker}
      inputId={id}
      optionLabel="name"
      optionValue="id"
      onChange={(event) => onChange(event.value as string[])}
      display="chip"
      className="w-full"
    />
  );
}

function McpServersField({
  control,
  mcpServers,
  mcpServersLoading,
}: Pick<TFieldsProps, 'control' | 'mcpServers' | 'mcpServersLoading'>) {
  const chosen = useWatch({ control, name: 'mcpServerIds' }) ?? [];
  // Servers another member chose are theirs: shown by count, kept as they are.
  const known = new Set(mcpServers.map((server) => server.id));
  const others = chosen.filter((id) => !known.has(id)).length;
  const own = mcpServers.length
    ? 'Their enabled tools are offered to the assistant; each member’s chats use only their own servers.'
    : 'Add MCP servers under Settings → MCP servers to offer their tools here.';
  return (
    <BoundField
      control={control}
      name="mcpServerIds"
      id="custom-ai-mcp-servers"
      label="MCP servers"
      hint={others ? `${own} ${others} chosen by other members stay.` : own}
      render={(field, a11y) => (
        <ChipsPicker
          a11y={a11y}
          options={mcpServers}
          value={chosen.filter((serverId) => known.has(serverId))}
          onChange={(ids) =>
            field.onChange([...chosen.filter((serverId) => !known.has(serverId)), ...ids])
          }
          onBlur={field.onBlur}
          loading={mcpServersLoading}
          placeholder="No MCP servers"
          emptyMessage="You have no MCP servers"
        />
      )}
    />
  );
}

/** The custom AI form's fields, each with its message from the client rules or the server. */
export function CustomAiFormFields({
  control,
  workflows,
  workflowsLoading,
  mcpServers,
  mcpServersLoading,
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
      <BoundField
        control={control}
        name="model"
        id="custom-ai-model"
        label="Model"
        hint="The model that answers; add your own provider keys in Settings."
        render={(field, a11y) => (
          <ModelPicker
            inputId={a11y.id}
            kind="text"
            value={field.value ?? ''}
            invalid={a11y.invalid}
            aria-describedby={a11y['aria-describedby']}
            inputRef={field.ref}
            className="w-full"
            onChange={field.onChange}
            onBlur={field.onBlur}
          />
        )}
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
        render={(field, a11y) => (
          <ChipsPicker
            a11y={a11y}
            options={workflows}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            loading={workflowsLoading}
            placeholder="No workflows"
            emptyMessage="No runnable workflows in this project"
            filter={workflows.length > 8}
          />
        )}
      />
      <McpServersField
        control={control}
        mcpServers={mcpServers}
        mcpServersLoading={mcpServersLoading}
      />
    </>
  );
}
