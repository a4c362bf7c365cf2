import type { Ref } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Dropdown } from 'primereact/dropdown';
import { modelGroups, type TModelKind } from '../lib/models/model-label';
import { modelsQueryOptions } from '../lib/queries/models';

type TModelPickerProps = {
  inputId: string;
  /** A model id, or '' for none. */
  value: string;
  onChange: (modelId: string) => void;
  kind: TModelKind;
  placeholder?: string;
  /** Offers to choose no model: "any model" in a filter, the default in a form. */
  clearable?: boolean;
  invalid?: boolean;
  disabled?: boolean;
  inputRef?: Ref<HTMLSelectElement>;
  className?: string;
  'aria-label'?: string;
  'aria-describedby'?: string | undefined;
  onBlur?: () => void;
};

/**
 * The one way to choose a model: the caller's models by provider, with their labels (never an
 * internal id), the built-in offline one first; it filters when there are many.
 */
export function ModelPicker({
  inputId,
  value,
  onChange,
  kind,
  placeholder = 'Choose a model',
  clearable = false,
  invalid = false,
  className,
  ...rest
}: TModelPickerProps) {
  const models = useQuery(modelsQueryOptions());
  const groups = modelGroups(models.data?.items, kind, value);
  const count = groups.reduce((total, group) => total + group.items.length, 0);
  return (
    <Dropdown
      {...rest}
      inputId={inputId}
      className={[className, invalid ? 'p-invalid' : ''].filter(Boolean).join(' ') || undefined}
      value={value || null}
      options={groups}
      optionGroupLabel="label"
      optionGroupChildren="items"
      optionLabel="label"
      optionValue="value"
      placeholder={placeholder}
      loading={models.isPending}
      filter={count > 8}
      showClear={clearable}
      emptyMessage="No models yet: add a provider key in Settings"
      onChange={(event) => onChange((event.value as string | null) ?? '')}
    />
  );
}
