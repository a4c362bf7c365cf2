import { useWatch } from 'react-hook-form';
import {
  MAX_SEATS,
  ZSubscriptionCreate,
  type TSubscriptionCreate,
  type TSubscriptionPlan,
} from '@flowsmith/shared';
import { FormDialog } from '../../components/dialog/form-dialog';
import { NumberField } from '../../components/form/number-field';
import { SelectButtonField } from '../../components/form/select-button-field';
import { useNotify } from '../../components/toast';
import { formatCents, purchaseTotal, yearlyDiscountPercent } from './plan-words';
import { useBuySubscription } from './subscribe.mutations';
import { useZodForm } from '../../components/form/use-zod-form';

const PERIODS = [
  { label: 'Monthly', value: 'monthly' },
  { label: 'Yearly', value: 'yearly' },
];

/** The subscription purchase form: seats, monthly or yearly, and the total as it changes. */
export function PurchaseDialog({
  plan,
  onClose,
}: {
  plan: TSubscriptionPlan;
  onClose: () => void;
}) {
  const notify = useNotify();
  const buy = useBuySubscription();
  const form = useZodForm(ZSubscriptionCreate, {
    planId: plan.id,
    seats: 1,
    period: 'monthly',
  } as TSubscriptionCreate);
  const [seats, period] = useWatch({ control: form.control, name: ['seats', 'period'] });
  const validSeats = Number.isInteger(seats) && seats! >= 1 && seats! <= MAX_SEATS;
  const { total, saving } = purchaseTotal(plan, period, validSeats ? seats! : 0);
  const discount = yearlyDiscountPercent(plan);

  const save = async (body: TSubscriptionCreate) => {
    const bought = await buy.mutateAsync(body);
    if (bought.checkoutUrl) {
      window.location.assign(bought.checkoutUrl);
      return;
    }
    notify.success(`${plan.name} is active`, `${bought.seats} seats, billed ${bought.period}`);
  };

  return (
    <FormDialog
      form={form}
      header={`Buy ${plan.name}`}
      onSave={save}
      onClose={onClose}
      saveLabel={`Confirm and pay ${formatCents(total)}`}
      saveIcon="pi pi-credit-card"
      className="purchase-dialog"
    >
      <NumberField
        control={form.control}
        name="seats"
        id="purchase-seats"
        label="Seats"
        hint={`From 1 to ${MAX_SEATS.toLocaleString('en-US')}`}
        min={1}
        max={MAX_SEATS}
        showButtons
        live
        useGrouping={false}
      />
      <SelectButtonField
        control={form.control}
        name="period"
        id="purchase-period"
        label="Billing"
        options={PERIODS}
        optionLabel="label"
        optionValue="value"
      />
      {discount > 0 ? (
        <p className="purchase-dialog__discount">Yearly billing saves {discount} %.</p>
      ) : null}
      <p className="purchase-dialog__total" aria-live="polite" data-testid="purchase-total">
        Total: <strong>{formatCents(total)}</strong> {period === 'yearly' ? 'a year' : 'a month'}
        {saving > 0 ? ` (you save ${formatCents(saving)})` : ''}
      </p>
    </FormDialog>
  );
}
