import { useQuery } from '@tanstack/react-query';
import { Column, type ColumnEditorOptions } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputNumber } from 'primereact/inputnumber';
import { InputSwitch } from 'primereact/inputswitch';
import { Tag } from 'primereact/tag';
import type { TSubscriptionPlan } from '@flowsmith/shared';
import { confirmAction } from '../../components/dialog/confirm';
import { QueryState } from '../../components/query-state';
import { useNotify } from '../../components/toast';
import { formatCount } from '../../lib/format/number-format';
import { plansQueryOptions } from '../../lib/queries/billing';
import { rowActionColumns, textEditor } from './row-editing';
import { SettingsSection } from './settings-section';
import { useDeletePlan, useUpdatePlan } from './settings.mutations';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

const PRICE_COLUMNS = [
  { field: 'priceMonthlyCents', header: 'Monthly (per seat)' },
  { field: 'priceYearlyCents', header: 'Yearly (per seat)' },
] as const;
const QUOTA_COLUMNS = [
  { field: 'requestsPerMonth', header: 'Model requests a month' },
  { field: 'maxProjects', header: 'Projects' },
  { field: 'maxMembers', header: 'Members per project' },
] as const;

const centsEditor = (options: ColumnEditorOptions, label: string) => (
  <InputNumber
    value={(options.value as number) / 100}
    onValueChange={(event) => options.editorCallback?.(Math.round((event.value ?? 0) * 100))}
    mode="currency"
    currency="USD"
    locale="en-US"
    min={0}
    max={1_000_000}
    aria-label={label}
    inputClassName="settings-price-input"
  />
);

const countEditor = (options: ColumnEditorOptions, label: string) => (
  <InputNumber
    value={options.value as number}
    onValueChange={(event) => options.editorCallback?.(event.value ?? 0)}
    min={0}
    max={1_000_000_000}
    aria-label={label}
    inputClassName="settings-price-input"
  />
);

/** The admin's plans: names, prices, quotas, and whether each is on sale. */
export function PlansSection() {
  const notify = useNotify();
  const list = useQuery(plansQueryOptions());
  const update = useUpdatePlan();
  const remove = useDeletePlan();

  const confirmDelete = (plan: TSubscriptionPlan) =>
    confirmAction({
      header: 'Delete plan',
      message: `Delete the ${plan.name} plan? A plan someone has bought cannot be deleted; retire it instead.`,
      acceptLabel: 'Delete',
      accept: () =>
        remove.mutate(plan.id, { onError: notify.failure(`Could not delete ${plan.name}`) }),
    });

  return (
    <SettingsSection
      id="settings-plans"
      title="Subscription plans"
      description="Quotas hold for everyone on a plan from the moment they are saved. A retired plan is no longer sold; those who bought it keep it until their period ends."
    >
      <QueryState query={list} what="plans">
        {({ items }) => (
          <DataTable
            value={items}
            dataKey="id"
            size="small"
            editMode="row"
            rowEditValidator={(row: TSubscriptionPlan) => row.name.trim() !== ''}
            onRowEditComplete={(event) => {
              const row = event.newData as TSubscriptionPlan;
              update.mutate(
                {
                  id: row.id,
                  body: {
                    name: row.name.trim(),
                    priceMonthlyCents: row.priceMonthlyCents,
                    priceYearlyCents: row.priceYearlyCents,
                    requestsPerMonth: row.requestsPerMonth,
                    maxProjects: row.maxProjects,
                    maxMembers: row.maxMembers,
                    active: row.active,
                  },
                },
                { onError: notify.failure(`Could not save ${row.name}`) },
              );
            }}
            className="surface-card"
            pt={{ table: { 'aria-label': 'Subscription plans' } }}
          >
            <Column field="name" header="Name" editor={textEditor('Plan name')} />
            {PRICE_COLUMNS.map(({ field, header }) => (
              <Column
                key={field}
                field={field}
                header={header}
                align="right"
                body={(row: TSubscriptionPlan) => money.format(row[field] / 100)}
                editor={(options) => centsEditor(options, header)}
              />
            ))}
            {QUOTA_COLUMNS.map(({ field, header }) => (
              <Column
                key={field}
                field={field}
                header={header}
                align="right"
                body={(row: TSubscriptionPlan) => formatCount(row[field])}
                editor={(options) => countEditor(options, header)}
              />
            ))}
            <Column
              field="active"
              header="On sale"
              body={(row: TSubscriptionPlan) =>
                row.active ? <Tag value="On sale" severity="success" /> : <Tag value="Retired" />
              }
              editor={(options) => (
                <InputSwitch
                  checked={Boolean(options.value)}
                  onChange={(event) => options.editorCallback?.(event.value)}
                  aria-label="On sale"
                />
              )}
            />
            {rowActionColumns((row: TSubscriptionPlan) => `Delete plan ${row.name}`, confirmDelete)}
          </DataTable>
        )}
      </QueryState>
    </SettingsSection>
  );
}
