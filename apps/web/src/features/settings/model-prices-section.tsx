import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column, type ColumnEditorOptions } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputNumber } from 'primereact/inputnumber';
import type { TModelPrice } from '@flowsmith/shared';
import { confirmAction } from '../../components/dialog/confirm';
import { QueryState } from '../../components/query-state';
import { useNotify } from '../../components/toast';
import { formatPrice } from '../../lib/format/number-format';
import { DOLLARS, ModelPriceDialog } from './model-price-dialog';
import { rowActionColumns, textEditor } from './row-editing';
import { SettingsSection } from './settings-section';
import { useDeleteModelPrice, useUpdateModelPrice } from './settings.mutations';
import { modelPricesQueryOptions } from '../../lib/queries/settings';

const PRICE_COLUMNS = [
  { field: 'inputPerMillion', header: '$ / 1M input tokens' },
  { field: 'outputPerMillion', header: '$ / 1M output tokens' },
  { field: 'perImage', header: '$ / image' },
] as const;

function dollarEditor(options: ColumnEditorOptions, label: string) {
  return (
    <InputNumber
      {...DOLLARS}
      value={options.value as number}
      onValueChange={(event) => options.editorCallback?.(event.value ?? 0)}
      aria-label={label}
      inputClassName="settings-price-input"
    />
  );
}

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
      <QueryState query={list} what="prices">
        {({ items }) => (
          <DataTable
            value={items}
            dataKey="id"
            size="small"
            editMode="row"
            rowEditValidator={(row: TModelPrice) => row.model.trim() !== ''}
            onRowEditComplete={(event) => {
              const { id, model, inputPerMillion, outputPerMillion, perImage } =
                event.newData as TModelPrice;
              update.mutate(
                { id, body: { model: model.trim(), inputPerMillion, outputPerMillion, perImage } },
                { onError: notify.failure(`Could not save ${model}`) },
              );
            }}
            emptyMessage="No prices yet: every call costs $0."
            className="surface-card"
            pt={{ table: { 'aria-label': 'Model prices' } }}
          >
            <Column
              field="model"
              header="Model"
              bodyClassName="settings-code"
              editor={textEditor('Model id')}
            />
            {PRICE_COLUMNS.map(({ field, header }) => (
              <Column
                key={field}
                field={field}
                header={header}
                align="right"
                body={(row: TModelPrice) => formatPrice(row[field])}
                editor={(options) => dollarEditor(options, header)}
              />
            ))}
            {rowActionColumns((row: TModelPrice) => `Delete price of ${row.model}`, confirmDelete)}
          </DataTable>
        )}
      </QueryState>
      {adding ? <ModelPriceDialog onClose={() => setAdding(false)} /> : null}
    </SettingsSection>
  );
}
