import { ZModelPriceCreate } from '@flowsmith/shared';
import { FormDialog } from '../../components/dialog/form-dialog';
import { NumberField } from '../../components/form/number-field';
import { TextField } from '../../components/form/text-field';
import { useNotify } from '../../components/toast';
import type { TModelPriceBody } from '../../lib/queries/settings';
import { useCreateModelPrice } from './settings.mutations';
import { useZodForm } from '../../components/form/use-zod-form';

const PRICES = [
  { name: 'inputPerMillion', label: '$ per million input tokens' },
  { name: 'outputPerMillion', label: '$ per million output tokens' },
  { name: 'perImage', label: '$ per image' },
] as const;

/** How every price is typed and shown: US dollars, down to a millionth. */
export const DOLLARS = {
  mode: 'currency',
  currency: 'USD',
  locale: 'en-US',
  minFractionDigits: 2,
  maxFractionDigits: 6,
  min: 0,
  max: 1_000_000,
} as const;

/** Adds a price for a model id; calls of that model are costed with it from then on. */
export function ModelPriceDialog({ onClose }: { onClose: () => void }) {
  const notify = useNotify();
  const create = useCreateModelPrice();
  const form = useZodForm(ZModelPriceCreate, {
    model: '',
    inputPerMillion: 0,
    outputPerMillion: 0,
    perImage: 0,
  });

  const save = async (body: TModelPriceBody) => {
    const saved = await create.mutateAsync(body);
    notify.success('Price added', saved.model);
  };

  return (
    <FormDialog
      form={form}
      header="Add model price"
      onSave={save}
      onClose={onClose}
      className="settings-dialog"
    >
      <TextField
        control={form.control}
        name="model"
        id="model-price-model"
        label="Model id"
        hint="The model's name, e.g. gpt-4o-mini, prices it at every provider; its full id (openai:gpt-4o-mini) at one."
      />
      {PRICES.map(({ name, label }) => (
        <NumberField
          key={name}
          control={form.control}
          name={name}
          id={`model-price-${name}`}
          label={label}
          {...DOLLARS}
          emptyValue={0}
        />
      ))}
    </FormDialog>
  );
}
