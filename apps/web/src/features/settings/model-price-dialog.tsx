import { Controller, useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import type { z } from 'zod';
import { ZModelPriceCreate } from '@flowsmith/shared';
import { FormField } from '../../components/form-field';
import { useToast } from '../../components/toast';
import { serverFormErrors } from '../../lib/forms';
import { useCreateModelPrice } from './settings.mutations';

const FORM_ID = 'model-price-form';
const FIELDS = ['model', 'inputPerMillion', 'outputPerMillion', 'perImage'] as const;
type TPriceField = Exclude<(typeof FIELDS)[number], 'model'>;
type TPriceInput = z.input<typeof ZModelPriceCreate>;
type TPriceControl = Control<TPriceInput, unknown, z.output<typeof ZModelPriceCreate>>;

function DollarField({
  control,
  name,
  label,
}: {
  control: TPriceControl;
  name: TPriceField;
  label: string;
}) {
  const id = `model-price-${name}`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField id={id} label={label} error={fieldState.error?.message}>
          <InputNumber
            inputId={id}
            value={field.value}
            onValueChange={(event) => field.onChange(event.value ?? 0)}
            mode="currency"
            currency="USD"
            locale="en-US"
            minFractionDigits={2}
            maxFractionDigits={6}
            min={0}
            max={1_000_000}
            invalid={fieldState.invalid}
            className="w-full"
            inputClassName="w-full"
          />
        </FormField>
      )}
    />
  );
}

/** Adds a price for a model id; calls of that model are costed with it from then on. */
export function ModelPriceDialog({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const create = useCreateModelPrice();
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(ZModelPriceCreate),
    defaultValues: { model: '', inputPerMillion: 0, outputPerMillion: 0, perImage: 0 },
  });
  const submit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (saved) => {
        toast.show({ severity: 'success', summary: 'Price added', detail: saved.model });
        onClose();
      },
      onError: (error) => {
        const { fields } = serverFormErrors(error, FIELDS);
        for (const name of FIELDS) {
          const message = fields[name];
          if (message) setError(name, { type: 'server', message });
        }
      },
    }),
  );
  const formError = create.isError ? serverFormErrors(create.error, FIELDS).form : null;

  return (
    <Dialog
      visible
      onHide={onClose}
      header="Add model price"
      footer={
        <>
          <Button type="button" label="Cancel" text onClick={onClose} />
          <Button
            type="submit"
            form={FORM_ID}
            label="Save"
            icon="pi pi-check"
            loading={create.isPending}
          />
        </>
      }
      className="settings-dialog"
      breakpoints={{ '640px': '95vw' }}
      draggable={false}
    >
      <form id={FORM_ID} noValidate onSubmit={(event) => void submit(event)}>
        <Controller
          control={control}
          name="model"
          render={({ field, fieldState }) => (
            <FormField
              id="model-price-model"
              label="Model id"
              error={fieldState.error?.message}
              hint="The model's name, e.g. gpt-4o-mini, prices it at every provider; its full id (openai:gpt-4o-mini) at one."
            >
              <InputText
                id="model-price-model"
                autoFocus
                autoComplete="off"
                invalid={fieldState.invalid}
                aria-invalid={fieldState.invalid}
                className="w-full"
                {...field}
              />
            </FormField>
          )}
        />
        <DollarField control={control} name="inputPerMillion" label="$ per million input tokens" />
        <DollarField
          control={control}
          name="outputPerMillion"
          label="$ per million output tokens"
        />
        <DollarField control={control} name="perImage" label="$ per image" />
        {formError ? (
          <Message severity="error" text={formError} className="w-full form-message" />
        ) : null}
      </form>
    </Dialog>
  );
}
