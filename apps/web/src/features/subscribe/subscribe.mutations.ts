import type { TSubscriptionCreate } from '@flowsmith/shared';
import {
  billingKeys,
  buySubscription,
  setProjectBudget,
  subscriptionsApi,
} from '../../lib/queries/billing';
import { projectKeys } from '../../lib/queries/projects';
import { useRefreshingMutation } from '../../lib/queries/refreshing-mutation';

export const useBuySubscription = () =>
  useRefreshingMutation(
    (body: TSubscriptionCreate) => buySubscription(body),
    () => [billingKeys.all],
  );

export const useCancelAtPeriodEnd = () =>
  useRefreshingMutation(
    ({ id, cancel }: { id: string; cancel: boolean }) =>
      subscriptionsApi.update(id, { cancelAtPeriodEnd: cancel }),
    () => [billingKeys.all],
  );

export const useSetBudget = () =>
  useRefreshingMutation(
    ({ projectId, monthlyCapCents }: { projectId: string; monthlyCapCents: number | null }) =>
      setProjectBudget(projectId, monthlyCapCents),
    (_, { projectId }) => [billingKeys.budget(projectId), projectKeys.all],
  );
