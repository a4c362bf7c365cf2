import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import type { TModelPrice } from '@flowsmith/shared';
import { confirmAction } from '../../components/dialog/confirm';
import { useNotify } from '../../components/toast';
import { formatPrice } from '../../lib/format/number-format';
import { DOLLARS, ModelPriceDialog } from './model-price-dialog';
import { numberColumns, numberEditor, RowEditTable, textEditor } from './row-editing';
import { SettingsSection } from './settings-section';
import { useDeleteModelPrice, useUpdateModelPrice } from './settings.mutations';
import { modelPricesQueryOptions } from '../../lib/queries/settings';

const PRICE_COLUMNS = [
  { field: 'inputPerMillion', header: '$ / 1M input tokens' },
  { field: 'outputPerMillion', header: '$ / 1M output tokens' },
  { field: 'perImage', header: '$ / image' },
] as const;

/** The admin's price table; the request log costs every call with it when the call is made. */
export function ModelPricesSection() {
  const notify = useNotify();
  const list = useQuery(modelPricesQueryOptions());
  const update = useUpdateModelPrice();
  const remove = useDeleteModelPrice();
  const [adding, setAdding] = useState(false);

  const confirmDelete = (price: TModelPrice) =>
    confirmAction({
      header: 'Delete price',
      message: `Delete the price of ${price.model}? Its calls cost $0 from now on; logged costs stay as they were.`,
      acceptLabel: 'Delete',
      accept: () =>
        remove.mutate(price.id, { onError: notify.failure(`Could not delete ${price.model}`) }),
    });

  return (
    <SettingsSection
      id="settings-model-prices"
      title="Model prices"
      description="Costs in the request log are computed from this table when each call is made, by full model id (openai:gpt-4o) or bare name (gpt-4o). Models without a price cost $0."
      action={<Button label="Add price" icon="pi pi-plus" onClick={() => setAdding(true)} />}
    >
      <RowEditTable
        query={list}
        what="prices"
        label="Model prices"
        emptyMessage="No prices yet: every call costs $0."
        canSave={(row: TModelPrice) => row.model.trim() !== ''}
        onSave={({ id, model, inputPerMillion, outputPerMillion, perImage }: TModelPrice) =>
          update.mutate(
            { id, body: { model: model.trim(), inputPerMillion, outputPerMillion, perImage } },
            { onError: notify.failure(`Could not save ${model}`) },
          )
        }
        deleteLabel={(row: TModelPrice) => `Delete price of ${row.model}`}
        onDelete={confirmDelete}
      >
        <Column
          field="model"
          header="Model"
          bodyClassName="settings-code"
          editor={textEditor('Model id')}
        />
        {numberColumns<TModelPrice>(PRICE_COLUMNS, formatPrice, (options, label) =>
          numberEditor(options, label, DOLLARS),
        )}
      </RowEditTable>
      {adding ? <ModelPriceDialog onClose={() => setAdding(false)} /> : null}
    </SettingsSection>
  );
}
