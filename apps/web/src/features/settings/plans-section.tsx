import { useQuery } from '@tanstack/react-query';
import { Column, type ColumnEditorOptions } from 'primereact/column';
import { InputSwitch } from 'primereact/inputswitch';
import { Tag } from 'primereact/tag';
import type { TSubscriptionPlan } from '@flowsmith/shared';
import { confirmAction } from '../../components/dialog/confirm';
import { useNotify } from '../../components/toast';
import { formatCount } from '../../lib/format/number-format';
import { plansQueryOptions } from '../../lib/queries/billing';
import { numberColumns, numberEditor, RowEditTable, textEditor } from './row-editing';
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

const CENTS = {
  mode: 'currency',
  currency: 'USD',
  locale: 'en-US',
  min: 0,
  max: 1_000_000,
} as const;

/** Prices are kept in cents and edited in dollars. */
const centsEditor = (options: ColumnEditorOptions, label: string) =>
  numberEditor(
    {
      ...options,
      value: (options.value as number) / 100,
      editorCallback: (value: number) => options.editorCallback?.(Math.round(value * 100)),
    },
    label,
    CENTS,
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
      <RowEditTable
        query={list}
        what="plans"
        label="Subscription plans"
        canSave={(row: TSubscriptionPlan) => row.name.trim() !== ''}
        onSave={(row: TSubscriptionPlan) =>
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
          )
        }
        deleteLabel={(row: TSubscriptionPlan) => `Delete plan ${row.name}`}
        onDelete={confirmDelete}
      >
        <Column field="name" header="Name" editor={textEditor('Plan name')} />
        {numberColumns<TSubscriptionPlan>(
          PRICE_COLUMNS,
          (cents) => money.format(cents / 100),
          centsEditor,
        )}
        {numberColumns<TSubscriptionPlan>(QUOTA_COLUMNS, formatCount, (options, label) =>
          numberEditor(options, label, { min: 0, max: 1_000_000_000 }),
        )}
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
      </RowEditTable>
    </SettingsSection>
  );
}
