import type { TBudgetWarning, TPublication } from '@flowsmith/shared';
import { useToast } from '../../components/toast';
import { formatUsd } from '../../lib/format/number-format';
import { useRealtimeChannels } from '../../lib/realtime';

const isBudgetWarning = (data: unknown): data is TBudgetWarning =>
  (data as TBudgetWarning | null)?.type === 'budget-warning';

/** Tells the owner, wherever they are in the app, that a project nears its monthly budget. */
export function useBudgetNotices(userId: string | null) {
  const toast = useToast();
  useRealtimeChannels(userId ? [`user:${userId}`] : [], ({ data }: TPublication) => {
    if (!isBudgetWarning(data)) return;
    toast.show({
      severity: 'warn',
      summary: `${data.projectName} has used 80 % of its budget`,
      detail: `${formatUsd(data.spentCents / 100)} of ${formatUsd(data.monthlyCapCents / 100)} this month; model calls stop at the cap.`,
      life: 15_000,
    });
  });
}
